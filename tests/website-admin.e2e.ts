// The farm's own words, live in seconds (issue 30), on the production build
// with a server of its own (it changes what every page says): the owner
// publishes a new phone number and a new first FAQ answer and adds an event;
// within 5 seconds the footer, the home page, the FAQ and the events page show
// them, with no rebuild; so does the gallery a picture the owner adds, and an
// event the picture it is given, and a page's hero; a page's new words are on
// it, the FAQ's and the contact page's too. A changed cancellation policy
// changes the FAQ and the Terms; an old version of the details is restored.
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, inject, it } from "vitest";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import { cameraJpeg } from "#server/testing/photos.ts";
import { expectAccessible, setupBrowser, toast } from "#tests/support/browser.ts";
import { addSessionCookie, signedInCookie } from "#tests/support/sessions.ts";
import { setupOwnServer } from "#tests/support/spawn-server.ts";

const browser = setupBrowser();
const own = setupOwnServer("rcs-website-");
const base = () => own.server().baseURL;

async function ownerPage(): Promise<Page> {
  const { admin } = inject("accounts");
  const context = await browser().newContext({
    baseURL: base(),
    viewport: { width: 1280, height: 900 },
  });
  await addSessionCookie(context, await signedInCookie(admin.email, admin.password, base()));
  return context.newPage();
}

/** Waits until the public page's HTML, as a visitor gets it, says `text` (at most 5 seconds). */
async function pageSays(path: string, text: string | RegExp) {
  const says = (html: string) => (typeof text === "string" ? html.includes(text) : text.test(html));
  await expect
    .poll(async () => says(await (await fetch(`${base()}${path}`)).text()), {
      message: `${path} says ${text}`,
      timeout: 5_000,
      interval: 200,
    })
    .toBe(true);
}

