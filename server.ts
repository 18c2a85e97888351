// The server: validates the environment, then serves the site in this process
// (server/web-process.ts) or, where there are several cores to use and a
// database they can share, in one such process per core (server/web-processes.ts).
import cluster from "node:cluster";
import { env, webProcesses } from "#server/config.ts";
import { log } from "#server/log.ts";
import { superviseWebProcesses } from "#server/web-processes.ts";

// A web process's module: a bundle of its own beside this one in the build, so that the
// supervisor does not load what it imports; the source in development.
const webProcess = import.meta.url.endsWith(".ts") ? "./server/web-process.ts" : "./web-process.js";

const config = env();
// Node 20's AsyncLocalStorage (React's renderer and Better Auth use it) halves the pace of every
// request, and its support has ended: `npm run` uses the Node 24 npm installs (decision 0036).
const nodeMajor = Number(process.versions.node.split(".")[0]);
if (cluster.isPrimary && config.NODE_ENV === "production" && nodeMajor < 22) {
  log.warn(
    `Node ${process.version} is past its end of life and serves at about half the pace: ` +
      "start the server with `npm run serve`, which runs the Node 24 that npm ci installs on Linux.",
  );
}
const count = webProcesses(config);
const stuckMs = config.WEB_PROCESS_STUCK_SECONDS * 1000;
if (cluster.isPrimary && count > 1) superviseWebProcesses(count, config.WORKERS, stuckMs);
else await import(webProcess);
