import { describe, expect, it } from "vitest";
import { extraPriceText, quantityOf, withQuantity } from "./extra-choices";

const offered = [{ id: "vehicle" }, { id: "late" }];

describe("the extras ticked on step 3", () => {
  it("sets, changes and takes out an extra, keeping the offered order", () => {
    const late = withQuantity(offered, [], "late", 1);
    expect(late).toEqual([{ extraId: "late", quantity: 1 }]);
    const both = withQuantity(offered, late, "vehicle", 2);
    expect(both).toEqual([
      { extraId: "vehicle", quantity: 2 },
      { extraId: "late", quantity: 1 },
    ]);
    expect(withQuantity(offered, both, "vehicle", 0)).toEqual(late);
    expect(quantityOf(both, "vehicle")).toBe(2);
    expect(quantityOf(late, "vehicle")).toBe(0);
  });

  it("drops a choice the campsite no longer offers", () => {
    expect(withQuantity(offered, [{ extraId: "gone", quantity: 1 }], "late", 1)).toEqual([
      { extraId: "late", quantity: 1 },
    ]);
  });

  it("says what an extra costs and how many may be had", () => {
    expect(extraPriceText({ per: "stay", maxQuantity: 1 }, "$25.00")).toBe("$25.00 per stay");
    expect(extraPriceText({ per: "night", maxQuantity: 2 }, "$10.00")).toBe(
      "$10.00 per night each, up to 2",
    );
  });
});
