// Vitest global setup for the end-to-end tests: starts the production build
// on a free loopback port with a fresh embedded database (seeded with the
// demo data) and stops it afterwards. Tests read its URL with inject("baseURL").
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { farmToday } from "#domain/rules/dates.ts";
import { createTestAccounts, runScript, type TestAccounts } from "./accounts";
import { copyDataTemplate } from "./data-template";
import { spawnServer } from "./spawn-server";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
    /** A migrated, seeded data folder with the accounts: copy it (support/data-template.ts). */
    dataTemplate: string;
    /** The administrator (made with admin:create) and a confirmed non-admin. */
    accounts: TestAccounts;
    /** The farm's day the demo data was seeded on: its stays are days from this one. */
    demoDay: string;
  }
}

export default async function setup(project: TestProject) {
  if (!existsSync("build/server/index.js") || !existsSync("build/server.js"))
    throw new Error("run `npm run build` before the end-to-end tests");
  // The template every test server's data folder is copied from.
  const template = mkdtempSync(path.join(tmpdir(), "rcs-e2e-template-"));
  // Read before the first opening seeds the demo data, so a run across the farm's midnight
  // still finds its stays.
  const demoDay = farmToday();
  const accounts = createTestAccounts(template);
  runScript(["tests/support/flat-rates.ts"], template);
  const dataDir = copyDataTemplate(template, "rcs-e2e-");
  // Before the server starts: the embedded database allows one process at a time.
  runScript(["tests/support/raise-hold-limits.ts"], dataDir);
  const server = await spawnServer(dataDir);
  project.provide("accounts", accounts);
  project.provide("baseURL", server.baseURL);
  project.provide("dataDir", dataDir);
  project.provide("dataTemplate", template);
  project.provide("demoDay", demoDay);

  return async () => {
    await server.stop();
    if (server.output().includes('"level":50')) {
      console.error(`server errors during the e2e run:\n${server.output()}`);
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(template, { recursive: true, force: true });
  };
}
