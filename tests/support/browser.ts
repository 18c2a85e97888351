// Chromium for the end-to-end tests (Debian's /usr/bin/chromium through
// playwright-core), with helpers for pages, accessibility checks and console errors.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { chromiumFlags } from "./chromium-flags";

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

export const viewports = {
  phone: { width: 390, height: 844 },
  tablet: { width: 820, height: 1180 },
  desktop: { width: 1366, height: 900 },
} as const;

export function baseURL(): string {
  return inject("baseURL");
}

/** Launches Chromium once for the test file. */
export function setupBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [...chromiumFlags, "--disable-dev-shm-usage"],
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("the browser is not running yet");
    return browser;
  };
}

/** A new page at the given size whose console errors are collected. */
export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number } = viewports.desktop,
): Promise<{ context: BrowserContext; page: Page; consoleErrors: string[] }> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") consoleErrors.push(`${msg.text()} (${msg.location().url})`);
  });
  page.on("pageerror", (error) => consoleErrors.push(error.message));
  return { context, page: waitingForIslands(page), consoleErrors };
}

/**
 * The page, whose `goto` also waits until the islands of a page without React
 * Router's scripts are alive: they load after the page has painted (decision
 * 0022), as a person sees the page before using its menu. The React Router
 * app's pages are left as before.
 */
function waitingForIslands(page: Page): Page {
  const goto = page.goto.bind(page);
  return Object.assign(page, {
    goto: async (...args: Parameters<Page["goto"]>) => {
      const response = await goto(...args);
      await page.waitForFunction(
        () =>
          "__reactRouterContext" in window ||
          !document.querySelector("[data-island]") ||
          document.documentElement.dataset.islands === "alive",
      );
      return response;
    },
  });
}

/** The toast that says `title`, once it is on screen; its whole text. */
export async function toast(page: Page, title: string): Promise<string> {
  const item = page.locator("[data-sonner-toast]").filter({ hasText: title }).first();
  await item.waitFor();
  return (await item.textContent()) ?? "";
}

/** Runs axe-core on the page and fails on any WCAG 2.x A/AA violation. */
export async function expectAccessible(page: Page) {
  // Evaluated through the browser's debugging protocol, not as a <script> element:
  // the site's Content Security Policy rightly refuses an inline script it did not send.
  await page.evaluate(axeSource);
  // Axe reads colours as painted: a toast still fading in has too little contrast for a moment.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: unknown,
            opts: unknown,
          ) => Promise<{
            violations: { id: string; help: string; nodes: { target: unknown }[] }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
    });
    return result.violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(", ")})`,
    );
  });
  expect(violations).toEqual([]);
}
