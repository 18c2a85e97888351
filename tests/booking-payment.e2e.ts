// The whole path from a quote to a paid booking through the built-in test
// checkout, on the production build, with the confirmation email arriving at
// a real SMTP server on loopback; a stay fully covered by a code and a card,
// confirmed in the browser without a card. Also the public API's answers to
// bad input.

import { describe, expect, it } from "vitest";
import { addDays } from "#domain/rules/dates.ts";
import { present } from "#server/testing/present.ts";
import { expectAccessible, setupBrowser, viewports } from "#tests/support/browser.ts";
import { apiAt, firstFreeStay } from "#tests/support/paid-booking.ts";
import { acceptPolicy, payBody } from "#tests/support/policy.ts";
import { setupOwnServer } from "#tests/support/spawn-server.ts";

const browser = setupBrowser();
const own = setupOwnServer("rcs-payment-", { mail: true, env: { WORKERS: "on" } });
const api = apiAt(() => own.server().baseURL);

type Campsite = {
  id: string;
  name: string;
  pricePerNightCents: number;
  capacity: number;
  unitCount: number;
};

describe("booking and paying through the test checkout", () => {
  it("goes from quote to a paid booking, and the confirmation with its calendar file arrives by SMTP", async () => {
    const { body: list } = await api("GET", "/api/campsites");
    const campsite = present((list.campsites as Campsite[])[0], "a public campsite");
    expect(campsite).toMatchObject({ id: expect.any(String), unitCount: expect.any(Number) });

    const { body: availability } = await api("GET", `/api/campsites/${campsite.id}/availability`);
    expect(availability.minimumNightStay).toBe(2);
    const checkIn = firstFreeStay(
      availability.unavailableDates,
      addDays(availability.today, 40),
      2,
    );
    const stay = { campsiteId: campsite.id, checkIn, checkOut: addDays(checkIn, 2), guests: 2 };

    const quote = await api("POST", "/api/quote", { ...stay, discountCode: "welcome10" });
    expect(quote.status).toBe(200);
    const subtotal = campsite.pricePerNightCents * 2;
    const perNight = (campsite.pricePerNightCents / 100).toFixed(2);
    expect(quote.body).toMatchObject({
      nights: 2,
      lines: [
        {
          kind: "nights",
          description: `2 nights at $${perNight} (Standard)`,
          amountCents: subtotal,
        },
      ],
      gstAmountCents: Math.round((subtotal - Math.round(subtotal / 10)) / 11),
      subtotalCents: subtotal,
      discountAmountCents: Math.round(subtotal / 10),
      finalAmountCents: subtotal - Math.round(subtotal / 10),
      currency: "AUD",
      discountCode: {
        description: "10% off your first stay",
        discountAmount: Math.round(subtotal / 10),
      },
    });

    const created = await api("POST", "/api/bookings", {
      ...stay,
      firstName: "Kim",
      lastName: "Paddock",
      email: "kim.paddock@example.com",
      discountCode: "WELCOME10",
      // A tampered request cannot set its own price: these are ignored.
      finalAmountCents: 1,
      totalAmount: 1,
    });
    expect(created.status).toBe(201);
    const booking = created.body.booking;
    expect(booking).toMatchObject({
      status: "pending",
      dogs: 0,
      lines: quote.body.lines,
      finalAmountCents: quote.body.finalAmountCents,
      gstAmountCents: quote.body.gstAmountCents,
    });
    expect(booking.bookingReference).toMatch(/^BK\d{6}$/);
    expect(JSON.stringify(created.body)).not.toContain("kim.paddock");

    const secret = { "x-hold-secret": created.body.holdSecret };
    const accepted = await payBody(stay.campsiteId, stay.checkIn, own.server().baseURL);
    const payment = await api("POST", `/api/bookings/${booking.id}/payment`, accepted, secret);
    expect(payment.status).toBe(200);
    expect(payment.body.url).toMatch(new RegExp(`^${own.server().baseURL}/test-checkout/test_cs_`));

    const context = await browser().newContext({ baseURL: own.server().baseURL });
    const page = await context.newPage();
    await page.goto(payment.body.url);
    await expect(page.getByText("Test checkout: no real payment").isVisible()).resolves.toBe(true);
    await expectAccessible(page);
    await page.getByRole("button", { name: /^Pay .* \(test\)$/ }).click();
    await page.waitForURL(/\/booking-success\?session_id=test_cs_/);
    const sessionId = present(
      new URL(page.url()).searchParams.get("session_id"),
      "the session_id of the success page",
    );
    // This server sends mail: the page says the confirmation is on its way.
    await page.getByRole("heading", { name: "Booking Confirmed!" }).waitFor();
    await expect(page.locator("main").textContent()).resolves.toContain("is on its way to you");
    await context.close();

    const verified = await api("POST", "/api/payments/verify", { sessionId });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({
      status: "paid",
      booking: {
        bookingReference: booking.bookingReference,
        campsiteName: campsite.name,
        checkIn: stay.checkIn,
        checkOut: stay.checkOut,
        nights: 2,
        guests: 2,
        finalAmountCents: quote.body.finalAmountCents,
        paymentPlan: null,
      },
      // The camper's own page, at a secret token (issue 14).
      manageBookingPath: expect.stringMatching(/^\/my-booking\/[\w-]{32,}$/),
    });

    const mail = await own
      .sink()
      .waitFor(
        (m) => m.to.includes("kim.paddock@example.com") && m.raw.includes(booking.bookingReference),
        30_000,
      );
    expect(mail.raw).toContain("Subject: Booking confirmed");
    expect(mail.raw).toMatch(/Content-Type: text\/calendar/i);
    expect(mail.raw).toContain(`${booking.bookingReference}.ics`);
  });
});

