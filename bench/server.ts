// The server under test: the production build started as `npm run serve`
// starts it (node with its flags, build/server.js, NODE_ENV=production), a child process on a
// free loopback port, given 3 minutes to be healthy: a PGlite start on a busy
// 2-core machine can take longer than the tests' minute. As many web processes
// as the server itself chooses (one per core, at most 4, on PostgreSQL) unless
// WEB_PROCESSES is set for the bench, where the tests run one.
import { parseEnv, webProcesses } from "#server/config.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";

/** WEB_PROCESSES as the bench was given it, on PostgreSQL; the embedded database runs one. */
const chosenProcesses = (databaseUrl: string | undefined) =>
  databaseUrl ? (process.env.WEB_PROCESSES ?? "") : "1";

export function startAppServer(
  dataDir: string,
  extraEnv: Record<string, string> = {},
): Promise<RunningServer> {
  return spawnServer(
    dataDir,
    {
      CALENDAR_FEEDS_ALLOW_LOCAL: "false",
      WEB_PROCESSES: chosenProcesses(extraEnv.DATABASE_URL),
      ...extraEnv,
    },
    { healthSeconds: 180 },
  );
}

/** How many web processes the server runs on `databaseUrl` (none: the embedded database). */
export const webProcessesOn = (databaseUrl: string | undefined) =>
  webProcesses(
    parseEnv({
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      WEB_PROCESSES: chosenProcesses(databaseUrl),
    }),
  );
