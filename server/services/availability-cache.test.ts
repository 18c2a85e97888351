import { describe, expect, it } from "vitest";
import { ChangeCache, type Computed } from "./availability-cache";

const NOW = 1_000_000;

/** A computation that counts its calls and answers a fresh object each time. */
function counter(expiresAt = NOW + 60_000) {
  let calls = 0;
  const compute = async (): Promise<Computed<{ call: number }>> => {
    calls++;
    return { value: { call: calls }, expiresAt };
  };
  return { compute, calls: () => calls };
}

function hearingCache(maxEntries?: number) {
  const cache = new ChangeCache<{ call: number }>(maxEntries);
  cache.startHearing();
  return cache;
}

describe("ChangeCache", () => {
  it("answers from memory until a change is announced", async () => {
    const cache = hearingCache();
    const { compute, calls } = counter();
    const first = await cache.get("a", NOW, compute);
    expect(await cache.get("a", NOW + 1, compute)).toBe(first);
    expect(calls()).toBe(1);
    cache.clear();
    expect(await cache.get("a", NOW + 2, compute)).toEqual({ call: 2 });
  });

  it("keeps nothing while the changes are not heard, and forgets on a drop", async () => {
    const cache = new ChangeCache<{ call: number }>();
    const { compute, calls } = counter();
    await cache.get("a", NOW, compute);
    await cache.get("a", NOW, compute);
    expect(calls()).toBe(2);
    cache.startHearing();
    await cache.get("a", NOW, compute);
    expect(cache.size).toBe(1);
    cache.stopHearing();
    expect(cache.size).toBe(0);
    await cache.get("a", NOW, compute);
    expect(calls()).toBe(4);
    expect(cache.size).toBe(0);
  });

  it("works an answer out again once the instant it names has passed", async () => {
    const cache = hearingCache();
    const { compute, calls } = counter(NOW + 100);
    await cache.get("a", NOW, compute);
    await cache.get("a", NOW + 99, compute);
    expect(calls()).toBe(1);
    await cache.get("a", NOW + 100, compute);
    expect(calls()).toBe(2);
  });

  it("sends a page past its instant once more while its successor is worked out, within its stale time", async () => {
    const cache = new ChangeCache<{ call: number }>(10, 1_000);
    cache.startHearing();
    let calls = 0;
    // Each answer true for 100 ms more than the one before.
    const compute = async () => ({ value: { call: ++calls }, expiresAt: NOW + 100 * calls });
    const first = await cache.get("a", NOW, compute);
    // Past its instant: the kept one at once, the next one worked out meanwhile.
    expect(await cache.get("a", NOW + 100, compute)).toBe(first);
    expect(calls).toBe(2);
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.peek("a", NOW + 100)).toEqual({ call: 2 });
    // Past its stale time too, or voided by a change: worked out before it is sent.
    expect(await cache.get("a", NOW + 200 + 1_000, compute)).toEqual({ call: 3 });
    cache.clear();
    expect(await cache.get("a", NOW, compute)).toEqual({ call: 4 });
  });

  it("forgets only the answers a change reads, and keeps none of those being worked out", async () => {
    const cache = hearingCache();
    const { compute, calls } = counter();
    await cache.get("creek|2031", NOW, compute);
    await cache.get("hill|2031", NOW, compute);
    let finish: (entry: Computed<{ call: number }>) => void = () => {};
    const slow = cache.get("creek|2032", NOW, () => new Promise((resolve) => (finish = resolve)));
    await new Promise((resolve) => setImmediate(resolve));
    cache.clearWhere((key) => key.startsWith("creek|"));
    finish({ value: { call: 0 }, expiresAt: NOW + 60_000 });
    await slow;
    expect(cache.peek("creek|2032", NOW)).toBeUndefined();
    expect(cache.peek("creek|2031", NOW)).toBeUndefined();
    expect(cache.peek("hill|2031", NOW)).toEqual({ call: 2 });
    expect(calls()).toBe(2);
  });

  it("does not keep an answer read before a change announced while it was computed", async () => {
    const cache = hearingCache();
    let release: () => void = () => {};
    const slow = () =>
      new Promise<Computed<{ call: number }>>((resolve) => {
        release = () => resolve({ value: { call: 0 }, expiresAt: NOW + 60_000 });
      });
    const pending = cache.get("a", NOW, slow);
    await Promise.resolve();
    cache.clear();
    release();
    await pending;
    expect(cache.size).toBe(0);
  });

  it("shares one computation between requests that arrive together", async () => {
    const cache = hearingCache();
    const { compute, calls } = counter();
    const answers = await Promise.all([1, 2, 3].map(() => cache.get("a", NOW, compute)));
    expect(calls()).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it("holds at most maxEntries answers, dropping the least recently used", async () => {
    const cache = hearingCache(2);
    const { compute, calls } = counter();
    await cache.get("a", NOW, compute);
    await cache.get("b", NOW, compute);
    await cache.get("a", NOW, compute);
    await cache.get("c", NOW, compute);
    expect(cache.size).toBe(2);
    expect(calls()).toBe(3);
    await cache.get("a", NOW, compute);
    expect(calls()).toBe(3);
    await cache.get("b", NOW, compute);
    expect(calls()).toBe(4);
  });

  it("keeps no refusal: the next request asks again", async () => {
    const cache = hearingCache();
    let calls = 0;
    const failing = async (): Promise<Computed<{ call: number }>> => {
      calls++;
      throw new Error("no such campsite");
    };
    await expect(cache.get("a", NOW, failing)).rejects.toThrow("no such campsite");
    await expect(cache.get("a", NOW, failing)).rejects.toThrow("no such campsite");
    expect(calls).toBe(2);
  });
});
