// Contact messages (spec 2.11, amendments 2.8 and 2.13): a message is stored
// and an email to the farm is queued in the same transaction, so none is lost
// when the mail server is down; each client may send only a few per window.
import { type SiteConfig, siteConfig } from "#content/site.ts";
import { type ContactMessageInput, contactMessageSchema } from "#domain/forms/contact.ts";
import { fieldErrorsOf } from "#domain/forms/form-fields.ts";
import type { Database } from "#server/db/client.ts";
import { theRow } from "#server/db/rows.ts";
import { contactMessages } from "#server/db/schema.ts";
import { enqueueEmail } from "./email-outbox";
import { hitRateLimit, type RateLimitRule, tooManyRequests } from "./rate-limit";

export const CONTACT_RATE_LIMIT: RateLimitRule = {
  name: "contact-message",
  max: 5,
  windowSeconds: 10 * 60,
};

export type ContactResult =
  | { ok: true; messageId: string }
  | { ok: false; code: "invalid_input"; error: string; fieldErrors: Record<string, string> }
  | { ok: false; code: "rate_limited"; error: string; retryAfterSeconds: number };

function contactEmail(input: ContactMessageInput, site: Pick<SiteConfig, "farmName">) {
  return {
    subject: `Website message from ${input.name}`,
    text: [
      `A message was sent through the contact form of ${site.farmName} Station.`,
      "",
      `Name: ${input.name}`,
      `Email: ${input.email}`,
      "",
      input.message,
      "",
      "Reply to this email to answer the sender.",
    ].join("\n"),
  };
}

/** Validates, rate limits, stores the message and queues the email to the farm. */
export async function sendContactMessage(
  db: Database,
  raw: unknown,
  clientAddress: string,
  site: Pick<SiteConfig, "farmName" | "notificationEmail"> = siteConfig(),
): Promise<ContactResult> {
  const limit = await hitRateLimit(db, CONTACT_RATE_LIMIT, clientAddress);
  if (!limit.allowed) {
    return {
      ok: false,
      code: "rate_limited",
      error: tooManyRequests(limit.retryAfterSeconds),
      retryAfterSeconds: limit.retryAfterSeconds,
    };
  }
  const parsed = contactMessageSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    return {
      ok: false,
      code: "invalid_input",
      error: Object.values(fieldErrors).join(" "),
      fieldErrors,
    };
  }
  const input = parsed.data;
  const messageId = await db.transaction(async (tx) => {
    const row = theRow(
      await tx.insert(contactMessages).values(input).returning({ id: contactMessages.id }),
      "the stored message",
    );
    await enqueueEmail(tx, {
      kind: "contact-message",
      to: site.notificationEmail,
      replyTo: input.email,
      ...contactEmail(input, site),
    });
    return row.id;
  });
  return { ok: true, messageId };
}
