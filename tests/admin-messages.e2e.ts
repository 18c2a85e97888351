// The Messages screen (amendment 4) in a real browser, on a server without a
// mail server: a message sent through the contact page is read in full,
// answered (the reply waits in the outbox as pending) and marked handled; a
// failed email is sent again (pending, attempts reset) and a sent one after a
// confirmation; the screen fits a 375 px phone and a 1280 px desktop. A server
// of its own, so a failed and a sent email can be put in its database first.
import { rmSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase } from "#server/db/client.ts";
import { emailOutbox } from "#server/db/schema.ts";
import { expectAccessible, setupBrowser, toast } from "#tests/support/browser.ts";
import { freshDataDir } from "#tests/support/data-template.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";

const browser = setupBrowser();
const dataDir = freshDataDir("rcs-messages-");
let server: RunningServer;
let adminCookies: { name: string; value: string; url: string }[] = [];

const desktop = { width: 1280, height: 900 };
const phone = { width: 375, height: 812 };
const REPLY_SUBJECT = "Re: your message to Rocky Creek Station";

/** A failed and a sent email, as the worker of a farm with a mail server would leave them. */
async function seedOutbox() {
  const handle = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
  try {
    await handle.db.insert(emailOutbox).values([
      {
        kind: "booking-confirmation",
        toAddress: "failed.guest@example.com",
        subject: "Booking confirmed: BKFAIL",
        textBody: "Your stay is booked.",
        htmlBody: "<p>Your stay is <b>booked</b>.</p>",
        attachments: [{ filename: "BKFAIL.ics", contentType: "text/calendar", content: "BEGIN" }],
        status: "failed",
        attempts: 10,
        lastError: "550 5.1.1 mailbox unavailable",
      },
      {
        kind: "booking-reminder",
        toAddress: "sent.guest@example.com",
        subject: "See you in two days",
        textBody: "Reminder",
        status: "sent",
        attempts: 1,
        sentAt: new Date(),
      },
    ]);
  } finally {
    await handle.close();
  }
}

