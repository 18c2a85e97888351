// The public pages read as the specification writes them (spec 2.1-2.11),
// link where it says, carry their search-engine tags, and pass axe.
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { keptPublicPaths } from "#content/public-pages.ts";
import {
  baseURL,
  expectAccessible,
  openPage,
  setupBrowser,
  viewports,
} from "#tests/support/browser.ts";

const browser = setupBrowser();

const publicPaths = [
  "/",
  "/about",
  "/gallery",
  "/wagyu",
  "/camping",
  "/faq",
  "/policies",
  "/petting-zoo",
  "/contact",
  "/events",
];

async function visit(
  path: string,
  viewport: { width: number; height: number } = viewports.desktop,
) {
  const opened = await openPage(browser(), viewport);
  const response = await opened.page.goto(path);
  expect(response?.status(), path).toBe(200);
  return opened;
}

const text = async (page: Page) => (await page.locator("main").allInnerTexts()).join("\n");

/** Every BOOK NOW-style link opens the external listing in a new tab with adults=1&children=0. */
async function expectBookingLink(page: Page | Locator, name: string | RegExp) {
  const links = page.getByRole("link", { name, exact: typeof name === "string" });
  expect(await links.count(), String(name)).toBeGreaterThan(0);
  for (const link of await links.all()) {
    const href = await link.getAttribute("href");
    const url = new URL(href ?? "", baseURL());
    expect(url.origin).not.toBe(new URL(baseURL()).origin);
    expect(url.searchParams.get("adults")).toBe("1");
    expect(url.searchParams.get("children")).toBe("0");
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(await link.getAttribute("rel")).toContain("noopener");
  }
}

