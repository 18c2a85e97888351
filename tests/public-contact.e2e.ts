// The contact form (spec 2.11, amendments 2.8 and 2.13): a message sent from
// the page is stored and an email to the farm is queued; the spec's toasts
// show; fields clear on success and stay on failure; it works without
// JavaScript; it is rate limited. A server of its own, so the database can be
// read afterwards.
import { rmSync } from "node:fs";
import path from "node:path";
import { asc } from "drizzle-orm";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/client.ts";
import { contactMessages, emailOutbox } from "#server/db/schema.ts";
import { setupBrowser } from "#tests/support/browser.ts";
import { freshDataDir } from "#tests/support/data-template.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";

const browser = setupBrowser();
const dataDir = freshDataDir("rcs-contact-");
let server: RunningServer;

beforeAll(async () => {
  server = await spawnServer(dataDir, { WORKERS: "off" });
}, 90_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const SUCCESS = "Message sent successfully! We'll get back to you soon.";
const FAILURE = "Failed to send message. Please try again.";

/** A browser context that the server sees as its own client address (rate limits are per client). */
function visitor(b: Browser, address: string, javaScriptEnabled = true): Promise<BrowserContext> {
  return b.newContext({
    baseURL: server.baseURL,
    javaScriptEnabled,
    extraHTTPHeaders: { "X-Forwarded-For": address },
  });
}

describe("sending a message from the contact page", () => {
  it("shows the success toast and clears the fields", async () => {
    const context = await visitor(browser(), "198.51.100.10");
    const page = await context.newPage();
    await page.goto("/contact");
    await page.getByLabel("Name", { exact: true }).fill("Jo Camper");
    await page.getByLabel("Email", { exact: true }).fill("jo@example.com");
    await page.getByLabel("Message", { exact: true }).fill("Is the creek good for kayaks in May?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText(SUCCESS).waitFor();
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("");
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe("");
    expect(await page.getByLabel("Message", { exact: true }).inputValue()).toBe("");
    await context.close();
  });

  it("shows the failure toast and keeps the fields when the server refuses", async () => {
    const context = await visitor(browser(), "198.51.100.11");
    const page = await context.newPage();
    await page.goto("/contact");
    // Spend this client's allowance, so the next message is refused.
    for (let i = 0; i < 5; i++) {
      const res = await page.request.post("/api/contact", {
        data: { name: "Spam", email: "spam@example.com", message: `hello ${i}` },
      });
      expect(res.status()).toBe(201);
    }
    await page.getByLabel("Name", { exact: true }).fill("Sam");
    await page.getByLabel("Email", { exact: true }).fill("sam@example.com");
    await page.getByLabel("Message", { exact: true }).fill("Do you take school groups?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText(FAILURE).waitFor();
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Sam");
    expect(await page.getByLabel("Message", { exact: true }).inputValue()).toBe(
      "Do you take school groups?",
    );
    await context.close();
  });

  it("works without JavaScript", async () => {
    const context = await visitor(browser(), "198.51.100.12", false);
    const page = await context.newPage();
    await page.goto("/contact");
    await page.getByLabel("Name", { exact: true }).fill("No Script");
    await page.getByLabel("Email", { exact: true }).fill("noscript@example.com");
    await page.getByLabel("Message", { exact: true }).fill("Sent from a plain form.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByRole("status").waitFor();
    expect(await page.getByRole("status").textContent()).toBe(SUCCESS);
    await context.close();
  });

  it("answers bad input with a message a person can act on, and stores nothing for it", async () => {
    const res = await fetch(`${server.baseURL}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.13" },
      body: JSON.stringify({ name: "", email: "nope", message: "hi" }),
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe("invalid_input");
    expect(body.details.fieldErrors.name).toBe("Please enter your name.");
    expect(body.details.fieldErrors.email).toMatch(/valid email/);
    const broken = await fetch(`${server.baseURL}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.13" },
      body: "{not json",
    });
    expect(broken.status).toBe(400);
  });

  it("refused for too many attempts, says when to try again, with JavaScript or without", async () => {
    const post = (path: string) =>
      fetch(`${server.baseURL}${path}`, {
        method: "POST",
        headers: { origin: server.baseURL, "X-Forwarded-For": "198.51.100.14" },
        body: new URLSearchParams({ name: "Sam", email: "not-an-email", message: "Hi" }),
      });
    // Every attempt counts, refused or not: five spend this client's allowance.
    for (let i = 0; i < 5; i++) expect((await post("/contact")).status).toBe(400);
    const page = await post("/contact");
    expect(page.status).toBe(429);
    expect(Number(page.headers.get("retry-after"))).toBeGreaterThan(0);
    const wait = Math.ceil(Number(page.headers.get("retry-after")) / 60);
    expect(await page.text()).toContain(`Too many attempts. Please try again in ${wait} minute`);
    const data = await post("/contact.data");
    expect(data.status).toBe(429);
    expect(Number(data.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("what the farm receives", () => {
  it("stored every accepted message with an email to the farm queued, and nothing else", async () => {
    expect(await server.stop()).toBe(0);
    const handle = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    try {
      const messages = await handle.db
        .select()
        .from(contactMessages)
        .orderBy(asc(contactMessages.createdAt));
      expect(messages.map((m) => m.name)).toEqual([
        "Jo Camper",
        "Spam",
        "Spam",
        "Spam",
        "Spam",
        "Spam",
        "No Script",
      ]);
      const emails = await handle.db.select().from(emailOutbox);
      const toFarm = emails.filter((e) => e.kind === "contact-message");
      expect(toFarm).toHaveLength(7);
      const jo = toFarm.find((e) => e.replyTo === "jo@example.com");
      expect(jo?.toAddress).toBe("bookings@rockycreekstation.example");
      expect(jo?.textBody).toContain("Is the creek good for kayaks in May?");
    } finally {
      await handle.close();
    }
  });
});
