// Helpers for the booking pages in Chromium: the calendar's day cells, the
// step buttons, and the accessibility check with the toasts read closed.
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { expectAccessible } from "./browser";
import { acceptPolicy } from "./policy";

type DateFieldName = "Check-in" | "Check-out";

/** Opens the field's calendar if needed and goes to the day's month; the day's cell. */
export async function dayCell(page: Page, field: DateFieldName, day: string) {
  const trigger = page.getByRole("button", { name: new RegExp(`^${field}`) });
  if ((await trigger.getAttribute("aria-expanded")) !== "true") await trigger.click();
  const cell = page.locator(`[data-day="${day}"]:not([data-outside])`);
  for (let i = 0; i < 15 && !(await cell.isVisible()); i++) {
    await page.getByRole("button", { name: "Go to the Next Month" }).click();
  }
  return cell;
}

/** Picks a day in the field's calendar. */
export async function pickDay(page: Page, field: DateFieldName, day: string) {
  await (await dayCell(page, field, day)).locator("button").click();
}

/**
 * Until the calendar is not checking which nights are free. Counted, not
 * waited on as one element: while React reveals the streamed flow, the page
 * briefly holds hidden copies of it.
 */
export const nightsChecked = (page: Page) =>
  expect.poll(() => page.getByText("Checking which nights are free…").count()).toBe(0);

export const next = (page: Page) => page.getByRole("button", { name: "Next", exact: true }).click();

export async function fillGuest(page: Page, guest: { first: string; last: string; email: string }) {
  await page.getByLabel("First name").fill(guest.first);
  await page.getByLabel("Last name").fill(guest.last);
  await page.getByLabel("Email").fill(guest.email);
}

/** The accessibility checks, with the toasts already read closed. */
export async function checkAccessible(page: Page) {
  for (const close of await page.getByRole("button", { name: "Close toast" }).all()) {
    await close.click().catch(() => {});
  }
  await page.locator("[data-sonner-toast]").first().waitFor({ state: "detached" });
  await expectAccessible(page);
}

/** Opens the stay's page and goes through steps 1 and 2 to the held booking of step 3. */
export async function holdThroughSteps(
  page: Page,
  stay: { campsiteId: string; checkIn: string; checkOut: string },
  guest: { first: string; last: string; email: string },
) {
  await page.goto(
    `/bookings?campsite=${stay.campsiteId}&checkIn=${stay.checkIn}&checkOut=${stay.checkOut}`,
  );
  // Visible: the streamed page also holds the step in a hidden chunk until React reveals it.
  await page
    .getByText(/\d+ nights, 2 guests/)
    .filter({ visible: true })
    .waitFor();
  await next(page);
  await fillGuest(page, guest);
  await next(page);
  await page.getByRole("heading", { name: "Payment options" }).waitFor();
  await acceptPolicy(page);
}
