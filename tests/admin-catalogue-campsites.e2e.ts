// The Campsites screen in a real browser: an administrator adds a campsite
// with an uploaded photo and campers are offered it; the form's rules; the
// quantity keeps its spots in step; the switch takes it off sale again.
import { describe, expect, it } from "vitest";
import {
  baseURL,
  expectAccessible,
  setupBrowser,
  toast,
  viewports,
} from "#tests/support/browser.ts";
import { adminCookieHeader, openAdminPage, publicCampsites } from "#tests/support/catalogue.ts";

const browser = setupBrowser();

// A real 1x1 PNG.
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

describe("adding a campsite with an uploaded photo", () => {
  it("offers the new campsite, photo and all, to campers; then takes it off sale", async () => {
    const { page, context, consoleErrors } = await openAdminPage(browser());
    await page.goto("/admin/campsites");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Campsites");
    await expectAccessible(page);

    await page.getByRole("button", { name: "Add New Campsite" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Campsite" });
    // The spec's defaults: 'New Campsite', $50, 6 guests, 1 spot, active.
    await expect(dialog.getByLabel("Name").inputValue()).resolves.toBe("New Campsite");
    await expect(dialog.getByLabel("Price per night ($)").inputValue()).resolves.toBe("50");
    await expect(dialog.getByLabel("Maximum guests").inputValue()).resolves.toBe("6");
    await expect(dialog.getByLabel("Quantity (spots)").inputValue()).resolves.toBe("1");
    await expect(
      dialog.getByRole("switch", { name: "Active" }).getAttribute("aria-checked"),
    ).resolves.toBe("true");
    await expectAccessible(page);

    await dialog.getByLabel("Name").fill("Ironbark Ridge");
    await dialog.getByLabel("Location").fill("Up the ridge track");
    await dialog.getByLabel("Price per night ($)").fill("72.50");
    await dialog.getByLabel("Maximum guests").fill("4");
    await dialog.getByLabel("Quantity (spots)").fill("0");
    await dialog.getByLabel("Amenities").fill("fire ring, shade, , creek view,  toilets ");
    await dialog.locator('input[type="file"]').setInputFiles({
      name: "ridge.png",
      mimeType: "image/png",
      buffer: png,
    });
    await dialog.getByText("Photo uploaded.").waitFor();
    const images = await dialog.getByLabel("Images").inputValue();
    // Re-encoded as WebP, whatever was sent (no camera metadata survives).
    expect(images).toMatch(/^\/uploads\/campsites\/[0-9a-f]+\.webp$/);

    // A quantity below 1 is refused in the browser, with the field named.
    await dialog.getByRole("button", { name: "Create Campsite" }).click();
    await dialog.getByText("Quantity must be at least 1").waitFor();
    expect((await publicCampsites()).some((c) => c.name === "Ironbark Ridge")).toBe(false);

    await dialog.getByLabel("Quantity (spots)").fill("2");
    await dialog.getByRole("button", { name: "Create Campsite" }).click();
    await toast(page, "Campsite created successfully");
    await dialog.waitFor({ state: "detached" });

    const card = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "Ironbark Ridge" }) });
    await expect(card.textContent()).resolves.toMatch(
      /Active.*\$72\.50 per night.*up to 4 guests.*2 spots available/,
    );
    // The first three amenities, then a count of the rest.
    const badges = await card
      .getByRole("list", { name: "Amenities" })
      .getByRole("listitem")
      .allTextContents();
    expect(badges).toEqual(["fire ring", "shade", "creek view", "+1 more"]);
    await expect(
      card.getByRole("img", { name: "Ironbark Ridge" }).getAttribute("src"),
    ).resolves.toBe(images);

    // Campers are offered it, with the uploaded photo served back.
    const offered = (await publicCampsites()).find((c) => c.name === "Ironbark Ridge");
    expect(offered).toMatchObject({
      pricePerNightCents: 7250,
      capacity: 4,
      unitCount: 2,
      images: [images],
      amenities: ["fire ring", "shade", "creek view", "toilets"],
    });
    const photo = await fetch(`${baseURL()}${images}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/webp");
    const stored = Buffer.from(await photo.arrayBuffer());
    expect(stored.subarray(0, 4).toString("latin1")).toBe("RIFF");
    expect(stored.subarray(8, 12).toString("latin1")).toBe("WEBP");

    // Fewer spots: the campsite keeps one unit on sale.
    await card.getByRole("button", { name: "Edit Ironbark Ridge" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Campsite" });
    await edit.getByLabel("Quantity (spots)").fill("1");
    await edit.getByRole("button", { name: "Update Campsite" }).click();
    await toast(page, "Campsite updated successfully");
    await expect(card.textContent()).resolves.toContain("1 spot available");
    expect((await publicCampsites()).find((c) => c.name === "Ironbark Ridge")?.unitCount).toBe(1);

    // The switch takes it off sale: dimmed, 'Inactive', and no longer offered.
    await card.getByRole("switch", { name: "Ironbark Ridge active" }).click();
    await card.getByText("Inactive").waitFor();
    await expect
      .poll(async () => (await publicCampsites()).some((c) => c.name === "Ironbark Ridge"))
      .toBe(false);
    await page.reload();
    await expect(
      page
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { name: "Ironbark Ridge" }) })
        .getByRole("switch")
        .getAttribute("aria-checked"),
    ).resolves.toBe("false");

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("refuses a file that is not a photo, and uploads from anyone but an administrator", async () => {
    const cookie = await adminCookieHeader();
    const svg = await fetch(`${baseURL()}/admin/campsites/photos`, {
      method: "POST",
      headers: { cookie, "content-type": "image/svg+xml", origin: baseURL() },
      body: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    });
    expect(svg.status).toBe(400);
    expect(await svg.json()).toEqual({ error: "Please choose a JPEG, PNG, WebP or AVIF photo." });

    const anonymous = await fetch(`${baseURL()}/admin/campsites/photos`, {
      method: "POST",
      headers: { "content-type": "image/png" },
      body: png,
      redirect: "manual",
    });
    // Refused: 401, or a redirect to /login.
    expect(anonymous.status === 401 || anonymous.headers.get("location") === "/login").toBe(true);
  });

  it("is usable on a phone", async () => {
    const { page, context } = await openAdminPage(browser(), viewports.phone);
    await page.goto("/admin/campsites");
    await page.getByRole("button", { name: "Add New Campsite" }).click();
    await page.getByRole("dialog", { name: "Add New Campsite" }).waitFor();
    await expectAccessible(page);
    await context.close();
  });
});
