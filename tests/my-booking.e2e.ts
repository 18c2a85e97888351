// The camper's own booking page end to end, on the production build: a stay
// booked and paid through the test checkout; 'Manage your booking' on the
// result page; the page with its weekdays, the cancellation policy, the
// invoice and the calendar file; the camper cancels more than 7 days ahead
// and sees the full refund; the farm sees the booking cancelled and its
// payment refunded; a made-up token is the site's 404 page.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatLongDay } from "#domain/format/long-day.ts";
import { formatMoney } from "#domain/format/money.ts";
import { addDays } from "#domain/rules/dates.ts";
import { present } from "#server/testing/present.ts";
import { expectAccessible, setupBrowser } from "#tests/support/browser.ts";
import { adminContext, apiAt, bookStay, payOnTestCheckout } from "#tests/support/paid-booking.ts";
import { setupOwnServer } from "#tests/support/spawn-server.ts";

const browser = setupBrowser();
const own = setupOwnServer("rcs-my-booking-");

const url = (path: string) => `${own.server().baseURL}${path}`;
const api = apiAt(() => own.server().baseURL);

type Booked = { reference: string; checkIn: string; checkOut: string; paidCents: number };

/** A two-night stay 50 days ahead, booked through the API; the test checkout's address. */
async function bookStayAhead(): Promise<{ booked: Booked; checkoutUrl: string }> {
  const { booking, checkoutUrl } = await bookStay(api, {
    firstName: "Noor",
    lastName: "Haddad",
    email: "noor.haddad@example.com",
  });
  const { bookingReference: reference, checkIn, checkOut, finalAmountCents: paidCents } = booking;
  return { booked: { reference, checkIn, checkOut, paidCents }, checkoutUrl };
}

const collectErrors = (page: Page) => {
  const errors: string[] = [];
  page.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
};

