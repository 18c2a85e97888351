import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Availability } from "#domain/api/booking.ts";
import { availabilityKey } from "#server/services/availability.ts";
import { ChangeCache } from "#server/services/availability-cache.ts";
import { sendKeptAvailability } from "./kept-availability";

const campsiteId = "6f1c2d3e-0000-4000-8000-000000000001";
const answer = { campsiteId, unavailableDates: ["2031-01-02"] } as unknown as Availability;

let server: Server;
let base: string;
let cache: ChangeCache<Availability>;

beforeEach(async () => {
  cache = new ChangeCache<Availability>();
  cache.startHearing();
  const range = { from: "2031-01-01", to: "2031-12-31" };
  await cache.get(availabilityKey(campsiteId, range, new Date()), Date.now(), async () => ({
    value: answer,
    expiresAt: Number.POSITIVE_INFINITY,
  }));
  server = createServer((req, res) => {
    if (sendKeptAvailability(cache, req, res, { "X-Frame-Options": "DENY" })) return;
    res.writeHead(299).end("left to the app");
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  server.close();
});

const path = (query: string) => `/api/campsites/${campsiteId}/availability${query}`;

describe("kept availability answers, sent before Express", () => {
  it("sends the kept answer with every response's headers, kept by no cache", async () => {
    const res = await fetch(base + path("?from=2031-01-01&to=2031-12-31"));
    expect(res.status).toBe(200);
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await res.json()).toEqual(answer);
  });

  it("leaves an empty field to the app, which refuses it, though the default range is kept", async () => {
    await cache.get(availabilityKey(campsiteId, {}, new Date()), Date.now(), async () => ({
      value: answer,
      expiresAt: Number.POSITIVE_INFINITY,
    }));
    expect((await fetch(base + path(""))).status).toBe(200);
    for (const query of ["?from=&to=", "?from=", "?to="])
      expect((await fetch(base + path(query))).status).toBe(299);
  });

  it("leaves to the app what is not kept, or what the route might read otherwise", async () => {
    const leftToApp = [
      path("?from=2031-01-01&to=2031-11-30"), // another range: not kept
      path("?from=2031-01-01&from=2031-01-01&to=2031-12-31"), // the route refuses a repeated field
      path("?from=2031%2D01-01&to=2031-12-31"), // escaped: decoded by the route
      path(""), // the default range: not kept here
      `/api/campsites/${campsiteId}/availability/extra?from=2031-01-01&to=2031-12-31`,
    ];
    for (const address of leftToApp) expect((await fetch(base + address)).status).toBe(299);
    const post = await fetch(base + path("?from=2031-01-01&to=2031-12-31"), { method: "POST" });
    expect(post.status).toBe(299);
  });

  it("sends nothing kept once the cache no longer hears the database's changes", async () => {
    cache.stopHearing();
    expect((await fetch(base + path("?from=2031-01-01&to=2031-12-31"))).status).toBe(299);
  });
});
