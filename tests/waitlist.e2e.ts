// The waitlist of full dates (issue 31, item 3), on the production build with
// a server of its own and a mail sink: a campsite full for a stay (every unit
// held, one paid); a camper joins its waitlist under step 1, another by the
// form posted as a document; the farm cancels the paid booking; the first to join is
// emailed first, with a link to step 1 for those dates and one that stops the
// emails; the owner's Waitlist screen shows who waits and who was told.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addDays } from "#domain/rules/dates.ts";
import { present } from "#server/testing/present.ts";
import type { ReceivedMail } from "#server/testing/smtp-sink.ts";
import { expectAccessible, setupBrowser } from "#tests/support/browser.ts";
import { adminContext, apiAt, payOnTestCheckout } from "#tests/support/paid-booking.ts";
import { acceptedPolicy } from "#tests/support/policy.ts";
import { setupOwnServer } from "#tests/support/spawn-server.ts";

const browser = setupBrowser();
const own = setupOwnServer("rcs-waitlist-", { mail: true });
const base = () => own.server().baseURL;
const api = apiAt(base);

type Campsite = { id: string; name: string; unitCount: number };

/** Every unit of the campsite held for the stay, each from an address of its own; the first paid. */
async function fillStay(campsite: Campsite, checkIn: string, checkOut: string) {
  const held: { id: string; checkoutUrl?: string }[] = [];
  for (let i = 0; i < campsite.unitCount; i++) {
    const from = { "x-forwarded-for": `10.77.0.${i + 1}` };
    const created = await api(
      "POST",
      "/api/bookings",
      {
        campsiteId: campsite.id,
        checkIn,
        checkOut,
        guests: 2,
        firstName: "Full",
        lastName: `Camper${i}`,
        email: `full.${i}@example.com`,
      },
      from,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    held.push({ id: created.body.booking.id });
    if (i > 0) continue;
    const { body: availability } = await api("GET", `/api/campsites/${campsite.id}/availability`);
    const payment = await api(
      "POST",
      `/api/bookings/${created.body.booking.id}/payment`,
      acceptedPolicy(availability, checkIn),
      { ...from, "x-hold-secret": created.body.holdSecret },
    );
    expect(payment.status).toBe(200);
    present(held[0], "the first booking").checkoutUrl = payment.body.url;
  }
  return held;
}

/** The text part of a mail, its quoted-printable soft breaks and escapes undone. */
const textOf = (mail: ReceivedMail) =>
  mail.raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));

async function joinUnderStepOne(page: Page, campsiteId: string, stay: object, email: string) {
  await page.goto(`/bookings?campsite=${campsiteId}`);
  await page.getByText("Dates you want are taken? Join the waitlist").click();
  for (const [label, value] of Object.entries({ ...stay, Email: email }))
    await page.getByLabel(label, { exact: true }).last().fill(value);
  await page.getByRole("button", { name: "Join the waitlist" }).click();
}

describe("the waitlist of full dates", () => {
  it("emails those waiting, first to join first, when the farm cancels a booking there", async () => {
    const { body: list } = await api("GET", "/api/campsites");
    const campsite = present(
      (list.campsites as Campsite[]).find((c) => c.unitCount <= 4),
      "a campsite of a few units",
    );
    const { body: availability } = await api("GET", `/api/campsites/${campsite.id}/availability`);
    // A Tuesday-to-Thursday stay well ahead: no long weekend or season in the way.
    let checkIn = addDays(availability.today, 90);
    while (new Date(`${checkIn}T00:00:00Z`).getUTCDay() !== 2) checkIn = addDays(checkIn, 1);
    const checkOut = addDays(checkIn, 2);
    const [paid] = await fillStay(campsite, checkIn, checkOut);
    const camper = await browser().newContext({ baseURL: base() });
    await payOnTestCheckout(await camper.newPage(), present(paid?.checkoutUrl, "the checkout"));

    const page = await camper.newPage();
    // Free dates are for booking, not waiting.
    await joinUnderStepOne(
      page,
      campsite.id,
      { "Check-in": addDays(checkIn, 7), "Check-out": addDays(checkIn, 9) },
      "early@example.com",
    );
    await page.getByText("Those dates are free now: book them instead.").waitFor();
    await page.getByLabel("Check-in", { exact: true }).last().fill(checkIn);
    await page.getByLabel("Check-out", { exact: true }).last().fill(checkOut);
    await page.getByRole("button", { name: "Join the waitlist" }).click();
    await page.getByText("You're on the waitlist.").waitFor();
    await expectAccessible(page);

    // The form is a plain one: posted as a document, the answer is a page of its own.
    const posted = await fetch(`${base()}/waitlist`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: base() },
      body: new URLSearchParams({
        campsiteId: campsite.id,
        checkIn,
        checkOut,
        email: "Later@Example.com",
      }),
    });
    expect(posted.status).toBe(200);
    expect(await posted.text()).toMatch(
      /<h1[^>]*>The waitlist<\/h1>[\s\S]*You&#x27;re on the waitlist\./,
    );

    const owner = await adminContext(browser(), base());
    const cancelled = await owner.request.post(`/api/admin/bookings/${paid?.id}/cancel`, {
      data: { refund: "full" },
      headers: { origin: base() },
    });
    expect(cancelled.status()).toBe(200);

    const sink = own.sink();
    const toWaitlist = (to: string) => (m: ReceivedMail) =>
      m.to.includes(to) && /is free for your dates/.test(m.raw);
    const first = await sink.waitFor(toWaitlist("early@example.com"), 40_000);
    const later = await sink.waitFor(toWaitlist("later@example.com"), 10_000);
    expect(sink.messages.indexOf(first)).toBeLessThan(sink.messages.indexOf(later));
    const text = textOf(first);
    const book = present(text.match(/Book it here: (\S+)/), "the booking link")[1] ?? "";
    expect(book).toBe(
      `${base()}/bookings?campsite=${campsite.id}&checkIn=${checkIn}&checkOut=${checkOut}&guests=2`,
    );
    await page.goto(book);
    await expect
      .poll(() => page.getByLabel("Check-in", { exact: true }).first().textContent())
      .toMatch(/\d/);

    // The owner sees who waits for the stay and who has been told.
    const screen = await owner.newPage();
    await screen.goto("/admin/waitlist");
    const row = screen.getByRole("row", { name: new RegExp(campsite.name) });
    await row.getByText("early@example.com").waitFor();
    await expect(row.getByText(/^Told /).count()).resolves.toBe(2);
    await expectAccessible(screen);

    // The link at the foot stops the emails, on a press.
    const leave = present(text.match(/To stop these emails: (\S+)/), "the stop link")[1] ?? "";
    await page.goto(leave);
    await page.getByText(`${campsite.name},`).waitFor();
    await page.getByRole("button", { name: "Stop these emails" }).click();
    await page.getByText("You will get no more emails about these dates.").waitFor();
    await screen.reload();
    await screen.getByText("later@example.com").waitFor();
    await expect(screen.getByText("early@example.com").count()).resolves.toBe(0);
    await owner.close();
    await camper.close();
  });
});