describe("the camper's own booking page", () => {
  let booked: Booked;
  let token: string;

  it("opens from 'Manage your booking' and shows the stay, what was paid, the policy and the invoice", async () => {
    const stay = await bookStayAhead();
    booked = stay.booked;
    // A phone's width: the page must fit at 375 px.
    const context = await browser().newContext({
      baseURL: own.server().baseURL,
      viewport: { width: 375, height: 812 },
    });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await payOnTestCheckout(page, stay.checkoutUrl);
    await page.getByRole("link", { name: "Manage your booking" }).click();
    await page.waitForURL("**/my-booking/*");
    token =
      present(page.url().match(/\/my-booking\/([\w-]+)$/), "the token in the address")[1] ?? "";

    await page.getByRole("heading", { level: 1, name: "Your Booking" }).waitFor();
    const text = (await page.locator("main").textContent()) ?? "";
    expect(text).toContain(booked.reference);
    expect(text).toContain(formatLongDay(booked.checkIn));
    expect(text).toContain(formatLongDay(booked.checkOut));
    expect(text).toMatch(
      /(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d+ \w+ \d{4}/,
    );
    expect(text).toContain("Check-in 12–5pm (all arrivals by 6:00pm)");
    expect(text).toContain("Check-out by 10am");
    expect(text).toContain(
      `Full refund if you cancel by ${formatLongDay(addDays(booked.checkIn, -7))}; no refund after that.`,
    );
    expect(text).toContain("GST included in total");
    expect(text).toContain("83 Rocky Creek Road");
    await expect(
      page.getByRole("link", { name: "View your tax invoice" }).getAttribute("href"),
    ).resolves.toBe(`/my-booking/${token}/invoice`);
    const calendarHref = present(
      await page.getByRole("link", { name: "Add to calendar" }).getAttribute("href"),
      "the calendar link",
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await expectAccessible(page);

    const ics = await fetch(url(calendarHref));
    expect(ics.headers.get("content-type")).toMatch(/^text\/calendar/);
    expect(await ics.text()).toContain(booked.reference);
    const res = await fetch(url(`/my-booking/${token}`));
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.text()).toMatch(/<meta name="robots" content="noindex"/);
    // What a form did is said only when it is so: this stay was never changed nor cancelled.
    for (const done of ["changed", "changed&version=0", "changed&version=1", "cancelled"]) {
      const html = await (await fetch(url(`/my-booking/${token}?done=${done}`))).text();
      expect(html, done).toContain(booked.reference);
      expect(html, done).not.toContain("has been changed");
      expect(html, done).not.toContain("Booking Cancelled");
    }

    // More than 7 days ahead: the dialog states the full refund before the camper confirms.
    await page.getByRole("button", { name: "Cancel booking" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel this booking?" });
    await expect(dialog.textContent()).resolves.toContain(
      `If you cancel now, you get a full refund: ${formatMoney(booked.paidCents)} back to your card.`,
    );
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Yes, cancel my booking" }).click();
    const status = page.getByRole("status").filter({ hasText: "Booking Cancelled" });
    await status.waitFor();
    await expect(status.textContent()).resolves.toContain(
      `${formatMoney(booked.paidCents)} refunded to the card`,
    );
    await expect(page.getByRole("button", { name: "Cancel booking" }).count()).resolves.toBe(0);
    expect(new URL(page.url()).search).toBe("?done=cancelled");
    expect(await page.locator("main").textContent()).toContain("Cancelled");
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("shows the farm the booking cancelled and its payment refunded", async () => {
    const context = await adminContext(browser(), own.server().baseURL);
    const page = await context.newPage();
    // The search in the address, as the screen's own search box keeps it.
    await page.goto(`/admin/bookings?q=${encodeURIComponent(booked.reference)}`);
    await expect(page.locator("tbody tr").count()).resolves.toBe(1);
    await expect(page.locator("tbody tr").first().textContent()).resolves.toContain("Cancelled");
    await page.goto(`/admin/payments?q=${encodeURIComponent(booked.reference)}`);
    await expect(page.locator("tbody").textContent()).resolves.toContain("Refunded");
    await context.close();
  });

  it("is the site's 404 page for a made-up token, and so is cancelling at one", async () => {
    const context = await browser().newContext({ baseURL: own.server().baseURL });
    const page = await context.newPage();
    for (const made of ["Zm9yZ2VkLXRva2VuLXRoYXQtaXMtbG9uZy1lbm91Z2g", "nope"]) {
      const res = await page.goto(`/my-booking/${made}`);
      expect(res?.status()).toBe(404);
      // Kept out of caches as the page is: a token, even a wrong one, is a secret.
      expect(res?.headers()["cache-control"]).toBe("no-store");
      const data = await fetch(url(`/my-booking/${made}.data`));
      expect([data.status, data.headers.get("cache-control")]).toEqual([404, "no-store"]);
      await page.getByRole("heading", { name: "Oops! We couldn't find that page" }).waitFor();
      expect((await fetch(url(`/my-booking/${made}/calendar.ics`))).status).toBe(404);
      // A cancellation, a form the page would refuse, an unknown intent: all the 404 page.
      for (const body of ["intent=cancel", "intent=change-preview&checkIn=x", "intent=other"]) {
        const posted = await fetch(url(`/my-booking/${made}`), {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            origin: own.server().baseURL,
          },
          body,
        });
        expect(posted.status, body).toBe(404);
        expect(posted.headers.get("cache-control"), body).toBe("no-store");
      }
      const json = await fetch(url(`/my-booking/${made}`), {
        method: "POST",
        headers: { "content-type": "application/json", origin: own.server().baseURL },
        body: JSON.stringify({ intent: "cancel" }),
      });
      expect(json.status, "a JSON body").toBe(404);
    }
    await context.close();
  });

  it("refuses a visitor who keeps guessing tokens, saying when to try again", async () => {
    const cancelAt = (at: string) =>
      fetch(url(`/my-booking/${at}`), {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: own.server().baseURL,
        },
        body: "intent=cancel",
      });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await cancelAt("Zm9yZ2VkLXRva2VuLXRoYXQtaXMtbG9uZy1lbm91Z2g")).status);
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s !== 429 && s !== 404)).toEqual([]);
    // Even at the camper's own page, until the window ends: and the answer says when.
    const refused = await cancelAt(token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
