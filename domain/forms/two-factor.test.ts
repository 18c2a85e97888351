import { describe, expect, it } from "vitest";
import { requireTwoFactorSchema, signInCodeSchema } from "./two-factor";

describe("the second step's code", () => {
  it("takes six digits as an app shows them, spaces and all", () => {
    expect(signInCodeSchema.parse({ method: "totp", code: "123 456" })).toEqual({
      method: "totp",
      code: "123456",
    });
  });

  it("refuses anything but six digits for the app, and odd recovery codes", () => {
    expect(signInCodeSchema.safeParse({ method: "totp", code: "12345" }).success).toBe(false);
    expect(signInCodeSchema.safeParse({ method: "totp", code: "12345a" }).success).toBe(false);
    expect(signInCodeSchema.safeParse({ method: "recovery", code: "short" }).success).toBe(false);
    expect(signInCodeSchema.safeParse({ method: "sms", code: "123456" }).success).toBe(false);
  });

  it("takes a recovery code as shown", () => {
    expect(signInCodeSchema.parse({ method: "recovery", code: " aB12c-3De45 " })).toEqual({
      method: "recovery",
      code: "aB12c-3De45",
    });
  });
});

describe("the owner's switch", () => {
  it("is on only when the box is ticked", () => {
    expect(requireTwoFactorSchema.parse({ required: "on" })).toEqual({ required: true });
    expect(requireTwoFactorSchema.parse({})).toEqual({ required: false });
  });
});
