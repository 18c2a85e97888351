// The client every rate limit counts, ours and Better Auth's: the address
// Express resolved from the TRUST_PROXY setting (req.ip), as a network sees
// it. An IPv4 client is its address; an IPv6 client is its /64 (the
// IPV6_CLIENT_PREFIX setting), since one phone or household holds a whole /64
// and could otherwise count as millions of clients.
import type { Request, RequestHandler } from "express";
import ipaddr from "ipaddr.js";
import { CLIENT_ADDRESS_HEADER, IN_PROCESS_HEADER } from "#server/auth.ts";
import { env } from "#server/config.ts";

/** The client an address belongs to, written as an address (Better Auth checks it is one). */
export function clientOfAddress(address: string, ipv6Prefix = env().IPV6_CLIENT_PREFIX): string {
  if (!ipaddr.isValid(address)) return address;
  const ip = ipaddr.process(address);
  if (ip.kind() === "ipv4") return ip.toString();
  const bytes = ip.toByteArray().map((byte, i) => {
    const kept = Math.min(8, Math.max(0, ipv6Prefix - i * 8));
    return byte & (0xff00 >> kept);
  });
  return ipaddr.fromByteArray(bytes).toString();
}

/** The client of a request, as every limit counts it. */
export const clientOf = (req: Request): string => clientOfAddress(req.ip ?? "unknown");

/**
 * Stamps the client into the header Better Auth reads, overwriting whatever the
 * client sent; a request from outside never carries the in-process mark.
 */
export const stampClientAddress: RequestHandler = (req, _res, next) => {
  req.headers[CLIENT_ADDRESS_HEADER] = clientOf(req);
  delete req.headers[IN_PROCESS_HEADER];
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
