import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { FOREIGN_ORIGIN, refuseForeignPageWrites } from "./same-origin";

const own = "https://rockycreek.example";
const refuse = refuseForeignPageWrites(() => [own]);

/** What the middleware did with a request of these headers: passed it on, or answered. */
function answer(method: string, headers: Record<string, string>) {
  let sent: { status: number; body: string } | "next" | undefined;
  const res = {
    status(code: number) {
      sent = { status: code, body: "" };
      return this;
    },
    type() {
      return this;
    },
    send(body: string) {
      if (sent && sent !== "next") sent.body = body;
      return this;
    },
  } as unknown as Response;
  refuse({ method, headers } as Request, res, () => {
    sent = "next";
  });
  return sent;
}

describe("a page's form posted from another site", () => {
  it("is refused with 403 when Origin or Referer names another site, or Origin is null", () => {
    const refused = { status: 403, body: FOREIGN_ORIGIN };
    expect(answer("POST", { origin: "https://evil.example" })).toEqual(refused);
    expect(answer("POST", { origin: "null" })).toEqual(refused);
    expect(answer("POST", { referer: "https://evil.example/form" })).toEqual(refused);
  });

  it("goes on from the site's own pages, from no browser at all, and for reads", () => {
    expect(answer("POST", { origin: own })).toBe("next");
    expect(answer("POST", { referer: `${own}/admin/bookings/new` })).toBe("next");
    expect(answer("POST", {})).toBe("next");
    expect(answer("GET", { origin: "https://evil.example" })).toBe("next");
  });
});
