// The owner's Reports screen in a real browser, on a server of its own so no
// other test's bookings change the counts: over the demo data (and two nights
// an imported calendar closed) a range's figures match a hand count, the
// charts draw with their tables, the CSV downloads, a bad range is refused
// with the typed values kept, and the screen fits a phone and a desktop.
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import { openDatabase } from "#server/db/client.ts";
import { blockedDates, calendarFeeds, campsites, campsiteUnits } from "#server/db/schema.ts";
import { expectAccessible, setupBrowser } from "#tests/support/browser.ts";
import { freshDataDir } from "#tests/support/data-template.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";

const browser = setupBrowser();
const dataDir = freshDataDir("rcs-reports-");
let server: RunningServer;
let adminCookie = "";

const today = farmToday();
// Every demo stay (server/db/seed.ts) lies between 6 days ago and 28 days ahead.
const range = { from: addDays(today, -10), to: addDays(today, 40) };
const rangeQuery = `/admin/reports?from=${range.from}&to=${range.to}`;

/** Two nights of Creekside Camp's first unit closed by an imported calendar. */
async function seedImportedNights() {
  const handle = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
  try {
    const [creek] = await handle.db
      .select({ id: campsites.id, unitId: campsiteUnits.id })
      .from(campsites)
      .innerJoin(campsiteUnits, eq(campsiteUnits.campsiteId, campsites.id))
      .where(eq(campsites.name, "Creekside Camp"))
      .orderBy(campsiteUnits.name)
      .limit(1);
    if (!creek) throw new Error("the demo data has no Creekside Camp");
    const [feed] = await handle.db
      .insert(calendarFeeds)
      .values({
        campsiteId: creek.id,
        campsiteUnitId: creek.unitId,
        name: "Hipcamp",
        url: "https://listing.example/a.ics",
      })
      .returning();
    await handle.db.insert(blockedDates).values(
      [30, 31].map((days) => ({
        blockedDate: addDays(today, days),
        campsiteId: creek.id,
        campsiteUnitId: creek.unitId,
        calendarFeedId: feed?.id,
        externalUid: `reports-${days}`,
        reason: "Imported",
      })),
    );
  } finally {
    await handle.close();
  }
}

beforeAll(async () => {
  await seedImportedNights();
  server = await spawnServer(dataDir, { WORKERS: "off" });
  adminCookie = await signIn(inject("accounts").admin);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A session cookie header on this file's server. */
async function signIn(account: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${server.baseURL}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.baseURL },
    body: JSON.stringify(account),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function adminPage(viewport: { width: number; height: number }, javaScriptEnabled = true) {
  const context = await browser().newContext({
    baseURL: server.baseURL,
    viewport,
    acceptDownloads: true,
    javaScriptEnabled,
  });
  await context.addCookies(
    adminCookie.split("; ").map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: server.baseURL };
    }),
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  return { context, page, errors };
}

const sidewaysScroll = (page: Page) =>
  page.evaluate(
    () => (document.scrollingElement ?? document.documentElement).scrollWidth - window.innerWidth,
  );

const figure = (page: Page, label: string) =>
  page
    .getByRole("list", { name: "All campsites" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: label, exact: true }) });

const campsiteRow = (page: Page, name: string, table = "Sales by campsite") =>
  page.getByRole("region", { name: table }).getByRole("row").filter({ hasText: name });

