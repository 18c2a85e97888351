// The attack of "Safe on the open internet, round two", replayed against a
// server of its own with the farm's default settings: every request the
// attacker sent, and the answer it must get now. (Bodies that are not forms
// are in hostile-input.e2e.ts; the races and the outbox in the services' own
// database tests.)
import { request } from "node:http";
import { describe, expect, inject, it } from "vitest";
import { addDays } from "#domain/rules/dates.ts";
import { signedInCookie } from "#tests/support/sessions.ts";
import { setupOwnServer } from "#tests/support/spawn-server.ts";

const own = setupOwnServer("rcs-attack-", { env: { WORKERS: "off" } });
const base = () => own.server().baseURL;

/** A request with its path sent exactly as written: fetch would resolve it first. */
function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string>,
  body = "",
): Promise<{ status: number; text: string }> {
  const { port } = new URL(base());
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method, path, headers }, (res) => {
      let text = "";
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** A JSON request as a client behind the loopback proxy at `client` sends it. */
const post = (path: string, body: unknown, client: string, method = "POST") =>
  fetch(`${base()}${path}`, {
    method,
    headers: {
      "content-type": "application/json",
      origin: base(),
      "x-forwarded-for": client,
    },
    body: JSON.stringify(body),
  });

/** The n-th address of one /64, as a phone on IPv6 can use any of them. */
const inNetwork = (network: string, n: number) => `${network}:${(n + 1).toString(16)}:0:0:1`;

async function twoFactorEnabled(cookie: string): Promise<boolean> {
  const res = await fetch(`${base()}/api/auth/get-session`, { headers: { cookie } });
  const session = (await res.json()) as { user?: { twoFactorEnabled?: boolean } };
  return Boolean(session.user?.twoFactorEnabled);
}

describe("two-factor over HTTP", () => {
  const spellings = [
    "/api/auth/./two-factor/enable",
    "/api/auth/x/../two-factor/enable",
    "/api/auth/%2e/two-factor/enable",
    "/api/auth/%2E%2E/auth/two-factor/enable",
    "/api//auth//two-factor/enable",
    "/api/auth/%74wo-factor/enable",
    "/api/auth\\two-factor\\enable",
    "/api/auth/two-factor%2Fenable",
    "/api/auth/./two-factor/verify-totp",
    "/api/auth/./two-factor/disable",
    "/api/auth/./two-factor/verify-backup-code",
  ];

  it("is refused under every spelling, and the account is left as it was", async () => {
    const { admin } = inject("accounts");
    const cookie = await signedInCookie(admin.email, admin.password, base());
    for (const path of spellings) {
      const res = await rawRequest(
        "POST",
        path,
        { "content-type": "application/json", origin: base(), cookie, host: "127.0.0.1" },
        JSON.stringify({ password: admin.password, code: "000000", trustDevice: true }),
      );
      expect([400, 404], `${path}: ${res.status} ${res.text.slice(0, 200)}`).toContain(res.status);
      expect(res.text).not.toContain("totpURI");
    }
    expect(await twoFactorEnabled(cookie)).toBe(false);
  });
});

describe("one IPv6 network is one client", () => {
  it("for prepaid card guesses: 30 a minute from a whole /64, then 429 with Retry-After", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await post(
        "/api/prepaid-cards/validate",
        { cardNumber: `PC0000${String(i).padStart(4, "0")}GUES` },
        inNetwork("2001:db8:10:1", i),
      );
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, 30)).not.toContain(429);
    expect(statuses[30]).toBe(429);
    // A key the endpoint does not read cannot hide the guess from the limit.
    for (const decoy of [{ prepaidCardNumber: "" }, { prepaidCardNumber: false }, { code: 0 }]) {
      const hidden = await post(
        "/api/prepaid-cards/validate",
        { ...decoy, cardNumber: "PC00000001DEMO" },
        inNetwork("2001:db8:10:1", 99),
      );
      expect(hidden.status, JSON.stringify(decoy)).toBe(429);
    }
    const neighbour = await post(
      "/api/prepaid-cards/validate",
      { cardNumber: "PC00009999GUES" },
      "2001:db8:10:2::1",
    );
    expect(neighbour.status).toBe(200);
  });

  it("for contact messages: 5 from a whole /64, then 429", async () => {
    const message = { name: "Jo", email: "jo@example.com", message: "Is the creek up?" };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await post("/api/contact", message, inNetwork("2001:db8:20:1", i))).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it("for holds: 3 live holds from a whole /64, and the nights they hold are bounded", async () => {
    const { campsites } = (await (await fetch(`${base()}/api/campsites`)).json()) as {
      campsites: { id: string }[];
    };
    const campsiteId = campsites[0]?.id ?? "";
    const { today } = (await (
      await fetch(`${base()}/api/campsites/${campsiteId}/availability`)
    ).json()) as { today: string };
    const guest = { firstName: "Jo", lastName: "Camper", email: "jo@example.com", guests: 2 };
    const hold = (checkIn: string, nights: number, client: string) =>
      post(
        "/api/bookings",
        { ...guest, campsiteId, checkIn, checkOut: addDays(checkIn, nights) },
        client,
      );
    const start = addDays(today, 120);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await hold(addDays(start, i * 3), 2, inNetwork("2001:db8:30:1", i))).status);
    expect(statuses).toEqual([201, 201, 201, 429]);

    // One request cannot take a site for most of the year: the longest stay is 28 nights.
    const yearLong = await hold(addDays(start, 20), 260, "2001:db8:30:2::1");
    expect(yearLong.status).toBe(400);
    expect(await yearLong.text()).toContain("Stays of more than 28 nights are booked by phone.");
    // Two of the longest stays are as many nights as one visitor may hold.
    const client = "2001:db8:30:3::1";
    expect((await hold(addDays(start, 40), 28, client)).status).toBe(201);
    expect((await hold(addDays(start, 70), 28, client)).status).toBe(201);
    const third = await hold(addDays(start, 100), 2, client);
    expect(third.status).toBe(429);
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("what answered 500 for input alone", () => {
  it("a null name on update-user is a 400, and the log does not carry the email", async () => {
    const { admin } = inject("accounts");
    const cookie = await signedInCookie(admin.email, admin.password, base());
    for (const body of [{ name: null }, { name: 42 }, { name: "Jo", email: "x@example.com" }]) {
      const res = await fetch(`${base()}/api/auth/update-user`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base(), cookie },
        body: JSON.stringify(body),
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(own.server().output()).not.toContain(admin.email);
  });
});

describe("the small points", () => {
  it("no answer says what it is built with", async () => {
    for (const path of ["/", "/bookings", "/login", "/api/campsites", "/api/health", "/nowhere"]) {
      const res = await fetch(`${base()}${path}`);
      expect(res.headers.get("x-powered-by"), path).toBeNull();
    }
  });
});