describe("the shared layout", () => {
  it("has the menu, BOOK NOW and the footer of spec 2.2", async () => {
    const { page, context, consoleErrors } = await visit("/about");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const item of ["Home", "About", "Gallery", "Our Brangus", "FAQ", "T&Cs", "Contact"]) {
      await expect(nav.getByRole("link", { name: item, exact: true }).isVisible()).resolves.toBe(
        true,
      );
    }
    expect(await nav.getByRole("link", { name: "Our Brangus" }).getAttribute("href")).toBe(
      "/wagyu",
    );
    expect(await nav.getByRole("link", { name: "T&Cs" }).getAttribute("href")).toBe("/policies");
    await expectBookingLink(nav, "Camping");
    await expectBookingLink(page.getByRole("banner"), "BOOK NOW");
    expect(await page.getByRole("banner").getByRole("link").first().getAttribute("href")).toBe("/");

    const footer = page.getByRole("contentinfo");
    const hrefOf = async (name: string) =>
      footer.getByRole("link", { name, exact: true }).first().getAttribute("href");
    expect(await footer.getByRole("heading", { name: "Quick Links" }).count()).toBe(1);
    expect(await footer.getByRole("heading", { name: "More" }).count()).toBe(1);
    expect(await hrefOf("Home")).toBe("/");
    expect(await hrefOf("About Us")).toBe("/about");
    expect(await hrefOf("Camping")).toBe("/camping");
    expect(await hrefOf("Our Brangus")).toBe("/wagyu");
    expect(await hrefOf("Contact")).toBe("/contact");
    expect(await hrefOf("T&Cs")).toBe("/policies");
    expect(await hrefOf("Admin Login")).toBe("/login");
    expect(await hrefOf("Facebook")).toMatch(/^https:\/\/www\.facebook\.com\//);
    expect(await hrefOf("Instagram")).toMatch(/^https:\/\/www\.instagram\.com\//);
    const address = footer.getByRole("link", {
      name: "83 Rocky Creek Road, Woolooga, Queensland 4570",
    });
    expect(await address.getAttribute("href")).toMatch(
      /^https:\/\/www\.google\.com\/maps\/search\//,
    );
    expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()}`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("marks the current page in the menu", async () => {
    const { page, context } = await visit("/gallery");
    const nav = page.getByRole("navigation", { name: "Main" });
    const current = nav.locator('a[aria-current="page"]');
    expect(await current.count()).toBe(1);
    expect(await current.textContent()).toBe("Gallery");
    await context.close();
  });

  it("runs the marketing pages without React Router's runtime, their parts alive as islands", async () => {
    for (const path of [...publicPaths, "/no-such-page"]) {
      const { page, context, consoleErrors } = await openPage(browser(), viewports.phone);
      await page.goto(path);
      await page.getByRole("button", { name: "Open menu" }).click();
      // The island says the menu is open once it runs, whether the tap came before it or after.
      await page.getByRole("button", { name: "Close menu" }).waitFor();
      const runtime = await page.evaluate(() => ({
        router: "__reactRouterContext" in window,
        scripts: [...document.scripts].filter((s) => s.type !== "application/ld+json").length,
        modules: performance
          .getEntriesByType("resource")
          .map((entry) => new URL(entry.name).pathname)
          .filter((name) => name.endsWith(".js")),
        stylesheets: [...document.styleSheets].map((sheet) => sheet.href ?? "inline"),
      }));
      expect(runtime.router, path).toBe(false);
      // One inline boot script; the islands' entry follows the first paint.
      expect(runtime.scripts, path).toBe(1);
      expect(
        runtime.modules.filter((name) => name.includes("/islands-")),
        path,
      ).toHaveLength(1);
      // A kept page's inline styles are its critical rules, the whole stylesheet
      // follows; a page rendered per request carries the whole stylesheet inline.
      const kept = keptPublicPaths.includes(path);
      expect(runtime.stylesheets, path).toEqual(
        kept ? ["inline", expect.stringMatching(/\/assets\/app-/)] : ["inline"],
      );
      // Chromium reports the 404 page's own status as an error; anything else is one.
      expect(
        consoleErrors.filter((e) => !e.includes("status of 404")),
        path,
      ).toEqual([]);
      await context.close();
    }
  });

  it("scrolls to the top when a footer link is followed", async () => {
    const { page, context } = await visit("/policies");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole("contentinfo").getByRole("link", { name: "T&Cs" }).click();
    await page.waitForFunction(() => window.scrollY === 0);
    await context.close();
  });

  it("marks the header once the page has scrolled past 50 px, and unmarks it at the top", async () => {
    const { page, context } = await visit("/policies");
    const header = page.getByRole("banner");
    expect(await header.getAttribute("data-scrolled")).toBe("false");
    await page.evaluate(() => window.scrollTo(0, 40));
    await page.waitForTimeout(100);
    expect(await header.getAttribute("data-scrolled")).toBe("false");
    await page.evaluate(() => window.scrollTo(0, 120));
    await page.waitForFunction(() => document.querySelector("header")?.dataset.scrolled === "true");
    const shadow = await header.evaluate((el) => getComputedStyle(el).boxShadow);
    expect(shadow).not.toBe("none");
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(
      () => document.querySelector("header")?.dataset.scrolled === "false",
    );
    await context.close();
  });
});

describe("the home page", () => {
  it("shows the hero, intro, experience cards, guest quotes and closing call", async () => {
    const { page, context, consoleErrors } = await visit("/");
    const h1 = page.getByRole("heading", { level: 1 });
    expect(await h1.textContent()).toBe("Adventure Starts Here");
    const body = await text(page);
    for (const words of [
      "Experience Queensland's Premier Camping Destination",
      "Discover the Magic of Rocky Creek Station",
      "Camping and Caravan",
      "Our Brangus",
      "What Our Guests Say",
    ]) {
      expect(body).toContain(words);
    }
    expect(body.match(/Camping Guests/g)).toHaveLength(2);
    await expectBookingLink(page.locator("main"), "Book Your Campsite");
    await expectBookingLink(page.locator("main"), "Book a Camp Site");
    await expectBookingLink(page.locator("main"), "Book Now");
    const main = page.locator("main");
    expect(await main.getByRole("link", { name: "Learn More About Us" }).getAttribute("href")).toBe(
      "/about",
    );
    expect(await main.getByRole("link", { name: "Explore our Brangus" }).getAttribute("href")).toBe(
      "/wagyu",
    );
    expect(await main.getByRole("link", { name: "Contact Us" }).getAttribute("href")).toBe(
      "/contact",
    );
    // The hero's link to the events has a visible, accessible label (amendment 2.10).
    const events = main.locator('a[href="/events"]').first();
    expect(((await events.textContent()) ?? "").trim().length).toBeGreaterThan(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("gives each experience card its phone, tablet and desktop picture", async () => {
    const { page, context } = await visit("/");
    const picture = page.locator("article picture").first();
    const sources = await picture
      .locator("source")
      .evaluateAll((els) => els.map((el) => [el.getAttribute("media"), el.getAttribute("type")]));
    // AVIF first at each breakpoint, WebP for a browser without it.
    expect(sources).toEqual([
      ["(min-width: 1024px)", "image/avif"],
      ["(min-width: 1024px)", "image/webp"],
      ["(min-width: 640px)", "image/avif"],
      ["(min-width: 640px)", "image/webp"],
      [null, "image/avif"],
    ]);
    const srcOf = async (width: number) => {
      await page.setViewportSize({ width, height: 900 });
      const img = picture.locator("img");
      await img.scrollIntoViewIfNeeded();
      await page.waitForFunction(
        (el) => (el as HTMLImageElement).currentSrc !== "",
        await img.elementHandle(),
      );
      return img.evaluate((el) => (el as HTMLImageElement).currentSrc);
    };
    expect(await srcOf(390)).toMatch(/-mobile-\d+\.[0-9a-f]{10}\.avif$/);
    expect(await srcOf(800)).toMatch(/-tablet-\d+\.[0-9a-f]{10}\.avif$/);
    expect(await srcOf(1366)).toMatch(/-desktop-\d+\.[0-9a-f]{10}\.avif$/);
    await context.close();
  });

  it("plays the hero loop muted, and shows only the poster when motion is reduced", async () => {
    const { page, context } = await visit("/");
    const video = page.locator("main video");
    await video.waitFor({ state: "attached", timeout: 15_000 });
    const props = await video.evaluate((el) => {
      const v = el as HTMLVideoElement;
      return { loop: v.loop, muted: v.muted, autoplay: v.autoplay, poster: v.poster };
    });
    expect(props).toMatchObject({ loop: true, muted: true, autoplay: true });
    // Never fetched whole ahead of playing (issue 15 item 5).
    expect(await video.getAttribute("preload")).not.toBe("auto");
    expect(props.poster).toContain("/images/home/hero-");
    await page.getByRole("button", { name: "Pause background video" }).click();
    expect(await video.evaluate((el) => (el as HTMLVideoElement).paused)).toBe(true);
    await context.close();

    const reduced = await browser().newContext({ baseURL: baseURL(), reducedMotion: "reduce" });
    const still = await reduced.newPage();
    await still.goto("/");
    await still.waitForTimeout(3000);
    expect(await still.locator("main video").count()).toBe(0);
    expect(await still.locator('main img[src*="/images/home/hero-"]').isVisible()).toBe(true);
    await reduced.close();
  });

  it("keeps the video off phones, Save-Data and slow connections", async () => {
    const connections = [
      { viewport: viewports.phone, connection: { effectiveType: "4g", saveData: false } },
      { viewport: viewports.desktop, connection: { effectiveType: "4g", saveData: true } },
      { viewport: viewports.desktop, connection: { effectiveType: "3g", saveData: false } },
    ];
    for (const { viewport, connection } of connections) {
      const { page, context } = await openPage(browser(), viewport);
      await page.addInitScript((value) => {
        Object.defineProperty(navigator, "connection", { value, configurable: true });
      }, connection);
      const media: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "media") media.push(request.url());
      });
      await page.goto("/");
      await page.waitForTimeout(3000);
      const label = `${viewport.width}px ${JSON.stringify(connection)}`;
      expect(await page.locator("main video").count(), label).toBe(0);
      expect(media, label).toEqual([]);
      expect(await page.locator('main img[src*="/images/home/hero-"]').isVisible(), label).toBe(
        true,
      );
      await context.close();
    }
  });

  it("sizes every image so nothing shifts as they load", async () => {
    for (const path of publicPaths) {
      const { page, context } = await visit(path);
      const unsized = await page
        .locator("img")
        .evaluateAll((imgs) =>
          imgs
            .filter((i) => !i.getAttribute("width") || !i.getAttribute("height"))
            .map((i) => i.outerHTML),
        );
      expect(unsized, path).toEqual([]);
      await context.close();
    }
  });
});

describe("the content pages", () => {
  it("About tells the farm's story", async () => {
    const { page, context } = await visit("/about");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("About Us");
    const body = await text(page);
    expect(body).toContain("Your Escape Starts Here");
    expect(body).toContain("800 acres");
    expect(body).toMatch(/working Brangus cattle farm/);
    expect(body).toMatch(/fishing/);
    expect(body).toMatch(/paddle/);
    expect(body).toMatch(/creekside campsites/);
    expect(body).toMatch(/trails/);
    expect(await page.locator("main section p").count()).toBeGreaterThanOrEqual(4);
    await context.close();
  });

  it("Our Brangus has its story, three value cards and seven pictures at 4:3", async () => {
    const { page, context } = await visit("/wagyu");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Our Brangus");
    for (const value of [
      "Premium Quality",
      "Ethical Farming",
      "Sustainable Practice",
      "Meet Our Brangus",
    ]) {
      expect(await page.getByRole("heading", { name: value }).count(), value).toBe(1);
    }
    const pictures = page.locator("main ul button img");
    expect(await pictures.count()).toBe(7);
    const ratios = await pictures.evaluateAll((imgs) =>
      imgs.map((i) => Math.round((i.clientWidth / i.clientHeight) * 100) / 100),
    );
    expect(new Set(ratios)).toEqual(new Set([1.33]));
    await context.close();
  });

  it("Camping has its intro, prices and the 'Book Your Campsite' card", async () => {
    const { page, context } = await visit("/camping");
    const body = await text(page);
    for (const words of ["from $45/night", "$65/night", "Free firewood", "Dog friendly"]) {
      expect(body).toContain(words);
    }
    expect(await page.getByRole("heading", { name: "Book Your Campsite" }).count()).toBe(1);
    await expectBookingLink(page.locator("main"), "Book a Camp Site");
    await context.close();
  });

  it("T&Cs has the 23 numbered sections and the acknowledgement", async () => {
    const { page, context } = await visit("/policies");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Terms and Conditions of Entry and Occupation",
    );
    const headings = await page.locator("main ol > li > h2").allInnerTexts();
    expect(headings).toHaveLength(23);
    for (const [i, h] of headings.entries()) expect(h.startsWith(`${i + 1}. `), h).toBe(true);
    const body = await text(page);
    for (const rule of [
      /recreational/i,
      /firearms/i,
      /illegal/i,
      /designated fire rings/,
      /leash/,
      /climbing trees/i,
      /fences/,
      /livestock/,
      /farm plant/,
      /children under 13/,
      /10pm and 7am/,
      /8am and 7pm/,
      /6:00pm/,
      // The refunds section is the cancellation policy in Settings (decision 0029).
      /Cancellations made at least 7 days before your arrival date receive a full refund/,
      /in writing/,
      /not guaranteed/,
      /eviction/,
      /drinking water/,
      /portable toilet/,
    ]) {
      expect(body).toMatch(rule);
    }
    expect(await page.getByRole("heading", { name: "Acknowledgement" }).count()).toBe(1);
    await context.close();
  });

  it("the petting zoo is under construction", async () => {
    const { page, context } = await visit("/petting-zoo");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Petting Zoo");
    expect(await text(page)).toMatch(/under construction/i);
    await context.close();
  });

  it("Contact has the phone and address links and the message form", async () => {
    const { page, context } = await visit("/contact");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Get in Touch");
    expect(await page.getByRole("link", { name: "(07) 5550 1234" }).getAttribute("href")).toBe(
      "tel:+61755501234",
    );
    const address = page
      .locator("main")
      .getByRole("link", { name: "83 Rocky Creek Road, Woolooga, Queensland 4570" });
    expect(await address.getAttribute("href")).toMatch(/google\.com\/maps\/search/);
    expect(await page.getByRole("heading", { name: "Send us a Message" }).count()).toBe(1);
    expect(await page.getByLabel("Email", { exact: true }).getAttribute("type")).toBe("email");
    for (const field of ["Name", "Email", "Message"]) {
      expect(
        await page.getByLabel(field, { exact: true }).getAttribute("required"),
        field,
      ).not.toBeNull();
    }
    expect(await page.getByRole("button", { name: "Send Message" }).count()).toBe(1);
    await context.close();
  });

  it("Events lists what is coming up", async () => {
    const { page, context } = await visit("/events");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Events at the Farm");
    const events = page.locator("main article");
    const empty = await page.getByText("No events are planned right now").count();
    expect((await events.count()) + empty).toBeGreaterThan(0);
    await context.close();
  });

  it("/image-upload only leads home", async () => {
    const { page, context } = await openPage(browser());
    await page.goto("/image-upload");
    expect(new URL(page.url()).pathname).toBe("/");
    await context.close();
  });

  it("an unknown path shows the 404 page inside the site's header and footer", async () => {
    const { page, context } = await openPage(browser());
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Oops! We couldn't find that page",
    );
    expect(await page.getByRole("link", { name: "Return to Homepage" }).getAttribute("href")).toBe(
      "/",
    );
    expect(await page.getByRole("banner").count()).toBe(1);
    expect(await page.getByRole("contentinfo").count()).toBe(1);
    await context.close();
  });
});

describe("search engines and link previews", () => {
  it("gives every public page its own title, description, canonical URL and Open Graph tags", async () => {
    const titles = new Set<string>();
    for (const path of publicPaths) {
      const { page, context } = await visit(path);
      const title = await page.title();
      expect(title, path).toMatch(/Rocky Creek Station/);
      titles.add(title);
      const meta = async (selector: string, attr = "content") =>
        page.locator(selector).first().getAttribute(attr);
      expect((await meta('meta[name="description"]'))?.length, path).toBeGreaterThan(40);
      expect(new URL((await meta('link[rel="canonical"]', "href")) ?? "").pathname, path).toBe(
        path,
      );
      expect(await meta('meta[property="og:title"]'), path).toBe(title);
      expect(await meta('meta[property="og:image"]'), path).toMatch(/^https?:\/\/.+\.(webp|jpg)$/);
      await context.close();
    }
    expect(titles.size).toBe(publicPaths.length);
  });

  it("describes the farm as a campground for search engines", async () => {
    const { page, context } = await visit("/");
    const data = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}",
    );
    expect(data["@type"]).toBe("Campground");
    expect(data.address).toMatchObject({
      streetAddress: "83 Rocky Creek Road",
      addressLocality: "Woolooga",
      addressRegion: "Queensland",
      postalCode: "4570",
    });
    expect(data.telephone).toBe("+61755501234");
    expect(data.priceRange).toMatch(/\$45/);
    expect(data.amenityFeature.length).toBeGreaterThan(3);
    await context.close();
  });

  it("lists the public pages and the campsite list in sitemap.xml and keeps admin and booking pages out in robots.txt", async () => {
    const sitemap = await (await fetch(`${baseURL()}/sitemap.xml`)).text();
    for (const path of [...publicPaths, "/bookings"])
      expect(sitemap).toMatch(new RegExp(`<loc>[^<]*${path}</loc>`));
    expect(sitemap).not.toMatch(/admin|booking-success|bookings\?/);
    const robots = await fetch(`${baseURL()}/robots.txt`);
    expect(robots.headers.get("content-type")).toMatch(/^text\/plain/);
    const rules = await robots.text();
    for (const path of ["/admin", "/login", "/bookings?", "/booking-success"]) {
      expect(rules).toContain(`Disallow: ${path}\n`);
    }
    expect(rules).not.toContain("Disallow: /bookings\n");
    expect(rules).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);
  });
});

describe("the Content Security Policy", () => {
  it("lets every page run only this site's scripts: no inline allowance, no other origin", async () => {
    for (const path of [...publicPaths, "/bookings", "/login"]) {
      const policy = (await fetch(`${baseURL()}${path}`)).headers.get("content-security-policy");
      const scriptSrc = policy?.split("; ").find((d) => d.startsWith("script-src ")) ?? "";
      // A marketing page's one inline script, its islands' boot script, is allowed by its hash.
      expect(scriptSrc, path).toMatch(/^script-src 'self'( |$)/);
      expect(scriptSrc, path).not.toMatch(/unsafe-inline|unsafe-eval|https:/);
    }
  });

  // The public pages are loaded at three widths by the accessibility checks below, each
  // failing on any console error, which is where Chromium reports a refused script.
  it("is kept by the pages that run the most code, once they are in use", async () => {
    for (const path of ["/bookings", "/login"]) {
      const { page, context, consoleErrors } = await openPage(browser(), viewports.phone);
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { cspViolations: string[] }).cspViolations = seen;
        document.addEventListener("securitypolicyviolation", (e) =>
          seen.push(`${e.violatedDirective} ${e.blockedURI}`),
        );
      });
      await page.goto(path);
      if (path === "/bookings") {
        // The list is islands; choosing a campsite opens the booking flow, which
        // runs React Router and its form schemas in the browser.
        await page
          .locator("main")
          .getByRole("link", { name: "Book Now", exact: true })
          .first()
          .click();
        // Visible: a fresh server streams the flow in a hidden chunk that React then reveals.
        await page.locator("#booking-step-heading").filter({ visible: true }).waitFor();
      }
      // Hydrated: React Router's client took over the page, so its inline scripts ran.
      await page.waitForFunction(() => "__reactRouterRouteModules" in window);
      const violations = await page.evaluate(
        () => (window as unknown as { cspViolations: string[] }).cspViolations,
      );
      expect(violations, path).toEqual([]);
      expect(consoleErrors, path).toEqual([]);
      await context.close();
    }
  });
});

describe("accessibility", () => {
  for (const [size, viewport] of Object.entries(viewports)) {
    it(`every public page passes axe at ${size} width`, async () => {
      for (const path of publicPaths) {
        const { page, context, consoleErrors } = await visit(path, viewport);
        await expectAccessible(page);
        expect(consoleErrors, path).toEqual([]);
        await context.close();
      }
      // Every page in turn, under the same load as the rest of the suite.
    }, 120_000);
  }

  it("the 404 page passes axe", async () => {
    const { page, context } = await openPage(browser());
    await page.goto("/nothing-here");
    await expectAccessible(page);
    await context.close();
  });
});
