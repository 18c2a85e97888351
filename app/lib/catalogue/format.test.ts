import { describe, expect, it } from "vitest";
import { formatDay, formatFarmDateTime, truncate } from "./format";

describe("back-office formats", () => {
  it("shows an instant on the farm's clock (Brisbane, UTC+10)", () => {
    expect(formatFarmDateTime(new Date("2032-03-31T14:30:00Z"))).toBe("1 Apr 2032, 12:30 am");
    expect(formatFarmDateTime("2032-03-05T04:05:00Z")).toBe("5 Mar 2032, 2:05 pm");
  });

  it("shows a day", () => {
    expect(formatDay("2032-03-05")).toBe("5 Mar 2032");
  });

  it("truncates payment ids to 20 characters and booking ids to 8 (spec section 9)", () => {
    expect(truncate("pi_3PqRstUvWxYz0123456789", 20)).toBe("pi_3PqRstUvWxYz01234…");
    expect(truncate("pi_short", 20)).toBe("pi_short");
    expect(truncate("7c9e6679-7425-40de-944b-e07fc1f90ae7", 8)).toBe("7c9e6679…");
  });
});
