// The server: validates the environment, then serves the site in this process
// (server/web-process.ts) or, where there are several cores to use and a
// database they can share, in one such process per core (server/web-processes.ts).
import cluster from "node:cluster";
import { env, webProcesses } from "#server/config.ts";
import { superviseWebProcesses } from "#server/web-processes.ts";

const config = env();
const count = webProcesses(config);
if (cluster.isPrimary && count > 1) superviseWebProcesses(count, config.WORKERS);
else await import("#server/web-process.ts");
