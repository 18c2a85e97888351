// The public site's moving parts by mouse and keyboard: the phone menu, the
// gallery lightbox, the Brangus picture dialog, the FAQ accordion and the
// camping page's search bar (spec 2.2, 2.5-2.8 and 4).
import { describe, expect, it } from "vitest";
import {
  baseURL,
  expectAccessible,
  openPage,
  setupBrowser,
  viewports,
} from "#tests/support/browser.ts";

const browser = setupBrowser();

/** A day `n` days from now as yyyy-MM-dd (inside the booking window). */
const dayFromNow = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

const focusedText = (page: import("playwright-core").Page) =>
  page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");

describe("the menu below 1024 px", () => {
  it("collapses into a panel that the toggle opens and an item click closes", async () => {
    const { page, context, consoleErrors } = await openPage(browser(), viewports.phone);
    // What the menu's button says at the moment the page says its islands are alive.
    await context.addInitScript(() => {
      new MutationObserver(() => {
        if (document.documentElement.dataset.islands !== "alive") return;
        const button = document.querySelector('button[aria-controls="site-menu-panel"]');
        document.documentElement.dataset.menuAtAlive = button?.getAttribute("aria-expanded") ?? "";
      }).observe(document, { subtree: true, attributeFilter: ["data-islands"] });
    });
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await page.getByRole("link", { name: "Gallery", exact: true }).isVisible()).toBe(false);

    await toggle.click();
    const close = page.getByRole("button", { name: "Close menu" });
    expect(await close.getAttribute("aria-expanded")).toBe("true");
    const panel = page.locator(`#${await close.getAttribute("aria-controls")}`);
    for (const item of [
      "Home",
      "About",
      "Gallery",
      "Camping",
      "Our Brangus",
      "FAQ",
      "T&Cs",
      "Contact",
    ]) {
      expect(await panel.getByRole("link", { name: item, exact: true }).isVisible(), item).toBe(
        true,
      );
    }
    await expectAccessible(page);

    await panel.getByRole("link", { name: "Gallery", exact: true }).click();
    await page.waitForURL("**/gallery");
    expect(await panel.isVisible()).toBe(false);
    // The new page's header says whether its menu is open once its island runs.
    await page.waitForFunction(() => document.documentElement.dataset.islands === "alive");
    expect(
      await page.getByRole("button", { name: "Open menu" }).getAttribute("aria-expanded"),
    ).toBe("false");
    // Alive means its effects have run too: the button said nothing of the menu before.
    await expect(page.evaluate(() => document.documentElement.dataset.menuAtAlive)).resolves.toBe(
      "false",
    );
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("works from the keyboard: Enter opens, Tab reaches the items, Escape closes and returns focus", async () => {
    const { page, context } = await openPage(browser(), viewports.tablet);
    await page.goto("/about");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    expect(await focusedText(page)).toBe("Home");
    await page.keyboard.press("Tab");
    expect(await focusedText(page)).toBe("About");
    await page.keyboard.press("Escape");
    expect(
      await page.getByRole("button", { name: "Open menu" }).getAttribute("aria-expanded"),
    ).toBe("false");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
      "Open menu",
    );
    await context.close();
  });

  for (const when of ["with scripts off", "before its script has loaded"] as const) {
    it(`opens on the first tap ${when}, and a tap outside closes it`, async () => {
      const context = await browser().newContext({
        baseURL: baseURL(),
        viewport: viewports.phone,
        javaScriptEnabled: when === "with scripts off",
      });
      const page = await context.newPage();
      // The islands' scripts never arrive: the page is as it is before they load.
      if (when === "before its script has loaded")
        await page.route(/\/assets\/.*\.js$/, (r) => r.abort());
      await page.goto("/faq");
      const gallery = page.getByRole("link", { name: "Gallery", exact: true });
      expect(await gallery.isVisible()).toBe(false);
      await page.getByRole("button", { name: "Open menu" }).click();
      await gallery.waitFor();
      await page.mouse.click(200, 700);
      await gallery.waitFor({ state: "hidden" });
      await page.getByRole("button", { name: "Open menu" }).click();
      await gallery.click();
      await page.waitForURL("**/gallery");
      await context.close();
    });
  }

  it("stays open when its script arrives after the first tap, and then says Close menu", async () => {
    const context = await browser().newContext({ baseURL: baseURL(), viewport: viewports.phone });
    const page = await context.newPage();
    let release = () => {};
    const arrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/.*\.js$/, async (r) => {
      await arrived;
      await r.continue();
    });
    await page.goto("/faq", { waitUntil: "domcontentloaded" });
    const gallery = page.getByRole("link", { name: "Gallery", exact: true });
    await page.getByRole("button", { name: "Open menu" }).click();
    await gallery.waitFor();
    release();
    const toggle = page.getByRole("button", { name: "Close menu" });
    await toggle.waitFor();
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    expect(await gallery.isVisible()).toBe(true);
    await context.close();
  });

  it("shows the full menu without a toggle from 1024 px", async () => {
    const { page, context } = await openPage(browser(), { width: 1024, height: 800 });
    await page.goto("/");
    expect(await page.getByRole("button", { name: "Open menu" }).isVisible()).toBe(false);
    expect(
      await page.getByRole("link", { name: "Our Brangus", exact: true }).first().isVisible(),
    ).toBe(true);
    await context.close();
  });
});

