import { describe, expect, it } from "vitest";
import { rateLimit, requestRateLimits } from "#server/db/schema.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { present } from "#server/testing/present.ts";
import { hitRateLimit, pruneRateLimits } from "./rate-limit";

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

  it("are pruned once their windows are a day over, ours and Better Auth's", async () => {
    const { db } = database();
    await hitRateLimit(db, { name: "kept", max: 5, windowSeconds: 60 }, "198.51.100.7");
    const dayAndMinute = 24 * 60 * 60 * 1000 + 60_000;
    const old = new Date(Date.now() - dayAndMinute);
    await db
      .insert(requestRateLimits)
      .values({ key: "old:198.51.100.8", windowStartedAt: old, count: 9 });
    await db.insert(rateLimit).values([
      { id: "a", key: "198.51.100.8|/sign-in/email", count: 3, lastRequest: old.getTime() },
      { id: "b", key: "198.51.100.9|/sign-in/email", count: 1, lastRequest: Date.now() },
    ]);
    expect(await pruneRateLimits(db)).toBe(2);
    const keys = (await db.select().from(requestRateLimits)).map((r) => r.key);
    expect(keys).toContain("kept:198.51.100.7");
    expect(keys).not.toContain("old:198.51.100.8");
    expect((await db.select().from(rateLimit)).map((r) => r.id)).toEqual(["b"]);
  });
});
