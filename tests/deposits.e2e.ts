// Deposits (issue 31, item 1) in Chromium on the production build, as the
// issue checks them: the owner asks a 30% deposit for stays more than 30 days
// ahead; a camper books 60 days out, reads "Pay $X today, then $Y on ..." on
// step 3 and pays 30% on the test checkout, keeping a card; another keeps a
// card that will be declined. The server is then started again on the same
// data with its clock on the balance's due day (faketime): the balance worker
// charges the first, which shows in Payments, Reports and a receipt; the
// second camper is emailed a link to pay, and pays by it.
import { rmSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatLongDay } from "#domain/format/long-day.ts";
import { formatMoney } from "#domain/format/money.ts";
import { addDays, farmInstant } from "#domain/rules/dates.ts";
import { present } from "#server/testing/present.ts";
import { type ReceivedMail, type SmtpSink, startSmtpSink } from "#server/testing/smtp-sink.ts";
import { holdThroughSteps } from "#tests/support/booking-pages.ts";
import { setupBrowser } from "#tests/support/browser.ts";
import { freshDataDir } from "#tests/support/data-template.ts";
import { adminContext, apiAt, firstFreeStay } from "#tests/support/paid-booking.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";

const browser = setupBrowser();
const dataDir = freshDataDir("rcs-deposits-");
let sink: SmtpSink | undefined;
let server: RunningServer | undefined;
const base = () => present(server, "the server").baseURL;
const api = apiAt(base);

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await spawnServer(dataDir, { SMTP_URL: sink.url });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await sink?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The text part of a mail, its quoted-printable soft breaks and escapes undone. */
const textOf = (mail: ReceivedMail) =>
  mail.raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
const mailFor = (subject: string) =>
  present(sink, "the sink").waitFor((m) => textOf(m).includes(subject), 60_000);

async function setDeposit(page: Page) {
  await page.goto("/admin/settings");
  await page.getByRole("radio", { name: /A percentage deposit/ }).check();
  await page.getByLabel("Deposit (%)").fill("30");
  await page.getByLabel("Stays starting more than (days ahead)").fill("30");
  await page.getByLabel("Balance due (days before arrival)").fill("14");
  await page.getByRole("button", { name: "Save All Settings" }).click();
  await page.getByText("Settings saved").first().waitFor();
}

/** Steps 1 to 3 in the browser, then Pay on the test checkout with the card chosen; the camper's page. */
async function bookWithDeposit(
  browser: Browser,
  stay: { campsiteId: string; checkIn: string; checkOut: string },
  guest: { first: string; last: string; email: string },
  card: RegExp,
) {
  const context = await browser.newContext({ baseURL: base() });
  const page = await context.newPage();
  await holdThroughSteps(page, stay, guest);
  const plan = await page.getByTestId("payment-plan").textContent();
  // The price's total is the stay's; the plan says what is paid today.
  await page.getByText("Total for the stay", { exact: true }).waitFor();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await page.getByText("Card kept for the balance").waitFor();
  await page.getByRole("radio", { name: card }).check();
  await page.getByRole("button", { name: /^Pay .* \(test\)$/ }).click();
  await page.getByRole("heading", { name: "Booking Confirmed!" }).waitFor();
  const paid = await page.locator("main").textContent();
  const manage = present(
    await page.getByRole("link", { name: "Manage your booking" }).getAttribute("href"),
    "the camper's page",
  );
  await context.close();
  return { plan, paid, manage };
}

