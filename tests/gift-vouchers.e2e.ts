// Gift vouchers sold online (issue 31, item 2), on the production build with
// a server of its own and a mail sink: a buyer fills the public page with
// scripts off, pays on the test checkout and lands on the thanks page; the
// recipient's email brings the voucher as a PDF with its card number; the
// card pays part of a booking; the owner sees the voucher with its buyer.
import { describe, expect, it } from "vitest";
import { addDays } from "#domain/rules/dates.ts";
import { pdfText } from "#server/testing/poppler.ts";
import { present } from "#server/testing/present.ts";
import type { ReceivedMail } from "#server/testing/smtp-sink.ts";
import { expectAccessible, setupBrowser } from "#tests/support/browser.ts";
import { adminContext, apiAt, firstFreeStay } from "#tests/support/paid-booking.ts";
import { setupOwnServer } from "#tests/support/spawn-server.ts";

const browser = setupBrowser();
const own = setupOwnServer("rcs-vouchers-", { mail: true });
const base = () => own.server().baseURL;
const api = apiAt(base);

/** The mail's PDF attachment, from its base64 part. */
function pdfOf(mail: ReceivedMail): Buffer {
  const part = present(
    mail.raw.match(/Content-Type: application\/pdf[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+?)\r?\n--/),
    "the PDF part",
  )[1];
  return Buffer.from((part ?? "").replace(/\s/g, ""), "base64");
}

describe("gift vouchers", () => {
  it("are bought on the public page, arrive as a PDF and pay part of a booking", async () => {
    const buyer = await browser().newContext({ baseURL: base(), javaScriptEnabled: false });
    const page = await buyer.newPage();
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Gift Vouchers" }).click();
    await page.getByRole("heading", { name: "Gift Vouchers", level: 1 }).waitFor();
    await page.getByLabel("Amount in dollars").fill("600");
    await page.getByLabel("Your name").fill("Mia Buyer");
    await page.getByLabel("Your email").fill("mia@example.com");
    await page.getByLabel("Their name").fill("Zoë Ngata");
    await page.getByLabel("Their email").fill("zoe@example.com");
    await page.getByLabel(/Your message/).fill("Happy birthday! A weekend by the creek.");
    await page.getByRole("button", { name: "Pay by card" }).click();
    // Refused, the form comes back as it was sent, saying what to change.
    await page.getByText("Choose a whole-dollar amount from $25 to $500.").waitFor();
    expect(await page.getByLabel("Their name").inputValue()).toBe("Zoë Ngata");
    await page.getByLabel("Amount in dollars").fill("150");
    await page.getByRole("button", { name: "Pay by card" }).click();

    await page.getByRole("heading", { name: /^Pay for gift voucher GV\d{6}$/ }).waitFor();
    await page.getByRole("button", { name: "Pay $150.00 (test)" }).click();
    await page
      .getByText(/Thank you! Your \$150\.00 gift voucher GV\d{6} for Zoë Ngata is on its way/)
      .waitFor();
    await buyer.close();

    const sink = own.sink();
    const gift = await sink.waitFor((m) => m.to.includes("zoe@example.com"), 30_000);
    await sink.waitFor((m) => m.to.includes("mia@example.com") && /Receipt/.test(m.raw), 10_000);
    const text = await pdfText(pdfOf(gift));
    expect(text).toContain("$150.00");
    expect(text).toContain("Happy birthday!");
    const cardNumber = present(text.match(/PC\d{8}[A-Z0-9]{4}/), "the card number")[0];

    // The card pays part of a stay, as any prepaid card.
    const { body: list } = await api("GET", "/api/campsites");
    const campsite = present(list.campsites[0] as { id: string } | undefined, "a campsite");
    const { body: availability } = await api("GET", `/api/campsites/${campsite.id}/availability`);
    const checkIn = firstFreeStay(
      availability.unavailableDates,
      addDays(availability.today, 40),
      3,
    );
    const booked = await api("POST", "/api/bookings", {
      campsiteId: campsite.id,
      checkIn,
      checkOut: addDays(checkIn, 3),
      guests: 2,
      firstName: "Zoë",
      lastName: "Ngata",
      email: "zoe@example.com",
      prepaidCardNumber: cardNumber,
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body.booking.prepaidAmountUsedCents).toBe(15_000);
    expect(booked.body.booking.finalAmountCents).toBeGreaterThan(0);

    const owner = await adminContext(browser(), base());
    const screen = await owner.newPage();
    // The page the buyer filled in, as a screen reader meets it.
    await screen.goto("/gift-vouchers");
    await expectAccessible(screen);
    await screen.goto("/admin/prepaid-cards");
    const sold = screen.getByRole("table", { name: "Gift vouchers sold online, newest first" });
    const row = sold.getByRole("row", { name: /Mia Buyer/ });
    await row.getByText("mia@example.com").waitFor();
    await row.getByText(cardNumber).waitFor();
    // Its card money is in Reports' money received, counted apart (days either side of the server's today).
    const around = `from=${addDays(availability.today, -1)}&to=${addDays(availability.today, 1)}`;
    await screen.goto(`/admin/reports?${around}`);
    await screen
      .getByRole("list", { name: "Money" })
      .getByText(/Includes \$150\.00 for 1 gift voucher, spent later as prepaid credit\./)
      .waitFor();
    await owner.close();
  });
});