describe("the gallery", () => {
  it("shows 17 photos in 1, 2, 3 and 4 columns as the screen widens", async () => {
    const { page, context } = await openPage(browser(), viewports.phone);
    await page.goto("/gallery");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Experience our Farm");
    const items = page.locator("main ul > li");
    expect(await items.count()).toBe(17);
    const columns = async (width: number) => {
      await page.setViewportSize({ width, height: 900 });
      return page
        .locator("main ul")
        .evaluate((ul) => getComputedStyle(ul).gridTemplateColumns.split(" ").length);
    };
    expect(await columns(390)).toBe(1);
    expect(await columns(800)).toBe(2);
    expect(await columns(1100)).toBe(3);
    expect(await columns(1400)).toBe(4);
    await context.close();
  });

  it("shows a photo's title on hover and on keyboard focus", async () => {
    const { page, context } = await openPage(browser());
    await page.goto("/gallery");
    const first = page.getByRole("link", { name: "Our Beautiful Brangus Herd" });
    const caption = first.locator("span");
    const opacity = () => caption.evaluate((el) => Number(getComputedStyle(el).opacity));
    expect(await opacity()).toBe(0);
    await first.hover();
    await page.waitForFunction(
      (el) => Number(getComputedStyle(el as Element).opacity) === 1,
      await caption.elementHandle(),
    );
    await page.mouse.move(0, 0);
    await page.waitForFunction(
      (el) => Number(getComputedStyle(el as Element).opacity) === 0,
      await caption.elementHandle(),
    );
    const second = page.getByRole("link", { name: "Mother and Calves" });
    await first.focus();
    await page.keyboard.press("Tab");
    await page.waitForFunction(
      (el) => Number(getComputedStyle(el as Element).opacity) === 1,
      await second.locator("span").elementHandle(),
    );
    await context.close();
  });

  it("opens the lightbox by mouse, steps with wrap-around, closes on the backdrop", async () => {
    const { page, context, consoleErrors } = await openPage(browser());
    await page.goto("/gallery");
    await page.getByRole("link", { name: "Golden Hour over the Hills" }).click();
    const dialog = page.getByRole("dialog");
    expect(await dialog.getAttribute("aria-labelledby")).toBeTruthy();
    expect(await dialog.textContent()).toContain("17 of 17");
    expect(await dialog.textContent()).toContain("Golden Hour over the Hills");
    await page.getByRole("button", { name: "Next photo" }).click();
    expect(await dialog.textContent()).toContain("1 of 17");
    expect(await dialog.textContent()).toContain("Our Beautiful Brangus Herd");
    await page.getByRole("button", { name: "Previous photo" }).click();
    expect(await dialog.textContent()).toContain("17 of 17");
    await expectAccessible(page);
    // The backdrop: the dark area beside the picture.
    await page.mouse.click(5, 450);
    await dialog.waitFor({ state: "hidden" });
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("links each photo to its largest picture, followed with scripts off", async () => {
    const context = await browser().newContext({
      baseURL: baseURL(),
      viewport: viewports.phone,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto("/gallery");
    const [response] = await Promise.all([
      page.waitForResponse(/\/images\/gallery\/mother-and-calves-1200\.\w+\.webp$/),
      page.getByRole("link", { name: "Mother and Calves" }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/webp");
    await context.close();
  });

  it("works from the keyboard: arrows step, Escape closes, focus is trapped and restored", async () => {
    const { page, context } = await openPage(browser(), viewports.phone);
    await page.goto("/gallery");
    const trigger = page.getByRole("link", { name: "Mother and Calves" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    expect(await dialog.textContent()).toContain("2 of 17");
    await page.keyboard.press("ArrowRight");
    expect(await dialog.textContent()).toContain("3 of 17");
    expect(await dialog.textContent()).toContain("Highland Cattle in the Paddock");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    expect(await dialog.textContent()).toContain("17 of 17");
    // Tab cycles inside the lightbox only.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog")))).toBe(
        true,
      );
    }
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
      "Mother and Calves",
    );
    await context.close();
  });
});

describe("Our Brangus pictures", () => {
  it("open enlarged in a dialog that closes by button, Escape or backdrop", async () => {
    const { page, context } = await openPage(browser(), viewports.tablet);
    await page.goto("/wagyu");
    const buttons = page.locator("main ul button");
    await buttons.nth(2).click();
    const dialog = page.getByRole("dialog");
    const alt = await buttons.nth(2).locator("img").getAttribute("alt");
    expect(await dialog.locator("img").getAttribute("alt")).toBe(alt);
    const [dialogWidth, thumbWidth] = [
      await dialog.locator("img").evaluate((el) => el.clientWidth),
      await buttons.nth(2).evaluate((el) => el.clientWidth),
    ];
    expect(dialogWidth).toBeGreaterThan(thumbWidth);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.querySelector("img")?.alt)).toBe(alt);

    await buttons.nth(0).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog").waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "hidden" });

    await buttons.nth(1).click();
    await page.getByRole("dialog").waitFor();
    await page.mouse.click(3, 3);
    await page.getByRole("dialog").waitFor({ state: "hidden" });
    await context.close();
  });
});

describe("the FAQ", () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`opens one of the 12 answers at a time, and closes an open one again (scripts ${javaScriptEnabled ? "on" : "off"})`, async () => {
      const context = await browser().newContext({
        baseURL: baseURL(),
        javaScriptEnabled,
        viewport: viewports.phone,
      });
      const page = await context.newPage();
      await page.goto("/faq");
      const questions = page.locator("main details");
      expect(await questions.count()).toBe(12);
      const open = () =>
        questions.evaluateAll((els) => els.filter((el) => (el as HTMLDetailsElement).open).length);
      expect(await open()).toBe(0);
      const question = (name: string) => page.locator("main summary", { hasText: name });

      await question("Are dogs allowed?").click();
      await page.getByText("must be kept on a leash at all times").waitFor();
      await question("What are the check-in and check-out times?").click();
      await page.getByText("must be kept on a leash at all times").waitFor({ state: "hidden" });
      expect(await page.getByText(/from 12pm to 5pm, and checkout is by 10am/).isVisible()).toBe(
        true,
      );
      expect(await open()).toBe(1);

      // The keyboard works too, and a second press closes it.
      await question("What are the check-in and check-out times?").focus();
      await page.keyboard.press("Enter");
      await expect.poll(open).toBe(0);
      await question("How far in advance should I book?").focus();
      await page.keyboard.press("Space");
      await page.getByText(/2-4 weeks ahead, or 2-3 months ahead for peak periods/).waitFor();
      // The cancellation answer is the policy the booking engine applies.
      await question("What is your cancellation policy?").click();
      await page
        .getByText(
          /Cancellations made at least 7 days before your arrival date receive a full refund/,
        )
        .waitFor();
      if (javaScriptEnabled) await expectAccessible(page);
      await context.close();
    });
  }

  it("has the 'Still have questions?' call and email links", async () => {
    const { page, context } = await openPage(browser());
    await page.goto("/faq");
    expect(await page.getByRole("heading", { name: "Still have questions?" }).count()).toBe(1);
    const main = page.locator("main");
    expect(await main.locator('a[href^="tel:"]').getAttribute("href")).toBe("tel:+61755501234");
    expect(await main.locator('a[href^="mailto:"]').getAttribute("href")).toMatch(/^mailto:.+@/);
    await context.close();
  });
});

describe("the camping page's search bar", () => {
  it("leads to the booking page with the dates and guests", async () => {
    const { page, context } = await openPage(browser());
    await page.goto("/camping");
    const [checkIn, checkOut] = [dayFromNow(20), dayFromNow(23)];
    await page.getByLabel("Check-in", { exact: true }).fill(checkIn);
    await page.getByLabel("Check-out", { exact: true }).fill(checkOut);
    await page.getByLabel("Adults", { exact: true }).fill("2");
    await page.getByLabel("Children", { exact: true }).fill("2");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL("**/bookings?**");
    const query = new URL(page.url()).searchParams;
    expect(Object.fromEntries(query)).toEqual({ checkIn, checkOut, guests: "4" });
    await context.close();
  });

  it("moves the check-out to the next day when the check-in reaches it", async () => {
    const { page, context } = await openPage(browser());
    await page.goto("/camping");
    await page.getByLabel("Check-out", { exact: true }).fill("2031-03-12");
    await page.getByLabel("Check-in", { exact: true }).fill("2031-03-12");
    expect(await page.getByLabel("Check-out", { exact: true }).inputValue()).toBe("2031-03-13");
    await context.close();
  });

  it("works without JavaScript too", async () => {
    const context = await browser().newContext({
      baseURL: baseURL(),
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto("/camping");
    const [checkIn, checkOut] = [dayFromNow(40), dayFromNow(43)];
    await page.getByLabel("Check-in", { exact: true }).fill(checkIn);
    await page.getByLabel("Check-out", { exact: true }).fill(checkOut);
    await page.getByLabel("Adults", { exact: true }).fill("3");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL("**/bookings?**");
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
      checkIn,
      checkOut,
      guests: "3",
    });
    // The campsite list is HTML: its cards and their 'Book Now' links carry the stay on.
    const cards = page.getByRole("list", { name: "Campsites" }).getByRole("group");
    expect(await cards.count()).toBe(3);
    await cards.first().getByRole("link", { name: "Book Now" }).click();
    await page.waitForURL("**/bookings?campsite=**");
    expect(new URL(page.url()).searchParams.get("checkIn")).toBe(checkIn);
    await context.close();
  });
});

describe("the campsite list", () => {
  it("paints from its own HTML and styles, without React Router, and opens the flow from 'Book Now'", async () => {
    const { page, context, consoleErrors } = await openPage(browser(), viewports.phone);
    const scripts: string[] = [];
    page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
    await page.goto("/bookings?utm_source=newsletter");
    // Islands: the header's script, not the app's; the styles it paints with are in the page.
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    expect(await page.locator("style[data-critical]").count()).toBe(1);
    expect(scripts.some((url) => /entry\.client/.test(url))).toBe(false);
    const first = page.getByRole("list", { name: "Campsites" }).locator("img").first();
    expect(await first.getAttribute("fetchpriority")).toBe("high");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Close menu" }).waitFor();
    await page.keyboard.press("Escape");

    await page.getByRole("list", { name: "Campsites" }).getByRole("link").first().click();
    await page.getByRole("heading", { name: "Dates and guests" }).waitFor();
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
