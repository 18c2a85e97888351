// The Messages screen's data and actions (amendment 4): the loader's one
// read of what the address asks for, and the three changes (reply, handled
// or not, send again), each answered in the ActionAnswer shape with a toast.
// Bad input is a 400 naming the field, before any service is called.
import type { AppLoadContext } from "react-router";
import type { ToastMessage } from "#app/components/admin/use-toast.ts";
import { invalidForm, ok, refused, unknownIntent } from "#app/routes/action-answer.server.ts";
import { siteConfig } from "#content/site.ts";
import { parseForm } from "#domain/forms/form-fields.ts";
import {
  type MessagesQuery,
  replyFormSchema,
  resendSchema,
  setHandledSchema,
} from "#domain/forms/messages.ts";
import { env } from "#server/config.ts";
import type { AuditActor } from "#server/services/audit-log.ts";
import {
  countEmailsByStatus,
  countUnhandledMessages,
  listContactMessages,
  listOutbox,
  readOutboxEmail,
  replyToMessage,
  resendEmail,
  setMessageHandled,
} from "#server/services/messages-admin.ts";

type Db = AppLoadContext["db"];

/** Everything the screen shows for one address: the counts, the one list asked for, an open email. */
export async function loadMessagesScreen(db: Db, query: MessagesQuery) {
  const site = siteConfig();
  const [unhandled, emailCounts, messages, outbox, openEmail] = await Promise.all([
    countUnhandledMessages(db),
    countEmailsByStatus(db),
    query.view === "messages" ? listContactMessages(db, query) : null,
    query.view === "outbox" ? listOutbox(db, query) : null,
    query.email ? readOutboxEmail(db, query.email) : null,
  ]);
  return {
    query,
    farmName: site.farmName,
    replyTo: site.email,
    mailServer: Boolean(env().SMTP_URL),
    unhandled,
    emailCounts,
    messages,
    outbox,
    openEmail,
  };
}

const failure =
  (title: string) =>
  (description?: string): ToastMessage => ({ kind: "error", title, description });

/** Dispatches a posted form by its intent to the change it asks for. */
export async function messagesAction(db: Db, admin: AuditActor, form: FormData) {
  const intent = String(form.get("intent") ?? "");
  if (intent === "reply") return reply(db, admin, form);
  if (intent === "set-handled") return setHandled(db, admin, form);
  if (intent === "resend") return resend(db, admin, form);
  return unknownIntent(intent);
}

async function reply(db: Db, admin: AuditActor, form: FormData) {
  const toast = failure("Failed to send reply");
  const parsed = parseForm(replyFormSchema, form);
  if (!parsed.ok) return invalidForm("reply", parsed.errors, toast);
  try {
    const { to } = await replyToMessage(db, admin, parsed.data);
    return ok("reply", {
      kind: "success",
      title: "Reply queued",
      description: `Your reply to ${to} is in the outbox, and the message is marked handled.`,
    });
  } catch (error) {
    return refused("reply", error, toast);
  }
}

async function setHandled(db: Db, admin: AuditActor, form: FormData) {
  const toast = failure("Failed to update the message");
  const parsed = parseForm(setHandledSchema, form);
  if (!parsed.ok) return invalidForm("set-handled", parsed.errors, toast);
  const handled = parsed.data.handled === "true";
  try {
    await setMessageHandled(db, admin, parsed.data.messageId, handled);
    return ok("set-handled", {
      kind: "success",
      title: handled ? "Marked as handled" : "Marked as not handled",
    });
  } catch (error) {
    return refused("set-handled", error, toast);
  }
}

async function resend(db: Db, admin: AuditActor, form: FormData) {
  const toast = failure("Failed to send the email again");
  const parsed = parseForm(resendSchema, form);
  if (!parsed.ok) return invalidForm("resend", parsed.errors, toast);
  try {
    const { to } = await resendEmail(db, admin, parsed.data.emailId, parsed.data.status);
    return ok("resend", {
      kind: "success",
      title: "Email queued again",
      description: env().SMTP_URL
        ? `It goes to ${to} within a minute.`
        : `It waits in the outbox for ${to} until a mail server is set up.`,
    });
  } catch (error) {
    return refused("resend", error, toast);
  }
}