describe("a stay a code and a prepaid card cover in full", () => {
  it("needs no card: the camper confirms it on step 3 and it is confirmed at once", async () => {
    const { body: list } = await api("GET", "/api/campsites");
    const bush = present(
      (list.campsites as Campsite[]).find((c) => c.name.startsWith("Unpowered")),
      "the unpowered campsite",
    );
    const { body: availability } = await api("GET", `/api/campsites/${bush.id}/availability`);
    const checkIn = firstFreeStay(
      availability.unavailableDates,
      addDays(availability.today, 60),
      2,
    );
    const context = await browser().newContext({
      baseURL: own.server().baseURL,
      viewport: viewports.phone,
      // An address of its own, apart from the rate limits the other tests use up.
      extraHTTPHeaders: { "x-forwarded-for": "203.0.113.77" },
    });
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on("console", (msg) => msg.type() === "error" && consoleErrors.push(msg.text()));
    page.on("pageerror", (error) => consoleErrors.push(error.message));

    await page.goto(
      `/bookings?campsite=${bush.id}&checkIn=${checkIn}&checkOut=${addDays(checkIn, 2)}`,
    );
    await page.getByText("2 nights, 2 guests").filter({ visible: true }).waitFor();
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByLabel("First name").fill("Free");
    await page.getByLabel("Last name").fill("Stay");
    await page.getByLabel("Email").fill("free.stay@example.com");
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByRole("timer").waitFor();

    // $45 x 2 = $90; 10% off = $9; the $100 card pays the $81 left.
    await page.getByLabel("Discount code").fill("WELCOME10");
    await page.getByRole("button", { name: "Apply" }).first().click();
    await page.getByText("WELCOME10 applied").waitFor();
    await page.getByLabel("Prepaid card").fill("PC00000002DEMO");
    await page.getByRole("button", { name: "Apply" }).nth(1).click();
    await page.getByText("Prepaid card applied: −$81.00").waitFor();
    expect(await page.getByTestId("final-amount").textContent()).toBe("$0.00");
    // The summary's lines: the nights, the discount and the card; GST on the $81 after the discount.
    const summary = page.getByRole("region", { name: "Price summary" });
    const rows = await summary.locator("dl > div").allTextContents();
    expect(rows).toEqual([
      "2 nights at $45.00 (Standard)$90.00",
      "Discount−$9.00",
      "Prepaid card−$81.00",
      "Total to pay$0.00",
      "GST included$7.36",
    ]);
    await page.getByText("no card is needed", { exact: false }).waitFor();
    expect(await page.getByRole("button", { name: "Pay", exact: true }).count()).toBe(0);
    expect(await page.getByText(/pay by card/i).count()).toBe(0);
    await expectAccessible(page);

    await acceptPolicy(page);
    await page.getByRole("button", { name: "Confirm Booking", exact: true }).click();
    await page.waitForURL(/\/booking-success\?session_id=/);
    await page.getByRole("heading", { name: "Booking Confirmed!" }).waitFor();
    await expect(page.locator("main").textContent()).resolves.toContain("$0.00");
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe("the public API's answers to bad input", () => {
  it("answers 400 with the field at fault, 404 for what does not exist, and never 500", async () => {
    const { body: list } = await api("GET", "/api/campsites");
    const campsiteId = present((list.campsites as Campsite[])[0], "a public campsite").id;

    const empty = await api("POST", "/api/bookings", {});
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe("invalid_input");
    expect(Object.keys(empty.body.details.fieldErrors)).toEqual(
      expect.arrayContaining(["campsiteId", "checkIn", "checkOut", "firstName", "email"]),
    );
    const badEmail = await api("POST", "/api/bookings", {
      campsiteId,
      checkIn: "2099-01-01",
      checkOut: "2099-01-03",
      guests: 2,
      firstName: "A",
      lastName: "B",
      email: "no-at-sign",
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.details.fieldErrors.email).toBe(
      "Please fill in all required guest details with a valid email.",
    );
    const reversed = await api("POST", "/api/quote", {
      campsiteId,
      checkIn: "2099-01-03",
      checkOut: "2099-01-01",
      guests: 2,
    });
    expect(reversed.body.error).toContain("Please select valid check-in and check-out dates.");
    expect((await api("POST", "/api/quote", "{not json")).status).toBe(400);
    expect((await api("GET", "/api/campsites/not-an-id/availability")).status).toBe(400);
    expect(
      (await api("GET", `/api/campsites/${campsiteId}/availability?from=2026-02-30`)).status,
    ).toBe(400);
    const unknown = await api(
      "GET",
      "/api/campsites/7b0c5a8e-3f43-4a56-9a8f-0c1d2e3f4a5b/availability",
    );
    expect(unknown).toMatchObject({
      status: 404,
      body: { error: "Campsite not found. Please try again." },
    });
    expect((await api("POST", "/api/payments/verify", { sessionId: "cs_nothing" })).status).toBe(
      404,
    );
    // A held booking answers only with its secret; an unknown one is not found.
    const unknownBooking = "/api/bookings/7b0c5a8e-3f43-4a56-9a8f-0c1d2e3f4a5b/payment";
    expect((await api("POST", unknownBooking)).status).toBe(400);
    const accepted = { acceptPolicy: true, policy: "Any", termsVersion: "any" };
    expect((await api("POST", unknownBooking, accepted, { "x-hold-secret": "nope" })).status).toBe(
      404,
    );
    // No card provider is configured here: the webhook does not exist.
    expect((await api("POST", "/api/webhooks/stripe", "{}")).status).toBe(404);
  });

  it("validates codes and cards in the spec's shapes, and rate limits guessing", async () => {
    const code = await api("POST", "/api/discount-codes/validate", {
      code: "creek20",
      bookingAmount: 5000,
    });
    expect(code.body).toEqual({
      valid: false,
      error: "This discount code needs a booking of at least $100.00",
    });
    const card = await api("POST", "/api/prepaid-cards/validate", { cardNumber: "pc00000001demo" });
    expect(card.body).toEqual({
      valid: true,
      prepaidCard: { id: expect.any(String), balance: 5000 },
    });
    let limited: { status: number; body: { code: string } } | undefined;
    for (let i = 0; i < 40 && !limited; i++) {
      const res = await api("POST", "/api/prepaid-cards/validate", {
        cardNumber: `PC0000000${i}GUES`,
      });
      if (res.status === 429) limited = res;
      else expect(res.body).toEqual({ valid: false, error: "Invalid or inactive prepaid card" });
    }
    expect(limited?.body.code).toBe("rate_limited");
    // A quote carrying a code counts against the same limit; one without a code does not.
    expect((await api("POST", "/api/quote", { discountCode: "GUESS1" })).status).toBe(429);
    expect((await api("POST", "/api/quote", {})).status).toBe(400);
  });
});
