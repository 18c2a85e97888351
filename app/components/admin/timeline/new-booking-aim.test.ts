import { describe, expect, it } from "vitest";
import { nightAt } from "./new-booking-aim";

describe("the night pointed at in a run of empty nights", () => {
  it("is the one under the pointer, counted from the run's first", () => {
    // Three nights of 44 px.
    expect(nightAt(0, 44, 3)).toBe(0);
    expect(nightAt(43.9, 44, 3)).toBe(0);
    expect(nightAt(44, 44, 3)).toBe(1);
    expect(nightAt(131, 44, 3)).toBe(2);
  });

  it("stays inside the run at its edges (a pointer on the border, or rounding)", () => {
    expect(nightAt(-1, 44, 3)).toBe(0);
    expect(nightAt(132, 44, 3)).toBe(2);
    expect(nightAt(500, 44, 1)).toBe(0);
  });
});
