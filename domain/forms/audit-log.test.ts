import { describe, expect, it } from "vitest";
import { auditLogFilterSchema } from "./audit-log";
import { parseForm } from "./form-fields";

describe("the audit log's filters", () => {
  it("reads blanks as no filter and a bad page as the first", () => {
    const parsed = parseForm(auditLogFilterSchema, { person: "", action: "", from: "", page: "x" });
    expect(parsed).toEqual({ ok: true, data: { page: 1 } });
  });

  it("names a wrong day and a range that ends before it starts", () => {
    expect(parseForm(auditLogFilterSchema, { from: "2026-02-30" })).toMatchObject({
      ok: false,
      errors: { from: "From: choose a day as yyyy-mm-dd." },
    });
    expect(parseForm(auditLogFilterSchema, { from: "2026-03-02", to: "2026-03-01" })).toMatchObject(
      {
        ok: false,
        errors: { to: "The 'To' day is before the 'From' day." },
      },
    );
  });
});
