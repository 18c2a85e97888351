import { describe, expect, it } from "vitest";
import { tooManyRequests } from "./rate-limit";

describe("a refusal for too many attempts", () => {
  it("says when to try again, as Retry-After does", () => {
    expect(tooManyRequests(600)).toBe("Too many attempts. Please try again in 10 minutes.");
    expect(tooManyRequests(61)).toBe("Too many attempts. Please try again in 2 minutes.");
    expect(tooManyRequests(60)).toBe("Too many attempts. Please try again in 1 minute.");
    expect(tooManyRequests(12)).toBe("Too many attempts. Please try again in 12 seconds.");
  });
});
