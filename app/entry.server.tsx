// React Router's server entry: the page rendered whole, then sent as one body,
// with the request's CSP nonce on every script (server/http/content-security-policy.ts).
// No page streams deferred data, so streaming the shell bought nothing, while
// compressing a stream chunk by chunk cost a tenth of the server's time and
// made the page 1.8 times larger on the wire than compressing it whole.
import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { NonceContext } from "#app/lib/nonce.ts";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // Prerendering at build time has no request context, so no nonce.
  const nonce: string | undefined = loadContext?.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let failed = false;
    const chunks: Buffer[] = [];
    const body = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(
          new Response(Buffer.concat(chunks), {
            headers: responseHeaders,
            status: failed ? 500 : responseStatusCode,
          }),
        );
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        // Sent whole (onAllReady): every finished part in its place, none moved there by a
        // script, so a page rendered in turns (RenderedApart) reads the same without scripts.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          failed = true;
          // Errors before the shell reject and are logged by React Router.
          console.error(error);
        },
      },
    );
    // A render still waiting after the deadline sends what it has, with fallbacks.
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
  });
}
