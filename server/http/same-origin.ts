// Cross-site request forgery: a write authenticated by the session cookie is
// done only when the browser says it comes from one of the site's own
// origins, as React Router's actions and Better Auth already require.
import type { RequestHandler } from "express";
import { trustedOrigins } from "#server/config.ts";
import { AppError } from "#server/errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const FOREIGN_ORIGIN = "This request did not come from this site's own pages.";

/** The origin a browser names for a request: Origin, or failing that the Referer's. */
function originOf(headers: { origin?: string; referer?: string }): string | undefined {
  if (headers.origin && headers.origin !== "null") return headers.origin;
  try {
    return headers.referer ? new URL(headers.referer).origin : undefined;
  } catch {
    return undefined;
  }
}

/** Refuses (403) a write whose origin is missing or not one of the trusted origins. */
export function requireSameOrigin(origins: () => string[] = trustedOrigins): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = originOf(req.headers);
    if (origin && origins().includes(origin)) return next();
    next(new AppError("forbidden", FOREIGN_ORIGIN, { code: "foreign_origin" }));
  };
}

/**
 * The pages' forms (React Router's actions): a write that names a foreign
 * origin, in Origin (even "null") or in Referer, is answered 403 here,
 * quietly, before the router would refuse it with an error in the log. A
 * write naming none comes from no browser, so no other site can forge it.
 */
export function refuseForeignPageWrites(origins: () => string[] = trustedOrigins): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const named = req.headers.origin === "null" ? "null" : originOf(req.headers);
    if (named === undefined || origins().includes(named)) return next();
    res.status(403).type("text/plain").send(FOREIGN_ORIGIN);
  };
}
