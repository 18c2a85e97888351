// The front desk's timeline in a real browser, at a desktop's and a phone's
// width: every unit of every campsite a row, a paid stay's bar with the
// guest's name opening its details, its Move link next in the tab order, a
// run of empty nights starting a new booking on the night clicked or tapped
// (on its first night without script), a farm block drawn apart, a stay
// booked meanwhile appearing without a reload, and a
// drag (mouse on the desktop, touch on the phone) that goes to the change page
// with the unit and dates it was dropped on; the mouse's move is then saved
// there (the change page itself is tested in front-desk.e2e.ts).
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { PendingBooking } from "#domain/api/booking.ts";
import { addDays } from "#domain/rules/dates.ts";
import { baseURL, expectAccessible, setupBrowser } from "#tests/support/browser.ts";
import { apiAt, bookStay, payOnTestCheckout } from "#tests/support/paid-booking.ts";
import { addSessionCookie, sessionCookie } from "#tests/support/sessions.ts";

const browser = setupBrowser();
const { admin } = inject("accounts");
const api = apiAt(baseURL);

let booking: PendingBooking;
/** The window opens two days before the stay: the days are the server's, not this machine's. */
let from: string;
let blockedDay: string;
let campsites: { id: string; name: string; unitCount: number }[];

async function adminPage(
  viewport: { width: number; height: number },
  touch = false,
  javaScriptEnabled = true,
) {
  const context = await browser().newContext({
    baseURL: baseURL(),
    viewport,
    hasTouch: touch,
    javaScriptEnabled,
  });
  await addSessionCookie(context, await sessionCookie(admin.email, admin.password));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  return { context, page, errors };
}

/** The calendar's own block action, for one day of one campsite. */
async function setBlocked(campsiteId: string, date: string, blocked: boolean) {
  const res = await fetch(`${baseURL()}/admin/calendar.data`, {
    method: "POST",
    body: new URLSearchParams({ date, campsiteId, blocked: String(blocked) }),
    headers: { cookie: await sessionCookie(admin.email, admin.password), origin: baseURL() },
  });
  expect(res.status).toBe(200);
}

const grid = (page: Page) => page.getByRole("region", { name: /^Units by day/ });
const barName = /^Tilly Timeline Paid · 2 nights,/;
const bar = (page: Page) => grid(page).getByRole("link", { name: barName });
/** The stay's unit row (the inner locator is relative to each row). */
const barRow = (page: Page) =>
  grid(page).locator("tr", { has: page.getByRole("link", { name: barName }) });

async function openTimeline(page: Page) {
  await page.goto(`/admin/timeline?from=${from}&range=2w`);
  await bar(page).waitFor();
}

/** The page's script has loaded and runs (it shows the live updates' connection). */
const scriptRunning = (page: Page) => page.locator('[data-live-status="live"]').waitFor();

/** How far the page itself reaches past the window's width. */
const sidewaysScroll = (page: Page) =>
  page.evaluate(
    () => (document.scrollingElement ?? document.documentElement).scrollWidth - window.innerWidth,
  );

beforeAll(async () => {
  const { page, context } = await adminPage({ width: 1280, height: 900 });
  const stay = await bookStay(
    api,
    { firstName: "Tilly", lastName: "Timeline", email: "tilly.timeline@example.com" },
    { daysAhead: 4, nights: 2 },
  );
  booking = stay.booking;
  await payOnTestCheckout(page, stay.checkoutUrl);
  await context.close();
  from = addDays(booking.checkIn, -2);
  blockedDay = addDays(booking.checkOut, 4);
  campsites = (await api("GET", "/api/campsites")).body.campsites;
  const own = campsites.find((c) => c.name === booking.campsiteName);
  if (!own) throw new Error(`${booking.campsiteName} is not on sale`);
  await setBlocked(own.id, blockedDay, true);
}, 120_000);

afterAll(async () => {
  const own = campsites?.find((c) => c.name === booking?.campsiteName);
  if (own) await setBlocked(own.id, blockedDay, false);
});

