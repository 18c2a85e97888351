// A body sent many times from memory, an answer kept until the data changes
// (decision 0021) or a kept page (decision 0023), is compressed once per
// encoding a client asks for and kept beside it, instead of again for each
// request (a year of availability is about 30 KB of JSON).
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { acceptedEncoding, type Encoding } from "./static-files";

export type KeptBody = { identity: Buffer; br?: Buffer; gzip?: Buffer };

/** A body in each encoding a kept body may be sent in. */
export const compress = {
  br: (body: Buffer) =>
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }),
  gzip: (body: Buffer) => gzipSync(body, { level: 6 }),
};

/** No headers of a kind: one object, so the header block kept for it is found again. */
export const NO_HEADERS: OutgoingHttpHeaders = Object.freeze({});
const JSON_HEADERS = Object.freeze({ "Content-Type": "application/json; charset=utf-8" });
const JSON_NO_STORE = Object.freeze({ ...JSON_HEADERS, "Cache-Control": "no-store" });

/** The headers a kept body went out with, for the header objects they were made of. */
type HeaderBlocks = {
  common: OutgoingHttpHeaders;
  own: OutgoingHttpHeaders;
  byEncoding: Partial<Record<Encoding, OutgoingHttpHeaders>>;
};

const headerBlocksOf = new WeakMap<KeptBody, HeaderBlocks>();

/**
 * `common` and `own` with the encoding's, merged once per body and encoding:
 * spreading them for every request took a third of a kept page's time.
 */
function headerBlock(
  body: KeptBody,
  encoding: Encoding,
  common: OutgoingHttpHeaders,
  own: OutgoingHttpHeaders,
  length: number,
): OutgoingHttpHeaders {
  let blocks = headerBlocksOf.get(body);
  if (blocks?.common !== common || blocks.own !== own) {
    blocks = { common, own, byEncoding: {} };
    headerBlocksOf.set(body, blocks);
  }
  blocks.byEncoding[encoding] ??= {
    ...common,
    ...own,
    Vary: "Accept-Encoding",
    ...(encoding !== "identity" && { "Content-Encoding": encoding }),
    "Content-Length": length,
  };
  return blocks.byEncoding[encoding];
}

/**
 * Sends `body` (200) with `common` headers (those every response carries) and
 * its `own`, in the best encoding the request accepts. Through Express or
 * not: the compression middleware leaves a response that names its encoding
 * alone. Pass the same header objects each time: their merge is kept.
 */
export function sendKeptBody(
  req: IncomingMessage,
  res: ServerResponse,
  body: KeptBody,
  common: OutgoingHttpHeaders,
  own: OutgoingHttpHeaders,
) {
  const encoding = acceptedEncoding({ br: true, gzip: true }, req.headers["accept-encoding"]);
  if (encoding !== "identity") body[encoding] ??= compress[encoding](body.identity);
  const bytes = body[encoding] ?? body.identity;
  res.writeHead(200, headerBlock(body, encoding, common, own, bytes.length));
  res.end(req.method === "HEAD" ? undefined : bytes);
}

const bodiesOf = new WeakMap<object, KeptBody>();

/**
 * Sends `answer` as JSON, from the bytes kept for it when it was sent before;
 * `noStore` for an answer that may change at any moment (availability).
 */
export function sendKeptJson(
  req: IncomingMessage,
  res: ServerResponse,
  answer: object,
  {
    common = NO_HEADERS,
    noStore = false,
  }: { common?: OutgoingHttpHeaders; noStore?: boolean } = {},
) {
  let body = bodiesOf.get(answer);
  if (!body) {
    body = { identity: Buffer.from(JSON.stringify(answer)) };
    bodiesOf.set(answer, body);
  }
  sendKeptBody(req, res, body, common, noStore ? JSON_NO_STORE : JSON_HEADERS);
}