describe("a deposit now and the balance on its due day", { timeout: 300_000 }, () => {
  it("takes 30% at booking, charges the rest on the due day, and sends a link when a card is declined", async () => {
    const owner = await (await adminContext(browser(), base())).newPage();
    await setDeposit(owner);
    await owner.context().close();

    const { body: list } = await api("GET", "/api/campsites");
    const campsite = present(list.campsites[0] as { id: string } | undefined, "a campsite");
    const { body: availability } = await api("GET", `/api/campsites/${campsite.id}/availability`);
    const checkIn = firstFreeStay(
      availability.unavailableDates,
      addDays(availability.today, 60),
      5,
    );
    const first = { campsiteId: campsite.id, checkIn, checkOut: addDays(checkIn, 2) };
    const second = { ...first, checkIn: addDays(checkIn, 3), checkOut: addDays(checkIn, 5) };
    const quote = await api("POST", "/api/quote", { ...first, guests: 2 });
    const total = quote.body.finalAmountCents as number;
    const deposit = Math.round(total * 0.3);
    const dueOn = addDays(checkIn, -14);

    const paying = await bookWithDeposit(
      browser(),
      first,
      { first: "Della", last: "Deposit", email: "della@example.com" },
      /A card that pays the balance/,
    );
    expect(paying.plan).toBe(
      `Pay ${formatMoney(deposit)} today, then ${formatMoney(total - deposit)} on ${formatLongDay(dueOn)}.`,
    );
    expect(paying.paid).toContain(
      `Total for the stay${formatMoney(total)}Deposit paid today${formatMoney(deposit)}`,
    );
    expect(paying.paid).toContain(
      `${formatMoney(total - deposit)}, charged to your card on ${formatLongDay(dueOn)}`,
    );
    const declining = await bookWithDeposit(
      browser(),
      second,
      { first: "Dex", last: "Declined", email: "dex@example.com" },
      /A card declined when the balance is charged/,
    );
    await mailFor(
      `You have paid a deposit of ${formatMoney(deposit)}. The balance of ${formatMoney(total - deposit)} is charged to the card you paid with on ${formatLongDay(dueOn)}.`,
    );

    // The owner sees both balances to come, soonest due first, each to be charged to its card.
    const before = await (await adminContext(browser(), base())).newPage();
    await before.goto("/admin/payments");
    const toCome = before.getByRole("table", { name: "Balances to come, soonest due first" });
    await expect(toCome.getByRole("row").allTextContents()).resolves.toEqual([
      expect.stringContaining("Booking"),
      expect.stringMatching(/Della Deposit.*To be charged to the kept card on the due day\./),
      expect.stringMatching(/Dex Declined.*To be charged to the kept card on the due day\./),
    ]);
    await before.context().close();

    // The same data, the server's clock at 6 am at the farm on the day both balances are due.
    await present(server, "the first server").stop();
    const bothDue = addDays(second.checkIn, -14);
    const ahead = (farmInstant(`${bothDue}T06:00`).getTime() - Date.now()) / 1000;
    server = await spawnServer(
      dataDir,
      { SMTP_URL: present(sink, "the sink").url },
      { clockAheadSeconds: ahead },
    );

    await mailFor(`we have received ${formatMoney(total - deposit)}`);
    const declined = textOf(await mailFor("We could not charge the balance"));
    expect(declined).toContain("Your card was declined.");
    const link = present(/\/my-booking\/[\w-]+\/pay/.exec(declined)?.[0], "the link to pay");
    expect(link).toBe(`${declining.manage}/pay`);

    // The camper's page: both payments with their receipts; the balance's receipt.
    const camper = await (await browser().newContext({ baseURL: base() })).newPage();
    await camper.goto(paying.manage);
    await camper.getByRole("link", { name: /^Receipt RCT-BK\d+-1$/ }).waitFor();
    await camper.getByRole("link", { name: /^Receipt RCT-BK\d+-2$/ }).click();
    await camper.getByRole("heading", { name: "Payment Receipt" }).waitFor();
    expect(await camper.getByTestId("receipt-amount").textContent()).toBe(
      `Amount received: ${formatMoney(total - deposit)}`,
    );
    await expect(camper.locator("main").textContent()).resolves.toContain("Balance of the stay");

    // The declined camper pays by the link.
    await camper.goto(link);
    // What the deposit paid is taken off: the page asks for the balance alone.
    await expect(camper.locator("main").textContent()).resolves.toContain(
      `Paid so far−${formatMoney(deposit)}To pay${formatMoney(total - deposit)}`,
    );
    await camper
      .getByRole("button", { name: `Pay ${formatMoney(total - deposit)} by card` })
      .click();
    await camper.getByRole("button", { name: /^Pay .* \(test\)$/ }).click();
    const reference = present(/BK\d{6}/.exec(declined)?.[0], "the declined booking's reference");
    await mailFor(`we have received ${formatMoney(total - deposit)} for booking ${reference}`);
    await camper.context().close();

    // Payments and Reports: this month's takings are the two balances, the same on both.
    const admin = await (await adminContext(browser(), base())).newPage();
    await admin.goto("/admin/payments");
    const thisMonth = admin.getByRole("region", { name: "This month" });
    await expect(thisMonth.textContent()).resolves.toContain(formatMoney(2 * (total - deposit)));
    await admin.getByText("No balance is waiting to be paid.").waitFor();
    await admin.goto("/admin/reports");
    const takings = admin
      .getByRole("list", { name: "Money" })
      .getByRole("listitem")
      .filter({ has: admin.getByRole("heading", { name: "Takings", exact: true }) });
    await expect(takings.textContent()).resolves.toContain(formatMoney(2 * (total - deposit)));
    await admin.context().close();
  });
});