/** Every campsite on sale has a row for each of its units, under its own name. */
async function expectEveryUnit(page: Page) {
  expect(campsites.length).toBeGreaterThan(0);
  for (const campsite of campsites) {
    const rows = grid(page).locator(`tr[data-campsite-id="${campsite.id}"]`);
    const names = await rows.locator("th").allTextContents();
    expect(
      names.filter((n) => !n.endsWith("(inactive)")),
      campsite.name,
    ).toHaveLength(campsite.unitCount);
    await grid(page).getByRole("rowheader", { name: campsite.name, exact: true }).waitFor();
  }
}

describe("the timeline", () => {
  it("shows every unit, the stay's bar, its Move link and new bookings' links at 1400 px", async () => {
    const { page, context, errors } = await adminPage({ width: 1400, height: 900 });
    await page.goto("/admin");
    await page.getByRole("link", { name: "Timeline", exact: true }).click();
    await page.getByRole("heading", { name: "Timeline", level: 1 }).waitFor();
    await openTimeline(page);
    await expectEveryUnit(page);

    await expect(bar(page).innerText()).resolves.toContain("Tilly Timeline");
    await expect(bar(page).innerText()).resolves.toContain("Paid · 2 nights");
    const move = grid(page).getByRole("link", { name: "Move Tilly Timeline" });
    expect(await move.getAttribute("href")).toBe(`/admin/bookings/${booking.id}/change`);
    // The keyboard goes from the bar to its Move link, which shows itself.
    await bar(page).focus();
    await page.keyboard.press("Tab");
    await expect(move.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    expect((await move.boundingBox())?.width).toBeGreaterThan(20);

    // Each run of empty nights in the stay's row starts a booking of that unit,
    // on the run's first night until a pointer points at another.
    const row = barRow(page);
    const unit = await unitOf(row);
    const runs = row.getByRole("link", { name: /^New booking from / });
    expect(await runs.count()).toBeGreaterThan(0);
    for (const run of await runs.all()) {
      const checkIn = (await run.getAttribute("data-new-booking")) ?? "";
      expect(newBookingQuery(await run.getAttribute("href"))).toEqual({
        ...unit,
        checkIn,
        checkOut: addDays(checkIn, 1),
      });
      expect(await columnAt(page, (await startOf(run)).x)).toBe(checkIn);
    }

    // The farm's block of the stay's campsite is drawn apart, labelled.
    const block = grid(page)
      .locator(`tr[data-campsite-id="${unit.campsiteId}"] [data-closure="blocked"]`)
      .first();
    await expect(block.locator("span").first().innerText()).resolves.toBe("Blocked");
    expect(await columnOf(page, block)).toBe(blockedDay);

    // Inside its own box: the page does not scroll sideways.
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);

    // Enter on Move goes to the stay's change page.
    const moved = changeRequest(page);
    await move.focus();
    await page.keyboard.press("Enter");
    expect(await moved).toEqual({});
    expect(errors).toEqual([]);
    await context.close();
  });

  it("starts a booking on the empty night clicked, or without script on its run's first", async () => {
    const { page, context, errors } = await adminPage({ width: 1400, height: 900 });
    await openTimeline(page);
    await scriptRunning(page);
    const { run, night } = await laterNightOfARun(page);
    const unit = await unitOf(barRow(page));
    await page.mouse.move(night.x, night.y);
    await page.mouse.click(night.x, night.y);
    await page.waitForURL((url) => url.pathname === "/admin/bookings/new");
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
      ...unit,
      checkIn: night.day,
      checkOut: addDays(night.day, 1),
    });
    expect(run.first < night.day).toBe(true);
    expect(errors).toEqual([]);
    await context.close();

    // The same run without script: one link, to its first night.
    const plain = await adminPage({ width: 1400, height: 900 }, false, false);
    await openTimeline(plain.page);
    const again = await laterNightOfARun(plain.page);
    expect(again.run.first).toBe(run.first);
    await plain.page.mouse.click(again.night.x, again.night.y);
    await plain.page.waitForURL((url) => url.pathname === "/admin/bookings/new");
    expect(Object.fromEntries(new URL(plain.page.url()).searchParams)).toEqual({
      ...unit,
      checkIn: run.first,
      checkOut: addDays(run.first, 1),
    });
    await plain.context.close();
  });

  it("opens the stay's details from its bar", async () => {
    const { page, context, errors } = await adminPage({ width: 1400, height: 900 });
    await openTimeline(page);
    await bar(page).click();
    const dialog = page.getByRole("dialog", { name: "Booking details" });
    await dialog.getByText(booking.bookingReference, { exact: true }).waitFor();
    await dialog.getByText("Tilly Timeline").first().waitFor();
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a stay booked elsewhere without a reload (live updates)", async () => {
    const { page, context, errors } = await adminPage({ width: 1400, height: 900 });
    await openTimeline(page);
    await page.locator('[data-live-status="live"]').waitFor();
    const { booking: held } = await bookStay(
      api,
      { firstName: "Liv", lastName: "Update", email: "liv.update@example.com" },
      { daysAhead: 4, nights: 2 },
    );
    expect(held.checkIn < addDays(from, 14)).toBe(true);
    await grid(page)
      .getByRole("link", { name: /^Liv Update Pending · 2 nights,/ })
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("goes to the change page with the unit and dates a bar is dragged to", async () => {
    const { page, context } = await adminPage({ width: 1400, height: 900 });
    await openTimeline(page);
    const target = await neighbourRow(page);
    const changed = changeRequest(page);
    const start = await centre(bar(page));
    const to = { x: start.x + 2 * (await dayWidth(page)), y: (await centre(target.row)).y };
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x + 10, start.y, { steps: 2 });
    await page.mouse.move(to.x, to.y, { steps: 8 });
    await page.mouse.up();
    expect(await changed).toEqual({
      campsiteId: target.campsiteId,
      unitId: target.unitId,
      checkIn: addDays(booking.checkIn, 2),
      checkOut: addDays(booking.checkOut, 2),
    });
    // The move is saved through the same price-difference page as any change.
    await page
      .getByRole("heading", { name: `Change booking ${booking.bookingReference}` })
      .waitFor();
    await page.getByRole("button", { name: "Preview change" }).click();
    await page.getByRole("region", { name: "New price" }).waitFor();
    const collect = page.getByLabel("Collect it on arrival");
    const keep = page.getByLabel("Keep it (give the reason)");
    if (await collect.count()) await collect.check();
    if (await keep.count()) {
      await keep.check();
      await page.getByLabel("Reason for keeping it").fill("Moved by the farm");
    }
    await page.getByRole("button", { name: "Save change" }).click();
    await page.getByText("Booking changed").first().waitFor();
    // The tests after this one find the stay where it now is, at the same place in the window.
    from = addDays(from, 2);
    booking = {
      ...booking,
      checkIn: addDays(booking.checkIn, 2),
      checkOut: addDays(booking.checkOut, 2),
    };
    await openTimeline(page);
    const moved = grid(page).locator(`tr[data-unit-id="${target.unitId}"]`);
    await expect(moved.getByRole("link", { name: barName }).count()).resolves.toBe(1);
    await context.close();
  });

  it("fits a 375 px phone: the grid scrolls in its box, unit names stay, a tap opens a stay, a touch drag moves it, a tap on an empty night books it", async () => {
    const { page, context, errors } = await adminPage({ width: 375, height: 812 }, true);
    await openTimeline(page);
    await expectEveryUnit(page);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    const box = grid(page);
    const reach = await box.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(reach).toBeGreaterThan(0);

    // Scrolled to its far end, the stay's unit name is still in view at the box's left.
    await box.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
    });
    const name = barRow(page).getByRole("rowheader");
    const [boxLeft, nameBox] = [await box.boundingBox(), await name.boundingBox()];
    expect(Math.abs((nameBox?.x ?? -99) - (boxLeft?.x ?? 0))).toBeLessThanOrEqual(1.5);
    await expect(name.isVisible()).resolves.toBe(true);
    await expectAccessible(page);

    await box.evaluate((el) => {
      el.scrollLeft = 0;
    });
    await bar(page).tap();
    const dialog = page.getByRole("dialog", { name: "Booking details" });
    await dialog.getByText(booking.bookingReference, { exact: true }).waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });

    // A finger drags the bar one day later, on the same unit.
    const changed = changeRequest(page);
    const start = await centre(bar(page));
    await touchDrag(page, start, { x: start.x + (await dayWidth(page)), y: start.y });
    const row = barRow(page);
    const unit = await unitOf(row);
    expect(await changed).toEqual({
      ...unit,
      checkIn: addDays(booking.checkIn, 1),
      checkOut: addDays(booking.checkOut, 1),
    });

    // A finger's tap on an empty night starts a booking of that night.
    await openTimeline(page);
    await scriptRunning(page);
    const { night } = await laterNightOfARun(page);
    await page.touchscreen.tap(night.x, night.y);
    await page.waitForURL((url) => url.pathname === "/admin/bookings/new");
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
      ...unit,
      checkIn: night.day,
      checkOut: addDays(night.day, 1),
    });
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** The day of the column under an element's centre, from the grid's header. */
async function columnOf(page: Page, element: Locator): Promise<string | null> {
  return columnAt(page, (await centre(element.first())).x);
}

