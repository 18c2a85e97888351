import { describe, expect, it } from "vitest";
import { baseURL, openPage, setupBrowser } from "#tests/support/browser.ts";

const browser = setupBrowser();

describe("a first visit", () => {
  it("shows the home page's headline", async () => {
    const { page, consoleErrors, context } = await openPage(browser());
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toContain(
      "Adventure Starts Here",
    );
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("finds the server healthy, with its database", async () => {
    const res = await fetch(`${baseURL()}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: "ok",
      database: { status: "ok", kind: "pglite" },
    });
  });

  it("answers an unknown path with the 404 page", async () => {
    const { page, context } = await openPage(browser());
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
      "Oops! We couldn't find that page",
    );
    await expect(
      page.getByRole("link", { name: "Return to Homepage" }).getAttribute("href"),
    ).resolves.toBe("/");
    await context.close();
  });
});
