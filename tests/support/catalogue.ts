// Helpers of the admin catalogue end-to-end tests: an administrator's browser
// (signed in once per file through the auth API, its session cookie written
// into each new browser context), the public API, and paying on the built-in
// test checkout as a camper would.

import { randomInt } from "node:crypto";
import type { Browser } from "playwright-core";
import { expect, inject } from "vitest";
import { addDays } from "#domain/rules/dates.ts";
import { present } from "#server/testing/present.ts";
import { baseURL, openPage, viewports } from "./browser";
import { payBody } from "./policy";

type Cookie = { name: string; value: string; url: string };
let adminCookies: Promise<Cookie[]> | undefined;

function signInAdmin(): Promise<Cookie[]> {
  adminCookies ??= (async () => {
    const { admin } = inject("accounts");
    // Each file signs in from an address of its own (the server trusts loopback's proxy
    // header): files that follow each other quickly would otherwise share the sign-in
    // limit of 10 a minute.
    const address = `10.250.${randomInt(256)}.${randomInt(256)}`;
    const res = await fetch(`${baseURL()}/api/auth/sign-in/email`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: baseURL(),
        "x-forwarded-for": address,
      },
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    });
    expect(res.status).toBe(200);
    return res.headers.getSetCookie().map((cookie) => {
      const [pair = ""] = cookie.split(";");
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseURL() };
    });
  })();
  return adminCookies;
}

/** A page of a browser signed in as the e2e administrator. */
export async function openAdminPage(
  browser: Browser,
  viewport: { width: number; height: number } = viewports.desktop,
) {
  const opened = await openPage(browser, viewport);
  await opened.context.addCookies(await signInAdmin());
  return opened;
}

/** The cookie header of the administrator's session, for plain HTTP calls. */
export async function adminCookieHeader(): Promise<string> {
  return (await signInAdmin()).map((c) => `${c.name}=${c.value}`).join("; ");
}

export async function api<T = Record<string, unknown>>(
  method: string,
  pathname: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseURL()}${pathname}`, {
    method,
    headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

export type PublicCampsite = {
  id: string;
  name: string;
  pricePerNightCents: number;
  images: string[];
  amenities: string[];
  capacity: number;
  unitCount: number;
};

export async function publicCampsites(): Promise<PublicCampsite[]> {
  return (await api<{ campsites: PublicCampsite[] }>("GET", "/api/campsites")).body.campsites;
}

/** The first check-in at least `fromToday` days ahead with `nights` free nights in a row. */
export async function freeStay(campsiteId: string, fromToday: number, nights: number) {
  const { body } = await api<{ unavailableDates: string[]; today: string }>(
    "GET",
    `/api/campsites/${campsiteId}/availability`,
  );
  const taken = new Set(body.unavailableDates);
  for (let d = addDays(body.today, fromToday); ; d = addDays(d, 1)) {
    const stay = Array.from({ length: nights }, (_, i) => addDays(d, i));
    if (stay.every((n) => !taken.has(n))) {
      return { campsiteId, checkIn: d, checkOut: addDays(d, nights), guests: 2 };
    }
  }
}

/** Books through the public API and pays on the test checkout in the browser. */
export async function bookAndPay(
  browser: Browser,
  request: Record<string, unknown>,
): Promise<{ id: string; bookingReference: string; finalAmountCents: number }> {
  const created = await api<{
    booking: { id: string; bookingReference: string; finalAmountCents: number };
    holdSecret: string;
  }>("POST", "/api/bookings", request);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const { booking, holdSecret } = created.body;
  const payment = await api<{ url: string }>(
    "POST",
    `/api/bookings/${booking.id}/payment`,
    await payBody(String(request.campsiteId), String(request.checkIn)),
    { "x-hold-secret": holdSecret },
  );
  expect(payment.status).toBe(200);
  const { context, page } = await openPage(browser);
  await page.goto(payment.body.url);
  await page.getByRole("button", { name: /^Pay .* \(test\)$/ }).click();
  await page.waitForURL(/\/booking-success\?session_id=/);
  const sessionId = present(
    new URL(page.url()).searchParams.get("session_id"),
    "the session_id of the success page",
  );
  await context.close();
  const verified = await api<{ status: string }>("POST", "/api/payments/verify", { sessionId });
  expect(verified.body.status).toBe("paid");
  return booking;
}