async function signInAdmin() {
  const { admin } = inject("accounts");
  const res = await fetch(`${server.baseURL}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.baseURL },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie().map((cookie) => {
    const [pair = ""] = cookie.split(";");
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: server.baseURL };
  });
}

beforeAll(async () => {
  await seedOutbox();
  server = await spawnServer(dataDir, { WORKERS: "off" });
  adminCookies = await signInAdmin();
}, 90_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function adminPage(viewport: { width: number; height: number } = desktop) {
  const context = await browser().newContext({ baseURL: server.baseURL, viewport });
  await context.addCookies(adminCookies);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return { context, page, errors };
}

/** How far the page is wider than the window (0 when nothing scrolls sideways). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

const card = (page: Page, name: string) => page.getByRole("article", { name });
const row = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });

describe("a contact message on a farm without a mail server", () => {
  it("is read, replied to through the outbox and marked handled", async () => {
    const visitor = await browser().newContext({
      baseURL: server.baseURL,
      extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.40" },
    });
    const contact = await visitor.newPage();
    await contact.goto("/contact");
    await contact.getByLabel("Name", { exact: true }).fill("Jo Messages");
    await contact.getByLabel("Email", { exact: true }).fill("jo.messages@example.com");
    await contact
      .getByLabel("Message", { exact: true })
      .fill("Is the creek good for kayaks in May?\nWe are two adults and a dog.");
    await contact.getByRole("button", { name: "Send Message" }).click();
    await contact.getByText("Message sent successfully!").waitFor();
    await visitor.close();

    const { context, page, errors } = await adminPage();
    await page.goto("/admin");
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: /Messages/ })
      .click();
    await page.waitForURL("**/admin/messages");
    await page.getByRole("heading", { level: 1, name: "Messages" }).waitFor();
    const message = card(page, "Jo Messages");
    await expect(message.textContent()).resolves.toMatch(
      /kayaks in May\?\r?\nWe are two adults and a dog\./,
    );
    await expect(message.textContent()).resolves.toContain("jo.messages@example.com");
    await message.getByText("Not handled", { exact: true }).waitFor();
    await expectAccessible(page);

    // Reply: the subject is prefilled; an empty reply is refused in place.
    await message.getByRole("button", { name: "Reply to Jo Messages" }).click();
    const dialog = page.getByRole("dialog", { name: "Reply to Jo Messages" });
    await expect(dialog.getByLabel("Subject").inputValue()).resolves.toBe(REPLY_SUBJECT);
    await dialog.getByRole("button", { name: "Send Reply" }).click();
    await dialog.getByText("Please write a reply").waitFor();
    await expectAccessible(page);
    await dialog.getByLabel("Your reply").fill("Hi Jo,\nMay is perfect for kayaks. Dogs welcome.");
    await dialog.getByRole("button", { name: "Send Reply" }).click();
    await toast(page, "Reply queued");
    await page.getByText("No messages waiting for an answer").waitFor();

    // On 'All' it shows as handled and replied; it can be opened again.
    await page.getByRole("link", { name: /^All/ }).click();
    await card(page, "Jo Messages")
      .getByText(/^Replied /)
      .waitFor();
    await card(page, "Jo Messages")
      .getByRole("button", { name: /Mark not handled/ })
      .click();
    await toast(page, "Marked as not handled");
    await card(page, "Jo Messages").getByText("Not handled", { exact: true }).waitFor();
    await card(page, "Jo Messages")
      .getByRole("button", { name: /Mark handled/ })
      .click();
    await toast(page, "Marked as handled");
    await card(page, "Jo Messages").getByText("Handled", { exact: true }).waitFor();

    // The reply waits in the outbox as pending; opened, it reads as text.
    await page.getByRole("link", { name: /^Outbox/ }).click();
    const reply = row(page, REPLY_SUBJECT);
    await expect(reply.textContent()).resolves.toMatch(
      /jo\.messages@example\.com.*Pending.*0 attempts/,
    );
    await reply.getByRole("link", { name: /^Open/ }).click();
    const opened = page.getByRole("dialog", { name: REPLY_SUBJECT });
    await expect(opened.textContent()).resolves.toContain("May is perfect for kayaks.");
    await expect(opened.textContent()).resolves.toContain("Jo Messages wrote:");
    await expect(opened.textContent()).resolves.toContain("hello@rockycreekstation.example");
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await page.waitForURL((url) => !url.searchParams.has("email"));
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("emails that failed or were sent", () => {
  it("are sent again: a failed one at once, a sent one after a confirmation", async () => {
    const { context, page, errors } = await adminPage();
    await page.goto("/admin/messages");
    await page.getByText("1 email could not be sent.").waitFor();
    await page.getByRole("link", { name: "Show failed emails" }).click();
    const failed = row(page, "Booking confirmed: BKFAIL");
    await expect(failed.textContent()).resolves.toMatch(/Failed.*10 attempts.*550 5\.1\.1/);

    // Open it: headers, text and attachment, never the HTML.
    await failed.getByRole("link", { name: /^Open/ }).click();
    const opened = page.getByRole("dialog", { name: "Booking confirmed: BKFAIL" });
    await expect(opened.textContent()).resolves.toContain("Your stay is booked.");
    await expect(opened.textContent()).resolves.toContain("BKFAIL.ics");
    await expect(opened.textContent()).resolves.toContain("not shown here");
    expect(await opened.locator("b").count()).toBe(0);
    await page.keyboard.press("Escape");
    await page.waitForURL((url) => !url.searchParams.has("email"));

    await failed.getByRole("button", { name: /^Send again/ }).click();
    await toast(page, "Email queued again");
    await page.getByText("No emails here").waitFor();
    await expect(page.getByText("could not be sent").count()).resolves.toBe(0);
    await page.getByRole("link", { name: /^All/ }).click();
    await expect(row(page, "BKFAIL").textContent()).resolves.toMatch(/Pending.*0 attempts.*None/);

    await row(page, "See you in two days")
      .getByRole("button", { name: /^Send again/ })
      .click();
    const confirm = page.getByRole("alertdialog", { name: "Send this email again?" });
    await confirm.getByRole("button", { name: "Send again" }).click();
    // The first toast may still be up: wait for the row itself.
    await row(page, "See you in two days").filter({ hasText: "Pending" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the screen's fit", () => {
  it("is usable at 375 px and fits 1280 px, without sideways scrolling", async () => {
    const { context, page } = await adminPage(phone);
    await page.goto("/admin/messages?filter=all");
    await card(page, "Jo Messages").waitFor();
    await expect(overflow(page)).resolves.toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await card(page, "Jo Messages").getByRole("button", { name: "Reply to Jo Messages" }).click();
    const dialog = page.getByRole("dialog", { name: "Reply to Jo Messages" });
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= phone.width).toBe(true);
    await page.keyboard.press("Escape");

    await page.goto("/admin/messages?view=outbox");
    await page.getByText(REPLY_SUBJECT).first().waitFor();
    await expect(overflow(page)).resolves.toBeLessThanOrEqual(0);
    await expectAccessible(page);

    await page.setViewportSize(desktop);
    await page.reload();
    await row(page, REPLY_SUBJECT).waitFor();
    await expect(overflow(page)).resolves.toBeLessThanOrEqual(0);
    const table = page.getByRole("table", { name: "Emails, newest first" });
    const sideways = await table.evaluate((t) => {
      const box = t.parentElement as HTMLElement;
      return box.scrollWidth - box.clientWidth;
    });
    expect(sideways).toBeLessThanOrEqual(0);
    await context.close();
  });
});
