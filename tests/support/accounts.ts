// Accounts for the end-to-end tests, made in the fresh data folder before the
// server starts (the embedded database allows one process at a time):
// - the administrator, with `npm run admin:create`, exactly as an owner would;
// - a confirmed account without the admin row (a camper who signed up), with
//   the same service and its admin row taken away again.
import { spawnSync } from "node:child_process";

export type TestAccounts = {
  admin: { email: string; password: string };
  camper: { email: string; password: string };
};

export const testAccounts: TestAccounts = {
  admin: { email: "owner@rockycreek.test", password: "e2e-owner-password" },
  camper: { email: "camper@rockycreek.test", password: "e2e-camper-password" },
};

/** Runs a TypeScript script against DATA_DIR's embedded database (before the server opens it). */
export function runScript(args: string[], dataDir: string) {
  const result = spawnSync(process.execPath, ["--import", "tsx", ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  if (result.status !== 0) {
    throw new Error(`${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  }
}

export function createTestAccounts(dataDir: string): TestAccounts {
  const { admin, camper } = testAccounts;
  runScript(
    ["server/scripts/admin-create.ts", "--email", admin.email, "--password", admin.password],
    dataDir,
  );
  runScript(["tests/support/create-camper.ts", camper.email, camper.password], dataDir);
  return testAccounts;
}
