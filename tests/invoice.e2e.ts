// The tax invoice end to end, on the production build: a booking paid through
// the test checkout; the confirmation email (over SMTP on loopback) carries
// the guest's invoice link and the PDF; the guest's page and PDF at the
// token, whose text reads back with the guest's name as written (Han included:
// the production build finds its fonts); the farm's copy from the booking's
// details; a made-up token is the site's 404 page; and the page prints on one
// A4 page without the site's frame.
import type { BrowserContext } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { PendingBooking } from "#domain/api/booking.ts";
import { formatMoney } from "#domain/format/money.ts";
import { pdfText } from "#server/testing/poppler.ts";
import { present } from "#server/testing/present.ts";
import type { ReceivedMail } from "#server/testing/smtp-sink.ts";
import { expectAccessible, setupBrowser } from "#tests/support/browser.ts";
import { adminContext, apiAt, bookStay, payOnTestCheckout } from "#tests/support/paid-booking.ts";
import { setupOwnServer } from "#tests/support/spawn-server.ts";

const browser = setupBrowser();
const own = setupOwnServer("rcs-invoice-", { mail: true, env: { WORKERS: "on" } });

const url = (path: string) => `${own.server().baseURL}${path}`;
const api = apiAt(() => own.server().baseURL);

/** A two-night stay with a 10% code, booked through the API and paid in the test checkout. */
async function bookAndPay(): Promise<PendingBooking> {
  const { booking, checkoutUrl } = await bookStay(api, {
    firstName: "Inès",
    lastName: "Voyce 李",
    email: "ines.voyce@example.com",
    discountCode: "WELCOME10",
  });
  const context = await browser().newContext({ baseURL: own.server().baseURL });
  await payOnTestCheckout(await context.newPage(), checkoutUrl);
  await context.close();
  return booking;
}

/** The message's text with quoted-printable soft line breaks joined again. */
const unwrapped = (mail: ReceivedMail) => mail.raw.replace(/=\r?\n/g, "");

