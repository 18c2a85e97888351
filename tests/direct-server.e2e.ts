// A server as a newcomer starts it: clients connect directly (TRUST_PROXY=false),
// PUBLIC_URL is unset and the settings are the defaults. X-Forwarded-For is
// ignored, sign-in works from 127.0.0.1 and localhost alike, the back office is
// never cached, an oversized photo sent in chunks gets a clean 413, and one
// visitor cannot hold more than three unpaid bookings.
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import { testAccounts } from "#tests/support/accounts.ts";
import { setupBrowser } from "#tests/support/browser.ts";
import { freshDataDir } from "#tests/support/data-template.ts";
import { authEndpoints, exhaust } from "#tests/support/rate-limits.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";

const dataDir = freshDataDir("rcs-direct-");
const browser = setupBrowser();
let server: RunningServer;

beforeAll(async () => {
  server = await spawnServer(dataDir, { TRUST_PROXY: "false", PUBLIC_URL: "", WORKERS: "off" });
});
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The server's address with another name for the loopback host. */
function at(host: string): string {
  const url = new URL(server.baseURL);
  url.hostname = host;
  return url.origin;
}

describe("a server with no PUBLIC_URL", () => {
  it.each(["127.0.0.1", "localhost"])(
    "signs the owner in from http://%s, onto a back office that is never cached",
    async (host) => {
      const context = await browser().newContext({ baseURL: at(host) });
      const page = await context.newPage();
      await page.goto("/login");
      const form = page.getByRole("tabpanel", { name: "Sign In" });
      await form.getByLabel("Email").fill(testAccounts.admin.email);
      await form.getByLabel("Password").fill(testAccounts.admin.password);
      await form.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL((url) => url.pathname === "/admin");
      const dashboard = await context.request.get("/admin");
      expect(dashboard.status()).toBe(200);
      expect(dashboard.headers()["cache-control"]).toBe("no-store");
      await context.close();
    },
  );

  it("refuses a photo over 8 MB sent in chunks with a 413, not a reset connection", async () => {
    const signIn = await fetch(`${server.baseURL}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.baseURL },
      body: JSON.stringify(testAccounts.admin),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const megabyte = new Uint8Array(1024 * 1024).fill(0xff);
    let sent = 0;
    // No Content-Length: the body arrives in chunks, so only counting it can refuse it.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 9) controller.enqueue(megabyte);
        else controller.close();
      },
    });
    const res = await fetch(`${server.baseURL}/admin/campsites/photos`, {
      method: "POST",
      headers: { cookie, "content-type": "image/jpeg", origin: server.baseURL },
      body,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: expect.stringMatching(/8 MB/) });
  });
});

describe("the hoarding limits, at their defaults", () => {
  it("refuse a visitor's fourth unpaid hold with a reason and when to try again", async () => {
    const { campsites } = await (await fetch(`${server.baseURL}/api/campsites`)).json();
    const hold = (i: number) => {
      const checkIn = addDays(farmToday(), 200 + i * 3);
      return fetch(`${server.baseURL}/api/bookings`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          campsiteId: campsites[i % campsites.length].id,
          checkIn,
          checkOut: addDays(checkIn, 2),
          guests: 1,
          firstName: "Hoarding",
          lastName: `Visitor${i}`,
          email: "hoarder@example.com",
        }),
      });
    };
    for (let i = 0; i < 3; i++) expect((await hold(i)).status).toBe(201);
    const fourth = await hold(3);
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await fourth.json()).error).toMatch(/^You already have 3 bookings waiting for payment/);
  });
});

// Last: every request here comes from 127.0.0.1, so this uses up its sign-in allowance.
describe("clients connecting directly (TRUST_PROXY=false)", () => {
  it.each(authEndpoints)(
    "$path ignores X-Forwarded-For: a new forged address on every attempt is still one client",
    async (endpoint) => {
      const statuses = await exhaust(server.baseURL, endpoint, (i) => `198.51.100.${i + 1}`);
      expect(statuses.at(-1)).toBe(429);
    },
  );
});
