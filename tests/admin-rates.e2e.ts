// A campsite's Rates screen in a real browser: the owner opens it from the
// campsite's card, sets a Friday-and-Saturday price, a pet fee and the
// long-weekend rule, adds a season, sees an overlapping season refused with
// the season it overlaps named and nothing saved, adds an extra and
// deactivates it; the screen fits a phone. A campsite of its own (inactive,
// so campers are not offered it) keeps the other tests' prices as they are.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { farmToday } from "#domain/rules/dates.ts";
import { baseURL, expectAccessible, setupBrowser, toast } from "#tests/support/browser.ts";
import { adminCookieHeader, openAdminPage } from "#tests/support/catalogue.ts";

const browser = setupBrowser();
const CAMPSITE = "Wattle Flat";
const year = Number(farmToday().slice(0, 4)) + 1;
const christmas = { start: `${year}-12-20`, end: `${year + 1}-01-26` };
const phone = { width: 375, height: 812 };

/** A route action as a script reaches it: React Router's data request. */
async function postAction(path: string, form: Record<string, string>, cookie?: string) {
  return fetch(`${baseURL()}${path}.data`, {
    method: "POST",
    headers: { origin: baseURL(), ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(form),
    redirect: "manual",
  });
}

beforeAll(async () => {
  const created = await postAction(
    "/admin/campsites",
    {
      intent: "create",
      name: CAMPSITE,
      location: "Below the dam",
      description: "",
      pricePerNight: "50",
      capacity: "6",
      quantity: "1",
      amenities: "",
      images: "",
    },
    await adminCookieHeader(),
  );
  expect(created.status).toBe(200);
});

/** Opens Rates from the campsite's card on the Campsites screen; the screen's path. */
async function openRates(page: Page): Promise<string> {
  await page.goto("/admin/campsites");
  const card = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: CAMPSITE, exact: true }) });
  await card.getByRole("link", { name: `Rates for ${CAMPSITE}` }).click();
  await page.waitForURL(/\/admin\/campsites\/[0-9a-f-]{36}\/rates$/);
  await page.getByRole("heading", { level: 1, name: "Rates" }).waitFor();
  return new URL(page.url()).pathname;
}

const seasonItems = (page: Page) =>
  page.getByRole("list", { name: "Seasons" }).getByRole("listitem");

