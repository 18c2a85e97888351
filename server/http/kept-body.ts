// A body sent many times from memory, an answer kept until the data changes
// (decision 0021) or a kept page (decision 0023), is compressed once per
// encoding a client asks for and kept beside it, instead of again for each
// request (a year of availability is about 30 KB of JSON).
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { acceptedEncoding } from "./static-files";

export type KeptBody = { identity: Buffer; br?: Buffer; gzip?: Buffer };

const compress = {
  br: (body: Buffer) =>
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }),
  gzip: (body: Buffer) => gzipSync(body, { level: 6 }),
};

/**
 * Sends `body` (200) with `headers`, in the best encoding the request accepts.
 * Through Express or not: the compression middleware leaves a response that
 * names its encoding alone.
 */
export function sendKeptBody(
  req: IncomingMessage,
  res: ServerResponse,
  body: KeptBody,
  headers: OutgoingHttpHeaders,
) {
  const encoding = acceptedEncoding({ br: true, gzip: true }, req.headers["accept-encoding"]);
  if (encoding !== "identity") body[encoding] ??= compress[encoding](body.identity);
  const bytes = body[encoding] ?? body.identity;
  res.writeHead(200, {
    ...headers,
    Vary: "Accept-Encoding",
    ...(encoding !== "identity" && { "Content-Encoding": encoding }),
    "Content-Length": bytes.length,
  });
  res.end(req.method === "HEAD" ? undefined : bytes);
}

const bodiesOf = new WeakMap<object, KeptBody>();

/** Sends `answer` as JSON, from the bytes kept for it when it was sent before. */
export function sendKeptJson(
  req: IncomingMessage,
  res: ServerResponse,
  answer: object,
  headers: OutgoingHttpHeaders = {},
) {
  let body = bodiesOf.get(answer);
  if (!body) {
    body = { identity: Buffer.from(JSON.stringify(answer)) };
    bodiesOf.set(answer, body);
  }
  sendKeptBody(req, res, body, { ...headers, "Content-Type": "application/json; charset=utf-8" });
}
