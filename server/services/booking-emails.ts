// The emails about a booking, written to the outbox in the caller's
// transaction: the guest's confirmation (with a calendar file and the tax
// invoice) and refund notice, and the farm's notices of new bookings, campers'
// changes and cancellations, refunds and disputes.
import { and, eq } from "drizzle-orm";
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { formatAddress, mapsSearchUrl, siteConfig } from "#content/site.ts";
import { formatMoney } from "#domain/format/money.ts";
import { policyWords } from "#domain/rules/cancellation-policy.ts";
import { farmToday, nightsBetween, startOfFarmDay } from "#domain/rules/dates.ts";
import { paidPlanWords, paymentPlan } from "#domain/rules/deposits.ts";
import {
  documentOption,
  guestInvoicePath,
  type Invoice,
  invoiceFileName,
  stayDates,
} from "#domain/rules/invoice.ts";
import { guestBookingPath } from "#domain/rules/my-booking.ts";
import type { Executor } from "#server/db/client.ts";
import { type bookings, emailOutbox } from "#server/db/schema.ts";
import { renderInvoicePdf } from "#server/invoices/invoice-pdf.ts";
import { log } from "#server/log.ts";
import { renderBookingConfirmation } from "#server/mail/templates/booking-confirmation.tsx";
import { renderFarmNotice } from "#server/mail/templates/farm-notice.tsx";
import { renderGuestNotice } from "#server/mail/templates/guest-notice.tsx";
import { policyOf } from "./accepted-policy";
import { enqueueEmail } from "./email-outbox";
import { moneyOfBooking } from "./ledger";
import { CAUGHT_UP, issueDocuments, issuedThisTransaction } from "./tax-documents";

type BookingRow = typeof bookings.$inferSelect;

export const CONFIRMATION_KIND = "booking-confirmation";

// Spec 9: check-in 12-5pm, checkout by 10am.
const CHECK_IN_HOUR = 12;
const CHECK_OUT_HOUR = 10;

const atFarmHour = (day: string, hour: number) =>
  new Date(startOfFarmDay(day).getTime() + hour * 3600_000);

/** The event's UID: the same in the confirmation and in its cancellation. */
export const calendarEventId = (booking: Pick<BookingRow, "bookingReference" | "id">) =>
  `${booking.bookingReference}-${booking.id}`;

/**
 * A calendar file (.ics) for the stay: from check-in at 12 pm to check-out at
 * 10 am, published (METHOD:PUBLISH, SEQUENCE the booking's calendar sequence,
 * raised by each change). With `cancel`, the same event (same UID, the next
 * SEQUENCE, STATUS:CANCELLED) as a METHOD:CANCEL, so a calendar that added
 * the stay removes it. The farm is the ORGANIZER of both.
 */
export function bookingCalendar(
  booking: BookingRow,
  campsiteName: string,
  options: { cancel?: boolean } = {},
): string {
  const site = siteConfig();
  const calendar = ical({
    name: `${site.farmName} Station`,
    prodId: { company: `${site.farmName} Station`, product: "bookings" },
    method: options.cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    id: calendarEventId(booking),
    // Each change raises the sequence, so calendars replace the stay; a cancellation outranks them all.
    sequence: booking.calendarSequence + (options.cancel ? 1 : 0),
    ...(options.cancel ? { status: ICalEventStatus.CANCELLED } : {}),
    start: atFarmHour(booking.checkInDate, CHECK_IN_HOUR),
    end: atFarmHour(booking.checkOutDate, CHECK_OUT_HOUR),
    summary: `Camping at ${site.farmName} Station: ${campsiteName}`,
    // Who the stay is with: calendars that honour a CANCEL check it came from the organizer.
    organizer: { name: `${site.farmName} Station`, email: site.email },
    location: formatAddress(site),
    description: `Booking ${booking.bookingReference}. Check-in 12-5pm (arrive by 6pm), checkout by 10am.`,
  });
  return calendar.toString();
}