/** The day of the column at `x` (in the viewport), from the grid's header. */
function columnAt(page: Page, x: number): Promise<string | null> {
  return page.evaluate((at) => {
    for (const th of document.querySelectorAll<HTMLElement>("th[data-day]")) {
      const r = th.getBoundingClientRect();
      if (at >= r.left && at < r.right) return th.dataset.day ?? null;
    }
    return null;
  }, x);
}

/** A point just inside an element's left edge, halfway down. */
async function startOf(element: Locator) {
  const { x, y } = await centre(element);
  const box = await element.boundingBox();
  return { x: (box?.x ?? x) + 2, y };
}

/** The campsite and unit of a unit's row, as a new booking's address names them. */
async function unitOf(row: Locator) {
  return {
    campsiteId: (await row.getAttribute("data-campsite-id")) ?? "",
    unitId: (await row.getAttribute("data-unit-id")) ?? "",
  };
}

function newBookingQuery(href: string | null) {
  const url = new URL(href ?? "", baseURL());
  expect(url.pathname).toBe("/admin/bookings/new");
  return Object.fromEntries(url.searchParams);
}

/**
 * The stay's row's first run of two empty nights or more, and a point on its
 * second night with that night's day (from the grid's header).
 */
async function laterNightOfARun(page: Page) {
  const runs = barRow(page).getByRole("link", { name: /^New booking from / });
  for (const link of await runs.all()) {
    const nights = await link.evaluate((a) => (a.parentElement as HTMLTableCellElement).colSpan);
    if (nights < 2) continue;
    const start = await startOf(link);
    const x = start.x + (await dayWidth(page)) * 1.5;
    const day = (await columnAt(page, x)) ?? "";
    const first = (await link.getAttribute("data-new-booking")) ?? "";
    return { run: { first }, night: { x, y: start.y, day } };
  }
  throw new Error("no run of two empty nights in the stay's row");
}

