// An answer kept until the data changes (decision 0021) is the same object for
// every request that gets it: its JSON is written once, and compressed once
// per encoding asked for, instead of again for each request (a year of
// availability is about 30 KB of JSON).
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { acceptedEncoding } from "./static-files";

type Bodies = { identity: Buffer; br?: Buffer; gzip?: Buffer };

const bodiesOf = new WeakMap<object, Bodies>();

/** How a body sent many times from memory is compressed, once (the kept pages too). */
export const compress = {
  br: (body: Buffer) =>
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }),
  gzip: (body: Buffer) => gzipSync(body, { level: 6 }),
};

function bodyOf(answer: object, accepted: string | undefined) {
  let bodies = bodiesOf.get(answer);
  if (!bodies) {
    bodies = { identity: Buffer.from(JSON.stringify(answer)) };
    bodiesOf.set(answer, bodies);
  }
  const encoding = acceptedEncoding({ br: true, gzip: true }, accepted);
  if (encoding === "identity") return { encoding, body: bodies.identity };
  bodies[encoding] ??= compress[encoding](bodies.identity);
  return { encoding, body: bodies[encoding] };
}

/**
 * Sends `answer` as JSON (200), from the bytes kept for it when it was sent
 * before, with `headers` besides. Through Express or not: the compression
 * middleware leaves a response that names its encoding alone.
 */
export function sendKeptJson(
  req: IncomingMessage,
  res: ServerResponse,
  answer: object,
  headers: OutgoingHttpHeaders = {},
) {
  const { encoding, body } = bodyOf(answer, req.headers["accept-encoding"]);
  res.writeHead(200, {
    ...headers,
    "Content-Type": "application/json; charset=utf-8",
    Vary: "Accept-Encoding",
    ...(encoding !== "identity" && { "Content-Encoding": encoding }),
    "Content-Length": body.length,
  });
  res.end(req.method === "HEAD" ? undefined : body);
}
