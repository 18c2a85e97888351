// The Bookings list a page at a time (issue 28 item 8, decision 0025), on a
// server of its own with 60 bookings of one guest name: 50 a page, newest
// first, and Previous and Next as plain links that keep the search and the
// filter, working in a browser with JavaScript off as with it on.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { BOOKING_PAGE_SIZE } from "#server/services/admin-bookings/list.ts";
import { runScript, testAccounts } from "#tests/support/accounts.ts";
import { expectAccessible, setupBrowser } from "#tests/support/browser.ts";
import { signedInCookie } from "#tests/support/sessions.ts";
import { setupOwnServer } from "#tests/support/spawn-server.ts";

const COUNT = 60;
const browser = setupBrowser();
const own = setupOwnServer("rcs-paging-", {
  env: { WORKERS: "off" },
  prepare: (dataDir) => runScript(["tests/support/many-bookings.ts", String(COUNT)], dataDir),
});
const base = () => own.server().baseURL;
/** Newest first: BK700059 down to BK700000. */
const newestFirst = Array.from(
  { length: COUNT },
  (_, i) => `BK7${String(COUNT - 1 - i).padStart(5, "0")}`,
);

async function adminContext(javaScriptEnabled: boolean): Promise<BrowserContext> {
  const { email, password } = testAccounts.admin;
  const cookie = await signedInCookie(email, password, base());
  const context = await browser().newContext({ baseURL: base(), javaScriptEnabled });
  await context.addCookies(
    cookie.split("; ").map((pair) => {
      const [name = "", ...value] = pair.split("=");
      return { name, value: value.join("="), url: base() };
    }),
  );
  return context;
}

const references = (page: Page) =>
  page
    .locator("tbody tr td:first-child > div")
    .allTextContents()
    .then((r) => r.map((t) => t.trim()));
const pager = (page: Page) => page.getByRole("navigation", { name: "Pages of bookings" });

describe("the Bookings list in pages", () => {
  for (const javaScriptEnabled of [false, true]) {
    it(`pages with plain links keeping the search and filter (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async () => {
      const context = await adminContext(javaScriptEnabled);
      const page = await context.newPage();
      await page.goto("/admin/bookings?q=Pager&status=expired");
      expect(await references(page)).toEqual(newestFirst.slice(0, BOOKING_PAGE_SIZE));
      expect(
        await pager(page)
          .getByRole("link", { name: /Previous/ })
          .count(),
      ).toBe(0);

      await pager(page).getByRole("link", { name: /Next/ }).click();
      await page.waitForURL(/after=BK7/);
      const params = new URL(page.url()).searchParams;
      expect([params.get("q"), params.get("status")]).toEqual(["Pager", "expired"]);
      await expect.poll(() => references(page)).toEqual(newestFirst.slice(BOOKING_PAGE_SIZE));
      expect(await pager(page).getByRole("link", { name: /Next/ }).count()).toBe(0);
      if (javaScriptEnabled) await expectAccessible(page);

      await pager(page)
        .getByRole("link", { name: /Previous/ })
        .click();
      await page.waitForURL(/before=BK7/);
      await expect.poll(() => references(page)).toEqual(newestFirst.slice(0, BOOKING_PAGE_SIZE));
      await context.close();
    });
  }

  it("shows the first page for a page address that names no booking", async () => {
    const context = await adminContext(false);
    const page = await context.newPage();
    const res = await page.goto("/admin/bookings?q=Pager&after=not-a-booking");
    expect(res?.status()).toBe(200);
    expect(await references(page)).toEqual(newestFirst.slice(0, BOOKING_PAGE_SIZE));
    await context.close();
  });
});
