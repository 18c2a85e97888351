import { describe, expect, it } from "vitest";
import { mayOpen, mayRefund, strongestRole } from "./admin-roles";

describe("admin roles", () => {
  it("lets the owner open every screen and staff only the day's work", () => {
    expect(mayOpen("owner", "/admin/payments")).toBe(true);
    expect(mayOpen("staff", "/admin/today")).toBe(true);
    expect(mayOpen("staff", "/admin/calendar")).toBe(true);
    expect(mayOpen("staff", "/admin/timeline")).toBe(true);
    for (const path of ["/admin", "/admin/payments", "/admin/settings", "/admin/reports"]) {
      expect(mayOpen("staff", path)).toBe(false);
    }
  });

  it("keeps refunds for the owner", () => {
    expect(mayRefund("owner")).toBe(true);
    expect(mayRefund("staff")).toBe(false);
  });

  it("takes the stronger role, and no role from anything else", () => {
    expect(strongestRole(["staff", "owner"])).toBe("owner");
    expect(strongestRole(["staff"])).toBe("staff");
    expect(strongestRole(["admin"])).toBeNull();
    expect(strongestRole([])).toBeNull();
  });
});
