// Money an accountant can sign (issue 29), walked in the browser on a server
// of its own (it changes the cancellation policy): under a policy of a full
// refund 90 days ahead and half after that, a camper books, makes the stay a
// night longer (paid on the test checkout), takes the night off again (half
// the difference back) and cancels (half back). The invoice keeps its number,
// date and total, with an adjustment note for each change; Payments and
// Reports show the same takings for the month, and Reports counts what the
// cancellation kept.
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { formatMoney } from "#domain/format/money.ts";
import { addDays } from "#domain/rules/dates.ts";
import { setupBrowser, toast } from "#tests/support/browser.ts";
import { apiAt, bookStay, payOnTestCheckout } from "#tests/support/paid-booking.ts";
import { addSessionCookie, signedInCookie } from "#tests/support/sessions.ts";
import { setupOwnServer } from "#tests/support/spawn-server.ts";

const browser = setupBrowser();
const own = setupOwnServer("rcs-money-history-");
const base = () => own.server().baseURL;

async function ownerPage(): Promise<Page> {
  const { admin } = inject("accounts");
  const context = await browser().newContext({
    baseURL: base(),
    viewport: { width: 1400, height: 900 },
  });
  await addSessionCookie(context, await signedInCookie(admin.email, admin.password, base()));
  return context.newPage();
}

/** The first dollar amount in a piece of the page. */
const amountIn = async (text: Promise<string | null>) =>
  /\$[\d,]+\.\d{2}/.exec((await text) ?? "")?.[0];

describe("a stay's money from booking to cancelling", () => {
  it("keeps the invoice as issued with a note per change, and Payments and Reports agree", async () => {
    const owner = await ownerPage();
    await owner.goto("/admin/settings");
    await owner.getByLabel("Days before arrival for a full refund").fill("90");
    await owner.getByLabel("Refund after that (%)").fill("50");
    await owner.getByRole("button", { name: "Save All Settings" }).click();
    await toast(owner, "Settings saved");

    const { booking, checkoutUrl } = await bookStay(
      apiAt(base),
      { firstName: "Aroha", lastName: "Ngāti-Porou 李", email: "aroha@example.com" },
      { spareNights: 1 },
    );
    const context = await browser().newContext({
      baseURL: base(),
      viewport: { width: 375, height: 812 },
    });
    const camper = await context.newPage();
    await payOnTestCheckout(camper, checkoutUrl);
    await camper.getByRole("link", { name: "Manage your booking" }).click();
    await camper.waitForURL("**/my-booking/*");

    // A night more, paid on the test checkout.
    await camper.getByRole("button", { name: "Change dates or guests" }).click();
    await camper.getByLabel("Check-out").fill(addDays(booking.checkOut, 1));
    await camper.getByRole("button", { name: "Check the new price" }).click();
    await camper.getByRole("button", { name: "Pay and change" }).click();
    await camper.waitForURL("**/test-checkout/*");
    await camper.getByRole("button", { name: /^Pay .* \(test\)$/ }).click();
    await camper
      .getByText("Your payment went through and your booking has been changed.")
      .waitFor();

    // The night off again: half the difference back under the policy, half kept.
    await camper.getByRole("button", { name: "Change dates or guests" }).click();
    await camper.getByLabel("Check-out").fill(booking.checkOut);
    await camper.getByRole("button", { name: "Check the new price" }).click();
    await camper
      .getByText(
        /^The changed stay costs less: you get \$[\d.,]+ back to your card\. Under the cancellation policy we keep \$[\d.,]+ of the difference\.$/,
      )
      .waitFor();
    await camper.getByRole("button", { name: "Confirm the change" }).click();
    await camper
      .getByText("Your booking has been changed. We have emailed you the new confirmation.")
      .waitFor();

    // Cancelled: half of what the card holds back.
    await camper.getByRole("button", { name: "Cancel booking" }).click();
    const dialog = camper.getByRole("dialog", { name: "Cancel this booking?" });
    await dialog
      .getByText(/^If you cancel now, you get a 50% refund: \$[\d.,]+ back to your card\.$/)
      .waitFor();
    await dialog.getByRole("button", { name: "Yes, cancel my booking" }).click();
    await camper.getByRole("status").filter({ hasText: "Booking Cancelled" }).waitFor();
    await context.close();

    // The invoice as issued, and a note for each change of what the sale is worth.
    await owner.goto(`/admin/bookings/${booking.id}/invoice`);
    await owner.getByRole("heading", { level: 1, name: "Tax Invoice" }).waitFor();
    const total = owner
      .locator("[data-invoice]")
      .getByRole("row", { name: /^Total \(GST inclusive\)/ });
    await expect(total.textContent()).resolves.toContain(formatMoney(booking.finalAmountCents));
    for (const n of [1, 2, 3]) {
      await owner
        .getByRole("link", { name: `Adjustment Note ADJ-${booking.bookingReference}-${n}` })
        .waitFor();
    }

    // This month's takings, from Payments and from Reports: the same, with the kept money counted.
    await owner.goto("/admin/payments");
    const payments = await amountIn(
      owner.getByRole("region", { name: "This month" }).getByText(/^\$/).first().textContent(),
    );
    await owner.goto("/admin/reports");
    const money = owner.getByRole("list", { name: "Money" });
    const card = (label: string) =>
      money
        .getByRole("listitem")
        .filter({ has: owner.getByRole("heading", { name: label, exact: true }) });
    const reports = await amountIn(card("Takings").textContent());
    expect(payments).toBeDefined();
    expect(reports).toBe(payments);
    expect(await amountIn(card("Kept from cancellations").textContent())).not.toBe("$0.00");
    await owner.context().close();
  }, 120_000);
});