describe("the Reports screen", () => {
  it("shows a range's figures as counted by hand, its charts with their tables, and downloads the CSV", async () => {
    const { context, page, errors } = await adminPage({ width: 1280, height: 900 });
    await page.goto("/admin");
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Reports" })
      .click();
    await page.getByRole("heading", { name: "Reports", level: 1 }).waitFor();
    // This month is the default.
    await expect(
      page.getByRole("link", { name: "This month" }).getAttribute("aria-current"),
    ).resolves.toBe("page");

    await page.getByLabel("From", { exact: true }).fill(range.from);
    await page.getByLabel("To", { exact: true }).fill(range.to);
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL(`**${rangeQuery}`);

    // Paid and confirmed demo stays: 2+3+2+4+2+3+2+3+4+3 = 28 nights (the cancelled and the
    // expired one do not count) of 51 days x 13 units = 663: 4%.
    await figure(page, "Nights sold").getByText("28", { exact: true }).waitFor();
    await figure(page, "Occupancy").getByText("4%", { exact: true }).waitFor();
    await figure(page, "Occupancy").getByText("28 nights sold of 663 available").waitFor();
    // The demo's cancelled stay, and 28 nights here against the 2 imported ones: 93%.
    await figure(page, "Cancellations").getByText("1", { exact: true }).waitFor();
    await figure(page, "Booked on this site").getByText("93%", { exact: true }).waitFor();
    // Creekside Camp: 2 + 3 nights of 51 x 3 = 153; the two imported nights are its own.
    const creek = campsiteRow(page, "Creekside Camp");
    await creek.getByText("5 of 153", { exact: true }).waitFor();
    await campsiteRow(page, "Creekside Camp", "Bookings by campsite")
      .getByText("2", { exact: true })
      .waitFor();
    await campsiteRow(page, "All campsites").getByText("28 of 663", { exact: true }).waitFor();

    // Three charts drawn by the charting library, each with its sentence and table.
    const drawn = page.locator("[data-chart] .recharts-wrapper");
    await drawn.nth(2).waitFor();
    await expect(drawn.count()).resolves.toBe(3);
    await expect(page.getByRole("img", { name: "Chart: Occupancy by day" }).count()).resolves.toBe(
      1,
    );
    const channel = page.getByRole("region", {
      name: "Booked on this site and closed by imported calendars",
    });
    await channel
      .getByText(
        "28 nights booked on this site, 2 nights closed by imported calendars (93% booked here).",
      )
      .waitFor();
    await channel
      .getByText("Booked on this site and closed by imported calendars as a table")
      .click();
    const creekAlternative = channel.getByRole("row", { name: /Creekside Camp/ });
    await expect(creekAlternative.getByRole("cell").allTextContents()).resolves.toEqual(["5", "2"]);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    // Every column of the campsite tables shows without scrolling its box.
    for (const name of ["Sales by campsite", "Bookings by campsite"]) {
      const table = page.getByRole("region", { name });
      await expect(table.evaluate((el) => el.scrollWidth - el.clientWidth)).resolves.toBe(0);
    }
    await expectAccessible(page);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export bookings (CSV)" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`bookings-report-${range.from}-to-${range.to}.csv`);
    const csv = readFileSync(await download.path(), "utf8")
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\n");
    expect(csv[0]).toMatch(
      /^Booking,Campsite,Unit,Guest,Status,Booked on,Check-in,Check-out,Nights,Nights in range,/,
    );
    // The 10 sold stays and the cancelled one; their nights in range add up to the 28.
    expect(csv).toHaveLength(12);
    const nightsColumn = csv[0]?.split(",").indexOf("Nights in range") ?? -1;
    const nights = csv.slice(1).map((line) => Number(line.split(",")[nightsColumn]));
    expect(nights.reduce((a, b) => a + b, 0)).toBe(28);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows every figure, table and money line with scripts off: rendered in turns, sent whole", async () => {
    const { context, page } = await adminPage({ width: 1280, height: 900 }, false);
    await page.goto(rangeQuery);
    await figure(page, "Nights sold").getByText("28", { exact: true }).waitFor();
    await campsiteRow(page, "Creekside Camp").getByText("5 of 153", { exact: true }).waitFor();
    await campsiteRow(page, "All campsites", "Bookings by campsite").waitFor();
    await page.getByRole("heading", { name: "The card provider" }).waitFor();
    // Each chart's table, open by hand, lists every campsite.
    const channel = page.getByRole("region", {
      name: "Booked on this site and closed by imported calendars",
    });
    await channel
      .getByText("Booked on this site and closed by imported calendars as a table")
      .click();
    await channel.getByRole("row", { name: /Creekside Camp/ }).waitFor();
    // The chart, never drawn, says where its numbers are instead of loading for good.
    await channel.getByText("The chart is drawn with JavaScript.").waitFor();
    await expect(channel.getByText("Loading chart…").isVisible()).resolves.toBe(false);
    // Nothing was left for a script to move into place.
    await expect(page.locator("template[id^='B:'], [hidden][id^='S:']").count()).resolves.toBe(0);
    await context.close();
  });

  it("fits a 375 px phone without sideways scrolling, charts included", async () => {
    const { context, page } = await adminPage({ width: 375, height: 812 });
    await page.goto(rangeQuery);
    await page.locator("[data-chart] .recharts-wrapper").nth(2).waitFor();
    await figure(page, "Nights sold").getByText("28", { exact: true }).waitFor();
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    // No shown table scrolls in its box (the money tables did, by 3 px), and the
    // date fields show their calendar button whole.
    const cutOff = await page.evaluate(() =>
      [
        ...[...document.querySelectorAll("table")].map((t) => t.parentElement ?? t),
        ...document.querySelectorAll("#report-from, #report-to"),
      ]
        .filter((box) => box.getClientRects().length > 0)
        .map((box) => box.scrollWidth - box.clientWidth),
    );
    expect(cutOff.length).toBeGreaterThan(2);
    for (const px of cutOff) expect(px).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await context.close();
  });

  it("refuses a range that ends before it starts or runs over 3 years, keeping what was typed", async () => {
    const { context, page } = await adminPage({ width: 1280, height: 900 });
    const backwards = await page.goto(`/admin/reports?from=2026-06-30&to=2026-06-01`);
    expect(backwards?.status()).toBe(400);
    await page.getByText("The end must be on or after the start.").waitFor();
    await expect(page.getByLabel("From", { exact: true }).inputValue()).resolves.toBe("2026-06-30");
    await expect(page.getByLabel("To", { exact: true }).inputValue()).resolves.toBe("2026-06-01");

    await page.getByLabel("From", { exact: true }).fill("2020-01-01");
    await page.getByLabel("To", { exact: true }).fill("2024-01-01");
    await page.getByRole("button", { name: "Show" }).click();
    await page.getByText("Choose a range of at most 3 years.").waitFor();
    await expect(page.getByLabel("From", { exact: true }).inputValue()).resolves.toBe("2020-01-01");
    await expect(page.getByLabel("To", { exact: true }).inputValue()).resolves.toBe("2024-01-01");
    await expectAccessible(page);

    const malformed = await fetch(
      `${server.baseURL}/admin/reports/export?from=2026-02-30&to=2026-03-01`,
      {
        headers: { cookie: adminCookie },
      },
    );
    expect(malformed.status).toBe(400);
    expect(await malformed.text()).toContain("Enter the start as a date");
    await context.close();
  });

  it("gives the CSV to no one without the admin role", async () => {
    const csv = `${server.baseURL}/admin/reports/export?from=${range.from}&to=${range.to}`;
    const signedOut = await fetch(csv, { redirect: "manual" });
    expect(signedOut.status).toBe(401);
    const camper = await fetch(csv, {
      redirect: "manual",
      headers: { cookie: await signIn(inject("accounts").camper) },
    });
    expect(camper.status).toBe(403);
    expect(await camper.text()).not.toContain("Booking,Campsite");
  });
});
