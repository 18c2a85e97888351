import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { siteConfig } from "#content/site.ts";
import { contentSecurityPolicy, inlineScriptHashes } from "./content-security-policy";

const directive = (policy: string, name: string) =>
  policy
    .split("; ")
    .find((d) => d.startsWith(`${name} `))
    ?.slice(name.length + 1);

describe("the Content Security Policy", () => {
  it("lets scripts run only from this site and with the page's nonce", () => {
    const policy = contentSecurityPolicy(siteConfig({}), { nonce: "abc123" });
    expect(directive(policy, "script-src")).toBe("'self' 'nonce-abc123'");
    expect(policy).not.toContain("unsafe-inline' 'nonce");
    expect(directive(policy, "script-src")).not.toContain("https:");
    expect(directive(policy, "object-src")).toBe("'none'");
    expect(directive(policy, "frame-src")).toBe("'none'");
  });

  it("allows a prerendered page's inline scripts by their hashes", () => {
    const html = `<html><script>window.a=1</script><script type="module" src="/assets/x.js"></script><script type="module">import("/assets/y.js")</script></html>`;
    const hashes = inlineScriptHashes(html);
    const sha = (s: string) => `'sha256-${createHash("sha256").update(s).digest("base64")}'`;
    expect(hashes).toEqual([sha("window.a=1"), sha('import("/assets/y.js")')]);
    const policy = contentSecurityPolicy(siteConfig({}), { hashes });
    expect(directive(policy, "script-src")).toBe(`'self' ${hashes.join(" ")}`);
  });

  it("gives a configured booking search bar exactly its own origin", () => {
    const site = siteConfig({
      SITE_BOOKING_WIDGET_ID: "w1",
      SITE_BOOKING_WIDGET_SCRIPT_URL: "https://widget.example.net/bar.js?v=2",
      SITE_BOOKING_WIDGET_CHECKOUT_URL: "https://book.example.net/checkout",
    });
    const policy = contentSecurityPolicy(site, { nonce: "n" });
    expect(directive(policy, "script-src")).toBe("'self' 'nonce-n' https://widget.example.net");
    expect(directive(policy, "frame-src")).toBe("https://widget.example.net");
    expect(directive(policy, "form-action")).toBe(
      "'self' https://book.example.net https://checkout.stripe.com",
    );
  });

  it("asks browsers to upgrade plain requests on an https site", () => {
    const site = siteConfig({ PUBLIC_URL: "https://rockycreek.example" });
    expect(contentSecurityPolicy(site, {})).toContain("upgrade-insecure-requests");
    expect(contentSecurityPolicy(siteConfig({}), {})).not.toContain("upgrade-insecure-requests");
  });
});
