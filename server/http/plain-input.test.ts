import { describe, expect, it } from "vitest";
import { pathOfNul } from "./plain-input";

describe("a NUL hidden in a JSON body", () => {
  it("is found by the field it is in, however deep", () => {
    expect(pathOfNul({ name: "ok", guest: { notes: ["fine", "a\u0000b"] } })).toBe(
      "body.guest.notes.1",
    );
    expect(pathOfNul({ ["k\u0000"]: 1 })).toBe("body");
    expect(pathOfNul({ name: "Zoë", n: 3, list: [null, true] })).toBeUndefined();
  });

  it("does not overflow the stack on a deeply nested body", () => {
    let deep: unknown = "x\u0000";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(pathOfNul(deep)).toMatch(/^body(\.0)+$/);
  });
});
