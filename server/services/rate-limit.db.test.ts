import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "#server/testing/database.ts";
import { present } from "#server/testing/present.ts";
import { hitRateLimit } from "./rate-limit";

const database = setupTestDatabase();

describe("rate limits", () => {
  it("allows up to the maximum in a window, then refuses with a retry delay", async () => {
    const { db } = database();
    const rule = { name: "test-limit", max: 3, windowSeconds: 60 };
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(db, rule, "203.0.113.9"));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    const refused = present(results[3], "the fourth attempt");
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it("counts each client on its own", async () => {
    const { db } = database();
    const rule = { name: "per-client", max: 1, windowSeconds: 60 };
    expect((await hitRateLimit(db, rule, "198.51.100.1")).allowed).toBe(true);
    expect((await hitRateLimit(db, rule, "198.51.100.2")).allowed).toBe(true);
    expect((await hitRateLimit(db, rule, "198.51.100.1")).allowed).toBe(false);
  });

  it("starts a new window once the old one has passed", async () => {
    const { db } = database();
    const rule = { name: "short-window", max: 1, windowSeconds: 1 };
    expect((await hitRateLimit(db, rule, "x")).allowed).toBe(true);
    expect((await hitRateLimit(db, rule, "x")).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await hitRateLimit(db, rule, "x")).allowed).toBe(true);
  });
});
