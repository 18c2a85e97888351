// /admin/messages (amendment 4): the contact form's messages (read, reply
// through the outbox, handled or not; unhandled first by default) and the
// outbox (every email with its status, read in full, Send again), so a farm
// without a mail server loses nothing and one with it sees what failed.
// What is shown lives in the address: ?view=outbox&status=failed&page=2&email=<id>.
import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { ScreenHeader, ScreenLoadError } from "#app/components/admin/catalogue/screen-error.tsx";
import {
  ContactMessageList,
  useHandledToasts,
} from "#app/components/admin/messages/contact-message-list.tsx";
import { EmailDialog } from "#app/components/admin/messages/email-dialog.tsx";
import { MailNotices } from "#app/components/admin/messages/mail-notices.tsx";
import { OutboxTable, openLinkId } from "#app/components/admin/messages/outbox-table.tsx";
import { ReplyDialog } from "#app/components/admin/messages/reply-dialog.tsx";
import { useResendToasts } from "#app/components/admin/messages/resend-button.tsx";
import {
  MessageFilterChips,
  OutboxFilterChips,
  Pager,
  SectionTabs,
} from "#app/components/admin/messages/screen-nav.tsx";
import type { ContactMessageView } from "#app/components/admin/messages/types.ts";
import { adminPageTitle } from "#app/components/admin/page-title.ts";
import { requireOwnerScreen } from "#app/routes/admin/guards.server.ts";
import { loadMessagesScreen, messagesAction } from "#app/routes/admin/messages.server.ts";
import { readForm } from "#app/routes/form-body.server.ts";
import { messagesHref, readMessagesQuery } from "#domain/forms/messages.ts";
import type { Route } from "./+types/messages";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle(matches, "Messages") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwnerScreen(request, context);
  return loadMessagesScreen(context.db, readMessagesQuery(new URL(request.url).searchParams));
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireOwnerScreen(request, context);
  return messagesAction(context.db, admin, await readForm(request));
}

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { query, emailCounts, unhandled, messages, outbox, openEmail } = loaderData;
  const navigate = useNavigate();
  const [replying, setReplying] = useState<ContactMessageView | null>(null);
  const closeReply = useCallback(() => setReplying(null), []);
  const closeEmail = () =>
    navigate(messagesHref({ ...query, email: undefined }), {
      replace: true,
      preventScrollReset: true,
    });
  useHandledToasts();
  useResendToasts();

  return (
    <>
      <ScreenHeader
        title="Messages"
        description="Messages from the contact form, and every email the site sends."
      />
      <MailNotices failed={emailCounts.failed} mailServer={loaderData.mailServer} />
      <SectionTabs view={query.view} unhandled={unhandled} failed={emailCounts.failed} />

      {messages ? (
        <section aria-labelledby="contact-messages-heading">
          <h2 id="contact-messages-heading" className="mb-3 text-lg font-semibold">
            Contact messages
          </h2>
          <MessageFilterChips filter={query.filter} unhandled={unhandled} />
          <ContactMessageList
            messages={messages.rows}
            emptyText={
              query.filter === "unhandled" ? "No messages waiting for an answer" : "No messages yet"
            }
            onReply={setReplying}
          />
          {messages.total > 0 ? <Pager query={query} noun="messages" {...messages} /> : null}
        </section>
      ) : null}

      {outbox ? (
        <section aria-labelledby="outbox-heading">
          <h2 id="outbox-heading" className="mb-3 text-lg font-semibold">
            Outbox
          </h2>
          <OutboxFilterChips status={query.status} counts={emailCounts} />
          <OutboxTable emails={outbox.rows} query={query} />
          {outbox.total > 0 ? <Pager query={query} noun="emails" {...outbox} /> : null}
        </section>
      ) : null}

      <ReplyDialog
        message={replying}
        farmName={loaderData.farmName}
        replyTo={loaderData.replyTo}
        onClose={closeReply}
      />
      <EmailDialog
        email={openEmail}
        notFound={query.email !== undefined && openEmail === null}
        onClose={closeEmail}
        returnFocusTo={query.email ? openLinkId(query.email) : undefined}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ScreenLoadError
      error={error}
      title="Failed to load messages"
      description="Please reload the page to try again."
      reloadHref="/admin/messages"
    />
  );
}