async function centre(element: Locator) {
  await element.scrollIntoViewIfNeeded();
  const box = await element.boundingBox();
  if (!box) throw new Error("the element is not on screen");
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

const dayWidth = (page: Page) =>
  page
    .locator("th[data-day]")
    .first()
    .evaluate((th) => th.getBoundingClientRect().width);

/** The unit row next to the stay's (below it, or above the last), with its campsite and unit. */
async function neighbourRow(page: Page) {
  const below = barRow(page).locator("xpath=following-sibling::tr[@data-unit-id][1]");
  const row = (await below.count())
    ? below
    : barRow(page).locator("xpath=preceding-sibling::tr[@data-unit-id][1]");
  return {
    row,
    campsiteId: await row.getAttribute("data-campsite-id"),
    unitId: await row.getAttribute("data-unit-id"),
  };
}

/**
 * The query of the next request for the booking's change page (the page
 * itself is not built here, so its address is what is checked).
 */
async function changeRequest(page: Page): Promise<Record<string, string>> {
  const path = `/admin/bookings/${booking.id}/change`;
  const request = await page.waitForRequest((r) => new URL(r.url()).pathname.startsWith(path));
  const url = new URL(request.url());
  url.searchParams.delete("_routes");
  return Object.fromEntries(url.searchParams);
}

/** A finger pressed at `from`, moved to `to` in steps, and lifted (Chromium's touch input). */
async function touchDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: "touchStart" | "touchMove" | "touchEnd", at: { x: number; y: number }[]) =>
    cdp.send("Input.dispatchTouchEvent", { type, touchPoints: at });
  await touch("touchStart", [from]);
  for (let i = 1; i <= 8; i++)
    await touch("touchMove", [
      { x: from.x + ((to.x - from.x) * i) / 8, y: from.y + ((to.y - from.y) * i) / 8 },
    ]);
  await touch("touchEnd", []);
}
