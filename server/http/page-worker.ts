// The page thread (page-thread.ts): the app's own request handler on a
// thread of its own, with its own pool on the same PostgreSQL, rendering the
// pages the server's thread hands it and compressing them as the client
// asked. Built as build/page-worker.js; it loads the server build beside it
// (or, for a test, the module named in workerData).
import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parentPort, workerData } from "node:worker_threads";
import { compress } from "./kept-body";
import { type PageAnswer, type PageJob, type PageRequest, PING, PONG, READY } from "./page-thread";
import { acceptedEncoding } from "./static-files";

const port = parentPort;
if (!port) throw new Error("page-worker.ts runs as a worker thread");

/**
 * This thread gives way to the server's: on a host of few cores a long
 * report, rendering without a pause, must not take the processor from
 * visitors' requests. Linux names a thread by its own id; elsewhere it keeps its priority.
 */
function yieldToTheServer() {
  try {
    const threadId = Number(path.basename(readlinkSync("/proc/thread-self")));
    setPriority(threadId, 19);
  } catch {
    // Not Linux: the thread runs at the server's priority.
  }
}
yieldToTheServer();

type Renderer = { renderOnThisThread: (request: PageRequest) => Promise<Response> };
const appFile: string = workerData?.app ?? path.resolve("build/server/index.js");
const app: Promise<Renderer> = import(pathToFileURL(appFile).href);
// A build that cannot load fails each render in its words (and the server's thread renders).
app.catch(() => {});

/** The page's headers in order, each Set-Cookie its own; the length and encoding are the body's. */
function headersOf(response: Response, encoding: string): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [name, value] of response.headers) {
    if (name === "set-cookie" || name === "content-length") continue;
    pairs.push([name, value]);
  }
  for (const cookie of response.headers.getSetCookie()) pairs.push(["set-cookie", cookie]);
  if (encoding !== "identity")
    pairs.push(["content-encoding", encoding], ["vary", "Accept-Encoding"]);
  return pairs;
}

async function render(job: PageJob): Promise<PageAnswer> {
  const response = await (await app).renderOnThisThread(job);
  const plain = Buffer.from(await response.arrayBuffer());
  const accepted = job.headers.find(([name]) => name === "accept-encoding")?.[1];
  // Not compressed again here when the app already did (a download it compressed itself).
  const encoding =
    plain.length > 0 && !response.headers.has("content-encoding")
      ? acceptedEncoding(compress, accepted)
      : "identity";
  const body = encoding === "identity" ? plain : compress[encoding](plain);
  return { id: job.id, status: response.status, headers: headersOf(response, encoding), body };
}

port.on("message", async (job: PageJob | typeof PING) => {
  if (job === PING) {
    port.postMessage(PONG);
    return;
  }
  const answer = await render(job).catch(
    (error: unknown): PageAnswer => ({
      id: job.id,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    }),
  );
  port.postMessage(answer);
});
/**
 * Ready once the app has loaded (or failed to: each page then fails in its
 * words), and what every page needs with it: Node loads fetch's Response and
 * Headers the first time they are named, which takes a busy machine a while at
 * this thread's priority.
 */
function ready() {
  new Response(null, { headers: new Headers() });
  port?.postMessage(READY);
}
app.then(ready, ready);
