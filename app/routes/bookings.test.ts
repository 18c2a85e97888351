// The campsite list when the database cannot be read: the page still renders
// with its toast, but as a 503 that says when to come back, so that no cache
// (server/http/page-cache.ts, a browser, a proxy) keeps the failure.
import { describe, expect, it } from "vitest";
import { headers, loader } from "./bookings";

type LoaderArgs = Parameters<typeof loader>[0];
type HeadersArgs = Parameters<typeof headers>[0];

const unreachableDatabase = new Proxy(
  {},
  {
    get() {
      throw new Error("connection refused");
    },
  },
);

describe("/bookings' loader", () => {
  it("answers 503 with Retry-After and the failed list when the database is down", async () => {
    const answer = await loader({ context: { db: unreachableDatabase } } as unknown as LoaderArgs);
    expect(answer).toMatchObject({
      data: { campsites: [], loadError: "failed" },
      init: { status: 503, headers: { "Retry-After": "30" } },
    });
  });

  it("passes the Retry-After on to the page's headers, which are never stored", () => {
    const loaderHeaders = new Headers({ "Retry-After": "30" });
    expect(headers({ loaderHeaders } as unknown as HeadersArgs)).toEqual({
      "Cache-Control": "no-store",
      "Retry-After": "30",
    });
    expect(headers({ loaderHeaders: new Headers() } as unknown as HeadersArgs)).toEqual({
      "Cache-Control": "no-store",
    });
  });
});
