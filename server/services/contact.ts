// Contact messages (spec 2.11, amendments 2.8 and 2.13): a message is stored
// and an email to the farm is queued in the same transaction, so none is lost
// when the mail server is down; each client may send only a few per window.
import { z } from "zod";
import { type SiteConfig, siteConfig } from "#content/site.ts";
import type { Database } from "#server/db/client.ts";
import { theRow } from "#server/db/rows.ts";
import { contactMessages } from "#server/db/schema.ts";
import { enqueueEmail } from "./email-outbox";
import { hitRateLimit, type RateLimitRule, TOO_MANY_REQUESTS } from "./rate-limit";

/** The contact form's fields (spec 5: all three required, email typed as email). */
export const contactMessageSchema = z.object({
  name: z
    .string({ error: "Please enter your name." })
    .trim()
    .min(1, "Please enter your name.")
    .max(200, "Please keep your name under 200 characters."),
  email: z
    .string({ error: "Please enter your email address." })
    .trim()
    .min(1, "Please enter your email address.")
    .max(320, "Please check your email address.")
    .pipe(z.email("Please enter a valid email address, like name@example.com.")),
  message: z
    .string({ error: "Please enter a message." })
    .trim()
    .min(1, "Please enter a message.")
    .max(5000, "Please keep your message under 5000 characters."),
});

export type ContactMessageInput = z.infer<typeof contactMessageSchema>;

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
      error: TOO_MANY_REQUESTS,
      retryAfterSeconds: limit.retryAfterSeconds,
    };
  }
  const parsed = contactMessageSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues)
      fieldErrors[String(issue.path[0] ?? "form")] ??= issue.message;
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
      "the row row",
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
