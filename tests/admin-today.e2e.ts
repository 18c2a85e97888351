// The owner's Today screen in a real browser: a day's arrivals from the demo
// data, a check-in that persists and its undo, the printable run sheet, the
// fit on a phone and a desktop, and the action refused to a non-admin.
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { addDays } from "#domain/rules/dates.ts";
import {
  baseURL,
  expectAccessible,
  openPage,
  setupBrowser,
  toast,
} from "#tests/support/browser.ts";
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
    const { page, context, consoleErrors } = await adminPage({ width: 1280, height: 900 });
    await page.goto("/admin");
    await page.getByRole("link", { name: "Today", exact: true }).click();
    await page.getByRole("heading", { name: "Today", level: 1 }).waitFor();
    await page.getByLabel("Day", { exact: true }).fill(tomorrow);
    await page.waitForURL(`**/admin/today?day=${tomorrow}`);
    await arrivals(page).getByRole("heading", { name: "Sarah Mitchell" }).waitFor();
    await page.getByText(/^\d+ arrivals? · \d+ departures? · \d+ on site tonight$/).waitFor();
    await expect(arrivals(page).getByText("Expected").count()).resolves.toBe(1);
    await expect(arrivals(page).getByText("Paid", { exact: true }).count()).resolves.toBe(1);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);

    await arrivals(page).getByRole("button", { name: "Check in Sarah Mitchell" }).click();
    await toast(page, "Checked In");
    await page.reload();
    await arrivals(page).getByText("Checked in", { exact: true }).waitFor();
    const undo = arrivals(page).getByRole("button", { name: "Undo check-in for Sarah Mitchell" });
    await undo.click();
    await toast(page, "Check-in Undone");
    await arrivals(page).getByRole("button", { name: "Check in Sarah Mitchell" }).waitFor();
    await page.reload();
    await arrivals(page).getByText("Expected").waitFor();

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

  it("refuses the check-in action to a non-admin with 403 and changes nothing", async () => {
    const { page, context } = await adminPage({ width: 1280, height: 900 });
    await page.goto(`/admin/today?day=${tomorrow}`);
    await arrivals(page).getByText("Expected").waitFor();
    const bookingId = await arrivals(page).locator('input[name="bookingId"]').first().inputValue();

    const asCamper = await fetch(`${baseURL()}/admin/today.data`, {
      method: "POST",
      body: new URLSearchParams({ bookingId, day: tomorrow, mark: "check-in", done: "true" }),
      headers: { cookie: await sessionCookie(camper.email, camper.password) },
      redirect: "manual",
    });
    expect(asCamper.status).toBe(403);
    expect(await asCamper.text()).toContain("Access Denied");

    await page.reload();
    await arrivals(page).getByText("Expected").waitFor();
    await context.close();
  });
});
