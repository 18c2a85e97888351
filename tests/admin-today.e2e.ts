// The owner's Today screen in a real browser: a day's arrivals from the demo
// data, a check-in that persists and its undo, the printable run sheet, the
// fit on a phone and a desktop, and the action refused to a non-admin.
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { addDays, farmToday } from "#domain/rules/dates.ts";
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

// The demo data's first stay (Sarah Mitchell, paid, no phone) checks in the day after it was seeded.
const tomorrow = addDays(inject("demoDay"), 1);
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

    // Tomorrow's arrivals are shown, with nothing to mark yet.
    await page.getByLabel("Day", { exact: true }).fill(tomorrow);
    await page.waitForURL(`**/admin/today?day=${tomorrow}`);
    await arrivals(page).getByRole("heading", { name: "Sarah Mitchell" }).waitFor();
    await expect(arrivals(page).getByText("Expected").count()).resolves.toBe(1);
    await expect(arrivals(page).getByText("Paid", { exact: true }).count()).resolves.toBe(1);
    await expect(
      arrivals(page)
        .getByRole("button", { name: /^Check in/ })
        .count(),
    ).resolves.toBe(0);

    await page.getByRole("link", { name: "Print run sheet" }).click();
    await page.waitForURL(`**/admin/today/print?day=${tomorrow}`);
    await page.getByRole("heading", { name: /^Run sheet:/, level: 1 }).waitFor();
    await page
      .getByRole("cell", { name: /Sarah Mitchell/ })
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
    await page.goto(`/admin/today?day=${tomorrow}`);
    await arrivals(page).getByRole("heading", { name: "Sarah Mitchell" }).waitFor();
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await context.close();
  });

  it("refuses a check-in on a day that has not come, and changes nothing", async () => {
    const cookie = await sessionCookie(admin.email, admin.password);
    const found = await fetch(
      `${baseURL()}/api/admin/bookings?status=all&search=Sarah%20Mitchell`,
      {
        headers: { cookie },
      },
    );
    const { bookings } = (await found.json()) as { bookings: { id: string; checkIn: string }[] };
    const sarah = bookings.find((b) => b.checkIn === tomorrow);
    expect(sarah).toBeDefined();
    const early = await fetch(`${baseURL()}/admin/today.data`, {
      method: "POST",
      body: new URLSearchParams({
        bookingId: sarah?.id ?? "",
        day: tomorrow,
        mark: "check-in",
        done: "true",
      }),
      headers: { cookie, origin: baseURL() },
    });
    expect(early.status).toBe(400);
    expect(await early.text()).toContain("has not come yet");
    const { page, context } = await adminPage({ width: 1280, height: 900 });
    await page.goto(`/admin/today?day=${tomorrow}`);
    await arrivals(page).getByText("Expected").waitFor();
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
