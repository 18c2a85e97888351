// What the Messages screen receives from its loader, as its components read it.

export type EmailStatus = "pending" | "sent" | "failed";

export type ContactMessageView = {
  id: string;
  name: string;
  email: string;
  message: string;
  createdAt: Date;
  handledAt: Date | null;
  repliedAt: Date | null;
};

export type OutboxRowView = {
  id: string;
  kind: string;
  toAddress: string;
  subject: string;
  status: EmailStatus;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date;
  createdAt: Date;
  sentAt: Date | null;
};

export type OutboxEmailView = OutboxRowView & {
  replyTo: string | null;
  bookingId: string | null;
  textBody: string;
  htmlBytes: number | null;
  attachments: { filename: string; contentType: string; bytes: number }[];
};
