// The client's address, resolved once by Express from the TRUST_PROXY setting
// (req.ip), is what every rate limit counts: the app's own and Better Auth's.
import type { RequestHandler } from "express";
import { CLIENT_ADDRESS_HEADER } from "#server/auth.ts";

/** Stamps req.ip into the header Better Auth reads, overwriting whatever the client sent. */
export const stampClientAddress: RequestHandler = (req, _res, next) => {
  req.headers[CLIENT_ADDRESS_HEADER] = req.ip ?? "unknown";
  next();
};

/**
 * Better Auth answers a rate-limited request 429 with `X-Retry-After` only;
 * HTTP's own `Retry-After` is added from it, so every refusal says when to try again.
 */
export const retryAfterOn429: RequestHandler = (_req, res, next) => {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => typeof res;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const after = res.getHeader("x-retry-after");
    if (status === 429 && after !== undefined && !res.hasHeader("retry-after"))
      res.setHeader("Retry-After", String(after));
    return writeHead(status, ...rest);
  }) as typeof res.writeHead;
  next();
};
