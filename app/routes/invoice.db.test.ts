// The guest's invoice page at the booking's token: kept out of caches and
// search engines, and so is the 404 that a wrong token or document answers
// (shown by the public layout, whose headers are then the page's).
import { describe, expect, it } from "vitest";
import { createTestProvider } from "#server/payments/test-checkout.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { paidStay } from "#server/testing/paid-stay.ts";
import * as invoice from "./invoice";
import * as layout from "./public/layout";

const database = setupTestDatabase();
const checkout = {
  provider: createTestProvider("http://127.0.0.1:9"),
  publicUrl: "http://127.0.0.1:9",
};

type LoaderArgs = Parameters<typeof invoice.loader>[0];
type LayoutHeadersArgs = Parameters<typeof layout.headers>[0];

const load = (token: string, query = "") =>
  invoice.loader({
    request: new Request(`http://localhost:3000/my-booking/${token}/invoice${query}`),
    params: { token },
    context: { db: database().db },
  } as unknown as LoaderArgs);

/**
 * The headers of the page React Router sends for a loader that threw: the
 * thrown answer's status, and the headers of the error boundary's route, the
 * public layout, given the thrown answer's headers as errorHeaders.
 */
async function thrownPage(run: Promise<unknown>) {
  const thrown = await run.then(
    () => expect.fail("the loader answered instead of throwing"),
    (error: unknown) => error as { type?: string; init?: ResponseInit },
  );
  expect(thrown.type).toBe("DataWithResponseInit");
  const errorHeaders = new Headers(thrown.init?.headers);
  const headers = new Headers(
    layout.headers({
      parentHeaders: new Headers(),
      loaderHeaders: new Headers(),
      actionHeaders: new Headers(),
      errorHeaders,
    } as unknown as LayoutHeadersArgs),
  );
  return { status: thrown.init?.status, headers };
}

describe("the guest's invoice page", () => {
  it("is never stored or indexed, its 404 for a document or token that is not there included", async () => {
    const { token } = await paidStay(database().db, checkout, 20);
    await expect(load(token)).resolves.toHaveProperty("invoice");
    expect(new Headers(invoice.headers())).toEqual(
      new Headers({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" }),
    );

    for (const [madeUp, query] of [
      [token, "?document=nope"],
      ["Zm9yZ2VkLXRva2VuLXRoYXQtaXMtbG9uZy1lbm91Z2g", ""],
      ["nope", ""],
    ] as const) {
      const page = await thrownPage(load(madeUp, query));
      expect(page.status, `${madeUp}${query}`).toBe(404);
      expect(page.headers.get("cache-control"), `${madeUp}${query}`).toBe("no-store");
      expect(page.headers.get("x-robots-tag"), `${madeUp}${query}`).toBe("noindex");
    }
  });
});
