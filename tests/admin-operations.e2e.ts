// The owners' daily work in a real browser: sign-in and its gate, the
// dashboard, finding and cancelling bookings, live updates, blocking a day;
// and every admin call refused without an administrator's session.
import { format, parseISO } from "date-fns";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import { present } from "#server/testing/present.ts";
import {
  baseURL,
  expectAccessible,
  openPage,
  setupBrowser,
  viewports,
} from "#tests/support/browser.ts";
import { addSessionCookie, sessionCookie, signedInCookie } from "#tests/support/sessions.ts";

const browser = setupBrowser();
const { admin, camper } = inject("accounts");

/** A browser already signed in as the administrator (through the API, not the form). */
async function adminPage(
  viewport: { width: number; height: number } = viewports.desktop,
  { ownSession = false } = {},
) {
  const opened = await openPage(browser(), viewport);
  const cookie = ownSession
    ? await signedInCookie(admin.email, admin.password)
    : await sessionCookie(admin.email, admin.password);
  await addSessionCookie(opened.context, cookie);
  return opened;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  const form = page.getByRole("tabpanel", { name: "Sign In" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
}

/** A pending booking made through the public API, as a camper's browser does. */
async function bookAsCamper(lastName: string, fromToday: number) {
  const { campsites } = await (await fetch(`${baseURL()}/api/campsites`)).json();
  const checkIn = addDays(farmToday(), fromToday);
  const res = await fetch(`${baseURL()}/api/bookings`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      campsiteId: campsites[0].id,
      checkIn,
      checkOut: addDays(checkIn, 2),
      guests: 2,
      firstName: "Jo",
      lastName,
      email: `jo.${lastName.toLowerCase()}@example.com`,
    }),
  });
  expect(res.status).toBe(201);
  return (await res.json()).booking as { id: string; bookingReference: string };
}

describe("who may use the admin API", () => {
  const adminCalls = (bookingId: string) => [
    { method: "GET", path: "/api/admin/live" },
    { method: "GET", path: "/api/admin/dashboard" },
    { method: "GET", path: "/api/admin/bookings" },
    { method: "GET", path: `/api/admin/bookings/${bookingId}` },
    { method: "POST", path: `/api/admin/bookings/${bookingId}/cancel`, body: {} },
    { method: "POST", path: `/api/admin/bookings/${bookingId}/notification`, body: {} },
    { method: "GET", path: "/api/admin/calendar" },
    {
      method: "PUT",
      path: "/api/admin/blocked-dates",
      body: { date: addDays(farmToday(), 30), blocked: true },
    },
  ];
  const call = (c: { method: string; path: string; body?: object }, cookie?: string) =>
    fetch(`${baseURL()}${c.path}`, {
      method: c.method,
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: c.body ? JSON.stringify(c.body) : undefined,
    });

  it("answers 401 without a session and 403 to a signed-in non-admin, changing nothing", async () => {
    const booking = await bookAsCamper("Guarded", 70);
    const camperCookie = await sessionCookie(camper.email, camper.password);
    for (const c of adminCalls(booking.id)) {
      expect((await call(c)).status, `${c.method} ${c.path}`).toBe(401);
      expect((await call(c, camperCookie)).status, `${c.method} ${c.path}`).toBe(403);
    }
    const adminCookie = await sessionCookie(admin.email, admin.password);
    const details = await (
      await call(present(adminCalls(booking.id)[3], "the booking details call"), adminCookie)
    ).json();
    expect(details.booking.status).toBe("pending");
    expect(details.booking.history).toEqual([]);
  });

  it("sends the admin screens to /login without a session", async () => {
    for (const path of ["/admin", "/admin/bookings", "/admin/calendar", "/admin/no-such-screen"]) {
      const res = await fetch(`${baseURL()}${path}`, { redirect: "manual" });
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location"), path).toBe("/login");
    }
  });

  it("refuses the screens' own actions without an administrator's session", async () => {
    const booking = await bookAsCamper("Untouched", 74);
    const form = new URLSearchParams({ intent: "cancel", bookingId: booking.id });
    const anonymous = await fetch(`${baseURL()}/admin/bookings.data`, {
      method: "POST",
      body: form,
      redirect: "manual",
    });
    // React Router's data requests answer a redirect as 202 with its target in the body.
    expect(anonymous.status).toBe(202);
    expect(await anonymous.text()).toContain("/login");
    const asCamper = await fetch(`${baseURL()}/admin/bookings.data`, {
      method: "POST",
      body: form,
      headers: { cookie: await sessionCookie(camper.email, camper.password) },
      redirect: "manual",
    });
    expect(asCamper.status).toBe(403);
    const adminCookie = await sessionCookie(admin.email, admin.password);
    const res = await fetch(`${baseURL()}/api/admin/bookings/${booking.id}`, {
      headers: { cookie: adminCookie },
    });
    expect((await res.json()).booking.status).toBe("pending");
  });
});

