// A kept marketing page carries inline only the CSS rules its HTML uses
// (server/http/critical-css.ts): drawn with those alone, it must look exactly as
// it does with the whole stylesheet, at a phone's width and a desktop's.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { keptPublicPaths } from "#content/public-pages.ts";
import { openPage, setupBrowser, viewports } from "#tests/support/browser.ts";

const browser = setupBrowser();
const wholeStylesheet = /\/assets\/app-[^/]+\.css$/;

/** How many bytes of two screenshots' pixels differ (or their heights, when those do). */
async function difference(a: Buffer, b: Buffer): Promise<string | number> {
  const [first, second] = await Promise.all(
    [a, b].map((png) => sharp(png).raw().toBuffer({ resolveWithObject: true })),
  );
  if (!first || !second) throw new Error("no screenshot");
  if (first.info.height !== second.info.height) {
    return `heights ${first.info.height} and ${second.info.height}`;
  }
  let differing = 0;
  for (let i = 0; i < first.data.length; i++) if (first.data[i] !== second.data[i]) differing++;
  return differing;
}

describe("the critical CSS of a kept page", () => {
  for (const viewport of [viewports.phone, viewports.desktop]) {
    it(`draws the page as the whole stylesheet does, ${viewport.width} px wide`, {
      timeout: 120_000,
    }, async () => {
      // The campsite list is kept with its critical CSS too.
      for (const path of [...keptPublicPaths, "/bookings"]) {
        const { page, context } = await openPage(browser(), viewport);
        // No hero video: its frames would differ from one shot to the next.
        await page.emulateMedia({ reducedMotion: "reduce" });
        // Without the whole stylesheet the boot script goes on to the islands all the same.
        await page.route(wholeStylesheet, (route) => route.abort());
        await page.goto(path);
        // Every picture drawn, the lazy ones too, so that both shots show the same.
        await page.evaluate(() =>
          Promise.all(
            [...document.images].map((image) => {
              image.loading = "eager";
              return image.decode().catch(() => undefined);
            }),
          ),
        );
        const critical = await page.screenshot({ fullPage: true, animations: "disabled" });
        await page.unroute(wholeStylesheet);
        await page.evaluate(
          (href) =>
            new Promise((resolve, reject) => {
              const link = Object.assign(document.createElement("link"), {
                rel: "stylesheet",
                href,
              });
              link.onload = resolve;
              link.onerror = reject;
              document.head.append(link);
            }),
          await page.evaluate(
            () => document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')?.href,
          ),
        );
        const whole = await page.screenshot({ fullPage: true, animations: "disabled" });
        expect(await difference(critical, whole), `${path} at ${viewport.width} px`).toBe(0);
        await context.close();
      }
    });
  }
});
