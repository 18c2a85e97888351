import { describe, expect, it } from "vitest";
import { HOLD_MINUTES, holdExpiresAt, holdSecondsLeft, isHoldLive, occupiesUnit } from "./hold";

const now = new Date("2027-01-10T02:00:00Z");
const later = (ms: number) => new Date(now.getTime() + ms);

describe("holds", () => {
  it("last 5 minutes from creation", () => {
    expect(HOLD_MINUTES).toBe(5);
    expect(holdExpiresAt(now).toISOString()).toBe("2027-01-10T02:05:00.000Z");
  });

  it("are live only while pending and before their expiry", () => {
    expect(isHoldLive({ status: "pending", holdExpiresAt: later(1) }, now)).toBe(true);
    expect(isHoldLive({ status: "pending", holdExpiresAt: now }, now)).toBe(false);
    expect(isHoldLive({ status: "pending", holdExpiresAt: null }, now)).toBe(false);
    expect(isHoldLive({ status: "expired", holdExpiresAt: later(60_000) }, now)).toBe(false);
  });

  it("make a booking occupy its unit when paid, confirmed or held", () => {
    expect(occupiesUnit({ status: "paid", holdExpiresAt: null }, now)).toBe(true);
    expect(occupiesUnit({ status: "confirmed", holdExpiresAt: null }, now)).toBe(true);
    expect(occupiesUnit({ status: "pending", holdExpiresAt: later(1000) }, now)).toBe(true);
    expect(occupiesUnit({ status: "pending", holdExpiresAt: later(-1000) }, now)).toBe(false);
    for (const status of ["expired", "refunded", "cancelled"] as const)
      expect(occupiesUnit({ status, holdExpiresAt: later(1000) }, now)).toBe(false);
  });

  it("count down in whole seconds to 0", () => {
    expect(holdSecondsLeft(later(299_001), now)).toBe(300);
    expect(holdSecondsLeft(later(-5), now)).toBe(0);
    expect(holdSecondsLeft(null, now)).toBe(0);
  });
});
