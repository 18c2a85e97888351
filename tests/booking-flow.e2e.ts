// The camper's booking pages in Chromium against the production build on a
// fresh embedded database with the demo data and an administrator: choosing
// a site, dates and guests, the hold that starts on step 3 (decision 0012)
// with its countdown, code and card applied to the held booking, paying on the
// built-in test checkout, the result page, shared links, and prices the
// browser cannot change. The server limits holds per client address, so every
// browser context and every booking made through the API here comes from an
// address of its own (the server trusts X-Forwarded-For from loopback).

import { execFile } from "node:child_process";
import { rmSync } from "node:fs";
import { promisify } from "node:util";
import type { Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDay } from "#domain/format/dates.ts";
import { assertPresent, present } from "#server/testing/present.ts";
import {
  checkAccessible,
  fillGuest,
  holdThroughSteps,
  next,
  nightsChecked,
} from "#tests/support/booking-pages.ts";
import { setupBrowser, toast, viewports } from "#tests/support/browser.ts";
import { freshDataDir } from "#tests/support/data-template.ts";
import { acceptPolicy, payBody } from "#tests/support/policy.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";

const ADMIN = { email: "owner@example.com", password: "Correct-Horse-Battery-9" };

const browser = setupBrowser();
const dataDir = freshDataDir("rcs-booking-e2e-");
let server: RunningServer;

