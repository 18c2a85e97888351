// The front desk in a real browser (issue 28): the owner takes a phone
// booking for Creekside Camp recorded as cash, and the guest's confirmation
// waits in the outbox with their booking page; a booking held for a payment
// link is paid by the guest on the test checkout.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseURL, expectAccessible, setupBrowser, toast } from "#tests/support/browser.ts";
import { freeStay, openAdminPage, publicCampsites } from "#tests/support/catalogue.ts";

const browser = setupBrowser();

const sidewaysScroll = (page: Page) =>
  page.evaluate(
    () => (document.scrollingElement ?? document.documentElement).scrollWidth - window.innerWidth,
  );

async function creeksideStay(fromToday: number) {
  const creekside = (await publicCampsites()).find((c) => c.name === "Creekside Camp");
  if (!creekside) throw new Error("the demo data has Creekside Camp");
  return freeStay(creekside.id, fromToday, 2);
}

/** Fills the new-booking form's stay and guest. */
async function fillBooking(
  page: Page,
  stay: { campsiteId: string; checkIn: string; checkOut: string },
  guest: { first: string; last: string; email: string },
) {
  await page.getByLabel("Campsite").selectOption(stay.campsiteId);
  await page.getByLabel("Check-in").fill(stay.checkIn);
  await page.getByLabel("Check-out").fill(stay.checkOut);
  await page.getByLabel("Guests").fill("2");
  await page.getByLabel("First name").fill(guest.first);
  await page.getByLabel("Last name").fill(guest.last);
  await page.getByLabel("Email", { exact: true }).fill(guest.email);
}

/** 'Check price', then the total recorded as cash: the toast's description. */
async function takeAsCash(page: Page, reference: string) {
  await page.getByRole("button", { name: "Check price" }).click();
  const total = (await page.getByTestId("quote-total").textContent()) ?? "";
  expect(total).toMatch(/^\$\d+\.\d\d$/);
  await page.getByLabel("Amount received").fill(total.replace("$", ""));
  await page.getByLabel("Receipt or transfer reference (optional)").fill(reference);
  await page.getByRole("button", { name: "Take booking" }).click();
  return toast(page, "Booking taken");
}

/** The text of the outbox's email whose subject starts with `subject`. */
async function outboxText(page: Page, subject: string) {
  await page.goto("/admin/messages?view=outbox");
  const row = page.getByRole("row").filter({ hasText: subject });
  await row.getByRole("link", { name: /^Open/ }).click();
  const opened = page.getByRole("dialog", { name: new RegExp(`^${subject}`) });
  await opened.waitFor();
  return (await opened.textContent()) ?? "";
}

