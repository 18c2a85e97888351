// The JavaScript each page loads in headless Chromium, with a fresh cache, on
// a phone-sized and a desktop-sized window (the larger is reported): every
// script response (gzipped at level 6 for a like-for-like figure, and as
// transferred), plus the page's inline scripts (they are JavaScript shipped
// too; JSON data blocks are not counted). The page is scrolled to the end and
// left until the network is idle, so scripts loaded on sight count.
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { prerenderedPaths } from "#content/prerender.ts";
import { chromiumFlags } from "#tests/support/chromium-flags.ts";
import { figure } from "./report";

/** Every public page: the prerendered ones and /events, rendered per request. */
export const publicPages = [...prerenderedPaths, "/events"];
const notFound = "/no-such-page-here";
/** Pages of a form and its answer, also without React Router's scripts (an unknown token is enough). */
const formPages = [
  "/forgot-password",
  "/reset-password?token=bench",
  "/staff-invitation?token=bench",
];
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

export async function benchPageScripts(origin: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: chromiumFlags,
  });
  try {
    for (const path of [...publicPages, notFound, ...formPages, ...appPages]) {
      const results: Scripts[] = [];
      for (const viewport of viewports)
        results.push(await measure(browser, origin + path, viewport));
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
