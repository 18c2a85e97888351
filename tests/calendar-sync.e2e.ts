// Channel sync in a real browser: an administrator opens a campsite's Calendar
// sync page, copies nothing by hand but reads the export URL a listing would
// fetch, imports a listing's feed served on loopback, syncs it, regenerates an
// export URL (the old one stops working) and removes the feed.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import ical from "node-ical";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import {
  calendar,
  type FeedServer,
  icsDay,
  serveCalendar,
  startFeedServer,
  vevent,
} from "#server/services/channel-sync/test-feed-server.ts";
import { present } from "#server/testing/present.ts";
import {
  expectAccessible,
  openPage,
  setupBrowser,
  toast,
  viewports,
} from "#tests/support/browser.ts";
import { freshDataDir } from "#tests/support/data-template.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";

const browser = setupBrowser();
const admin = { email: "owner@example.com", password: "creek-side-passphrase-42" };
const dataDir = freshDataDir("rcs-calendar-sync-");
const today = farmToday();
let server: RunningServer;
let feeds: FeedServer;
let campsite: { id: string; name: string };

beforeAll(async () => {
  // The farm's way: create the administrator with the server stopped (this seeds the demo data).
  const created = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "server/scripts/admin-create.ts",
      "--email",
      admin.email,
      "--password",
      admin.password,
    ],
    {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
      encoding: "utf8",
    },
  );
  expect(created.status, created.stderr).toBe(0);
  server = await spawnServer(dataDir);
  const list = (await (await fetch(`${server.baseURL}/api/campsites`)).json()) as {
    campsites: { id: string; name: string }[];
  };
  campsite = present(list.campsites[0], "a public campsite");
  feeds = await startFeedServer();
  const listing = calendar("-//Airbnb Inc//Hosting Calendar 0.8.8//EN", [
    vevent([
      `DTSTART;VALUE=DATE:${icsDay(today, 200)}`,
      `DTEND;VALUE=DATE:${icsDay(today, 203)}`,
      "UID:e2e-stay@airbnb.com",
      "SUMMARY:Reserved",
    ]),
  ]);
  feeds.route(
    "/airbnb.ics",
    serveCalendar(() => listing),
  );
}, 120_000);

afterAll(async () => {
  await feeds?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(page: Page) {
  const response = await page.context().request.post(`${server.baseURL}/api/auth/sign-in/email`, {
    data: admin,
    headers: { origin: server.baseURL },
  });
  expect(response.status()).toBe(200);
}

async function exportUrl(page: Page, label: string) {
  return page.getByLabel(label, { exact: true }).inputValue();
}

describe("the Calendar sync page", () => {
  it("is for administrators only", async () => {
    const { page, context } = await openPage(browser());
    await page.goto(`${server.baseURL}/admin/campsites/${campsite.id}/calendars`);
    expect(new URL(page.url()).pathname).toBe("/login");
    await context.close();
  });

  it("imports a listing's feed, shares this site's calendar, regenerates and removes", async () => {
    const { page, context, consoleErrors } = await openPage(browser(), viewports.phone);
    await signIn(page);
    const response = await page.goto(`${server.baseURL}/admin/campsites/${campsite.id}/calendars`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
      "Calendar sync",
    );

    // The export URL a listing would fetch: a calendar, with no guest in it.
    const campsiteLabel = `${campsite.name} (whole campsite)`;
    const firstUrl = await exportUrl(page, campsiteLabel);
    expect(firstUrl).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
    const exported = await fetch(firstUrl);
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const text = await exported.text();
    expect(ical.sync.parseICS(text).vcalendar).toBeDefined();
    expect(text).not.toMatch(/@example\.com|0400 000/);

    // Import the listing's calendar: its three nights are read at once.
    await page.getByLabel("Name", { exact: true }).fill("Airbnb");
    await page.getByLabel("Calendar URL (.ics)").fill(feeds.url("/airbnb.ics"));
    await page.getByRole("button", { name: "Add calendar" }).click();
    await toast(page, "Airbnb added");
    const row = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: /Airbnb/ }) });
    await expect(
      row.getByText("Nights imported").locator("xpath=..").textContent(),
    ).resolves.toContain("3");
    const availability = (await (
      await fetch(
        `${server.baseURL}/api/campsites/${campsite.id}/availability?from=${addDays(today, 199)}&to=${addDays(today, 204)}`,
      )
    ).json()) as { unavailableDates: string[] };
    expect(availability.unavailableDates).toEqual(
      expect.arrayContaining([addDays(today, 200), addDays(today, 201), addDays(today, 202)]),
    );
    expect(availability.unavailableDates).not.toContain(addDays(today, 203));
    // Checked once the toast has gone: the page itself, with a feed listed.
    await page
      .locator("[data-sonner-toast]")
      .first()
      .waitFor({ state: "detached", timeout: 15_000 });
    await expectAccessible(page);

    await row.getByRole("button", { name: "Sync now Airbnb" }).click();
    await toast(page, "Airbnb synced");

    // Regenerate the campsite's URL: the old one answers 404 from now on.
    await page.getByRole("button", { name: `Regenerate URL of ${campsiteLabel}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Regenerate URL" }).click();
    await toast(page, "New calendar URL created");
    await expect.poll(() => exportUrl(page, campsiteLabel)).not.toBe(firstUrl);
    expect((await fetch(firstUrl)).status).toBe(404);
    expect((await fetch(await exportUrl(page, campsiteLabel))).status).toBe(200);

    // Remove the feed: its nights open again.
    await row.getByRole("button", { name: "Remove Airbnb" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove feed" }).click();
    await toast(page, "Airbnb removed");
    await page.getByText("No calendars imported yet.").waitFor();
    const after = (await (
      await fetch(
        `${server.baseURL}/api/campsites/${campsite.id}/availability?from=${addDays(today, 200)}&to=${addDays(today, 202)}`,
      )
    ).json()) as { unavailableDates: string[] };
    expect(after.unavailableDates).not.toContain(addDays(today, 200));

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("shows a clear error for a bad address and changes nothing", async () => {
    const { page, context } = await openPage(browser());
    await signIn(page);
    await page.goto(`${server.baseURL}/admin/campsites/${campsite.id}/calendars`);
    await page.getByLabel("Name", { exact: true }).fill("Broken");
    await page.getByLabel("Calendar URL (.ics)").fill("airbnb.com/calendar");
    await page.getByRole("button", { name: "Add calendar" }).click();
    await page.getByText("Enter the feed's full address, starting with https://.").waitFor();
    await expect(page.getByLabel("Calendar URL (.ics)").getAttribute("aria-invalid")).resolves.toBe(
      "true",
    );
    await expect(page.getByText("No calendars imported yet.").isVisible()).resolves.toBe(true);
    await context.close();
  });
});
