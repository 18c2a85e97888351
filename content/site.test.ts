import { describe, expect, it } from "vitest";
import { siteConfig, withFarmName } from "./site";

describe("the farm's business details", () => {
  it("has no ABN on a fresh install, so it issues receipts and charges no GST", () => {
    expect(siteConfig({}).business).toMatchObject({ abn: "", gstRegistered: false });
  });

  it("is registered for GST once its ABN is set, unless it says it is not", () => {
    const abn = "51 824 753 556";
    expect(siteConfig({ SITE_ABN: abn }).business).toMatchObject({ abn, gstRegistered: true });
    expect(siteConfig({ SITE_ABN: abn, SITE_GST_REGISTERED: "false" }).business.gstRegistered).toBe(
      false,
    );
    // A made-up number is no ABN: no tax invoice can carry it.
    expect(siteConfig({ SITE_ABN: "00 000 000 000" }).business.gstRegistered).toBe(false);
  });
});

describe("the farm's name in a page's words", () => {
  it("is put in as written, whatever characters it has", () => {
    const site = siteConfig({ SITE_FARM_NAME: "Q$'Z $& $$" });
    expect(withFarmName("Camping at {farm} Station", site)).toBe("Camping at Q$'Z $& $$ Station");
  });
});
