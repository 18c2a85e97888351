// Every limit counts the real client. Behind a proxy on loopback (the
// default), the client is the address the proxy appends; what a client writes
// into X-Forwarded-For itself changes nothing (TRUST_PROXY=false, where the
// header is ignored, is in direct-server.e2e.ts). Each case uses documentation addresses
// (RFC 5737) of its own, so the limits it exhausts touch no other test.
import { describe, expect, inject, it } from "vitest";
import { baseURL } from "#tests/support/browser.ts";
import {
  authEndpoints,
  codeGuessing,
  type Endpoint,
  exhaust,
  expectLimitedOnlyAtTheEnd,
  post,
} from "#tests/support/rate-limits.ts";

describe("behind a reverse proxy on loopback (TRUST_PROXY=loopback, the default)", () => {
  const forged = (i: number, real: string) => `198.51.100.${i + 1}, ${real}`;

  it.each([...authEndpoints, codeGuessing])(
    "$path counts the address the proxy saw, whatever the client forges, and no one else",
    async (endpoint) => {
      const n = [...authEndpoints, codeGuessing].indexOf(endpoint);
      const attacker = `203.0.113.${10 + n}`;
      expectLimitedOnlyAtTheEnd(await exhaust(baseURL(), endpoint, (i) => forged(i, attacker)));
      // Another client behind the same proxy has its own allowance.
      const other = await post(baseURL(), endpoint, `203.0.113.${100 + n}`);
      expect(other.status).not.toBe(429);
    },
  );

  it("lets the owner sign in while an attacker is locked out", async () => {
    const { admin } = inject("accounts");
    const attacker = "203.0.113.50";
    const signIn = authEndpoints[0] as Endpoint;
    await exhaust(baseURL(), signIn, (i) => forged(i, attacker));
    const owner = await post(baseURL(), { ...signIn, body: admin }, "203.0.113.51");
    expect(owner.status).toBe(200);
  });
});
