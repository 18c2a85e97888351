// The server under test: the production build started as `npm run serve`
// starts it (node build/server.js, NODE_ENV=production), a child process on a
// free loopback port, given 3 minutes to be healthy: a PGlite start on a busy
// 2-core machine can take longer than the tests' minute.
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";

export function startAppServer(
  dataDir: string,
  extraEnv: Record<string, string> = {},
): Promise<RunningServer> {
  return spawnServer(
    dataDir,
    { CALENDAR_FEEDS_ALLOW_LOCAL: "false", ...extraEnv },
    { healthSeconds: 180 },
  );
}
