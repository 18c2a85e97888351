// For the end-to-end tests that start a server of their own
// (setupOwnServer in ./spawn-server): its public API, a stay booked through
// it and paid on the built-in test checkout, and a browser signed in as the
// administrator.

import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect, inject } from "vitest";
import type { Availability, PendingBooking } from "#domain/api/booking.ts";
import { addDays } from "#domain/rules/dates.ts";
import { present } from "#server/testing/present.ts";
import { acceptedPolicy } from "./policy";

/** The public API of the server at `baseURL`: a JSON body (or a raw string), the status and JSON. */
export function apiAt(baseURL: () => string) {
  return async (method: string, path: string, body?: unknown, headers = {}) => {
    const res = await fetch(`${baseURL()}${path}`, {
      method,
      headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };
}

export type Api = ReturnType<typeof apiAt>;

/** The first check-in from `start` with `nights` free nights in a row. */
export function firstFreeStay(unavailable: string[], start: string, nights = 2): string {
  const taken = new Set(unavailable);
  for (let d = start; ; d = addDays(d, 1)) {
    const stay = Array.from({ length: nights }, (_, i) => addDays(d, i));
    if (stay.every((n) => !taken.has(n))) return d;
  }
}

/**
 * A stay for two at the first campsite (two nights, 50 days ahead or later,
 * unless told), booked through the API for `guest`: the pending booking and
 * the address of its test checkout.
 */
export async function bookStay(
  api: Api,
  guest: { firstName: string; lastName: string; email: string; discountCode?: string },
  {
    /** Nights after the stay that must be free too, for a test that lengthens it. */
    spareNights = 0,
    daysAhead = 50,
    nights = 2,
  } = {},
): Promise<{ booking: PendingBooking; checkoutUrl: string }> {
  const { body: list } = await api("GET", "/api/campsites");
  const campsite = present(list.campsites[0] as { id: string } | undefined, "a campsite");
  const { body: availability } = await api("GET", `/api/campsites/${campsite.id}/availability`);
  const checkIn = firstFreeStay(
    availability.unavailableDates,
    addDays(availability.today, daysAhead),
    nights + spareNights,
  );
  const created = await api("POST", "/api/bookings", {
    campsiteId: campsite.id,
    checkIn,
    checkOut: addDays(checkIn, nights),
    guests: 2,
    ...guest,
  });
  expect(created.status).toBe(201);
  const booking = created.body.booking as PendingBooking;
  const secret = { "x-hold-secret": created.body.holdSecret };
  // The policy of the server the stay is booked on, which may be a test's own.
  const body = acceptedPolicy(availability as Availability, checkIn);
  const payment = await api("POST", `/api/bookings/${booking.id}/payment`, body, secret);
  expect(payment.status).toBe(200);
  return { booking, checkoutUrl: payment.body.url };
}

/** Pays on the test checkout in `page`, as a camper would, up to 'Booking Confirmed!'. */
export async function payOnTestCheckout(page: Page, checkoutUrl: string) {
  await page.goto(checkoutUrl);
  await page.getByRole("button", { name: /^Pay .* \(test\)$/ }).click();
  await page.getByRole("heading", { name: "Booking Confirmed!" }).waitFor();
}

/** A browser context signed in (through the auth API) as the e2e administrator. */
export async function adminContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const { admin } = inject("accounts");
  const res = await fetch(`${baseURL}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseURL },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  expect(res.status).toBe(200);
  const context = await browser.newContext({ baseURL });
  await context.addCookies(
    res.headers.getSetCookie().map((c) => {
      const [name = "", ...value] = (c.split(";")[0] ?? "").split("=");
      return { name, value: value.join("="), url: baseURL };
    }),
  );
  return context;
}
