// A strict Content Security Policy: scripts only from this site, plus the
// request's nonce on server-rendered pages or the hashes of a prerendered
// page's own inline scripts, plus the third-party booking search bar's origin
// when one is configured, and nothing else.
import { createHash } from "node:crypto";
import type { SiteConfig } from "#content/site.ts";

/** An address's origin, or nothing for an empty or malformed one. */
function originOf(url: string): string | undefined {
  return URL.canParse(url) ? new URL(url).origin : undefined;
}

/**
 * The card provider's payment page: a form that pays (a gift voucher, a
 * camper's balance) is answered with a redirect there, which browsers check
 * against form-action.
 */
export const CARD_CHECKOUT_ORIGIN = "https://checkout.stripe.com";

export type PageScripts = { nonce?: string; hashes?: readonly string[] };

/** The policy for one response. */
export function contentSecurityPolicy(
  site: Pick<SiteConfig, "bookingWidget" | "siteUrl">,
  scripts: PageScripts,
): string {
  const widget = site.bookingWidget.websiteId ? originOf(site.bookingWidget.scriptUrl) : undefined;
  const checkout = widget ? originOf(site.bookingWidget.checkoutPageUrl) : undefined;
  const own = (...sources: (string | undefined)[]) =>
    ["'self'", ...sources].filter((s): s is string => Boolean(s));
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": own(
      scripts.nonce ? `'nonce-${scripts.nonce}'` : undefined,
      ...(scripts.hashes ?? []),
      widget,
    ),
    "script-src-attr": ["'none'"],
    // React writes style attributes; no script can run from a style.
    "style-src": own("'unsafe-inline'", widget),
    "img-src": own("data:", "blob:", "https:"),
    "font-src": own("data:", widget),
    "media-src": own(),
    "connect-src": own(widget),
    "frame-src": widget ? [widget] : ["'none'"],
    "form-action": own(checkout, CARD_CHECKOUT_ORIGIN),
    "frame-ancestors": ["'self'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
  };
  const policy = Object.entries(directives).map(([name, values]) => `${name} ${values.join(" ")}`);
  if (site.siteUrl.startsWith("https://")) policy.push("upgrade-insecure-requests");
  return policy.join("; ");
}

const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The CSP hashes of an HTML page's inline scripts, in the order they appear. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)]
    .map((match) => match[1] ?? "")
    .filter((body) => body.trim() !== "")
    .map((body) => `'sha256-${createHash("sha256").update(body).digest("base64")}'`);
}
