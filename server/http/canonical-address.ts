// One spelling per address, worked out before any routing, blocking or static
// file: a route refused under its plain spelling (two-factor over HTTP) is
// refused under every other one too. Better Auth and the browser resolve
// `/./`, `/../`, `%2e` and `\` as WHATWG URLs do, so the path is resolved the
// same way here first, and every later step sees what they would see.
import type { IncomingMessage, ServerResponse } from "node:http";

export const ADDRESS_NOT_CANONICAL = "This address is not valid. Please check the link.";

/** A percent-encoded unreserved character (RFC 3986 2.3): the same as the character itself. */
const ENCODED_UNRESERVED = /%(?:[46][1-9a-f]|[57][0-9a]|3[0-9]|2d|2e|5f|7e)/gi;
/** An encoded slash or backslash: a separator that routers treat as a letter. */
const ENCODED_SEPARATOR = /%(?:2f|5c)/i;
/** Anything the resolution below would change. */
const NEEDS_RESOLVING = /%(?:[2-7][0-9a-f])|\\|\/\/|\/\.\.?(?:\/|$)/i;

/**
 * The path's one spelling, or undefined for one that has none (an encoded
 * separator). Unreserved characters are decoded, backslashes are slashes,
 * runs of slashes are one, and dot segments are resolved (RFC 3986 5.2.4).
 */
export function canonicalPath(path: string): string | undefined {
  if (ENCODED_SEPARATOR.test(path)) return undefined;
  if (!NEEDS_RESOLVING.test(path)) return path;
  const plain = path
    .replace(ENCODED_UNRESERVED, (code) => String.fromCharCode(Number.parseInt(code.slice(1), 16)))
    .replace(/\\/g, "/")
    .replace(/\/{2,}/g, "/");
  const segments: string[] = [];
  const parts = plain.split("/").slice(1);
  parts.forEach((segment, i) => {
    const last = i === parts.length - 1;
    if (segment === "." || segment === "..") {
      if (segment === "..") segments.pop();
      if (last) segments.push("");
    } else segments.push(segment);
  });
  return `/${segments.join("/")}`;
}

/**
 * Rewrites `req.url` to its one spelling; answers 400 (and returns true) for
 * an address that has none.
 */
export function canonicalizeAddress(req: IncomingMessage, res: ServerResponse): boolean {
  const url = req.url ?? "/";
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  const canonical = path.startsWith("/") ? canonicalPath(path) : undefined;
  if (canonical === undefined) {
    res.writeHead(400, { "Content-Type": "text/plain", "Cache-Control": "no-store" });
    res.end(ADDRESS_NOT_CANONICAL);
    return true;
  }
  if (canonical !== path) req.url = canonical + (end === -1 ? "" : url.slice(end));
  return false;
}

/**
 * Gives a request whose Host no URL can be built on (HTTP/1.0 may send none;
 * an empty one, a port past 65535) the site's own, as a server's default host
 * would: the router builds each request's URL from it, and answered 500.
 */
export function defaultHost(req: IncomingMessage, siteHost: string): void {
  const host = req.headers.host;
  // The site's own host, as nearly every request names it, is not parsed again.
  if (host === siteHost) return;
  if (host === undefined || !URL.canParse(`http://${host}/`)) req.headers.host = siteHost;
}
