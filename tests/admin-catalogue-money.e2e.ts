// Discount codes, prepaid cards, payments and settings in a real browser: a
// 10% code with a usage limit of 1 works once and is then refused; 5 prepaid
// cards of $50 are generated and one pays part of a booking, its debit in the
// card's history; the payments CSV downloads what the search shows; a minimum
// stay raised to 3 nights refuses a 2-night booking; cancelling a paid booking
// with a full refund gives back its prepaid credit and its code's use.
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addDays } from "#domain/rules/dates.ts";
import { present } from "#server/testing/present.ts";
import { expectAccessible, setupBrowser, toast } from "#tests/support/browser.ts";
import {
  api,
  bookAndPay,
  freeStay,
  openAdminPage,
  publicCampsites,
} from "#tests/support/catalogue.ts";

const browser = setupBrowser();

const guest = (lastName: string) => ({
  firstName: "Robin",
  lastName,
  email: `robin.${lastName.toLowerCase()}@example.com`,
});

async function downloadText(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  return {
    name: download.suggestedFilename(),
    text: await readFile(await download.path(), "utf8"),
  };
}

const rowOf = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });

describe("a 10% discount code with a usage limit of 1", () => {
  it("works for one booking and is then refused", async () => {
    const { page, context, consoleErrors } = await openAdminPage(browser());
    await page.goto("/admin/discount-codes");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Create Discount Code" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Discount Code" });
    await dialog.getByLabel("Code").pressSequentially("e2e-ten");
    await expect(dialog.getByLabel("Code").inputValue()).resolves.toBe("E2E-TEN");
    await dialog.getByLabel("Description").fill("Ten percent, once");
    await dialog.getByLabel("Discount value (%)").fill("150");
    await dialog.getByLabel("Usage limit").fill("1");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Create Code" }).click();
    await dialog.getByText("Percentage must be a whole number from 0 to 100").waitFor();
    await dialog.getByLabel("Discount value (%)").fill("10");
    await dialog.getByRole("button", { name: "Create Code" }).click();
    await toast(page, "Discount code created successfully");
    await expect(rowOf(page, "E2E-TEN").textContent()).resolves.toMatch(/10%.*0 \/ 1.*Active/);

    const campsite = present((await publicCampsites())[0], "a public campsite");
    const stay = await freeStay(campsite.id, 60, 2);
    const subtotal = campsite.pricePerNightCents * 2;
    const booking = await bookAndPay(browser(), {
      ...stay,
      ...guest("Discount"),
      discountCode: "e2e-ten",
    });
    expect(booking.finalAmountCents).toBe(subtotal - Math.round(subtotal / 10));

    // Used once: the limit is reached, and campers are told so.
    const validation = await api("POST", "/api/discount-codes/validate", {
      code: "E2E-TEN",
      bookingAmount: 20000,
    });
    expect(validation.body).toEqual({
      valid: false,
      error: "This discount code has reached its usage limit",
    });
    const refused = await api("POST", "/api/bookings", {
      ...(await freeStay(campsite.id, 90, 2)),
      ...guest("Second"),
      discountCode: "E2E-TEN",
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain("This discount code has reached its usage limit");

    await page.reload();
    await expect(rowOf(page, "E2E-TEN").textContent()).resolves.toContain("1 / 1");

    // A used code is kept for its booking's records; it can be switched off.
    await rowOf(page, "E2E-TEN").getByRole("button", { name: "Delete code E2E-TEN" }).click();
    const confirm = page.getByRole("alertdialog", {
      name: "Are you sure you want to delete this discount code?",
    });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await toast(page, "Failed to delete discount code");
    await rowOf(page, "E2E-TEN").getByRole("button", { name: "Deactivate code E2E-TEN" }).click();
    await toast(page, "Discount code deactivated successfully");
    await expect(rowOf(page, "E2E-TEN").textContent()).resolves.toContain("Inactive");

    // The refused delete answers 409, which the browser logs; nothing else went wrong.
    expect(consoleErrors).toEqual([
      expect.stringContaining(
        "Failed to load resource: the server responded with a status of 409 (Conflict)",
      ),
    ]);
    await context.close();
  });

  it("deletes an unused code after the spec's question", async () => {
    const { page, context } = await openAdminPage(browser());
    await page.goto("/admin/discount-codes");
    await page.getByRole("button", { name: "Create Discount Code" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Discount Code" });
    await dialog.getByLabel("Code").fill("E2E-GONE");
    await dialog.getByLabel("Discount type").selectOption("fixed_amount");
    await dialog.getByLabel("Discount value ($)").fill("12.50");
    await dialog.getByRole("button", { name: "Create Code" }).click();
    await toast(page, "Discount code created successfully");
    await expect(rowOf(page, "E2E-GONE").textContent()).resolves.toContain("$12.50");

    await rowOf(page, "E2E-GONE").getByRole("button", { name: "Delete code E2E-GONE" }).click();
    const confirm = page.getByRole("alertdialog", {
      name: "Are you sure you want to delete this discount code?",
    });
    await expect(
      confirm.getByRole("button", { name: "Cancel" }).evaluate((b) => b === document.activeElement),
    ).resolves.toBe(true);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await toast(page, "Discount code deleted successfully");
    await rowOf(page, "E2E-GONE").waitFor({ state: "detached" });
    await context.close();
  });
});

describe("prepaid cards", () => {
  let bookingReference = "";

  it("generates 5 cards of $50; one pays part of a booking and shows the debit", async () => {
    const { page, context, consoleErrors } = await openAdminPage(browser());
    await page.goto("/admin/prepaid-cards");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Generate Bulk Cards" }).click();
    const dialog = page.getByRole("dialog", { name: "Generate Bulk Cards" });
    await dialog.getByLabel("Number of cards").fill("0");
    await dialog.getByLabel("Balance on each card ($)").fill("50");
    await dialog.getByRole("button", { name: "Generate" }).click();
    await dialog.getByText("Please enter valid numbers").waitFor();
    await dialog.getByLabel("Number of cards").fill("5");
    await dialog.getByRole("button", { name: "Generate" }).click();
    await toast(page, "5 prepaid cards created successfully");
    const numbers = (await dialog.getByRole("listitem").allTextContents()).map((n) => n.trim());
    expect(numbers).toHaveLength(5);
    for (const n of numbers) expect(n).toMatch(/^PC\d{8}[A-Z0-9]{4}$/);

    // The batch can be exported and printed to sell.
    const csv = await downloadText(page, () =>
      dialog.getByRole("link", { name: "Download CSV" }).click(),
    );
    expect(csv.name).toMatch(/^prepaid-cards-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csv.text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\n");
    expect(lines[0]).toBe("Card number,Balance,Original balance,Issued to,Status,Created");
    expect(lines.slice(1).map((l) => l.split(",").slice(0, 3))).toEqual(
      expect.arrayContaining(numbers.map((n) => [n, "50.00", "50.00"])),
    );
    expect(lines).toHaveLength(6);
    const printHref = await dialog
      .getByRole("link", { name: "Print these cards" })
      .getAttribute("href");
    const print = await context.newPage();
    await print.goto(present(printHref, "the print link's address"));
    for (const n of numbers) await print.getByText(n, { exact: true }).waitFor();
    await expect(print.getByText("$50.00").count()).resolves.toBe(5);
    await print.close();
    await page.keyboard.press("Escape");

    // The powered site, 2 nights ($130): $50 from the card, $80 by card payment.
    const powered = present(
      (await publicCampsites()).find((c) => c.name === "Powered Caravan Site"),
      "the Powered Caravan Site",
    );
    const cardNumber = present(numbers[0], "the first new card's number");
    const stay = await freeStay(powered.id, 45, 2);
    const booking = await bookAndPay(browser(), {
      ...stay,
      ...guest("Prepaid"),
      prepaidCardNumber: cardNumber.toLowerCase(),
    });
    expect(booking.finalAmountCents).toBe(powered.pricePerNightCents * 2 - 5000);
    bookingReference = booking.bookingReference;

    await page.reload();
    const row = rowOf(page, cardNumber);
    await expect(row.textContent()).resolves.toContain("$0.00of $50.00");
    await row.getByRole("button", { name: `History of card ${cardNumber}` }).click();
    const history = page.getByRole("dialog", { name: `Transactions of ${cardNumber}` });
    const debit = history.getByRole("row").filter({ hasText: "Debit" });
    await debit.waitFor();
    await expect(debit.textContent()).resolves.toContain("−$50.00");
    await expect(debit.textContent()).resolves.toContain(`${booking.id.slice(0, 8)}…`);
    await expect(
      history.getByRole("row").filter({ hasText: "Card issued" }).textContent(),
    ).resolves.toContain("Credit");
    await expectAccessible(page);

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("adds a single card whose number and balance are fixed once created; an empty prompt does nothing", async () => {
    const { page, context } = await openAdminPage(browser());
    await page.goto("/admin/prepaid-cards");
    const rowsBefore = await page.getByRole("row").count();

    await page.getByRole("button", { name: "Generate Bulk Cards" }).click();
    const prompt = page.getByRole("dialog", { name: "Generate Bulk Cards" });
    await prompt.getByRole("button", { name: "Generate" }).click();
    await prompt.waitFor({ state: "detached" });
    expect(await page.getByRole("row").count()).toBe(rowsBefore);

    await page.getByRole("button", { name: "Add Prepaid Card" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Prepaid Card" });
    const suggested = await dialog.getByLabel("Card number").inputValue();
    expect(suggested).toMatch(/^PC\d{8}[A-Z0-9]{4}$/);
    await dialog.getByLabel("Card number").fill(suggested.toLowerCase());
    await expect(dialog.getByLabel("Card number").inputValue()).resolves.toBe(suggested);
    await dialog.getByLabel("Initial balance ($)").fill("35");
    await dialog.getByLabel("Issued to").fill("Show bag prize");
    await dialog.getByRole("button", { name: "Create Card" }).click();
    await toast(page, "Prepaid card created");
    await expect(rowOf(page, suggested).textContent()).resolves.toMatch(
      /\$35\.00.*Show bag prize.*Active/,
    );

    await rowOf(page, suggested)
      .getByRole("button", { name: `Edit card ${suggested}` })
      .click();
    const edit = page.getByRole("dialog", { name: "Edit Prepaid Card" });
    await expect(edit.getByLabel("Card number").getAttribute("readonly")).resolves.not.toBeNull();
    await expect(edit.getByLabel("Initial balance ($)").count()).resolves.toBe(0);
    await edit.getByLabel("Issued to").fill("Raffle, first prize");
    await edit.getByRole("button", { name: "Update Card" }).click();
    await toast(page, "Prepaid card updated");
    await expect(rowOf(page, suggested).textContent()).resolves.toMatch(
      /\$35\.00.*Raffle, first prize/,
    );
    await context.close();
  });

  it("shows that booking's payment and exports the payments the search shows as CSV", async () => {
    expect(bookingReference).toMatch(/^BK\d{6}$/);
    const { page, context } = await openAdminPage(browser());
    await page.goto("/admin/payments");
    for (const card of ["Takings this month", "Refunds this month", "Pending this month"]) {
      await page.getByRole("heading", { name: card }).waitFor();
    }
    await expectAccessible(page);
    await page.getByRole("searchbox", { name: "Search payments" }).fill(bookingReference);
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(new RegExp(`q=${bookingReference}`));
    await page.getByText("1 payment", { exact: true }).waitFor();
    const row = rowOf(page, bookingReference);
    await expect(row.textContent()).resolves.toMatch(
      /Robin Prepaid.*Powered Caravan Site.*80\.00 AUD.*Succeeded/,
    );

    const csv = await downloadText(page, () => page.getByRole("link", { name: "Export" }).click());
    expect(csv.name).toMatch(/^payments-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csv.text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\n");
    expect(lines[0]).toBe(
      "Payment ID,Checkout session,Booking,Guest,Guest email,Campsite,Amount,Refunded,Currency,Status,Date",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      `,${bookingReference},Robin Prepaid,robin.prepaid@example.com,Powered Caravan Site,80.00,0.00,AUD,succeeded,`,
    );
    await context.close();
  });
});

describe("booking settings", () => {
  it("refuses a 2-night booking once the minimum stay is raised to 3 nights", async () => {
    const { page, context } = await openAdminPage(browser());
    const saveMinimumStay = async (nights: string) => {
      await page.goto("/admin/settings");
      await page.getByLabel("Minimum night stay").fill(nights);
      await page.getByRole("button", { name: "Save All Settings" }).click();
      await toast(page, "Settings saved");
    };
    const campsite = present((await publicCampsites())[0], "a public campsite");
    const free = await freeStay(campsite.id, 120, 3);
    const twoNights = { ...free, checkOut: addDays(free.checkIn, 2) };
    try {
      await page.goto("/admin/settings");
      await expectAccessible(page);
      await saveMinimumStay("3");
      const refused = await api("POST", "/api/bookings", { ...twoNights, ...guest("Short") });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe("The minimum stay is 3 nights.");
      const availability = await api("GET", `/api/campsites/${campsite.id}/availability`);
      expect(availability.body.minimumNightStay).toBe(3);
      await page.reload();
      await expect(page.getByLabel("Minimum night stay").inputValue()).resolves.toBe("3");
    } finally {
      // The other end-to-end tests book 2-night stays.
      await saveMinimumStay("2");
      await context.close();
    }
  });
});

describe("changeover nights", () => {
  it("saves 'Auto-block after booking' as nights, at most a week", async () => {
    const { page, context } = await openAdminPage(browser());
    const save = async (nights: string) => {
      await page.getByLabel("Auto-block after booking").fill(nights);
      await page.getByRole("button", { name: "Save All Settings" }).click();
    };
    try {
      await page.goto("/admin/settings");
      await expect(page.getByLabel("Allow instant booking").count()).resolves.toBe(0);
      await expect(page.getByLabel("Require approval").count()).resolves.toBe(0);
      await save("8");
      await page.getByText("Auto-block after booking must be a whole number from 0 to 7").waitFor();
      await save("1");
      await toast(page, "Settings saved");
      await page.reload();
      await expect(page.getByLabel("Auto-block after booking").inputValue()).resolves.toBe("1");
    } finally {
      // The other end-to-end tests book stays that may meet.
      await page.goto("/admin/settings");
      await save("0");
      await toast(page, "Settings saved");
      await context.close();
    }
  });
});

describe("cancelling a paid booking", () => {
  it("refunds the card payment and gives back the prepaid credit and the code's use", async () => {
    const card = "PC00000003DEMO";
    const campsite = present((await publicCampsites())[0], "a public campsite");
    const booking = await bookAndPay(browser(), {
      ...(await freeStay(campsite.id, 120, 2)),
      ...guest("Refunded"),
      discountCode: "EARLYBIRD",
      prepaidCardNumber: card,
    });
    const { page, context, consoleErrors } = await openAdminPage(browser());
    await page.goto("/admin/discount-codes");
    await expect(rowOf(page, "EARLYBIRD").textContent()).resolves.toContain("4 / 20");

    await page.goto(`/admin/bookings?q=${booking.bookingReference}`);
    await page.getByRole("button", { name: `Cancel booking ${booking.bookingReference}` }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText(`$25.00 prepaid credit goes back to card ${card}.`).waitFor();
    await dialog.getByText("One use of discount code EARLYBIRD is given back.").waitFor();
    await expect(
      dialog
        .getByLabel(`Full refund ($${(booking.finalAmountCents / 100).toFixed(2)})`)
        .isChecked(),
    ).resolves.toBe(true);
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Cancel booking" }).click();
    await toast(page, "Booking Cancelled");
    await page.getByRole("cell", { name: "Cancelled" }).waitFor();

    const validation = await api("POST", "/api/prepaid-cards/validate", { cardNumber: card });
    expect(validation.body).toMatchObject({ valid: true, prepaidCard: { balance: 2500 } });
    await page.goto("/admin/discount-codes");
    await expect(rowOf(page, "EARLYBIRD").textContent()).resolves.toContain("3 / 20");
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
