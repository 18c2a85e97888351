// Vitest global setup for the end-to-end tests: starts the production build
// on a free loopback port with a fresh embedded database (seeded with the
// demo data) and stops it afterwards. Tests read its URL with inject("baseURL").
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createTestAccounts, type TestAccounts } from "./accounts";
import { spawnServer } from "./spawn-server";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
    /** The administrator (made with admin:create) and a confirmed non-admin. */
    accounts: TestAccounts;
  }
}

export default async function setup(project: TestProject) {
  if (!existsSync("build/server/index.js") || !existsSync("build/server.js"))
    throw new Error("run `npm run build` before the end-to-end tests");
  const dataDir = mkdtempSync(path.join(tmpdir(), "rcs-e2e-"));
  // Before the server starts: the embedded database allows one process at a time.
  const accounts = createTestAccounts(dataDir);
  const server = await spawnServer(dataDir);
  project.provide("accounts", accounts);
  project.provide("baseURL", server.baseURL);
  project.provide("dataDir", dataDir);

  return async () => {
    await server.stop();
    if (server.output().includes('"level":50')) {
      console.error(`server errors during the e2e run:\n${server.output()}`);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
