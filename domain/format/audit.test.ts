import { describe, expect, it } from "vitest";
import { auditActionLabel, auditDetailLines } from "./audit";

describe("audit entries as read on screen", () => {
  it("names the action in words", () => {
    expect(auditActionLabel("booking.cancelled")).toBe("Booking cancelled");
    expect(auditActionLabel("staff.sessions_ended")).toBe("Staff sessions ended");
  });

  it("lists the details, dropping empty ones and shortening long values", () => {
    const lines = auditDetailLines(
      {
        email: "a@b.test",
        refundAmountCents: 2500,
        note: "",
        flags: { full: true },
        long: "x".repeat(200),
      },
      20,
    );
    expect(lines).toEqual([
      "email: a@b.test",
      "refund amount cents: 2500",
      'flags: {"full":true}',
      `long: ${"x".repeat(19)}…`,
    ]);
  });
});
