// A data folder for a test's own server, copied from the template the global
// setup made once (migrated, seeded with the demo data, with the test
// accounts), so each file does not pay for creating and migrating a database.
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";

export function copyDataTemplate(template: string, prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  // Not a lock of the embedded database's folder: that belongs to the process that wrote it.
  cpSync(template, dir, {
    recursive: true,
    filter: (from) => !path.basename(from).startsWith("pglite.lock"),
  });
  return dir;
}

/** A fresh data folder with the demo data and the test accounts, for a server of the file's own. */
export function freshDataDir(prefix: string): string {
  return copyDataTemplate(inject("dataTemplate"), prefix);
}