describe("the owner's Website screens", () => {
  it("publish a new phone number: every page says it within seconds", async () => {
    await pageSays("/", '"telephone":"+61755501234"');
    const page = await ownerPage();
    await page.goto("/admin/website");
    await page.getByRole("heading", { name: "Website", level: 1 }).waitFor();
    await page.getByLabel("Phone").fill("5550 98");
    await page.getByRole("button", { name: "Publish" }).click();
    await page.getByText(/Phone must be a phone number that can be dialled/).waitFor();

    await page.getByLabel("Phone").fill("(07) 5550 9876");
    await page.getByRole("button", { name: "Publish" }).click();
    await toast(page, "Published");
    await pageSays("/", '"telephone":"+61755509876"');
    await pageSays("/faq", "(07) 5550 9876");
    await pageSays("/contact", "(07) 5550 9876");
    await expectAccessible(page);

    // A second version, then the first comes back with Restore.
    await page.getByLabel("Phone").fill("0412 345 678");
    await page.getByRole("button", { name: "Publish" }).click();
    await toast(page, "Published");
    await pageSays("/", '"telephone":"+61412345678"');
    await page.getByRole("button", { name: /^Restore the version of/ }).click();
    await toast(page, "Restored");
    await pageSays("/", '"telephone":"+61755509876"');
    expect(await page.getByLabel("Phone").inputValue()).toBe("(07) 5550 9876");
    await page.context().close();
  });

  it("publish the FAQ's first answer, in the order the owner chose", async () => {
    const page = await ownerPage();
    await page.goto("/admin/website/faq");
    await page
      .getByLabel("Answer 1", { exact: true })
      .fill("Check-in is from 1pm; checkout by 10am.");
    await page.getByRole("button", { name: "Move down question 1", exact: true }).click();
    expect(await page.getByLabel("Question 1", { exact: true }).inputValue()).toBe(
      "Are dogs allowed?",
    );
    await page.getByRole("button", { name: "Publish" }).click();
    await toast(page, "Published");
    await pageSays(
      "/faq",
      /Are dogs allowed\?[\s\S]*What are the check-in and check-out times\?[\s\S]*Check-in is from 1pm; checkout by 10am\./,
    );
    await page.context().close();
  });

  it("publish a page's words, previewed first: the page says them within seconds", async () => {
    const page = await ownerPage();
    await page.goto("/admin/website/pages");
    await page
      .getByRole("navigation", { name: "Pages" })
      .getByRole("link", { name: "About Us" })
      .click();
    const paragraphs = page.getByLabel("Paragraphs", { exact: true });
    await paragraphs.fill("First words of the farm.\n\nA second paragraph by the creek.");
    const preview = page.getByRole("region", { name: "Preview" });
    await preview.getByText("A second paragraph by the creek.").waitFor();
    await page.getByLabel("Subtitle").fill("");
    await page.getByRole("button", { name: "Publish" }).click();
    await page.getByText("Subtitle is required").waitFor();

    await page.getByLabel("Subtitle").fill("A weekend by the creek");
    await page.getByRole("button", { name: "Publish" }).click();
    await toast(page, "Published");
    await pageSays("/about", "A second paragraph by the creek.");
    await pageSays("/about", "A weekend by the creek");
    await pageSays("/sitemap.xml", /\/about<\/loc><lastmod>\d{4}-\d\d-\d\dT/);
    await expectAccessible(page);
    await page.context().close();
  });

  it("publish the words around the FAQ's questions and of the contact page", async () => {
    const page = await ownerPage();
    await page.goto("/admin/website/pages/faq");
    const preview = page.getByRole("region", { name: "Preview" });
    await preview.getByText("Are dogs allowed?").waitFor();
    await page.getByLabel("Title", { exact: true }).fill("Before you pack the ute");
    await preview.getByRole("heading", { name: "Before you pack the ute" }).waitFor();
    await page.getByRole("button", { name: "Publish" }).click();
    await toast(page, "Published");
    await pageSays("/faq", "Before you pack the ute");

    await page
      .getByRole("navigation", { name: "Pages" })
      .getByRole("link", { name: "Contact" })
      .click();
    await page.getByLabel("Form heading").fill("Drop us a line");
    await page.getByRole("button", { name: "Publish" }).click();
    await toast(page, "Published");
    await pageSays("/contact", "Drop us a line");
    await expectAccessible(page);
    await page.context().close();
  });

  it("add an event: the events page lists it and the home page shows it as the next", async () => {
    const page = await ownerPage();
    await page.goto("/admin/website/events");
    const form = page.getByRole("form", { name: "Add an event" });
    await form.getByLabel("Title").fill("Bush Poetry Breakfast");
    await form.getByLabel("First day").fill(addDays(farmToday(), 1));
    await form.getByLabel("Time").fill("7am to 9am");
    await form.getByLabel("Description").fill("Damper, billy tea and verse by the creek.");
    await form.getByRole("button", { name: "Add event" }).click();
    await toast(page, "Event added");
    await pageSays("/events", "Bush Poetry Breakfast");
    await pageSays("/", /Next at the farm[\s\S]*Bush Poetry Breakfast/);
    await page.context().close();
  });

  it("add a gallery picture: upright, without its location, with its alt text and caption", async () => {
    const page = await ownerPage();
    await page.goto("/admin/website/pictures");
    const form = page.getByRole("form", { name: "Add a picture" });
    await form.getByLabel("Caption").fill("Sunrise over the creek");
    await form.getByRole("button", { name: "Add picture" }).click();
    await page.getByText("Alt text is required").waitFor();

    await form.getByLabel("Photo").setInputFiles({
      name: "creek.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from(await cameraJpeg({ width: 1800, height: 1200 })),
    });
    await form.getByLabel("Alt text").fill("Mist rising from the creek at dawn");
    await form.getByRole("button", { name: "Add picture" }).click();
    await toast(page, "Picture added");
    await pageSays("/gallery", 'alt="Mist rising from the creek at dawn"');
    await pageSays("/gallery", "Sunrise over the creek");
    const html = await (await fetch(`${base()}/gallery`)).text();
    const file = /href="(\/uploads\/media\/[0-9a-f]+\.webp)"/.exec(html)?.[1];
    const stored = await fetch(`${base()}${file}`);
    expect(stored.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
    expect([meta.width, meta.exif]).toEqual([1600, undefined]);
    await page.context().close();
  });

  it("give an event a picture of the library: the events page shows it", async () => {
    const page = await ownerPage();
    await page.goto("/admin/website/events");
    await page.getByRole("button", { name: "Edit Bush Poetry Breakfast" }).click();
    const form = page.getByRole("form", { name: "Edit Bush Poetry Breakfast" });
    await form.getByLabel("Picture").selectOption({ label: "Sunrise over the creek" });
    await form.getByRole("button", { name: "Save event" }).click();
    await toast(page, "Event saved");
    await pageSays(
      "/events",
      /alt="Mist rising from the creek at dawn"[\s\S]*Bush Poetry Breakfast/,
    );
    await page.context().close();
  });

  it("give a page's hero a picture of the library, previewed first: the page and its link preview show it", async () => {
    const page = await ownerPage();
    await page.goto("/admin/website/pages/camping");
    await page.getByLabel("Hero picture").selectOption({ label: "Sunrise over the creek" });
    const preview = page.getByRole("region", { name: "Preview" });
    await preview.locator('img[alt="Mist rising from the creek at dawn"]').waitFor();
    await page.getByRole("button", { name: "Publish" }).click();
    await toast(page, "Published");
    await pageSays(
      "/camping",
      /<img[^>]*\/uploads\/media\/[^>]*alt="Mist rising from the creek at dawn"/,
    );
    await pageSays(
      "/camping",
      /property="og:image" content="[^"]*\/uploads\/media\/[0-9a-f]+-800\.webp"/,
    );
    // Back to the site's own picture: the editor starts from what is live.
    await page.reload();
    expect(await page.getByLabel("Hero picture").inputValue()).not.toBe("");
    await page.getByLabel("Hero picture").selectOption({ label: "The site's own picture" });
    await page.getByRole("button", { name: "Publish" }).click();
    await toast(page, "Published");
    await pageSays("/camping", /<img[^>]*\/images\/camping\/hero-/);
    await page.context().close();
  });

  it("change the FAQ's and the Terms' cancellation words with the policy in Settings", async () => {
    const page = await ownerPage();
    await page.goto("/admin/settings");
    await page.getByLabel("Days before arrival for a full refund").fill("14");
    await page.getByRole("button", { name: "Save All Settings" }).click();
    await toast(page, "Settings saved");
    await pageSays("/faq", "Cancellations made at least 14 days before your arrival date");
    await pageSays("/policies", "Cancellations made at least 14 days before your arrival date");
    await page.context().close();
  });
});
