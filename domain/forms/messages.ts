// The Messages screen (amendment 4): what its address asks for (which list,
// which filter, which page, which email is open) and what its forms post
// (a reply, handled or not, send again). The browser checks the reply with
// the same schema the action uses.
import { plainText } from "./plain-text";
import { isRowId } from "./row-id";
import { z } from "./zod";

export const MESSAGES_PAGE_SIZE = 50;
export const REPLY_MAX_LENGTH = 5000;
export const SUBJECT_MAX_LENGTH = 200;

export const messageFilters = ["unhandled", "all"] as const;
export type MessageFilter = (typeof messageFilters)[number];

export const outboxFilters = ["all", "pending", "sent", "failed"] as const;
export type OutboxFilter = (typeof outboxFilters)[number];

export const messagesViews = ["messages", "outbox"] as const;
export type MessagesView = (typeof messagesViews)[number];

export const MESSAGE_NOT_FOUND = "This message could not be found. Reload the page.";
export const EMAIL_NOT_FOUND = "This email could not be found. Reload the page.";

/** The subject a reply starts with. */
export const replySubject = (farmName: string) => `Re: your message to ${farmName} Station`;

// ------------------------------------------------------------ the address

const page = z.coerce.number().int().min(1).max(100_000).catch(1);

/** `?view=&filter=&status=&page=&email=`: anything unknown falls back to the default. */
export const messagesQuerySchema = z.object({
  view: z.enum(messagesViews).catch("messages"),
  filter: z.enum(messageFilters).catch("unhandled"),
  status: z.enum(outboxFilters).catch("all"),
  page,
  email: z.string().refine(isRowId).optional().catch(undefined),
});

export type MessagesQuery = z.output<typeof messagesQuerySchema>;

export function readMessagesQuery(params: URLSearchParams): MessagesQuery {
  return messagesQuerySchema.parse({
    view: params.get("view") ?? undefined,
    filter: params.get("filter") ?? undefined,
    status: params.get("status") ?? undefined,
    page: params.get("page") ?? undefined,
    email: params.get("email") ?? undefined,
  });
}

/** The address of a view of the screen, without the defaults. */
export function messagesHref(query: Partial<MessagesQuery>): string {
  const params = new URLSearchParams();
  if (query.view === "outbox") {
    params.set("view", "outbox");
    if (query.status && query.status !== "all") params.set("status", query.status);
  } else if (query.filter === "all") {
    params.set("filter", "all");
  }
  if (query.page && query.page > 1) params.set("page", String(query.page));
  if (query.email) params.set("email", query.email);
  const text = params.toString();
  return text ? `/admin/messages?${text}` : "/admin/messages";
}

// ------------------------------------------------------------ the forms

const rowId = (message: string) =>
  z.string({ error: message }).refine(isRowId, { message: message });

/** Windows and browsers send a textarea's lines as CRLF; count and store them as LF. */
const asLines = (value: unknown) =>
  typeof value === "string" ? value.replaceAll("\r\n", "\n").trim() : "";

export const replyFormSchema = z.object({
  messageId: rowId(MESSAGE_NOT_FOUND),
  subject: z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : ""),
    z
      .string()
      .min(1, "Subject is required")
      .max(SUBJECT_MAX_LENGTH, `Subject must be at most ${SUBJECT_MAX_LENGTH} characters`)
      .refine(...plainText("Subject")),
  ),
  body: z.preprocess(
    asLines,
    z
      .string()
      .min(1, "Please write a reply")
      .max(REPLY_MAX_LENGTH, `The reply must be at most ${REPLY_MAX_LENGTH} characters`)
      .refine(...plainText("The reply", { multiline: true })),
  ),
});

export type ReplyInput = z.output<typeof replyFormSchema>;

export const setHandledSchema = z.object({
  messageId: rowId(MESSAGE_NOT_FOUND),
  handled: z.enum(["true", "false"], { error: "Choose handled or not handled" }),
});

/**
 * Send again: only a failed or a sent email (a pending one may be in a
 * worker's hands right now). The status the admin saw is posted too, so a
 * change in the meantime is refused rather than acted on unseen.
 */
export const resendSchema = z.object({
  emailId: rowId(EMAIL_NOT_FOUND),
  status: z.enum(["failed", "sent"], { error: "Only a failed or sent email can be sent again" }),
});
