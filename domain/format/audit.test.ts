import { describe, expect, it } from "vitest";
import { auditActionLabel } from "./audit";

describe("audit entries as read on screen", () => {
  it("names the action in words", () => {
    expect(auditActionLabel("booking.cancelled")).toBe("Booking cancelled");
    expect(auditActionLabel("staff.sessions_ended")).toBe("Staff sessions ended");
  });
});