/** Asks for a reset link for an unknown address: the same answer, in words and as a toast. */
async function askForResetLink(page: Page) {
  await page.getByLabel("Email").fill("nobody-here@example.com");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await page.getByRole("status").getByText("a link to reset its password is on its way").waitFor();
  await page.locator('[data-toast="success"]').getByText("Check your email").waitFor();
}

describe("signing in", () => {
  it("turns a non-admin away with 'Access Denied' and leaves them signed out", async () => {
    const { page, context, consoleErrors } = await openPage(browser());
    await signIn(page, camper.email, camper.password);
    await page.getByText("You don't have admin privileges.").waitFor();
    await expect(page.getByText("Access Denied").isVisible()).resolves.toBe(true);
    expect(new URL(page.url()).pathname).toBe("/login");
    await page.goto("/admin");
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(consoleErrors.filter((e) => !e.includes("403"))).toEqual([]);
    await context.close();
  });

  it("says when the passwords of a sign-up do not match, and confirms a sign-up by email", async () => {
    const { page, context } = await openPage(browser());
    await page.goto("/login");
    await page.getByRole("tab", { name: "Sign Up" }).click();
    const form = page.getByRole("tabpanel", { name: "Sign Up" });
    await form.getByLabel("Email").fill("new.camper@example.com");
    await form.getByLabel("Password", { exact: true }).fill("a-long-password");
    await form.getByLabel("Confirm password").fill("another-password");
    await form.getByRole("button", { name: "Sign Up" }).click();
    await page.getByText("Passwords do not match").waitFor();
    await expect(page.getByText("Password Mismatch").isVisible()).resolves.toBe(true);

    await form.getByLabel("Confirm password").fill("a-long-password");
    await form.getByRole("button", { name: "Sign Up" }).click();
    await page.getByText("Please check your email to confirm your account.").waitFor();
    await expect(
      page.getByRole("tab", { name: "Sign In" }).getAttribute("aria-selected"),
    ).resolves.toBe("true");
    // Unconfirmed, the new account cannot sign in.
    await signIn(page, "new.camper@example.com", "a-long-password");
    await page.getByText("Sign In Failed").waitFor();
    await context.close();
  });

  it("shows the 'Admin Login' gate to a signed-in non-admin inside /admin, and lets an administrator in there", async () => {
    const { page, context } = await openPage(browser());
    const cookie = await sessionCookie(camper.email, camper.password);
    await addSessionCookie(context, cookie);
    await page.goto("/admin/bookings");
    await page.getByRole("heading", { name: "Admin Login" }).waitFor();
    await page.getByText("You don't have admin privileges.").waitFor();
    // The non-admin's session has ended on the server.
    const res = await fetch(`${baseURL()}/api/admin/dashboard`, { headers: { cookie } });
    expect(res.status).toBe(401);

    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Password").fill(admin.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByText("Welcome Admin").waitFor();
    await page.getByRole("heading", { name: "Bookings", level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/bookings");
    await context.close();
  });

  it("sends a password reset link without saying whether the account exists", async () => {
    const { page, context, consoleErrors } = await openPage(browser());
    await page.goto("/login");
    await expectAccessible(page);
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.waitForURL("**/forgot-password");
    // Rendered by the React Router app here, the answer's toast shows all the same.
    await askForResetLink(page);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("asks for a reset link on a page opened by itself, without React Router's scripts", async () => {
    const { page, context, consoleErrors } = await openPage(browser(), viewports.phone);
    await page.goto("/forgot-password");
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    await page.getByRole("button", { name: "Send reset link" }).click();
    // The browser's own form post: the server's answer names the field, its toast says why.
    await page.locator('[data-toast="error"]').getByText("Email is required.").waitFor();
    await askForResetLink(page);
    // Chromium reports the refused post's own status (400) as an error; anything else is one.
    expect(consoleErrors.filter((e) => !e.includes("status of 400"))).toEqual([]);
    await context.close();
  });

  it("refuses a wrong password with the server's message", async () => {
    const { page, context } = await openPage(browser());
    await signIn(page, admin.email, "not-the-password");
    await page.getByText("Invalid email or password").waitFor();
    await expect(page.getByText("Sign In Failed").isVisible()).resolves.toBe(true);
    await context.close();
  });
});

describe("an administrator's day", () => {
  it("signs in, sees the demo data on the dashboard, and keeps the session across a reload", async () => {
    const { page, context, consoleErrors } = await openPage(browser());
    await signIn(page, admin.email, admin.password);
    await page.waitForURL("**/admin");
    await page.getByText("Welcome back!").waitFor();
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Dashboard");
    for (const card of [
      "Total Bookings",
      "Total Earnings",
      "Upcoming Bookings",
      "Occupancy Rate",
    ]) {
      await expect(
        page.getByRole("heading", { name: card, level: 2, exact: true }).isVisible(),
      ).resolves.toBe(true);
    }
    // The demo data has paid stays starting in the coming days.
    await expect(
      page.getByRole("heading", { name: "Upcoming Bookings" }).isVisible(),
    ).resolves.toBe(true);
    await expect(page.getByText("No upcoming bookings in the next 7 days").count()).resolves.toBe(
      0,
    );
    await expect(page.getByText(admin.email).first().isVisible()).resolves.toBe(true);
    // The toast goes after 5 seconds; the page is checked without it.
    await page.locator("[data-sonner-toast]").waitFor({ state: "detached", timeout: 10_000 });
    await expectAccessible(page);

    await page.reload();
    expect(new URL(page.url()).pathname).toBe("/admin");
    // A signed-in administrator who opens /login is sent back to /admin.
    await page.goto("/login");
    expect(new URL(page.url()).pathname).toBe("/admin");
    await page.goto("/admin/somewhere-else");
    expect(new URL(page.url()).pathname).toBe("/admin");
    await page.locator('[data-live-status="live"]').waitFor();

    // The session ends elsewhere (say, signed out on another device): the next screen asks to sign in.
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const out = await fetch(`${baseURL()}/api/auth/sign-out`, {
      method: "POST",
      headers: { cookie, origin: baseURL(), "content-type": "application/json" },
      body: "{}",
    });
    expect(out.status).toBe(200);
    await page.getByRole("link", { name: "Bookings" }).click();
    await page.waitForURL("**/login");
    expect(consoleErrors, consoleErrors.join("\n")).toEqual([]);
    await context.close();
  });

  it("finds a booking by reference and cancels it while pending", async () => {
    const booking = await bookAsCamper("Cancelme", 80);
    const { page, context, consoleErrors } = await adminPage();
    await page.goto("/admin");
    await page.getByRole("link", { name: "Bookings" }).click();
    await page.getByLabel("Search bookings").fill(booking.bookingReference);
    await page.waitForURL(`**/admin/bookings?q=${booking.bookingReference}`);
    const rows = page.locator("tbody tr");
    // The address changes before React has rendered the new rows.
    await expect.poll(() => rows.count()).toBe(1);
    await expect(rows.first().textContent()).resolves.toContain("Jo Cancelme");
    await expect(rows.first().textContent()).resolves.toContain("Pending");
    // The hold counts down as m:ss (5:00 in its first second, counted up to whole seconds).
    await expect(rows.first().locator("time").textContent()).resolves.toMatch(
      /^(?:[0-4]:[0-5]\d|5:00)$/,
    );
    await expectAccessible(page);

    await page.getByRole("button", { name: `View booking ${booking.bookingReference}` }).click();
    await page
      .getByRole("dialog", { name: "Booking details" })
      .getByText("jo.cancelme@example.com")
      .waitFor();
    await page.keyboard.press("Escape");
    await page
      .getByRole("button", { name: `Email booking ${booking.bookingReference} to the guest` })
      .click();
    await page.getByText("Notification Sent").waitFor();

    await page.getByRole("button", { name: `Cancel booking ${booking.bookingReference}` }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Cancel booking" }).click();
    await page.getByText("Booking Cancelled").waitFor();
    await page.getByRole("cell", { name: "Cancelled" }).waitFor();
    await expect(
      page.getByRole("button", { name: `Cancel booking ${booking.bookingReference}` }).count(),
    ).resolves.toBe(0);

    await page.getByRole("link", { name: "Cancelled" }).click();
    await page.waitForURL("**status=cancelled**");
    await expect.poll(() => page.locator("tbody tr").count()).toBe(1);
    await page.getByLabel("Search bookings").fill("no such guest anywhere");
    await page.getByText("No bookings found matching your criteria").waitFor();
    expect(consoleErrors, consoleErrors.join("\n")).toEqual([]);
    await context.close();
  });

  it("shows a booking made in another browser without a reload", async () => {
    const { page, context } = await adminPage();
    await page.goto("/admin/bookings");
    await page.locator('[data-live-status="live"]').waitFor();
    const marker = await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 42;
      return 42;
    });

    // The camper books in a browser of their own.
    const camperBrowser = await openPage(browser(), viewports.phone);
    await camperBrowser.page.goto("/");
    const checkIn = addDays(farmToday(), 90);
    const made = await camperBrowser.page.evaluate(
      async ({ checkIn, checkOut }) => {
        const { campsites } = await (await fetch("/api/campsites")).json();
        const res = await fetch("/api/bookings", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            campsiteId: campsites[1].id,
            checkIn,
            checkOut,
            guests: 2,
            firstName: "Lee",
            lastName: "Liveview",
            email: "lee@example.com",
          }),
        });
        return (await res.json()).booking as { bookingReference: string };
      },
      { checkIn, checkOut: addDays(checkIn, 2) },
    );
    await page.getByText(made.bookingReference).waitFor({ timeout: 10_000 });
    // Still the same page: no reload happened.
    await expect(
      page.evaluate(() => (window as unknown as { marker?: number }).marker),
    ).resolves.toBe(marker);
    await camperBrowser.context.close();
    await context.close();
  });

  it("blocks a day for every campsite, which closes it to campers, and unblocks it", async () => {
    const day = addDays(farmToday(), 20);
    const month = day.slice(0, 7);
    const { campsites } = await (await fetch(`${baseURL()}/api/campsites`)).json();
    const unavailable = async () => {
      const res = await fetch(
        `${baseURL()}/api/campsites/${campsites[0].id}/availability?from=${day}&to=${addDays(day, 1)}`,
      );
      return (await res.json()).unavailableDates as string[];
    };
    const { page, context, consoleErrors } = await adminPage();
    await page.goto(`/admin/calendar?month=${month}`);
    await expect(page.getByRole("heading", { level: 2 }).first().textContent()).resolves.toBe(
      format(parseISO(day), "MMMM yyyy"),
    );
    const label = format(parseISO(day), "EEE d MMM yyyy");
    const cell = page.getByRole("button", { name: new RegExp(`^${label}:`) });
    const name = () => cell.evaluate((el) => el.textContent ?? "");
    await expect(name()).resolves.toContain("Block for all campsites");
    await expectAccessible(page);

    await cell.click();
    await page.getByText("Date Blocked").waitFor();
    await page
      .getByRole("button", { name: new RegExp(`^${label}: Blocked.*Unblock for all campsites`) })
      .waitFor();
    expect(await unavailable()).toContain(day);

    await cell.click();
    await page.getByText("Date Unblocked").waitFor();
    await page
      .getByRole("button", { name: new RegExp(`^${label}:.*Block for all campsites`) })
      .waitFor();
    expect(consoleErrors, consoleErrors.join("\n")).toEqual([]);
    await context.close();
  });

  it("works on a phone: the menu opens the other screens, and log-out ends the session on the server", async () => {
    const { page, context } = await adminPage(viewports.phone, { ownSession: true });
    await page.goto("/admin");
    await page.getByRole("button", { name: "Menu" }).click();
    const menu = page.getByRole("dialog", { name: "Admin menu" });
    await menu.getByRole("link", { name: "Calendar" }).click();
    await page.waitForURL("**/admin/calendar");
    await expect(menu.count()).resolves.toBe(0);

    const cookies = await context.cookies();
    const cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    expect((await fetch(`${baseURL()}/api/admin/dashboard`, { headers: { cookie } })).status).toBe(
      200,
    );

    await page.goto("/admin/bookings");
    await page.locator("tbody tr").first().waitFor();
    await expectAccessible(page);

    await page.getByRole("button", { name: "Menu" }).click();
    await page
      .getByRole("dialog", { name: "Admin menu" })
      .getByRole("button", { name: "Log Out" })
      .click();
    await page.waitForURL("**/login");
    await page.getByText("Logged Out").waitFor();
    // The old cookie is worthless now, even if someone kept a copy.
    expect((await fetch(`${baseURL()}/api/admin/dashboard`, { headers: { cookie } })).status).toBe(
      401,
    );
    await page.goto("/admin");
    expect(new URL(page.url()).pathname).toBe("/login");
    await context.close();
  });
});
