// A worker thread that runs TypeScript source (workerData.source, a file URL)
// through tsx, for tests of what the build runs as compiled JavaScript.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.source);