/** What the booking's money will be once this transaction's refund is made. */
async function moneyWith(db: Executor, bookingId: string, refundingCents: number) {
  const money = await moneyOfBooking(db, bookingId);
  return { ...money, refundedCents: money.refundedCents + refundingCents };
}

/** The .ics attachment: the stay published, or (`cancel`) taken out of the calendar. */
function calendarAttachment(booking: BookingRow, campsiteName: string, cancel = false) {
  return {
    filename: `${booking.bookingReference}.ics`,
    contentType: `text/calendar; charset=utf-8; method=${cancel ? "CANCEL" : "PUBLISH"}`,
    content: bookingCalendar(booking, campsiteName, { cancel }),
  };
}

/**
 * A binary attachment as the outbox stores it: its bytes in base64, with the
 * encoding the mailer hands to nodemailer to decode them again.
 */
export type BinaryAttachment = {
  filename: string;
  contentType: string;
  content: string;
  encoding: "base64";
};

/**
 * The confirmation's document: the invoice issued with it, or the adjustment
 * note a change issued, with its address and PDF; undefined when the booking
 * has none (or a change left the amount as it was).
 */
export async function confirmationDocument(
  db: Executor,
  booking: BookingRow,
  { changed, refundingCents }: { changed: boolean; refundingCents: number },
): Promise<{ document: Invoice; link?: string; pdf?: BinaryAttachment } | undefined> {
  const { all, fresh } = await issueDocuments(db, booking.id, {
    reason: changed ? `Stay changed: ${stayDates(stayOfBooking(booking))}` : CAUGHT_UP,
    pendingRefundCents: refundingCents,
  });
  // A confirmation sent again attaches the invoice as issued.
  const document = fresh.at(-1) ?? (changed ? undefined : all[0]);
  if (!document) return undefined;
  const link = booking.guestToken
    ? `${siteConfig().siteUrl}${guestInvoicePath(booking.guestToken, documentOption(document))}`
    : undefined;
  return { document, link, pdf: await documentPdf(document, booking.id) };
}

const stayOfBooking = (b: BookingRow) => ({
  checkIn: b.checkInDate,
  checkOut: b.checkOutDate,
  nights: nightsBetween(b.checkInDate, b.checkOutDate),
});

/** The document as an attachment; the email goes without it rather than hold up the payment. */
async function documentPdf(document: Invoice, bookingId: string) {
  const pdf = await renderInvoicePdf(document).catch((error: unknown) => {
    log.error({ err: error, bookingId }, "could not render the invoice PDF");
    return undefined;
  });
  return (
    pdf && {
      filename: invoiceFileName(document),
      contentType: "application/pdf",
      content: pdf.toString("base64"),
      encoding: "base64" as const,
    }
  );
}

/** The PDFs of the documents issued in the caller's transaction, for the email that tells of them. */
async function issuedNowPdfs(db: Executor, bookingId: string): Promise<BinaryAttachment[]> {
  const pdfs = await Promise.all(
    (await issuedThisTransaction(db, bookingId)).map((d) => documentPdf(d, bookingId)),
  );
  return pdfs.filter((pdf) => pdf !== undefined);
}

/** "Manage your booking: <link>": the camper's own page, to see or cancel the stay. */
export function manageLines(booking: Pick<BookingRow, "guestToken">): string[] {
  if (!booking.guestToken) return [];
  return [`Manage your booking: ${siteConfig().siteUrl}${guestBookingPath(booking.guestToken)}`];
}

/** The camper's own page, absolute; undefined for a booking without a token. */
function manageUrl(booking: Pick<BookingRow, "guestToken">): string | undefined {
  return booking.guestToken
    ? `${siteConfig().siteUrl}${guestBookingPath(booking.guestToken)}`
    : undefined;
}

/**
 * The guest's confirmation, HTML and text from one template: the stay with its
 * days, the price breakdown, the tax invoice, the booking page, the
 * cancellation policy of Settings, the way there; the .ics and the invoice PDF
 * attached.
 */