// Its own server, so the nights these tests take are not shared with other test
// files, and an administrator made before it starts (the embedded database
// allows one process at a time).
beforeAll(async () => {
  await promisify(execFile)(
    process.execPath,
    [
      "--import",
      "tsx",
      "server/scripts/admin-create.ts",
      "--email",
      ADMIN.email,
      "--password",
      ADMIN.password,
      "--name",
      "Owner",
    ],
    { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" } },
  );
  server = await spawnServer(dataDir);
}, 240_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

// ------------------------------------------------------------------ helpers

type Campsite = { id: string; name: string; pricePerNightCents: number; capacity: number };

let addresses = 0;
/** A documentation address (RFC 5737) no other client of this server uses. */
const newAddress = () => {
  addresses += 1;
  return `${addresses % 2 ? "198.51.100" : "203.0.113"}.${Math.ceil(addresses / 2)}`;
};

async function api<T>(
  pathname: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; data: T }> {
  const res = await fetch(`${server.baseURL}${pathname}`, {
    method: body === undefined ? "GET" : "POST",
    headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, data: (await res.json()) as T };
}

/** Whether the server lists `night` as unavailable for the campsite. */
async function nightTaken(campsiteId: string, night: string): Promise<boolean> {
  const { data } = await api<{ unavailableDates: string[] }>(
    `/api/campsites/${campsiteId}/availability`,
  );
  return data.unavailableDates.includes(night);
}

async function campsiteNamed(prefix: string): Promise<Campsite> {
  const { data } = await api<{ campsites: Campsite[] }>("/api/campsites");
  const found = data.campsites.find((c) => c.name.startsWith(prefix));
  if (!found) throw new Error(`no campsite named ${prefix}`);
  return found;
}

/** The farm's today, as the server counts it, plus `days`. */
async function farmDay(campsiteId: string, days: number): Promise<string> {
  const { data } = await api<{ today: string }>(`/api/campsites/${campsiteId}/availability`);
  const [y, m, d] = data.today.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const addDays = (day: string, days: number) => {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

const money = (cents: number) =>
  new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD" }).format(cents / 100);

async function openPage(
  viewport: { width: number; height: number } = viewports.phone,
  address = newAddress(),
) {
  const context = await browser().newContext({
    baseURL: server.baseURL,
    viewport,
    extraHTTPHeaders: { "x-forwarded-for": address },
  });
  // Generous: the test machines are shared and often busy.
  context.setDefaultTimeout(45_000);
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") consoleErrors.push(msg.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(error.message));
  return { context, page, consoleErrors };
}

/** Opens a date field's calendar if needed, goes to the day's month and picks it. */
async function pickDay(page: Page, field: "Check-in" | "Check-out", day: string) {
  const trigger = page.getByRole("button", { name: new RegExp(`^${field}`) });
  if ((await trigger.getAttribute("aria-expanded")) !== "true") await trigger.click();
  const cell = page.locator(`[data-day="${day}"]:not([data-outside]) button`);
  for (let i = 0; i < 15 && !(await cell.isVisible()); i++) {
    await page.getByRole("button", { name: "Go to the Next Month" }).click();
  }
  await cell.click();
}

/** The calendar cell of a day, after opening the field's calendar at its month. */
async function dayCell(page: Page, field: "Check-in" | "Check-out", day: string) {
  const trigger = page.getByRole("button", { name: new RegExp(`^${field}`) });
  if ((await trigger.getAttribute("aria-expanded")) !== "true") await trigger.click();
  const cell = page.locator(`[data-day="${day}"]:not([data-outside])`);
  for (let i = 0; i < 15 && !(await cell.isVisible()); i++) {
    await page.getByRole("button", { name: "Go to the Next Month" }).click();
  }
  return cell;
}

const previous = (page: Page) =>
  page.getByRole("button", { name: "Previous", exact: true }).click();
const payButton = (page: Page) => page.getByRole("button", { name: "Pay", exact: true });

/** The console errors left once the failed answers a test expects are taken out. */
const unexpected = (errors: string[], ...statuses: number[]) =>
  errors.filter((e) => !statuses.some((status) => e.includes(`status of ${status}`)));

/** "4:59" -> 299 */
const seconds = (mss: string) => {
  const [m, s] = mss.split(":").map(Number) as [number, number];
  return m * 60 + s;
};

/** The hold's countdown on screen, as m:ss. */
async function countdown(page: Page): Promise<string> {
  const timer = page.getByRole("timer");
  await timer.waitFor();
  return (await timer.textContent()) ?? "";
}

type Held = { booking: { id: string; bookingReference: string }; holdSecret: string };

/** A booking held through the API by another camper, from an address of their own. */
async function holdAsAnotherCamper(
  campsiteId: string,
  checkIn: string,
  checkOut: string,
  n: number,
  address = newAddress(),
) {
  const made = await api<Held>(
    "/api/bookings",
    {
      campsiteId,
      checkIn,
      checkOut,
      guests: 2,
      firstName: "Other",
      lastName: `Camper ${n}`,
      email: `other${n}@example.com`,
    },
    { "x-forwarded-for": address },
  );
  expect(made.status, JSON.stringify(made.data)).toBe(201);
  return made.data;
}

/** A booking made and paid through the API and the test checkout, as another camper would. */
async function bookAndPay(campsiteId: string, checkIn: string, checkOut: string, n: number) {
  const { booking, holdSecret } = await holdAsAnotherCamper(campsiteId, checkIn, checkOut, n);
  const payment = await api<{ url: string }>(
    `/api/bookings/${booking.id}/payment`,
    await payBody(campsiteId, checkIn),
    { "x-hold-secret": holdSecret },
  );
  expect(payment.status).toBe(200);
  const paid = await fetch(payment.data.url, {
    method: "POST",
    body: new URLSearchParams({ intent: "pay" }),
    redirect: "manual",
  });
  expect(paid.status).toBeLessThan(400);
}

// -------------------------------------------------------------------- tests

describe("booking a campsite", { timeout: 180_000 }, () => {
  let powered: Campsite;
  let checkIn: string;
  let checkOut: string;

  beforeAll(async () => {
    powered = await campsiteNamed("Powered");
    checkIn = await farmDay(powered.id, 30);
    checkOut = addDays(checkIn, 2);
  });

  it("lists the active campsites with their cards", async () => {
    const { context, page, consoleErrors } = await openPage();
    const response = await page.goto("/bookings");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
      "Available Campsites",
    );
    await page.getByText("3 sites available").waitFor();
    const card = page.getByRole("group", { name: powered.name });
    await expect(card.textContent()).resolves.toContain("$65.00 per night");
    await expect(card.textContent()).resolves.toContain("Up to 6 guests");
    await expect(card.getByRole("listitem").allTextContents()).resolves.toEqual([
      "power",
      "wifi",
      "dog friendly",
      "parking",
      "+1 more",
    ]);
    await checkAccessible(page);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("books the last powered unit for two nights with a discount code and part of a prepaid card, pays on the test checkout and shows as paid to the admin", async () => {
    // Three other campers already hold the other three units for those nights.
    for (const n of [1, 2, 3]) await bookAndPay(powered.id, checkIn, checkOut, n);

    const { context, page, consoleErrors } = await openPage();
    await page.goto("/bookings");
    await page
      .getByRole("group", { name: powered.name })
      .getByRole("link", { name: "Book Now" })
      .click();
    await page.getByRole("link", { name: "← Back to campsites" }).waitFor();
    await page.getByRole("heading", { name: "Dates and guests" }).waitFor();

    // Next without dates: the spec's message.
    await next(page);
    expect(await toast(page, "Invalid Dates")).toContain(
      "Please select valid check-in and check-out dates.",
    );

    // Each night shows its price before the stay is chosen.
    const firstNight = await dayCell(page, "Check-in", checkIn);
    await expect(firstNight.locator("[data-price]").getAttribute("data-price")).resolves.toBe(
      "$65",
    );
    await expect(firstNight.locator("button").getAttribute("aria-label")).resolves.toMatch(
      /, \$65 a night$/,
    );
    await pickDay(page, "Check-in", checkIn);
    await pickDay(page, "Check-out", checkOut);
    await page.getByText("2 nights, 2 guests").filter({ visible: true }).waitFor();
    // The server's quote of the stay, before any hold: its lines and the GST included.
    const quoted = page.getByRole("region", { name: "Price summary" });
    await expect.poll(() => quoted.textContent()).toContain("2 nights at $65.00 (Standard)");
    expect(await page.getByTestId("final-amount").textContent()).toBe("$130.00");
    expect(await page.getByTestId("gst-amount").textContent()).toBe("$11.82");
    await checkAccessible(page);
    await next(page);

    // Step 2: the focus moves to the step's heading; empty details are refused.
    await page.getByRole("heading", { name: "Guest details" }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id === "booking-step-heading")).toBe(
      true,
    );
    await next(page);
    expect(await toast(page, "Missing Information")).toContain(
      "Please fill in all required guest details with a valid email.",
    );
    await fillGuest(page, { first: "Ada", last: "Lovelace", email: "ada@example.com" });
    await checkAccessible(page);
    await next(page);

    // Step 3: the booking is held from now on, its countdown running before any Pay,
    // and the last unit is the camper's: the server lists its nights as taken.
    await page.getByRole("heading", { name: "Payment options" }).waitFor();
    const heldFor = seconds(await countdown(page));
    const heldAt = Date.now();
    expect(heldFor).toBeGreaterThanOrEqual(4 * 60 + 40);
    expect(heldFor).toBeLessThanOrEqual(5 * 60);
    expect(await nightTaken(powered.id, checkIn)).toBe(true);
    const summary = page.getByRole("region", { name: "Price summary" });
    expect(await page.getByTestId("final-amount").textContent()).toBe("$130.00");

    // Code and card, each Apply disabled while its field is empty.
    const applyCode = page.getByRole("button", { name: "Apply" }).first();
    const applyCard = page.getByRole("button", { name: "Apply" }).nth(1);
    expect(await applyCode.isDisabled()).toBe(true);
    expect(await applyCard.isDisabled()).toBe(true);

    await page.getByLabel("Discount code").fill("NOSUCHCODE");
    await applyCode.click();
    expect(await toast(page, "Invalid Discount Code")).toContain(
      "Invalid or inactive discount code",
    );

    // Each is applied to the held booking, which the server prices again.
    await page.getByLabel("Discount code").fill("welcome10");
    await applyCode.click();
    await page.getByText("WELCOME10 applied").waitFor();
    await expect.poll(() => summary.textContent()).toContain("−$13.00");
    await page.getByLabel("Prepaid card").fill("PC00000001DEMO");
    await applyCard.click();
    await page.getByText(/Prepaid card applied/).waitFor();

    // $65 x 2 = $130; 10% off = $13; the card's $50 pays part; $67 left to pay.
    await expect.poll(() => summary.textContent()).toContain("−$50.00");
    expect(await page.getByTestId("final-amount").textContent()).toBe("$67.00");
    // GST is on the price after the discount, whoever pays it: $117 / 11.
    expect(await page.getByTestId("gst-amount").textContent()).toBe("$10.64");
    await expect(summary.textContent()).resolves.toContain("2 nights at $65.00 (Standard)");
    // Applying them did not start the hold again: it went on counting down.
    const elapsed = Math.floor((Date.now() - heldAt) / 1000);
    expect(seconds(await countdown(page))).toBeLessThanOrEqual(heldFor - elapsed + 1);
    await checkAccessible(page);

    // The stay's cancellation policy, its days written out, accepted with the Terms before Pay.
    const policy = page.getByRole("region", { name: "Cancellation policy" });
    await expect(policy.textContent()).resolves.toMatch(
      /Full refund if you cancel by \w+day \d+ \w+ \d{4}; no refund after that\./,
    );
    // The box stays square beside its long words on a phone (it was squeezed to 13 by 20 px).
    const box = await page
      .getByRole("checkbox", { name: /I accept this cancellation policy/ })
      .boundingBox();
    expect(box?.width).toBe(box?.height);
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    expect(await toast(page, "Missing Information")).toContain(
      "Please accept the cancellation policy and the Terms and Conditions.",
    );
    await acceptPolicy(page);
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await page.waitForURL(/\/test-checkout\//);
    await page.getByText("Amount due: $67.00 AUD").waitFor();
    const heading = await page.getByRole("heading", { level: 1 }).textContent();
    const reference = heading?.match(/BK\d{6}/)?.[0];
    expect(reference).toBeDefined();
    assertPresent(reference, "the booking reference in the heading");

    await page.getByRole("button", { name: /^Pay \$67\.00/ }).click();
    await page.waitForURL(/\/booking-success\?session_id=/);
    await page.getByRole("heading", { name: "Booking Confirmed!" }).waitFor();
    const sessionId = present(
      new URL(page.url()).searchParams.get("session_id"),
      "the session_id of the success page",
    );
    const main = page.locator("main");
    await expect(main.textContent()).resolves.toContain(`Session ID: ${sessionId}`);
    await expect(main.textContent()).resolves.toContain(reference);
    await expect(main.textContent()).resolves.toContain("$67.00");
    // This server has no mail transport: the page promises no email.
    await expect(main.textContent()).resolves.not.toContain("on its way");
    await page.getByRole("link", { name: "Back to Home" }).waitFor();
    await page.getByRole("link", { name: "Book Another Site" }).waitFor();
    await checkAccessible(page);
    // The only failed answer was the unknown code's 400.
    expect(unexpected(consoleErrors, 400)).toEqual([]);
    await context.close();

    // The administrator sees it paid.
    const admin = await openPage(viewports.desktop);
    await admin.page.goto("/login");
    await admin.page.getByLabel("Email").fill(ADMIN.email);
    await admin.page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await admin.page.getByRole("button", { name: "Sign In", exact: true }).click();
    await admin.page.waitForURL(/\/admin/);
    await admin.page.goto(`/admin/bookings?q=${reference}`);
    const row = admin.page.getByRole("row").filter({ hasText: reference });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain("Paid");
    await expect(row.textContent()).resolves.toContain("$67.00");
    await admin.context.close();
  });

  it("does not let a second camper pick those nights once the last unit is taken", async () => {
    const { context, page } = await openPage();
    await page.goto(`/bookings?campsite=${powered.id}`);
    await page.getByRole("heading", { name: "Dates and guests" }).waitFor();
    await nightsChecked(page);

    // Both nights are taken: neither can be a check-in; the check-out day can.
    for (const [day, disabled] of [
      [checkIn, "true"],
      [addDays(checkIn, 1), "true"],
      [checkOut, null],
    ] as const) {
      expect(await (await dayCell(page, "Check-in", day)).getAttribute("data-disabled")).toBe(
        disabled,
      );
    }
    await page.keyboard.press("Escape");

    // Arriving two nights before, one may leave on the first taken night but not stay through it.
    await pickDay(page, "Check-in", addDays(checkIn, -2));
    const leaveOnFirstNight = await dayCell(page, "Check-out", checkIn);
    expect(await leaveOnFirstNight.getAttribute("data-disabled")).toBeNull();
    const stayThrough = page.locator(`[data-day="${addDays(checkIn, 1)}"]:not([data-outside])`);
    expect(await stayThrough.getAttribute("data-disabled")).toBe("true");

    // And the server refuses the nights outright.
    const refused = await api<{ code: string; error: string }>(
      "/api/bookings",
      {
        campsiteId: powered.id,
        checkIn,
        checkOut,
        guests: 2,
        firstName: "Late",
        lastName: "Camper",
        email: "late@example.com",
      },
      { "x-forwarded-for": newAddress() },
    );
    expect(refused.status).toBe(409);
    expect(refused.data.error).toBe(
      "Sorry, this campsite is no longer available for those dates. Please choose other dates.",
    );
    await context.close();
  });
});

describe("two campers racing for the last unit", { timeout: 180_000 }, () => {
  it("tells the one who reaches step 3 second that the site went, and shows the calendar as it is now", async () => {
    const creekside = await campsiteNamed("Creekside");
    const checkIn = await farmDay(creekside.id, 90);
    const checkOut = addDays(checkIn, 2);
    const { context, page, consoleErrors } = await openPage();
    // An advert's tracking tags: the page is the kept one of the stay's query, and still works.
    await page.goto(
      `/bookings?utm_source=advert&campsite=${creekside.id}&checkIn=${checkIn}&checkOut=${checkOut}&fbclid=x1`,
    );
    await page.getByText("2 nights, 2 guests").filter({ visible: true }).waitFor();
    await next(page);
    await fillGuest(page, { first: "Second", last: "Place", email: "second@example.com" });

    // Meanwhile other campers take every unit for those nights.
    for (const n of [11, 12, 13]) await bookAndPay(creekside.id, checkIn, checkOut, n);

    await next(page);
    expect(await toast(page, "Booking Error")).toContain(
      "Failed to create booking: Sorry, this campsite is no longer available for those dates. Please choose other dates.",
    );
    await page.getByRole("heading", { name: "Dates and guests" }).waitFor();
    await nightsChecked(page);
    await expect
      .poll(async () => (await dayCell(page, "Check-in", checkIn)).getAttribute("data-disabled"))
      .toBe("true");
    expect(unexpected(consoleErrors, 409)).toEqual([]);
    await context.close();
  });
});

describe("sharing a stay", { timeout: 180_000 }, () => {
  it("copies a link with the dates and guests that opens the same stay", async () => {
    const creekside = await campsiteNamed("Creekside");
    const checkIn = await farmDay(creekside.id, 45);
    const checkOut = addDays(checkIn, 3);
    const { context, page, consoleErrors } = await openPage();
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto(`/bookings?campsite=${creekside.id}`);
    await page.getByRole("heading", { name: "Dates and guests" }).waitFor();

    // Nothing to share yet: no dates and the default 2 guests.
    expect(await page.getByRole("button", { name: "Share Link" }).count()).toBe(0);
    await page.getByRole("button", { name: "One guest more" }).click();
    await page.getByRole("button", { name: "Share Link" }).waitFor();
    await pickDay(page, "Check-in", checkIn);
    await pickDay(page, "Check-out", checkOut);

    await page.getByRole("button", { name: "Share Link" }).click();
    expect(await toast(page, "Link Copied")).toBeTruthy();
    const link = new URL(await page.evaluate(() => navigator.clipboard.readText()));
    expect(link.pathname).toBe("/bookings");
    expect(Object.fromEntries(link.searchParams)).toEqual({
      campsite: creekside.id,
      checkIn,
      checkOut,
      guests: "3",
    });
    expect(consoleErrors).toEqual([]);
    await context.close();

    // Someone else opens it: the same dates and guests are chosen.
    const friend = await openPage(viewports.desktop);
    await friend.page.goto(link.pathname + link.search);
    const checkInField = friend.page.getByRole("button", { name: /^Check-in/ });
    await expect(checkInField.textContent()).resolves.toContain(formatDay(checkIn));
    await expect
      .poll(() => friend.page.getByLabel("Guests", { exact: true }).inputValue())
      .toBe("3");
    await friend.page.getByText("3 nights, 3 guests").filter({ visible: true }).waitFor();
    await friend.context.close();
  });

  it("ignores shared dates that fail parsing and guests beyond the campsite's capacity", async () => {
    const creekside = await campsiteNamed("Creekside");
    const { context, page } = await openPage();
    await page.goto(
      `/bookings?campsite=${creekside.id}&checkIn=2026-02-30&checkOut=soon&guests=${creekside.capacity + 1}`,
    );
    await page.getByRole("heading", { name: "Dates and guests" }).waitFor();
    await expect(page.getByRole("button", { name: /^Check-in/ }).textContent()).resolves.toContain(
      "Choose a date",
    );
    await expect.poll(() => page.getByLabel("Guests", { exact: true }).inputValue()).toBe("2");

    // Dates in the past are no stay anyone can book: the fields stay empty.
    const today = await farmDay(creekside.id, 0);
    await page.goto(
      `/bookings?campsite=${creekside.id}&checkIn=${addDays(today, -3)}&checkOut=${addDays(today, 2)}&guests=3`,
    );
    await page.getByRole("heading", { name: "Dates and guests" }).waitFor();
    await expect(page.getByRole("button", { name: /^Check-in/ }).textContent()).resolves.toContain(
      "Choose a date",
    );
    await expect(page.getByRole("button", { name: /^Check-out/ }).textContent()).resolves.toContain(
      "Choose a date",
    );
    await expect.poll(() => page.getByLabel("Guests", { exact: true }).inputValue()).toBe("3");
    await context.close();
  });

  it("says why a shared stay cannot be booked, in the server's words", async () => {
    const creekside = await campsiteNamed("Creekside");
    const checkIn = await farmDay(creekside.id, 40);
    const { context, page } = await openPage();
    await page.goto(
      `/bookings?campsite=${creekside.id}&checkIn=${checkIn}&checkOut=${addDays(checkIn, 1)}`,
    );
    await page.getByText("1 night, 2 guests").filter({ visible: true }).waitFor();
    await nightsChecked(page);
    await next(page);
    const said = await toast(page, "Invalid Dates");
    expect(said).toContain("Please select valid check-in and check-out dates.");
    expect(said).toContain("The minimum stay is 2 nights.");
    await page.getByText("The minimum stay is 2 nights.", { exact: false }).last().waitFor();
    await page.getByRole("heading", { name: "Dates and guests" }).waitFor();
    await context.close();
  });

  it("says so when the campsite of a link is not found", async () => {
    const { context, page } = await openPage();
    await page.goto("/bookings?campsite=00000000-0000-4000-8000-000000000000");
    expect(await toast(page, "Campsite not found. Please try again.")).toBeTruthy();
    await page.getByRole("heading", { name: "Available Campsites" }).waitFor();
    await context.close();
  });
});

describe("the hold", { timeout: 180_000 }, () => {
  it("counts down on step 3 before any Pay and disables Pay when it runs out", async () => {
    const bush = await campsiteNamed("Unpowered");
    const checkIn = await farmDay(bush.id, 50);
    const { context, page } = await openPage();
    await page.clock.install();
    const stay = { campsiteId: bush.id, checkIn, checkOut: addDays(checkIn, 2) };
    await holdThroughSteps(page, stay, {
      first: "Grace",
      last: "Hopper",
      email: "grace@example.com",
    });

    expect(await countdown(page)).toMatch(/^(5:00|4:[45]\d)$/);
    const pay = payButton(page);
    expect(await pay.isEnabled()).toBe(true);

    await page.clock.fastForward("02:00");
    expect(await countdown(page)).toMatch(/^[23]:\d\d$/);
    await page.clock.fastForward("03:05");
    expect(await toast(page, "Booking Expired")).toContain(
      "Your reservation has expired. Please start a new booking.",
    );
    expect(await pay.isDisabled()).toBe(true);
    expect(await page.getByLabel("Discount code").isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Start a new booking" }).click();
    await page.getByRole("heading", { name: "Dates and guests" }).waitFor();
    await context.close();
  });

  it("is let go when the camper goes back to the dates: the nights are free again at once", async () => {
    const creekside = await campsiteNamed("Creekside");
    const checkIn = await farmDay(creekside.id, 120);
    const checkOut = addDays(checkIn, 2);
    // Two other campers hold two of the three units; the camper takes the last.
    for (const n of [21, 22]) await holdAsAnotherCamper(creekside.id, checkIn, checkOut, n);
    const { context, page, consoleErrors } = await openPage(viewports.desktop);
    const stay = { campsiteId: creekside.id, checkIn, checkOut };
    await holdThroughSteps(page, stay, { first: "Lee", last: "Leave", email: "lee@example.com" });
    expect(await nightTaken(creekside.id, checkIn)).toBe(true);

    // Back to step 2 keeps the hold, and its countdown; corrected details go to the held booking.
    await previous(page);
    await page.getByRole("heading", { name: "Guest details" }).waitFor();
    await countdown(page);
    await page.getByLabel("First name").fill("Leigh");
    const patched = page.waitForRequest((r) => r.method() === "PATCH");
    await next(page);
    expect((await patched).postDataJSON()).toMatchObject({ guest: { firstName: "Leigh" } });
    await page.getByRole("heading", { name: "Payment options" }).waitFor();
    expect(await nightTaken(creekside.id, checkIn)).toBe(true);
    await previous(page);
    await page.getByRole("heading", { name: "Guest details" }).waitFor();

    // Back to step 1 lets it go: the calendar shows the nights free again.
    await previous(page);
    await page.getByRole("heading", { name: "Dates and guests" }).waitFor();
    await expect.poll(() => nightTaken(creekside.id, checkIn)).toBe(false);
    await expect
      .poll(async () => (await dayCell(page, "Check-in", checkIn)).getAttribute("data-disabled"))
      .toBeNull();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("shows the server's words when the camper holds too many bookings at once (429)", async () => {
    const bush = await campsiteNamed("Unpowered");
    const checkIn = await farmDay(bush.id, 150);
    const checkOut = addDays(checkIn, 2);
    const address = newAddress();
    for (const n of [31, 32, 33]) await holdAsAnotherCamper(bush.id, checkIn, checkOut, n, address);
    const { context, page } = await openPage(viewports.phone, address);
    await page.goto(`/bookings?campsite=${bush.id}&checkIn=${checkIn}&checkOut=${checkOut}`);
    await page.getByText("2 nights, 2 guests").filter({ visible: true }).waitFor();
    await next(page);
    await fillGuest(page, { first: "Hoarder", last: "Holds", email: "hoard@example.com" });
    await next(page);
    expect(await toast(page, "Booking Error")).toContain(
      "You already have 3 bookings waiting for payment.",
    );
    await page.getByRole("heading", { name: "Guest details" }).waitFor();
    await context.close();
  });
});

describe("coming back from the payment page", { timeout: 180_000 }, () => {
  it("carries on with the same booking after the browser's Back, counting down to its real end", async () => {
    const creekside = await campsiteNamed("Creekside");
    const checkIn = await farmDay(creekside.id, 80);
    const { context, page, consoleErrors } = await openPage();
    const stay = { campsiteId: creekside.id, checkIn, checkOut: addDays(checkIn, 2) };
    await holdThroughSteps(page, stay, { first: "Ray", last: "Return", email: "ray@example.com" });
    await payButton(page).click();
    await page.waitForURL(/\/test-checkout\//);
    const checkout = page.url();

    // The payment page's session extended the hold to its own end (31 minutes).
    await page.goBack();
    await page.getByRole("heading", { name: "Payment options" }).waitFor();
    expect(seconds(await countdown(page))).toBeGreaterThan(29 * 60);
    await acceptPolicy(page);
    await payButton(page).click();
    await page.waitForURL(/\/test-checkout\//);
    expect(page.url()).toBe(checkout);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("after 'Cancel payment' shows the hold as it is: counting down to the session's end, and Pay the same page", async () => {
    const creekside = await campsiteNamed("Creekside");
    const checkIn = await farmDay(creekside.id, 85);
    const { context, page, consoleErrors } = await openPage();
    const stay = { campsiteId: creekside.id, checkIn, checkOut: addDays(checkIn, 2) };
    await holdThroughSteps(page, stay, { first: "Cy", last: "Cancel", email: "cy@example.com" });
    await payButton(page).click();
    await page.waitForURL(/\/test-checkout\//);
    const checkoutUrl = page.url();

    // Cancelling leaves the session open, as the provider's page does: the hold lasts until it ends.
    await page.getByRole("button", { name: "Cancel payment" }).click();
    await page.waitForURL(/\/bookings\?/);
    await page.getByRole("heading", { name: "Payment options" }).waitFor();
    await expect.poll(() => countdown(page)).toMatch(/^(3[01]|2\d):\d\d$/);
    expect(await page.getByText("Booking Expired").count()).toBe(0);
    expect(await page.getByText("waiting for payment").count()).toBe(0);
    await checkAccessible(page);

    await acceptPolicy(page);
    await payButton(page).click();
    await page.waitForURL(/\/test-checkout\//);
    expect(page.url()).toBe(checkoutUrl);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe("prices", { timeout: 180_000 }, () => {
  it("never lets a tampered price reach the payment: the amount charged is the server's", async () => {
    const bush = await campsiteNamed("Unpowered");
    const checkIn = await farmDay(bush.id, 60);
    const checkOut = addDays(checkIn, 2);
    const quote = await api<{ finalAmountCents: number }>("/api/quote", {
      campsiteId: bush.id,
      checkIn,
      checkOut,
      guests: 2,
      discountCode: "WELCOME10",
    });
    expect(quote.data.finalAmountCents).toBe(Math.round(bush.pricePerNightCents * 2 * 0.9));

    const { context, page } = await openPage();
    const sent: Record<string, unknown>[] = [];
    // Whatever the page sends, a tampering camper adds prices of their own.
    const tamper = async (route: Route) => {
      if (!["POST", "PATCH"].includes(route.request().method())) return route.continue();
      const body = route.request().postDataJSON() as Record<string, unknown>;
      sent.push(body);
      await route.continue({
        postData: JSON.stringify({
          ...body,
          totalAmountCents: 100,
          discountAmountCents: 0,
          prepaidAmountUsedCents: 0,
          finalAmountCents: 100,
          pricePerNightCents: 50,
          amount: 1,
        }),
      });
    };
    await page.route("**/api/bookings", tamper);
    await page.route("**/api/bookings/*", tamper);
    const stay = { campsiteId: bush.id, checkIn, checkOut };
    await holdThroughSteps(page, stay, { first: "Eve", last: "Tamper", email: "eve@example.com" });
    await page.getByLabel("Discount code").fill("WELCOME10");
    await page.getByRole("button", { name: "Apply" }).first().click();
    await page.getByText("WELCOME10 applied").waitFor();
    expect(await page.getByTestId("final-amount").textContent()).toBe(
      money(quote.data.finalAmountCents),
    );
    await payButton(page).click();
    await page.waitForURL(/\/test-checkout\//);

    // The page itself sent no price at all: the stay, the guest and their answers
    // (none), then the code with the extras the booking carries (none).
    expect(sent.map((body) => Object.keys(body).sort())).toEqual([
      [
        "answers",
        "campsiteId",
        "checkIn",
        "checkOut",
        "dogs",
        "email",
        "firstName",
        "guests",
        "lastName",
      ],
      ["discountCode", "extras"],
    ]);
    await page.getByText(`Amount due: ${money(quote.data.finalAmountCents)} AUD`).waitFor();
    await page.getByRole("button", { name: /^Pay \$/ }).click();
    await page.getByRole("heading", { name: "Booking Confirmed!" }).waitFor();
    await expect(page.locator("main").textContent()).resolves.toContain(
      money(quote.data.finalAmountCents),
    );
    await context.close();

    // The same through the API alone: the booking is priced from the database.
    const made = await api<{ booking: { finalAmountCents: number; totalAmountCents: number } }>(
      "/api/bookings",
      {
        campsiteId: bush.id,
        checkIn: addDays(checkIn, 5),
        checkOut: addDays(checkIn, 7),
        guests: 2,
        firstName: "Mallory",
        lastName: "Tamper",
        email: "mallory@example.com",
        totalAmountCents: 1,
        finalAmountCents: 1,
      },
      { "x-forwarded-for": newAddress() },
    );
    expect(made.status).toBe(201);
    expect(made.data.booking.totalAmountCents).toBe(bush.pricePerNightCents * 2);
    expect(made.data.booking.finalAmountCents).toBe(bush.pricePerNightCents * 2);
  });
});

describe("a payment that cannot be verified", { timeout: 180_000 }, () => {
  it("shows the 'Verification Error' toast and a way forward", async () => {
    const { context, page } = await openPage();
    await page.goto("/booking-success?session_id=test_cs_unknown");
    expect(await toast(page, "Verification Error")).toContain(
      "Could not verify your payment. Please contact support.",
    );
    await page.getByRole("link", { name: "Book Another Site" }).waitFor();
    await page.getByRole("link", { name: "Back to Home" }).waitFor();
    await checkAccessible(page);
    await context.close();
  });
});

describe("the keyboard alone", { timeout: 180_000 }, () => {
  it("chooses dates in the calendar and moves through the steps", async () => {
    const creekside = await campsiteNamed("Creekside");
    const { context, page } = await openPage(viewports.desktop);
    await page.goto(`/bookings?campsite=${creekside.id}`);
    await nightsChecked(page);
    await page.getByRole("button", { name: /^Check-in/ }).focus();
    await page.keyboard.press("Enter");
    // The calendar takes the focus; a week on, then pick.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.className))
      .toContain("rdp-day_button");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    // The check-out calendar opens next, on the earliest check-out: pick it.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.className))
      .toContain("rdp-day_button");
    await page.keyboard.press("Enter");
    await page
      .getByText(/\d+ nights, 2 guests/)
      .filter({ visible: true })
      .waitFor();
    await page.getByRole("button", { name: "Next", exact: true }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Guest details" }).waitFor();
    await page.keyboard.press("Tab");
    await page.keyboard.type("Kim");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Keys");
    await page.keyboard.press("Tab");
    await page.keyboard.type("kim@example.com");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Payment options" }).waitFor();
    await context.close();
  });
});
