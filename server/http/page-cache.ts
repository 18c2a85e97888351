// Pages rendered per request whose HTML is the same for every visitor (the
// campsite list at /bookings): rendered once per change of the data behind
// them, as prerendered pages are at build time — without a nonce, the hashes
// of their inline scripts in their policy — compressed once, and sent from
// memory (decision 0023), before Express when kept (decision 0030). A change
// announced on "data_changed" empties the cache; a page is kept a minute, and
// sent once more while it renders again, so one that shows the day (the
// calendar's month) is never more than a couple of minutes behind.
import { createHash } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import type { ChangeCache, Computed } from "#server/services/availability-cache.ts";
import { type KeptBody, NO_HEADERS, sendKeptBody } from "./kept-body";

export type CachedPage = { headers: Record<string, string>; body: KeptBody };

const KEEP_MS = 60_000;

export type PageCacheOptions = {
  /** The addresses (paths, any query) whose pages are the same for everyone. */
  paths: readonly string[];
  /** The cache of the app's database, or none while its changes are not followed. */
  cache: () => Promise<ChangeCache<CachedPage | undefined> | undefined>;
  /** Renders the page at this address for no one in particular (no cookies, no nonce). */
  render: (url: string) => Promise<globalThis.Response>;
  /** The Content-Security-Policy of a page with these inline scripts. */
  policy: (html: string) => string;
  /** What is done to a page's HTML once, before it is kept (its critical CSS). */
  finish?: (html: string) => Promise<string>;
  /**
   * The address a request's page is rendered from and kept by: its path and
   * only the query the page reads, so tracking tags and made-up parameters
   * answer from the kept copy and push no page out. The whole address when not given.
   */
  addressOf?: (path: string, query: URLSearchParams) => string;
};

/** The address of a page that reads no query: its path. */
export const pathOnly = (path: string) => path;

/** The rendered page, compressed, or nothing when it is not one to keep (an error, a cookie). */
async function renderToKeep(
  url: string,
  options: PageCacheOptions,
): Promise<Computed<CachedPage | undefined>> {
  const response = await options.render(url);
  if (response.status !== 200 || response.headers.has("set-cookie")) {
    return { value: undefined, expiresAt: 0 };
  }
  const rendered = await response.text();
  const html = options.finish ? await options.finish(rendered) : rendered;
  const identity = Buffer.from(html);
  const headers: Record<string, string> = {
    "Content-Type": response.headers.get("content-type") ?? "text/html; charset=utf-8",
    // A browser asks again every time (a 304 while the page is the same): the farm's changes show at once.
    "Cache-Control": response.headers.get("cache-control") ?? "no-cache",
    ETag: `W/"${createHash("sha1").update(identity).digest("base64url").slice(0, 22)}"`,
    "Content-Security-Policy": options.policy(html),
  };
  return { value: { headers, body: { identity } }, expiresAt: Date.now() + KEEP_MS };
}

/** Middleware: a kept page where there is one, otherwise the app renders as usual. */
export function cachedPages(options: PageCacheOptions) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const url = keptAddress(options, req.method, req.originalUrl);
    if (url === undefined) return next();
    try {
      const cache = await options.cache();
      if (!cache?.hearing) return next();
      const page = await cache.get(url, Date.now(), () => renderToKeep(url, options));
      if (!page) return next();
      sendPage(req, res, page);
    } catch (error) {
      next(error);
    }
  };
}

/** A kept page as the browser asked for it: 304 when it has this one already. */
function sendPage(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  headers: OutgoingHttpHeaders = NO_HEADERS,
) {
  if (req.headers["if-none-match"] === page.headers.ETag) {
    res.writeHead(304, {
      ...headers,
      ETag: page.headers.ETag,
      "Cache-Control": page.headers["Cache-Control"],
    });
    res.end();
    return;
  }
  sendKeptBody(req, res, page.body, headers, page.headers);
}

/** Which pages are kept, and by what address. */
export type KeptPages = Pick<PageCacheOptions, "paths" | "addressOf">;

/**
 * The address a read's page is kept by, or none when it is not a read of a
 * kept path. The path as Express reads it (no URL parsing: "//x" is a path, not a host).
 */
function keptAddress(kept: KeptPages, method: string | undefined, url: string) {
  if (method !== "GET" && method !== "HEAD") return undefined;
  const mark = url.indexOf("?");
  const pathname = mark < 0 ? url : url.slice(0, mark);
  if (!kept.paths.includes(pathname)) return undefined;
  const search = new URLSearchParams(mark < 0 ? "" : url.slice(mark + 1));
  return kept.addressOf ? kept.addressOf(pathname, search) : url;
}

/**
 * Sends a GET or HEAD's kept page before Express sees the request, as the
 * build's files are (Express's middleware costs several times the sending),
 * and returns true; false when there is none kept yet, for the middleware
 * above to render and keep it. `headers` are those every response carries.
 */
export function sendKeptPage(
  kept: KeptPages,
  cache: ChangeCache<CachedPage | undefined> | undefined,
  req: IncomingMessage,
  res: ServerResponse,
  headers: OutgoingHttpHeaders,
): boolean {
  if (!cache?.hearing) return false;
  const address = keptAddress(kept, req.method, req.url ?? "");
  const page = address === undefined ? undefined : cache.peek(address, Date.now());
  if (!page) return false;
  sendPage(req, res, page, headers);
  return true;
}
