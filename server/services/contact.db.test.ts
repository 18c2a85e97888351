import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { contactMessages, emailOutbox, requestRateLimits } from "#server/db/schema.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { assertPresent, present } from "#server/testing/present.ts";
import { CONTACT_RATE_LIMIT, sendContactMessage } from "./contact";

const database = setupTestDatabase();
const site = { farmName: "Rocky Creek", notificationEmail: "farm@example.com" };
const message = {
  name: "Jo Camper",
  email: "jo@example.com",
  message: "Can we bring two dogs?",
};

describe("sending a contact message", () => {
  beforeEach(async () => {
    const { db } = database();
    await db.delete(emailOutbox);
    await db.delete(contactMessages);
    await db.delete(requestRateLimits);
  });

  it("stores the message and queues an email to the farm that the farm can reply to", async () => {
    const { db } = database();
    const result = await sendContactMessage(db, message, "203.0.113.1", site);
    expect(result.ok).toBe(true);
    const stored = await db.select().from(contactMessages);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject(message);
    const emails = await db.select().from(emailOutbox);
    expect(emails).toHaveLength(1);
    const [email] = emails;
    expect(email).toMatchObject({
      kind: "contact-message",
      toAddress: "farm@example.com",
      replyTo: "jo@example.com",
      status: "pending",
    });
    assertPresent(email, "the email to the farm");
    expect(email.subject).toContain("Jo Camper");
    expect(email.textBody).toContain("Can we bring two dogs?");
  });

  it("trims the fields before storing them", async () => {
    const { db } = database();
    await sendContactMessage(
      db,
      { name: "  Jo  ", email: " jo@example.com ", message: "\nHi\n" },
      "203.0.113.2",
      site,
    );
    const [stored] = await db.select().from(contactMessages);
    expect(stored).toMatchObject({ name: "Jo", email: "jo@example.com", message: "Hi" });
  });

  it.each([
    [{ ...message, name: "   " }, "name"],
    [{ ...message, email: "not-an-email" }, "email"],
    [{ ...message, message: "" }, "message"],
    [{ name: "Jo" }, "email"],
    [{ ...message, message: "x".repeat(5001) }, "message"],
  ])(
    "refuses a missing or bad field with a clear message and changes nothing (%#)",
    async (input, field) => {
      const { db } = database();
      const result = await sendContactMessage(db, input, "203.0.113.3", site);
      expect(result.ok).toBe(false);
      if (result.ok || result.code !== "invalid_input") throw new Error("expected invalid_input");
      expect(result.fieldErrors[field]).toMatch(/^Please /);
      expect(await db.select().from(contactMessages)).toEqual([]);
      expect(await db.select().from(emailOutbox)).toEqual([]);
    },
  );

  it("refuses input that is not an object", async () => {
    const { db } = database();
    for (const input of [null, undefined, "text", 42, []]) {
      const result = await sendContactMessage(db, input, "203.0.113.4", site);
      expect(result.ok).toBe(false);
    }
    expect(await db.select().from(contactMessages)).toEqual([]);
  });

  it("keeps the message and the email together: if the email cannot be queued, nothing is stored", async () => {
    const { db } = database();
    const broken = { farmName: "Rocky Creek", notificationEmail: null as unknown as string };
    await expect(sendContactMessage(db, message, "203.0.113.5", broken)).rejects.toThrow();
    expect(await db.select().from(contactMessages)).toEqual([]);
    expect(await db.select().from(emailOutbox)).toEqual([]);
  });

  it("limits how many messages one client sends in a window", async () => {
    const { db } = database();
    const results = [];
    for (let i = 0; i <= CONTACT_RATE_LIMIT.max; i++) {
      results.push(await sendContactMessage(db, message, "198.51.100.7", site));
    }
    expect(results.slice(0, CONTACT_RATE_LIMIT.max).every((r) => r.ok)).toBe(true);
    expect(results[CONTACT_RATE_LIMIT.max]).toMatchObject({ ok: false, code: "rate_limited" });
    expect(await db.select().from(contactMessages)).toHaveLength(CONTACT_RATE_LIMIT.max);
    // Another client is not affected.
    expect((await sendContactMessage(db, message, "198.51.100.8", site)).ok).toBe(true);
    const rows = await db
      .select()
      .from(requestRateLimits)
      .where(eq(requestRateLimits.key, `${CONTACT_RATE_LIMIT.name}:198.51.100.7`));
    expect(present(rows[0], "the client's rate-limit row").count).toBe(CONTACT_RATE_LIMIT.max + 1);
  });
});