export async function enqueueBookingConfirmation(
  db: Executor,
  booking: BookingRow,
  campsiteName: string,
  {
    changed = false,
    refundingCents = 0,
  }: {
    changed?: boolean;
    /** Going back to the card in the same transaction, after this email is queued. */
    refundingCents?: number;
  } = {},
) {
  const site = siteConfig();
  const invoice = await confirmationDocument(db, booking, { changed, refundingCents });
  const policy = await policyOf(db, booking);
  const { html, text } = await renderBookingConfirmation({
    site,
    booking: { ...booking, money: await moneyWith(db, booking.id, refundingCents) },
    campsiteName,
    invoice: invoice && {
      what: `Your ${invoice.document.title.toLowerCase()}`,
      link: invoice.link,
      attached: Boolean(invoice.pdf),
    },
    manageUrl: manageUrl(booking),
    // The words the camper accepted before paying; a booking without them, as they stand today.
    policy: booking.acceptedPolicy?.words ?? policyWords(booking.checkInDate, policy, farmToday()),
    mapUrl: mapsSearchUrl(site),
    changed,
    plan: planOf(booking, changed),
  });
  const calendar = calendarAttachment(booking, campsiteName);
  await enqueueEmail(db, {
    kind: CONFIRMATION_KIND,
    to: booking.guestEmail,
    replyTo: site.email,
    subject: `Booking ${changed ? "changed" : "confirmed"}: ${booking.bookingReference} at ${site.farmName} Station`,
    text,
    html,
    bookingId: booking.id,
    attachments: invoice?.pdf ? [calendar, invoice.pdf] : [calendar],
  });
}

/** A deposit booking's first confirmation says what was paid and when the balance is charged. */
function planOf(booking: BookingRow, changed: boolean) {
  const plan = changed ? null : paymentPlan(booking.depositTerms, booking);
  return plan ? paidPlanWords(plan) : undefined;
}

/** The farm's own notice of a new booking (when notification emails are on). */
export async function enqueueFarmNotification(
  db: Executor,
  booking: BookingRow,
  campsiteName: string,
) {
  await enqueueFarmNotice(db, booking, campsiteName, {
    kind: "booking-notification",
    subject: `New booking ${booking.bookingReference}: ${campsiteName}, ${booking.checkInDate}`,
    lines: [],
  });
}

/**
 * A notice to the farm about a booking: what happened (a refund or a dispute
 * at the card provider; nothing for a new booking), then the guest and the
 * stay. Callers decide whether the 'Booking notification emails' setting
 * applies (to new bookings and to what campers do on their booking page; not
 * to what the card provider reports). The guest is the Reply-To.
 */
export async function enqueueFarmNotice(
  db: Executor,
  booking: BookingRow,
  campsiteName: string,
  notice: { kind: string; subject: string; lines: string[] },
) {
  const site = siteConfig();
  const { html, text } = await renderFarmNotice({
    site,
    booking: { ...booking, money: await moneyOfBooking(db, booking.id) },
    campsiteName,
    lines: notice.lines,
    adminUrl: `${site.siteUrl}/admin/bookings?q=${encodeURIComponent(booking.bookingReference)}`,
  });
  await enqueueEmail(db, {
    kind: notice.kind,
    to: site.notificationEmail,
    replyTo: booking.guestEmail,
    subject: notice.subject,
    text,
    html,
    bookingId: booking.id,
  });
}

/** Prepaid credit put back on the guest's card by a cancellation. */
export type ReturnedCredit = { cents: number; cardNumber: string };

/**
 * The sentence telling the guest their prepaid credit is back on their card.
 * Only the card's last four characters: the number alone spends the credit.
 */
export function returnedCreditLines(credit: ReturnedCredit | undefined): string[] {
  if (!credit || credit.cents <= 0) return [];
  return [
    "",
    `We have returned ${formatMoney(credit.cents)} of prepaid credit to your prepaid card ending ${credit.cardNumber.slice(-4)}.`,
  ];
}

