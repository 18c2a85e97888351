// The owner's Today screen in a real browser: a day's arrivals, a check-in
// that persists and its undo, a later day with nothing to mark, the printable
// run sheet, the fit on a phone and a desktop, and the action refused to a
// non-admin. The stays are the test's own, booked from the server's today.
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { farmToday } from "#domain/rules/dates.ts";
import {
  baseURL,
  expectAccessible,
  openPage,
  setupBrowser,
  toast,
} from "#tests/support/browser.ts";
import { apiAt, bookStay, payOnTestCheckout } from "#tests/support/paid-booking.ts";
import { addSessionCookie, sessionCookie } from "#tests/support/sessions.ts";

const browser = setupBrowser();
const { admin, camper } = inject("accounts");

async function adminPage(viewport: { width: number; height: number }) {
  const opened = await openPage(browser(), viewport);
  await addSessionCookie(opened.context, await sessionCookie(admin.email, admin.password));
  return opened;
}

const sidewaysScroll = (page: Page) =>
  page.evaluate(
    () => (document.scrollingElement ?? document.documentElement).scrollWidth - window.innerWidth,
  );

/**
 * A paid stay arriving two days from the server's today: still a day to come
 * if the farm's midnight passes while the test runs (the suite may run then).
 */
async function stayAhead(page: Page, firstName: string) {
  const { booking, checkoutUrl } = await bookStay(
    apiAt(baseURL),
    { firstName, lastName: "Ahead", email: `${firstName.toLowerCase()}.ahead@example.com` },
    { daysAhead: 2 },
  );
  await payOnTestCheckout(page, checkoutUrl);
  return booking;
}

const arrivals = (page: Page) => page.getByRole("region", { name: /^Arrivals/ });

describe("the Today screen", () => {
  it("shows a day's arrivals, saves a check-in across a reload, undoes it and opens the run sheet", async () => {
    // A stay that arrives today, paid as a camper pays: a check-in is only marked on a day that has come.
    const { page, context, consoleErrors } = await adminPage({ width: 1280, height: 900 });
    const { booking, checkoutUrl } = await bookStay(
      apiAt(baseURL),
      { firstName: "Tess", lastName: "Arriving", email: "tess.arriving@example.com" },
      { daysAhead: 0, nights: 3 },
    );
    expect(booking.checkIn).toBe(farmToday());
    await payOnTestCheckout(page, checkoutUrl);

    await page.goto("/admin");
    await page.getByRole("link", { name: "Today", exact: true }).click();
    await page.getByRole("heading", { name: "Today", level: 1 }).waitFor();
    await arrivals(page).getByRole("heading", { name: "Tess Arriving" }).waitFor();
    await page.getByText(/^\d+ arrivals? · \d+ departures? · \d+ on site tonight$/).waitFor();
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);

    await arrivals(page).getByRole("button", { name: "Check in Tess Arriving" }).click();
    await toast(page, "Checked In");
    await page.reload();
    await arrivals(page).getByText("Checked in", { exact: true }).waitFor();
    const undo = arrivals(page).getByRole("button", { name: "Undo check-in for Tess Arriving" });
    await undo.click();
    await toast(page, "Check-in Undone");
    await arrivals(page).getByRole("button", { name: "Check in Tess Arriving" }).waitFor();

    // A later day's arrivals are shown, with nothing to mark yet.
    const ahead = await stayAhead(page, "Finn");
    await page.goto("/admin/today");
    // Show, as a person does: a change before the script hydrates fires no handler.
    await page.getByLabel("Day", { exact: true }).fill(ahead.checkIn);
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL(`**/admin/today?day=${ahead.checkIn}`);
    const finn = arrivals(page).getByRole("heading", { name: "Finn Ahead" });
    await finn.waitFor();
    await expect(
      arrivals(page)
        .getByRole("button", { name: /^Check in/ })
        .count(),
    ).resolves.toBe(0);

    await page.getByRole("link", { name: "Print run sheet" }).click();
    await page.waitForURL(`**/admin/today/print?day=${ahead.checkIn}`);
    await page.getByRole("heading", { name: /^Run sheet:/, level: 1 }).waitFor();
    await page
      .getByRole("cell", { name: /Finn Ahead/ })
      .first()
      .waitFor();
    await expect(page.getByRole("navigation", { name: "Admin" }).count()).resolves.toBe(0);
    await expect(page.getByRole("button", { name: "Print" }).isVisible()).resolves.toBe(true);
    await expectAccessible(page);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("fits a 375 px phone without sideways scrolling", async () => {
    const { page, context } = await adminPage({ width: 375, height: 812 });
    await page.goto("/admin/today");
    await arrivals(page).getByRole("heading", { name: "Tess Arriving" }).waitFor();
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await context.close();
  });

  it("refuses a check-in on a day that has not come, and changes nothing", async () => {
    const { page, context } = await adminPage({ width: 1280, height: 900 });
    const ahead = await stayAhead(page, "Ada");
    const cookie = await sessionCookie(admin.email, admin.password);
    const early = await fetch(`${baseURL()}/admin/today.data`, {
      method: "POST",
      body: new URLSearchParams({
        bookingId: ahead.id,
        day: ahead.checkIn,
        mark: "check-in",
        done: "true",
      }),
      headers: { cookie, origin: baseURL() },
    });
    expect(early.status).toBe(400);
    expect(await early.text()).toContain("has not come yet");
    await page.goto(`/admin/today?day=${ahead.checkIn}`);
    await arrivals(page).getByRole("heading", { name: "Ada Ahead" }).waitFor();
    await expect(
      arrivals(page)
        .getByRole("button", { name: /^Check in/ })
        .count(),
    ).resolves.toBe(0);
    await context.close();
  });

  it("refuses the check-in action to a non-admin with 403 and changes nothing", async () => {
    const { page, context } = await adminPage({ width: 1280, height: 900 });
    await page.goto("/admin/today");
    await arrivals(page).getByRole("heading", { name: "Tess Arriving" }).waitFor();
    const bookingId = await arrivals(page).locator('input[name="bookingId"]').first().inputValue();

    const asCamper = await fetch(`${baseURL()}/admin/today.data`, {
      method: "POST",
      body: new URLSearchParams({ bookingId, day: farmToday(), mark: "check-in", done: "true" }),
      headers: { cookie: await sessionCookie(camper.email, camper.password) },
      redirect: "manual",
    });
    expect(asCamper.status).toBe(403);
    expect(await asCamper.text()).toContain("Access Denied");

    await page.reload();
    await arrivals(page).getByRole("button", { name: "Check in Tess Arriving" }).waitFor();
    await context.close();
  });
});
