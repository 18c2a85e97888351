import { describe, expect, it } from "vitest";
import { formatCountdown, holdAnnouncement, holdDeadline, secondsLeft } from "./hold-countdown";

describe("the hold countdown", () => {
  it("shows m:ss", () => {
    expect(formatCountdown(300)).toBe("5:00");
    expect(formatCountdown(299)).toBe("4:59");
    expect(formatCountdown(65)).toBe("1:05");
    expect(formatCountdown(0)).toBe("0:00");
    expect(formatCountdown(-3)).toBe("0:00");
  });

  it("counts to the server's hold end, measured on the server's clock", () => {
    // The phone's clock is 10 minutes fast: the hold still lasts 5 minutes from now.
    const phoneNow = Date.parse("2026-11-10T10:10:00Z");
    const deadline = holdDeadline(
      "2026-11-10T10:05:00.000Z",
      "Tue, 10 Nov 2026 10:00:00 GMT",
      phoneNow,
    );
    expect(secondsLeft(deadline, phoneNow)).toBe(300);
    expect(secondsLeft(deadline, phoneNow + 299_001)).toBe(1);
    expect(secondsLeft(deadline, phoneNow + 300_000)).toBe(0);
  });

  it("falls back to the hold end itself without the server's clock", () => {
    expect(holdDeadline("2026-11-10T10:05:00.000Z", null, 0)).toBe(
      Date.parse("2026-11-10T10:05:00.000Z"),
    );
  });

  it("speaks at the start and at 2 minutes, 1 minute and 30 seconds, once each", () => {
    expect(holdAnnouncement(undefined, 300)).toMatch(/held for 5 minutes/);
    const spoken: string[] = [];
    let previous = 300;
    for (let s = 299; s >= 0; s--) {
      const said = holdAnnouncement(previous, s);
      if (said) spoken.push(said);
      previous = s;
    }
    expect(spoken).toEqual([
      "2 minutes left to complete payment.",
      "1 minute left to complete payment.",
      "30 seconds left to complete payment.",
    ]);
    // A throttled tab that skips a mark still speaks it once.
    expect(holdAnnouncement(125, 110)).toBe("2 minutes left to complete payment.");
  });
});
