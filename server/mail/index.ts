// Outgoing mail over SMTP (nodemailer) when SMTP_URL is set. Without it the
// outbox keeps the messages, visible to administrators (amendment 4).
import type { Transporter } from "nodemailer";

export type MailMessage = {
  to: string;
  from: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html?: string | null;
  /** Text content as is; binary content (a PDF) in base64, with `encoding: "base64"`. */
  attachments?: {
    filename: string;
    contentType: string;
    content: string;
    encoding?: "base64";
  }[];
};

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** nodemailer is loaded with the first message sent, not at start. */
export function createSmtpMailer(smtpUrl: string): Mailer {
  let transport: Promise<Transporter> | undefined;
  const transportOf = () => {
    transport ??= import("nodemailer").then((mail) => mail.default.createTransport(smtpUrl));
    return transport;
  };
  return {
    async send(message) {
      await (await transportOf()).sendMail({
        to: message.to,
        from: message.from,
        replyTo: message.replyTo ?? undefined,
        subject: message.subject,
        text: message.text,
        html: message.html ?? undefined,
        attachments: message.attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
          encoding: a.encoding,
        })),
      });
    },
    close: () =>
      void transport?.then(
        (t) => t.close(),
        () => {},
      ),
  };
}