describe("a booking the farm takes by phone", () => {
  it("is priced, taken as cash, listed, and confirmed to the guest with their booking page", async () => {
    const { page, context, consoleErrors } = await openAdminPage(browser(), {
      width: 1400,
      height: 900,
    });
    const stay = await creeksideStay(70);
    await page.goto("/admin/bookings");
    await page.getByRole("link", { name: "New booking" }).click();
    await page.getByRole("heading", { name: "New booking", level: 1 }).waitFor();
    await fillBooking(page, stay, { first: "Phoebe", last: "Phoned", email: "phoebe@example.com" });

    await expectAccessible(page);
    const description = await takeAsCash(page, "Till 1");
    const reference = /BK\d{6}/.exec(description)?.[0] ?? "";
    expect(description).toContain("Phoebe Phoned");
    await page.waitForURL(`**/admin/bookings?q=${reference}`);
    await page.getByRole("row").filter({ hasText: "Phoebe Phoned" }).getByText("Paid").waitFor();

    const email = await outboxText(page, `Booking confirmed: ${reference}`);
    expect(email).toMatch(/\/my-booking\/[\w-]{20,}/);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("refuses dates in the wrong order beside the field, keeping what was typed", async () => {
    const { page, context } = await openAdminPage(browser(), { width: 1400, height: 900 });
    const stay = await creeksideStay(90);
    await page.goto("/admin/bookings/new");
    await fillBooking(
      page,
      { ...stay, checkOut: stay.checkIn },
      { first: "A", last: "B", email: "a@example.com" },
    );
    await page.getByRole("button", { name: "Take booking" }).click();
    await page.getByText("Please select valid check-in and check-out dates.").first().waitFor();
    await expect(page.getByLabel("First name").inputValue()).resolves.toBe("A");
    await context.close();
  });

  it("fits a 375 px phone without sideways scrolling", async () => {
    const { page, context } = await openAdminPage(browser(), { width: 375, height: 812 });
    await page.goto("/admin/bookings/new");
    await page.getByRole("heading", { name: "New booking", level: 1 }).waitFor();
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await context.close();
  });
});

describe("a booking held for a payment link", () => {
  it("emails the guest a link that the test checkout pays, and the booking is then paid", async () => {
    const { page, context } = await openAdminPage(browser(), { width: 1400, height: 900 });
    const stay = await creeksideStay(110);
    await page.goto("/admin/bookings/new");
    await fillBooking(page, stay, { first: "Lachie", last: "Linked", email: "lachie@example.com" });
    await page.getByLabel("Email a payment link").check();
    await page.getByRole("button", { name: "Take booking" }).click();
    const reference = /BK\d{6}/.exec(await toast(page, "Booking taken"))?.[0] ?? "";
    await page.getByRole("row").filter({ hasText: "Lachie Linked" }).getByText("Pending").waitFor();

    const email = await outboxText(page, `Pay for your booking: ${reference}`);
    const link = /https?:\/\/\S+\/my-booking\/[\w-]+\/pay/.exec(email)?.[0] ?? "";
    expect(link).not.toBe("");
    const guest = await browser().newContext();
    const guestPage = await guest.newPage();
    await guestPage.goto(`${baseURL()}${new URL(link).pathname}`);
    await guestPage.getByRole("heading", { name: "Pay for your booking" }).waitFor();
    await guestPage.getByRole("checkbox", { name: /I accept this cancellation policy/ }).check();
    await guestPage.getByRole("button", { name: /^Pay \$\d+\.\d\d by card$/ }).click();
    await guestPage.getByRole("button", { name: /^Pay .* \(test\)$/ }).click();
    await guestPage.getByRole("heading", { name: "Booking Confirmed!" }).waitFor();
    await guest.close();

    await page.goto(`/admin/bookings?q=${reference}`);
    await page.getByRole("row").filter({ hasText: "Lachie Linked" }).getByText("Paid").waitFor();
    await context.close();
  });
});

describe("a paid booking the farm changes", () => {
  it("moves to another unit, then a dearer stay sends a payment link the test checkout pays; the camper's page shows the new dates", async () => {
    const { page, context } = await openAdminPage(browser(), { width: 1400, height: 900 });
    const stay = await creeksideStay(130);
    await page.goto("/admin/bookings/new");
    await fillBooking(page, stay, { first: "Mia", last: "Moving", email: "mia@example.com" });
    const reference = /BK\d{6}/.exec(await takeAsCash(page, "Till 2"))?.[0] ?? "";

    // Moved to the second unit: nothing is owed either way.
    await page.getByRole("link", { name: `Change or move booking ${reference}` }).click();
    await page.getByRole("heading", { name: `Change booking ${reference}` }).waitFor();
    const unit = page.getByLabel("Unit");
    const second = await unit.locator("option").nth(2).getAttribute("value");
    await unit.selectOption(second ?? "");
    await page.getByRole("button", { name: "Preview change" }).click();
    await page.getByText(/nothing is owed either way/).waitFor();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Save change" }).click();
    await toast(page, "Booking changed");

    // One night longer: the guest is emailed a link for the night, and pays it.
    await page.getByRole("link", { name: `Change or move booking ${reference}` }).click();
    const later = new Date(`${stay.checkOut}T00:00:00Z`);
    later.setUTCDate(later.getUTCDate() + 1);
    const checkOut = later.toISOString().slice(0, 10);
    await page.getByLabel("Check-out").fill(checkOut);
    await page.getByRole("button", { name: "Preview change" }).click();
    await page.getByLabel("Email the guest a payment link").check();
    await page.getByRole("button", { name: "Save change" }).click();
    // Saved when the page is back on the booking: the first change's toast may still be showing.
    await page.waitForURL(`**/admin/bookings?q=${reference}`);
    await toast(page, "Booking changed");

    const email = await outboxText(page, `Pay for your changed booking: ${reference}`);
    const link = /https?:\/\/\S+\/my-booking\/[\w-]+\/pay/.exec(email)?.[0] ?? "";
    const guest = await browser().newContext();
    const guestPage = await guest.newPage();
    await guestPage.goto(`${baseURL()}${new URL(link).pathname}`);
    await guestPage.getByRole("button", { name: /^Pay \$\d+\.\d\d by card$/ }).click();
    await guestPage.getByRole("button", { name: /^Pay .* \(test\)$/ }).click();
    await guestPage.getByRole("heading", { name: "Booking Confirmed!" }).waitFor();
    await guestPage.goto(`${baseURL()}${new URL(link).pathname.replace(/\/pay$/, "")}`);
    await guestPage.getByText(reference).first().waitFor();
    await expect(guestPage.locator("main").textContent()).resolves.toContain(
      new Date(`${checkOut}T00:00:00Z`).toLocaleDateString("en-AU", {
        day: "numeric",
        month: "long",
        timeZone: "UTC",
      }),
    );
    await guest.close();
    await context.close();
  });
});

describe("the farm's questions at booking", () => {
  /** Settings' 'Questions at booking': the vehicle required and a question of the farm's own. */
  async function askQuestions(page: Page, rego: "required" | "no", own: string) {
    await page.goto("/admin/settings");
    await page.getByLabel("Vehicle registration").selectOption(rego);
    await page.getByLabel("Your own question 1").fill(own);
    await page.getByLabel("Ask question 1").selectOption(own ? "optional" : "no");
    await page.getByRole("button", { name: "Save All Settings" }).click();
    await toast(page, "Settings saved");
  }

  it("are asked on step 2 online, a required one refused blank, and at the desk; the answers show on the booking", async () => {
    const { page, context } = await openAdminPage(browser(), { width: 1400, height: 900 });
    const stay = await creeksideStay(150);
    try {
      await askQuestions(page, "required", "How many kayaks?");
      await expectAccessible(page);

      // Online: the registration must be given before the site is held.
      const camper = await browser().newContext({ viewport: { width: 375, height: 812 } });
      const online = await camper.newPage();
      const query = new URLSearchParams({ campsite: stay.campsiteId, ...stay, guests: "2" });
      await online.goto(`${baseURL()}/bookings?${query}`);
      await online.getByRole("button", { name: "Next", exact: true }).click();
      await online.getByRole("heading", { name: "Guest details" }).waitFor();
      await online.getByLabel("First name").fill("Kaya");
      await online.getByLabel("Last name").fill("Paddler");
      await online.getByLabel("Email").fill("kaya@example.com");
      await online.getByLabel("How many kayaks? (optional)").fill("2");
      await online.getByRole("button", { name: "Next", exact: true }).click();
      await toast(online, "Missing Information");
      const rego = online.getByLabel("Vehicle registration *");
      await expect(rego.getAttribute("aria-invalid")).resolves.toBe("true");
      await rego.fill("KAYAK 2");
      await online.getByRole("button", { name: "Next", exact: true }).click();
      await online.getByRole("heading", { name: "Payment options" }).waitFor();
      await camper.close();

      const held = page.getByRole("row").filter({ hasText: "Kaya Paddler" });
      await page.goto("/admin/bookings?q=Paddler");
      await held.getByRole("button", { name: /^View booking/ }).click();
      const details = page.getByRole("dialog", { name: "Booking details" });
      await details.getByText("Vehicle registration").waitFor();
      await expect(details.textContent()).resolves.toMatch(/KAYAK 2[\s\S]*How many kayaks\?\s*2/);

      // At the desk the same questions, none required: the caller may not know the car yet.
      const other = await creeksideStay(160);
      await page.goto("/admin/bookings/new");
      await fillBooking(page, other, { first: "Rig", last: "Rider", email: "rig@example.com" });
      await page.getByLabel("How many kayaks? (optional)").fill("none");
      await expect(page.getByLabel("Vehicle registration (optional)").count()).resolves.toBe(1);
      await takeAsCash(page, "Till 3");
      await page
        .getByRole("row")
        .filter({ hasText: "Rig Rider" })
        .getByRole("button", { name: /^View booking/ })
        .click();
      await details.getByText("How many kayaks?").waitFor();
      await expect(details.textContent()).resolves.toContain("none");
    } finally {
      // The other end-to-end tests book without answering.
      await askQuestions(page, "no", "");
      await context.close();
    }
  });
});
