// The JavaScript each page loads in headless Chromium, with a fresh cache, on
// a phone-sized and a desktop-sized window (the larger is reported): every
// script response (gzipped at level 6 for a like-for-like figure, and as
// transferred), plus the page's inline scripts (they are JavaScript shipped
// too; JSON data blocks are not counted). The page is scrolled to the end and
// left until the network is idle, so scripts loaded on sight count.

import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { keptPublicPaths } from "#content/public-pages.ts";
import { policyWords } from "#domain/rules/cancellation-policy.ts";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import { chromiumFlags } from "#tests/support/chromium-flags.ts";
import { failure, figure } from "./report";

/** Every marketing page, rendered once per change and kept. */
export const publicPages = keptPublicPaths;
const notFound = "/no-such-page-here";
/** Pages of a form and its answer, also without React Router's scripts (an unknown token is enough). */
const formPages = [
  "/forgot-password",
  "/reset-password?token=bench",
  "/staff-invitation?token=bench",
];
/** The camper's own page: its address is made by booking and paying (guestPage). */
const GUEST_PAGE = "/my-booking/:token";
/** The React Router app's pages, measured without a target. */
const appPages = ["/bookings", "/login"];
const viewports = [
  { width: 412, height: 823, isMobile: true },
  { width: 1350, height: 940, isMobile: false },
];

type Scripts = { external: number; transferred: number; inline: number; count: number };

const gz = (body: Buffer | string) => gzipSync(body, { level: 6 }).length;

async function measure(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  url: string,
  viewport: (typeof viewports)[number],
): Promise<Scripts> {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    isMobile: viewport.isMobile,
    hasTouch: viewport.isMobile,
    // The camper's page saves its files for offline use: those copies are not more JavaScript.
    serviceWorkers: "block",
  });
  const found: Promise<{ gz: number; transferred: number }>[] = [];
  context.on("response", (response) => {
    const type = response.request().resourceType();
    const mime = response.headers()["content-type"] ?? "";
    if (type !== "script" && !mime.includes("javascript")) return;
    found.push(
      (async () => {
        const body = await response.body().catch(() => Buffer.alloc(0));
        const sizes = await response
          .request()
          .sizes()
          .catch(() => ({ responseBodySize: 0 }));
        return { gz: gz(body), transferred: sizes.responseBodySize };
      })(),
    );
  });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: "load" });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState("networkidle");
    const inline = await page.$$eval("script:not([src])", (scripts) =>
      scripts
        .filter((s) => !/json/i.test(s.getAttribute("type") ?? ""))
        .map((s) => s.textContent ?? ""),
    );
    const external = await Promise.all(found);
    return {
      external: external.reduce((n, s) => n + s.gz, 0),
      transferred: external.reduce((n, s) => n + s.transferred, 0),
      inline: inline.reduce((n, text) => n + (text.trim() ? gz(text) : 0), 0),
      count: external.length,
    };
  } finally {
    await context.close();
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/**
 * The address of a camper's own page: a stay at the last campsite, the
 * first one from 30 days ahead that it accepts, booked through the API and
 * paid on the test checkout, as a camper does.
 */
async function guestPage(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  origin: string,
): Promise<string> {
  const get = async (path: string) => (await fetch(origin + path)).json();
  const post = (path: string, body?: unknown, headers = {}) =>
    fetch(origin + path, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const { campsites } = await get("/api/campsites");
  const campsite = campsites.at(-1) as { id: string };
  const availability = await get(`/api/campsites/${campsite.id}/availability`);
  const taken = new Set<string>(availability.unavailableDates);
  const nights = availability.minimumNightStay as number;
  const guest = { firstName: "Bench", lastName: "Camper", email: "bench.camper@example.com" };
  let created: { booking: { id: string; checkIn: string }; holdSecret: string } | undefined;
  for (let day = 30; !created && day < 300; day++) {
    const checkIn = addDays(availability.today, day);
    const stay = Array.from({ length: nights }, (_, i) => addDays(checkIn, i));
    if (stay.some((night) => taken.has(night))) continue;
    const res = await post("/api/bookings", {
      ...guest,
      campsiteId: campsite.id,
      checkIn,
      checkOut: addDays(checkIn, nights),
      guests: 2,
    });
    // A night with longer stays (a long weekend, a season): the next day.
    if (res.status === 201) created = await res.json();
    else await res.arrayBuffer();
  }
  if (!created) throw new Error("no stay could be booked for the camper's page");
  // Pay accepts the stay's cancellation policy as step 3 states it.
  const accepted = {
    acceptPolicy: true,
    policy: policyWords(created.booking.checkIn, availability.cancellationPolicy, farmToday()),
    termsVersion: availability.termsVersion,
  };
  const paying = await post(`/api/bookings/${created.booking.id}/payment`, accepted, {
    "x-hold-secret": created.holdSecret,
  });
  const payment = (await paying.json()) as { url: string };
  const page = await browser.newPage();
  try {
    await page.goto(payment.url);
    await page.getByRole("button", { name: /^Pay .* \(test\)$/ }).click();
    const link = page.getByRole("link", { name: "Manage your booking" });
    const href = await link.getAttribute("href");
    if (!href) throw new Error("the success page has no link to the camper's page");
    return href;
  } finally {
    await page.close();
  }
}

export async function benchPageScripts(origin: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: chromiumFlags,
  });
  try {
    // Without a booking of its own, that one page is reported as failed; the others still run.
    const guest = await guestPage(browser, origin).catch((error: unknown) => {
      failure(GUEST_PAGE, error);
      return undefined;
    });
    const paths = [
      ...publicPages,
      notFound,
      ...formPages,
      ...(guest ? [GUEST_PAGE] : []),
      ...appPages,
    ];
    for (const path of paths) {
      const url = origin + (path === GUEST_PAGE ? guest : path);
      const results: Scripts[] = [];
      for (const viewport of viewports) results.push(await measure(browser, url, viewport));
      const worst = results.reduce((a, b) =>
        b.external + b.inline > a.external + a.inline ? b : a,
      );
      const total = worst.external + worst.inline;
      const label = path === notFound ? `${path} (404)` : path;
      figure(
        `JavaScript of ${label.padEnd(30)} KB gzipped`,
        `${kb(total)} (${worst.count} files ${kb(worst.external)}, inline ${kb(worst.inline)}; transferred ${kb(worst.transferred)})`,
        total / 1024,
        appPages.includes(path) ? undefined : { op: "<=", value: 40 },
        " KB",
      );
    }
  } finally {
    await browser.close();
  }
}
