// Rates in the booking flow (issue 13), on a server of its own whose campsites
// have the demo's Christmas school holidays back (a higher price, 3 nights at
// least; tests/support/christmas-season.ts): the calendar shows each night's
// price and its longer minimum, a camper books 3 nights with a dog and 'Late
// checkout' and pays what the summary said, a 2-night stay is refused, and
// requests tampered with are refused or never change what is charged. Every
// client comes from an address of its own (the server trusts X-Forwarded-For
// from loopback), so the hold limits of one do not touch another.

import { beforeAll, describe, expect, it } from "vitest";
import type { Availability, PendingBooking, Quote } from "#domain/api/booking.ts";
import { formatDay } from "#domain/format/dates.ts";
import { addDays } from "#domain/rules/dates.ts";
import { christmasHolidays } from "#server/db/seed.ts";
import { present } from "#server/testing/present.ts";
import { runScript } from "#tests/support/accounts.ts";
import {
  checkAccessible,
  dayCell,
  fillGuest,
  next,
  nightsChecked,
  pickDay,
} from "#tests/support/booking-pages.ts";
import { setupBrowser, toast } from "#tests/support/browser.ts";
import { acceptPolicy, payBody } from "#tests/support/policy.ts";
import { setupOwnServer } from "#tests/support/spawn-server.ts";

/** An extra of the Unpowered Bush Camp that is not on sale (made by the season script). */
const INACTIVE_EXTRA_ID = "7d1f3c52-4b6a-4e0f-9a1b-2c3d4e5f6a7b";

const browser = setupBrowser();
const own = setupOwnServer("rcs-rates-", {
  env: { WORKERS: "off" },
  prepare: (dataDir) =>
    runScript(["tests/support/christmas-season.ts", INACTIVE_EXTRA_ID], dataDir),
});

// ------------------------------------------------------------------ helpers

let addresses = 0;
/** A documentation address (RFC 5737) no other client of this server uses. */
const newAddress = () => `198.51.100.${++addresses}`;

