import { describe, expect, it } from "vitest";
import { isValidAbn } from "./abn";

describe("an ABN", () => {
  it("passes the ATO's check, with or without spaces", () => {
    expect(isValidAbn("51 824 753 556")).toBe(true); // the ATO's own example
    expect(isValidAbn("51824753556")).toBe(true);
  });

  it("fails with a wrong digit, a wrong length or anything but digits", () => {
    expect(isValidAbn("51 824 753 557")).toBe(false);
    expect(isValidAbn("5182475355")).toBe(false);
    expect(isValidAbn("51 824 753 55a")).toBe(false);
    expect(isValidAbn("00 000 000 000")).toBe(false);
  });
});