const cookieOf = async (context: BrowserContext) =>
  (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");

describe("the tax invoice of a paid booking", () => {
  let paid: PendingBooking;
  let token: string;

  beforeAll(async () => {
    paid = await bookAndPay();
  }, 60_000);

  it("is linked from the confirmation email, which carries the PDF", async () => {
    const mail = await own
      .sink()
      .waitFor(
        (m) =>
          m.raw.includes("Subject: Booking confirmed") && m.raw.includes(paid.bookingReference),
        30_000,
      );
    const text = unwrapped(mail);
    const link = present(
      text.match(
        /Your tax invoice \(also attached as a PDF\): (\S+\/my-booking\/([\w-]+)\/invoice)/,
      ),
      "the invoice link in the email",
    );
    expect(link[1]).toBe(url(`/my-booking/${link[2]}/invoice`));
    token = present(link[2], "the guest token");
    expect(text).toContain(`filename=INV-${paid.bookingReference}.pdf`);
    expect(text).toMatch(/Content-Type: application\/pdf/i);
  });

  it("shows the guest their invoice at the token, private and printable on one A4 page", async () => {
    const res = await fetch(url(`/my-booking/${token}/invoice`));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.text()).toMatch(/<meta name="robots" content="noindex"/);
    // A document the booking does not have is the 404 page, just as private.
    const other = await fetch(url(`/my-booking/${token}/invoice?document=nope`));
    expect(other.status).toBe(404);
    expect(other.headers.get("cache-control")).toBe("no-store");
    expect(other.headers.get("x-robots-tag")).toBe("noindex");

    const context = await browser().newContext({ baseURL: own.server().baseURL });
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on("console", (msg) => msg.type() === "error" && consoleErrors.push(msg.text()));
    page.on("pageerror", (error) => consoleErrors.push(error.message));
    await page.goto(`/my-booking/${token}/invoice`);
    await page.getByRole("heading", { level: 1, name: "Tax Invoice" }).waitFor();
    const main = (await page.locator("[data-invoice]").textContent()) ?? "";
    expect(main).toContain(`INV-${paid.bookingReference}`);
    expect(main).toMatch(/ABN \d{2} \d{3} \d{3} \d{3}/);
    expect(main).toContain("Inès Voyce 李");
    expect(main).toContain("GST included in total");
    await expect(
      page.getByRole("link", { name: "Download PDF" }).getAttribute("href"),
    ).resolves.toBe(`/my-booking/${token}/invoice.pdf`);
    await expectAccessible(page);
    // No React Router scripts on the guest's invoice: its Print button is an island.
    await page.locator('html[data-islands="alive"]').waitFor({ state: "attached" });
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    await page.evaluate(() => {
      window.print = () => document.body.setAttribute("data-printed", "yes");
    });
    await page.getByRole("button", { name: "Print" }).click();
    await page.locator('body[data-printed="yes"]').waitFor({ state: "attached" });
    expect(consoleErrors).toEqual([]);

    // On paper: no site header or footer, no buttons, one A4 page.
    await page.emulateMedia({ media: "print" });
    expect(await page.locator("header").first().isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: "Print" }).isVisible()).toBe(false);
    expect(await page.locator("footer").first().isVisible()).toBe(false);
    const printed = await page.pdf({ format: "A4", preferCSSPageSize: true });
    expect(printed.toString("latin1").match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
    await context.close();

    const pdf = await fetch(url(`/my-booking/${token}/invoice.pdf`));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("cache-control")).toBe("no-store");
    expect(pdf.headers.get("content-disposition")).toBe(
      `attachment; filename="INV-${paid.bookingReference}.pdf"`,
    );
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdfText(bytes)).toContain("Inès Voyce 李");
  });

  it("opens from the booking's details for the farm, with the ABN, every line and GST of one eleventh", async () => {
    const context = await adminContext(browser(), own.server().baseURL);
    const details = await (
      await fetch(url(`/api/admin/bookings/${paid.id}`), {
        headers: { cookie: await cookieOf(context) },
      })
    ).json();
    const booking = details.booking as {
      priceLines: { description: string; amountCents: number }[];
      totalAmountCents: number;
      discountAmountCents: number;
      gstAmountCents: number;
    };
    expect(booking.priceLines.length).toBeGreaterThan(0);

    const page = await context.newPage();
    // The search in the address: typing before the screen hydrates would be lost.
    await page.goto(`/admin/bookings?q=${encodeURIComponent(paid.bookingReference)}`);
    await expect.poll(() => page.locator("tbody tr").count()).toBe(1);
    await page.getByRole("button", { name: `View booking ${paid.bookingReference}` }).click();
    const dialog = page.getByRole("dialog", { name: "Booking details" });
    await dialog.getByRole("link", { name: "Tax Invoice" }).click();
    await page.waitForURL(`**/admin/bookings/${paid.id}/invoice`);
    await page.getByRole("heading", { level: 1, name: "Tax Invoice" }).waitFor();

    const invoice = page.locator("[data-invoice]");
    const text = (await invoice.textContent()) ?? "";
    expect(text).toMatch(/ABN \d{2} \d{3} \d{3} \d{3}/);
    const lines = invoice.getByTestId("invoice-line");
    await expect(lines.count()).resolves.toBe(booking.priceLines.length);
    for (const [i, line] of booking.priceLines.entries()) {
      const row = (await lines.nth(i).textContent()) ?? "";
      expect(row).toContain(line.description);
      expect(row).toContain(formatMoney(line.amountCents));
    }
    const total = booking.totalAmountCents - booking.discountAmountCents;
    const totalRow = invoice.getByRole("row", { name: /^Total \(GST inclusive\)/ });
    await expect(totalRow.textContent()).resolves.toContain(formatMoney(total));
    const gstRow = invoice.getByRole("row", { name: /^GST included in total/ });
    expect(booking.gstAmountCents).toBe(Math.round(total / 11));
    await expect(gstRow.textContent()).resolves.toContain(formatMoney(Math.round(total / 11)));
    await expectAccessible(page);

    const pdf = await fetch(url(`/admin/bookings/${paid.id}/invoice.pdf`), {
      headers: { cookie: await cookieOf(context) },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    await context.close();
  });

  it("is the farm's only: no session goes to /login, and the PDF answers 401", async () => {
    const page = await fetch(url(`/admin/bookings/${paid.id}/invoice`), { redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/login");
    expect((await fetch(url(`/admin/bookings/${paid.id}/invoice.pdf`))).status).toBe(401);
  });
});

describe("a booking cancelled after its invoice was issued", () => {
  it("keeps the invoice as issued and issues an adjustment note, as a page and a PDF", async () => {
    const booking = await bookAndPay();
    const context = await adminContext(browser(), own.server().baseURL);
    const cookie = await cookieOf(context);
    const details = await (
      await fetch(url(`/api/admin/bookings/${booking.id}`), { headers: { cookie } })
    ).json();
    const { finalAmountCents } = details.booking as { finalAmountCents: number };
    const cancelled = await fetch(url(`/api/admin/bookings/${booking.id}/cancel`), {
      method: "POST",
      headers: { cookie, origin: own.server().baseURL, "content-type": "application/json" },
      body: JSON.stringify({ refund: "partial", refundAmountCents: 2000 }),
    });
    expect(cancelled.status).toBe(200);

    const page = await context.newPage();
    await page.goto(`/admin/bookings/${booking.id}/invoice`);
    await page.getByRole("heading", { level: 1, name: "Tax Invoice" }).waitFor();
    const invoice = page.locator("[data-invoice]");
    const totalRow = invoice.getByRole("row", { name: /^Total \(GST inclusive\)/ });
    await expect(totalRow.textContent()).resolves.toContain(formatMoney(finalAmountCents));
    const note = `ADJ-${booking.bookingReference}-1`;
    await page.getByRole("link", { name: `Adjustment Note ${note}` }).click();
    await page.getByRole("heading", { level: 1, name: "Adjustment Note" }).waitFor();
    await page.getByText(`Adjusts Tax Invoice INV-${booking.bookingReference} of`).waitFor();
    const kept = finalAmountCents - 2000;
    const change = invoice.getByRole("row", { name: /^Change/ }).first();
    await expect(change.textContent()).resolves.toContain(`-${formatMoney(2000)}`);
    const after = invoice.getByRole("row", { name: /^Total after this note/ });
    await expect(after.textContent()).resolves.toContain(formatMoney(kept));
    await expectAccessible(page);

    const pdf = await fetch(url(`/admin/bookings/${booking.id}/invoice.pdf?document=${note}`), {
      headers: { cookie },
    });
    expect(pdf.headers.get("content-disposition")).toBe(`attachment; filename="${note}.pdf"`);
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain("Adjustment Note");
    expect(text).toContain(`INV-${booking.bookingReference}`);
    // The refund notice carried the note.
    const mail = await own
      .sink()
      .waitFor(
        (m) => m.raw.includes("Subject: Refund for booking") && m.raw.includes(note),
        30_000,
      );
    expect(mail.raw).toContain(`filename=${note}.pdf`);
    await context.close();
  });
});

describe("an invoice address that leads nowhere", () => {
  it("is the site's 404 page for a made-up or malformed token, and a 404 for its PDF", async () => {
    const context = await browser().newContext({ baseURL: own.server().baseURL });
    const page = await context.newPage();
    for (const token of ["Zm9yZ2VkLXRva2VuLXRoYXQtaXMtbG9uZy1lbm91Z2g", "nope"]) {
      const res = await page.goto(`/my-booking/${token}/invoice`);
      expect(res?.status()).toBe(404);
      expect(res?.headers()["cache-control"]).toBe("no-store");
      expect(res?.headers()["x-robots-tag"]).toBe("noindex");
      await page.getByRole("heading", { name: "Oops! We couldn't find that page" }).waitFor();
      expect(await page.title()).toBe("Page not found");
      expect((await fetch(url(`/my-booking/${token}/invoice.pdf`))).status).toBe(404);
    }
    await context.close();
  });
});