async function api<T>(
  method: string,
  pathname: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; data: T }> {
  const res = await fetch(`${own.server().baseURL}${pathname}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      "x-forwarded-for": newAddress(),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, data: (await res.json()) as T };
}

type Refusal = { code: string; error: string; details?: { fieldErrors: Record<string, string> } };

async function bushCamp(): Promise<{ id: string; availability: Availability }> {
  const { data } = await api<{ campsites: { id: string; name: string }[] }>(
    "GET",
    "/api/campsites",
  );
  const bush = present(
    data.campsites.find((c) => c.name === "Unpowered Bush Camp"),
    "the Unpowered Bush Camp",
  );
  const availability = await api<Availability>("GET", `/api/campsites/${bush.id}/availability`);
  return { id: bush.id, availability: availability.data };
}

/**
 * The first check-in whose 3 nights are free and all inside the Christmas
 * holidays, with the second and third check-out days in one month (so the
 * check-out calendar shows both).
 */
function christmasCheckIn(availability: Availability): string {
  const taken = new Set(availability.unavailableDates);
  for (const season of christmasHolidays(availability.today)) {
    const first = season.startDate > availability.today ? season.startDate : availability.today;
    for (let d = first; addDays(d, 2) <= season.endDate; d = addDays(d, 1)) {
      const nights = [d, addDays(d, 1), addDays(d, 2)];
      const sameMonth = addDays(d, 2).slice(0, 7) === addDays(d, 3).slice(0, 7);
      if (nights.every((n) => !taken.has(n)) && sameMonth) return d;
    }
  }
  throw new Error("no free 3-night stay in the Christmas holidays");
}

async function openPage(viewport = { width: 375, height: 812 }) {
  const context = await browser().newContext({
    baseURL: own.server().baseURL,
    viewport,
    extraHTTPHeaders: { "x-forwarded-for": newAddress() },
  });
  // Generous: the test machines are shared and often busy.
  context.setDefaultTimeout(45_000);
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on("console", (msg) => msg.type() === "error" && consoleErrors.push(msg.text()));
  page.on("pageerror", (error) => consoleErrors.push(error.message));
  return { context, page, consoleErrors };
}

const CHRISTMAS = "Christmas school holidays";

// -------------------------------------------------------------------- tests

describe("booking in the Christmas holidays", { timeout: 180_000 }, () => {
  let bush: { id: string; availability: Availability };
  let checkIn: string;

  beforeAll(async () => {
    bush = await bushCamp();
    checkIn = christmasCheckIn(bush.availability);
  });

  it("shows each night's price and minimum, books 3 nights with a dog and 'Late checkout', and charges the summary's total", async () => {
    const { context, page, consoleErrors } = await openPage();
    await page.goto(`/bookings?campsite=${bush.id}`);
    await nightsChecked(page);

    // The calendar: the season's price and its 3-night minimum, on screen and read out.
    const night = await dayCell(page, "Check-in", checkIn);
    await expect(night.locator("[data-price]").getAttribute("data-price")).resolves.toBe("$60");
    await expect(night.locator("[data-minimum]").getAttribute("data-minimum")).resolves.toBe("3+");
    await expect(night.locator("button").getAttribute("aria-label")).resolves.toMatch(
      /, \$60 a night, 3-night minimum$/,
    );
    await page.getByText("marks nights that need a stay of at least 3 nights").waitFor();
    // It fits a 375 px phone, marks and all.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await checkAccessible(page);

    // Picking the check-in moves the check-out to the season's earliest: 3 nights.
    await pickDay(page, "Check-in", checkIn);
    await expect(page.getByRole("button", { name: /^Check-out/ }).textContent()).resolves.toContain(
      formatDay(addDays(checkIn, 3)),
    );
    const twoNights = page.locator(`[data-day="${addDays(checkIn, 2)}"]:not([data-outside])`);
    expect(await twoNights.getAttribute("data-disabled")).toBe("true");
    await page.keyboard.press("Escape");

    // One dog, up to two, at $10 a night; the quote's lines before any hold.
    await page.getByText("Up to 2 dogs, $10.00 per dog per night").waitFor();
    await page.getByRole("button", { name: "One dog more" }).click();
    await page.getByText("3 nights, 2 guests, 1 dog").filter({ visible: true }).waitFor();
    const summary = page.getByRole("region", { name: "Price summary" });
    await expect.poll(() => summary.textContent()).toContain("1 dog × 3 nights at $10.00");
    await expect(summary.textContent()).resolves.toContain(`3 nights at $60.00 (${CHRISTMAS})`);
    expect(await page.getByTestId("final-amount").textContent()).toBe("$210.00");

    await next(page);
    await page.getByRole("heading", { name: "Guest details" }).waitFor();
    await fillGuest(page, { first: "Noel", last: "Holiday", email: "noel@example.com" });
    await next(page);
    await page.getByRole("heading", { name: "Payment options" }).waitFor();

    // Step 3: the extras on sale, with their prices; the inactive one is not offered.
    await page.getByText("$25.00 per stay").waitFor();
    await page.getByText("$10.00 per night each, up to 2").waitFor();
    await expect(
      page.getByLabel("Extra vehicle").locator("option").allTextContents(),
    ).resolves.toEqual(["0", "1", "2"]);
    expect(await page.getByText("Firewood bundle").count()).toBe(0);

    const patched = page.waitForRequest((r) => r.method() === "PATCH");
    await page.getByLabel("Late checkout").check();
    expect((await patched).postDataJSON()).toEqual({
      extras: [{ extraId: expect.any(String), quantity: 1 }],
    });
    await expect.poll(() => summary.textContent()).toContain("Late checkout × 1 at $25.00");
    // $180 of nights + $30 for the dog + $25 late checkout; GST is one eleventh of it.
    const text = (await summary.textContent()) ?? "";
    expect(text).toContain(`3 nights at $60.00 (${CHRISTMAS})`);
    expect(text).toContain("1 dog × 3 nights at $10.00");
    expect(text).toContain("GST included");
    expect(await page.getByTestId("gst-amount").textContent()).toBe("$21.36");
    const total = await page.getByTestId("final-amount").textContent();
    expect(total).toBe("$235.00");
    await checkAccessible(page);

    // The test checkout charges what the summary said, and so does the booking.
    await acceptPolicy(page);
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await page.waitForURL(/\/test-checkout\//);
    await page.getByText(`Amount due: ${total} AUD`).waitFor();
    await page.getByRole("button", { name: `Pay ${total} (test)` }).click();
    await page.getByRole("heading", { name: "Booking Confirmed!" }).waitFor();
    const paid = page.locator("dl div").filter({ hasText: "Amount paid" });
    await expect(paid.textContent()).resolves.toContain(total ?? "?");
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("refuses a 2-night stay there with the minimum-stay message, in the browser and the API", async () => {
    const { context, page, consoleErrors } = await openPage();
    const checkOut = addDays(checkIn, 2);
    await page.goto(`/bookings?campsite=${bush.id}&checkIn=${checkIn}&checkOut=${checkOut}`);
    await page.getByText("2 nights, 2 guests").filter({ visible: true }).waitFor();
    await nightsChecked(page);
    await next(page);
    const said = await toast(page, "Invalid Dates");
    expect(said).toContain("Please select valid check-in and check-out dates.");
    expect(said).toContain("The minimum stay is 3 nights.");
    await page.getByRole("heading", { name: "Dates and guests" }).waitFor();
    // No price for a stay that cannot be booked.
    expect(await page.getByRole("region", { name: "Price summary" }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();

    const refused = await api<Refusal>("POST", "/api/bookings", {
      campsiteId: bush.id,
      checkIn,
      checkOut,
      guests: 2,
      firstName: "Short",
      lastName: "Stay",
      email: "short@example.com",
    });
    expect(refused.status).toBe(400);
    expect(refused.data.details?.fieldErrors.checkOut).toBe("The minimum stay is 3 nights.");
  });

  it("ignores a linked number of dogs the campsite does not take", async () => {
    const { context, page } = await openPage();
    await page.goto(`/bookings?campsite=${bush.id}&guests=3&dogs=5`);
    await nightsChecked(page);
    await expect.poll(() => page.getByLabel("Dogs", { exact: true }).inputValue()).toBe("0");
    await expect.poll(() => new URL(page.url()).searchParams.get("dogs")).toBeNull();
    await context.close();
  });
});

describe("requests tampered with", { timeout: 120_000 }, () => {
  let stay: { campsiteId: string; checkIn: string; checkOut: string; guests: number };
  let extras: { vehicle: string; late: string };
  const guest = { firstName: "Mallory", lastName: "Tamper", email: "mallory@example.com" };

  beforeAll(async () => {
    const bush = await bushCamp();
    const checkIn = christmasCheckIn(bush.availability);
    stay = { campsiteId: bush.id, checkIn, checkOut: addDays(checkIn, 3), guests: 2 };
    const idOf = (name: string) =>
      present(bush.availability.rates.extras.find((e) => e.name === name)?.id, name);
    extras = { vehicle: idOf("Extra vehicle"), late: idOf("Late checkout") };
  });

  it.each([
    ["more dogs than allowed", { dogs: 3 }, "dogs", "This campsite takes at most 2 dogs."],
    [
      "an unknown extra",
      { extras: [{ extraId: "0b6e7c1a-9d2f-4c3b-8a5e-1f2a3b4c5d6e", quantity: 1 }] },
      "extras",
      "That extra is not offered at this campsite.",
    ],
    [
      "an inactive extra",
      { extras: [{ extraId: INACTIVE_EXTRA_ID, quantity: 1 }] },
      "extras",
      "That extra is not offered at this campsite.",
    ],
    [
      "an extra that is no id at all",
      { extras: [{ extraId: "late-checkout", quantity: 1 }] },
      "extras",
      "That extra is not offered at this campsite.",
    ],
  ])("refuses %s with 400 naming the field", async (_, change, field, message) => {
    const res = await api<Refusal>("POST", "/api/bookings", { ...stay, ...guest, ...change });
    expect(res.status, JSON.stringify(res.data)).toBe(400);
    expect(res.data.details?.fieldErrors[field]).toBe(message);
  });

  it("refuses a quantity above the extra's maximum", async () => {
    const res = await api<Refusal>("POST", "/api/bookings", {
      ...stay,
      ...guest,
      extras: [{ extraId: extras.vehicle, quantity: 3 }],
    });
    expect(res.status).toBe(400);
    expect(res.data.details?.fieldErrors.extras).toBe("At most 2 of 'Extra vehicle'.");
  });

  it("never charges a price sent in the body, when booking, changing the booking or paying", async () => {
    const choice = { dogs: 1, extras: [{ extraId: extras.late, quantity: 1 }] };
    const quote = await api<Quote>("POST", "/api/quote", { ...stay, ...choice });
    expect(quote.status).toBe(200);
    expect(quote.data.finalAmountCents).toBe(23_500);

    const made = await api<{ booking: PendingBooking; holdSecret: string }>(
      "POST",
      "/api/bookings",
      {
        ...stay,
        ...guest,
        dogs: 1,
        extras: [{ extraId: extras.late, quantity: 1, priceCents: 1, per: "stay" }],
        lines: [{ kind: "nights", description: "Free nights", amountCents: 1 }],
        totalAmountCents: 1,
        discountAmountCents: 0,
        finalAmountCents: 1,
        gstAmountCents: 0,
        pricePerNightCents: 1,
        petFeeCents: 0,
      },
    );
    expect(made.status, JSON.stringify(made.data)).toBe(201);
    const { booking, holdSecret } = made.data;
    expect(booking).toMatchObject({
      lines: quote.data.lines,
      totalAmountCents: quote.data.subtotalCents,
      finalAmountCents: quote.data.finalAmountCents,
      gstAmountCents: quote.data.gstAmountCents,
    });

    // Changing the held booking: a price is ignored, too many of an extra is refused.
    const secret = { "x-hold-secret": holdSecret };
    const path = `/api/bookings/${booking.id}`;
    const repriced = await api<{ booking: PendingBooking }>(
      "PATCH",
      path,
      { extras: choice.extras, finalAmountCents: 1, totalAmountCents: 1 },
      secret,
    );
    expect(repriced.status).toBe(200);
    expect(repriced.data.booking.finalAmountCents).toBe(quote.data.finalAmountCents);
    const tooMany = await api<Refusal>(
      "PATCH",
      path,
      { extras: [{ extraId: extras.vehicle, quantity: 5 }] },
      secret,
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.data.details?.fieldErrors.extras).toBeDefined();
    const now = await api<{ booking: PendingBooking }>("GET", path, undefined, secret);
    expect(now.data.booking.finalAmountCents).toBe(quote.data.finalAmountCents);

    // Paying it on the test checkout charges the server's price.
    const accepted = await payBody(stay.campsiteId, stay.checkIn, own.server().baseURL);
    const payment = await api<{ url: string }>("POST", `${path}/payment`, accepted, secret);
    expect(payment.status).toBe(200);
    const sessionId = present(payment.data.url.split("/test-checkout/")[1], "the session id");
    const paid = await fetch(payment.data.url, {
      method: "POST",
      body: new URLSearchParams({ intent: "pay", amount: "1" }),
      redirect: "manual",
    });
    expect(paid.status).toBeLessThan(400);
    const verified = await api<{ status: string; booking: { finalAmountCents: number } }>(
      "POST",
      "/api/payments/verify",
      { sessionId },
    );
    expect(verified.data).toMatchObject({
      status: "paid",
      booking: { finalAmountCents: quote.data.finalAmountCents },
    });
  });
});