describe("the Rates screen", () => {
  let ratesPath = "";

  it("sets prices and fees, adds a season, refuses an overlapping one, and sells an extra", async () => {
    const { page, context, consoleErrors } = await openAdminPage(browser());
    ratesPath = await openRates(page);
    await expect(page.title()).resolves.toMatch(/^Rates: Wattle Flat \| /);
    await expectAccessible(page);

    // A Friday-and-Saturday price, a pet fee for up to 2 dogs, the long-weekend rule.
    const prices = page.getByRole("form", { name: "Prices and fees" });
    await prices.getByLabel("Friday and Saturday price ($)").fill("65");
    await prices.getByLabel("Pet fee ($)").fill("-5");
    await prices.getByRole("button", { name: "Save prices and fees" }).click();
    await prices.getByText("Pet fee must be an amount of 0 or more").waitFor();
    await prices.getByLabel("Pet fee ($)").fill("8.50");
    await prices.getByLabel("Maximum dogs").fill("2");
    await prices.getByRole("switch", { name: "Long-weekend minimum stay" }).click();
    await prices.getByLabel("Long-weekend minimum stay (nights)").fill("3");
    await prices.getByRole("button", { name: "Save prices and fees" }).click();
    await toast(page, "Prices and fees saved");
    await page.getByText("The long-weekend rule is on").waitFor();

    // A season, its nights both dates included.
    await page.getByRole("button", { name: "Add season" }).click();
    let dialog = page.getByRole("dialog", { name: "Add season" });
    await dialog.getByLabel("Season name").fill("Christmas school holidays");
    await dialog.getByLabel("Start date").fill(christmas.start);
    await dialog.getByLabel("End date").fill(christmas.end);
    await dialog.getByLabel("Nightly price ($)").fill("80");
    await dialog.getByLabel("Minimum stay (nights)").fill("3");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Add season" }).click();
    await toast(page, "Season added");
    await dialog.waitFor({ state: "detached" });
    await expect(seasonItems(page).textContent()).resolves.toMatch(
      /Christmas school holidays.*\$80\.00.*the nightly price.*3 nights/,
    );

    // An overlapping season: refused on its start date, naming the one it overlaps.
    await page.getByRole("button", { name: "Add season" }).click();
    dialog = page.getByRole("dialog", { name: "Add season" });
    await dialog.getByLabel("Season name").fill("New Year");
    await dialog.getByLabel("Start date").fill(`${year + 1}-01-01`);
    await dialog.getByLabel("End date").fill(`${year + 1}-01-10`);
    await dialog.getByLabel("Nightly price ($)").fill("95");
    await dialog.getByRole("button", { name: "Add season" }).click();
    await dialog.getByText("This season overlaps 'Christmas school holidays'.").waitFor();
    await expect(dialog.getByLabel("Start date").getAttribute("aria-invalid")).resolves.toBe(
      "true",
    );
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    // An extra, then taken off sale.
    await page.getByRole("button", { name: "Add extra" }).click();
    dialog = page.getByRole("dialog", { name: "Add extra" });
    await dialog.getByLabel("Extra name").fill("Firewood bundle");
    await dialog.getByLabel("Price ($)").fill("12");
    await dialog.getByLabel("Charged").selectOption("night");
    await dialog.getByLabel("Maximum quantity").fill("3");
    await dialog.getByRole("button", { name: "Add extra" }).click();
    await toast(page, "Extra added");
    await dialog.waitFor({ state: "detached" });
    const extra = page.getByRole("list", { name: "Extras" }).getByRole("listitem");
    await expect(extra.textContent()).resolves.toMatch(
      /Firewood bundle.*Active.*\$12\.00 per night, up to 3 per stay/,
    );
    await extra.getByRole("button", { name: "Deactivate extra Firewood bundle" }).click();
    await toast(page, "Extra deactivated");
    await extra.getByText("Inactive").waitFor();

    // What was saved, and only that, after a reload.
    await page.reload();
    await expect(prices.getByLabel("Friday and Saturday price ($)").inputValue()).resolves.toBe(
      "65.00",
    );
    await expect(prices.getByLabel("Pet fee ($)").inputValue()).resolves.toBe("8.50");
    await expect(prices.getByLabel("Maximum dogs").inputValue()).resolves.toBe("2");
    await expect(seasonItems(page).count()).resolves.toBe(1);
    await expect(seasonItems(page).textContent()).resolves.toContain("Christmas school holidays");
    await expect(
      page.getByRole("list", { name: "Extras" }).getByRole("listitem").textContent(),
    ).resolves.toMatch(/Firewood bundle.*Inactive/);
    await expectAccessible(page);

    // The refused season's 400 is the only thing the console reports.
    expect(consoleErrors.filter((e) => !e.includes("status of 400"))).toEqual([]);
    await context.close();
  });

  it("answers a script's bad ids with a 400 naming the field, and strangers not at all", async () => {
    const cookie = await adminCookieHeader();
    const malformed = await postAction(
      ratesPath,
      { intent: "delete-season", seasonId: "not-an-id" },
      cookie,
    );
    expect(malformed.status).toBe(400);
    expect(await malformed.text()).toContain("seasonId");
    const otherCampsite = await postAction(
      "/admin/campsites/00000000-0000-4000-8000-000000000000/rates",
      { intent: "add-extra", name: "Kayak", price: "20", per: "stay", maxQuantity: "1" },
      cookie,
    );
    expect(otherCampsite.status).toBe(400);
    expect(await otherCampsite.text()).toContain("campsiteId");

    const anonymous = await fetch(`${baseURL()}${ratesPath}`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/login");
    const write = await postAction(ratesPath, { intent: "delete-extra", extraId: "x" });
    // React Router's data requests answer a redirect as 202 with its target in the body.
    expect(write.status).toBe(202);
    expect(await write.text()).toContain("/login");
  });

  it("is usable on a phone", async () => {
    const { page, context } = await openAdminPage(browser(), phone);
    await openRates(page);
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await expect(overflow()).resolves.toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Add season" }).click();
    const dialog = page.getByRole("dialog", { name: "Add season" });
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= phone.width).toBe(true);
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await context.close();
  });
});
