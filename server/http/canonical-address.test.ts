import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { canonicalPath, defaultHost } from "./canonical-address";

describe("an address's one spelling", () => {
  it.each([
    ["/api/auth/./two-factor/enable", "/api/auth/two-factor/enable"],
    ["/api/auth/x/../two-factor/enable", "/api/auth/two-factor/enable"],
    ["/api/auth/%2e/two-factor/enable", "/api/auth/two-factor/enable"],
    ["/api/auth/%2E%2E/auth/two-factor/enable", "/api/auth/two-factor/enable"],
    ["/api//auth///two-factor/enable", "/api/auth/two-factor/enable"],
    ["/api/auth\\two-factor\\enable", "/api/auth/two-factor/enable"],
    ["/api/auth/%74wo-factor/enable", "/api/auth/two-factor/enable"],
    ["/admin/.", "/admin/"],
    ["/admin/..", "/"],
    ["/../../etc/passwd", "/etc/passwd"],
  ])("%s is %s", (path, canonical) => {
    expect(canonicalPath(path)).toBe(canonical);
  });

  it("leaves a plain path and what is not unreserved as they are", () => {
    for (const path of [
      "/",
      "/bookings",
      "/my-booking/abc_DEF-123",
      "/a%20b",
      "/caf%C3%A9",
      "/a.b/c..d",
    ])
      expect(canonicalPath(path)).toBe(path);
  });

  it("has none for an encoded slash or backslash", () => {
    expect(canonicalPath("/api/auth/two-factor%2Fenable")).toBeUndefined();
    expect(canonicalPath("/api/auth%5ctwo-factor/enable")).toBeUndefined();
  });
});

describe("a request's host", () => {
  const hostAfter = (host: string | undefined) => {
    const req = { headers: host === undefined ? {} : { host } } as IncomingMessage;
    defaultHost(req, "farm.test");
    return req.headers.host;
  };

  it("is the site's own where no URL can be built on it", () => {
    for (const host of [undefined, "", "[::1", "evil.test:99999999999", "a b"])
      expect(hostAfter(host)).toBe("farm.test");
  });

  it("is left as it is otherwise", () => {
    for (const host of ["farm.test", "127.0.0.1:3000", "campsite.example", "[::1]:8080"])
      expect(hostAfter(host)).toBe(host);
  });
});