/** Tells the guest their payment was returned, and why (and any prepaid credit returned with it). */
export async function enqueueRefundNotice(
  db: Executor,
  booking: BookingRow,
  campsiteName: string,
  refunded: Refunded,
  reason: string,
  credit?: ReturnedCredit,
  cancelsStay = false,
) {
  const site = siteConfig();
  const toCard = refunded.cents - refunded.atDeskCents;
  await enqueueGuestNotice(db, booking, campsiteName, {
    kind: "refund-notice",
    cancelsStay,
    subject: `Refund for booking ${booking.bookingReference} at ${site.farmName} Station`,
    lines: [
      reason,
      "",
      ...(toCard > 0
        ? [
            `We have refunded ${formatMoney(toCard)} to your card. Depending on your bank it can take 5-10 business days to appear.`,
          ]
        : []),
      ...(refunded.atDeskCents > 0
        ? [
            `We will give back the ${formatMoney(refunded.atDeskCents)} you paid at the farm ourselves, and will be in touch to arrange it.`,
          ]
        : []),
      ...returnedCreditLines(credit),
    ],
  });
}

/**
 * A notice to the guest about their booking: the greeting, what happened,
 * the stay with what was paid, and how to reach the farm. With `cancelsStay`,
 * an .ics that takes the stay out of the guest's calendar (METHOD:CANCEL, the
 * confirmation's UID).
 */
export async function enqueueGuestNotice(
  db: Executor,
  booking: BookingRow,
  campsiteName: string,
  notice: { kind: string; subject: string; lines: string[]; cancelsStay?: boolean },
) {
  const site = siteConfig();
  const { html, text } = await renderGuestNotice({
    site,
    booking: { ...booking, money: await moneyOfBooking(db, booking.id) },
    campsiteName,
    lines: notice.lines,
  });
  await enqueueEmail(db, {
    kind: notice.kind,
    to: booking.guestEmail,
    replyTo: site.email,
    subject: notice.subject,
    text,
    html,
    bookingId: booking.id,
    attachments: [
      ...(notice.cancelsStay ? [calendarAttachment(booking, campsiteName, true)] : []),
      ...(await issuedNowPdfs(db, booking.id)),
    ],
  });
}

// ------------------------------------------------------- cancellation

/** Whether the booking's confirmation (with the .ics that adds the stay) was ever queued. */
async function confirmationWasSent(db: Executor, bookingId: string): Promise<boolean> {
  const [found] = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.bookingId, bookingId), eq(emailOutbox.kind, CONFIRMATION_KIND)))
    .limit(1);
  return found !== undefined;
}

const cancelledReason = (booking: BookingRow) =>
  `Your booking ${booking.bookingReference} has been cancelled.`;

/** Money refunded: in all, and of it what was paid at the farm, which the farm gives back itself. */
export type Refunded = { cents: number; atDeskCents: number };

/** One email: the refund notice when money went back, otherwise the cancellation notice. */
export async function tellGuestOfCancellation(
  tx: Executor,
  cancelled: BookingRow,
  campsiteName: string | null,
  refunded: Refunded,
  credit: ReturnedCredit | undefined,
) {
  const name = campsiteName ?? "Unknown Campsite";
  // The stay left the guest's calendar only if the confirmation put it there.
  const cancelsStay = await confirmationWasSent(tx, cancelled.id);
  if (refunded.cents > 0)
    await enqueueRefundNotice(
      tx,
      cancelled,
      name,
      refunded,
      cancelledReason(cancelled),
      credit,
      cancelsStay,
    );
  else await enqueueCancellationNotice(tx, cancelled, name, credit, cancelsStay);
}

async function enqueueCancellationNotice(
  tx: Executor,
  booking: BookingRow,
  campsiteName: string,
  credit: ReturnedCredit | undefined,
  cancelsStay: boolean,
) {
  const site = siteConfig();
  await enqueueGuestNotice(tx, booking, campsiteName, {
    kind: "booking-cancelled",
    cancelsStay,
    subject: `Booking ${booking.bookingReference} cancelled: ${site.farmName} Station`,
    lines: [
      `Your booking at ${site.farmName} Station has been cancelled.`,
      ...returnedCreditLines(credit),
    ],
  });
}
