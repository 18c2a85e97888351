import { describe, expect, it } from "vitest";
import { truncate } from "./text";

describe("a long identifier", () => {
  it("is truncated to 20 characters for payment ids and 8 for booking ids (spec section 9)", () => {
    expect(truncate("pi_3PqRstUvWxYz0123456789", 20)).toBe("pi_3PqRstUvWxYz01234…");
    expect(truncate("pi_short", 20)).toBe("pi_short");
    expect(truncate("7c9e6679-7425-40de-944b-e07fc1f90ae7", 8)).toBe("7c9e6679…");
  });
});
