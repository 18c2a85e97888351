// The emails about a booking, written to the outbox in the caller's
// transaction: the guest's confirmation (with a calendar file and the tax
// invoice) and refund notice, and the farm's notices of new bookings, refunds
// and disputes.
import ical from "ical-generator";
import { formatAddress, siteConfig } from "#content/site.ts";
import { formatMoney } from "#domain/format/money.ts";
import { nightsBetween, startOfFarmDay } from "#domain/rules/dates.ts";
import { guestInvoicePath, type Invoice, invoiceFileName } from "#domain/rules/invoice.ts";
import { guestBookingPath } from "#domain/rules/my-booking.ts";
import type { Executor } from "#server/db/client.ts";
import type { bookings } from "#server/db/schema.ts";
import { renderInvoicePdf } from "#server/invoices/invoice-pdf.ts";
import { log } from "#server/log.ts";
import { enqueueEmail } from "./email-outbox";
import { invoiceByBookingId } from "./invoices";

type BookingRow = typeof bookings.$inferSelect;

// Spec 9: check-in 12-5pm, checkout by 10am.
const CHECK_IN_HOUR = 12;
const CHECK_OUT_HOUR = 10;

const atFarmHour = (day: string, hour: number) =>
  new Date(startOfFarmDay(day).getTime() + hour * 3600_000);

/** A calendar file (.ics) for the stay: from check-in at 12 pm to check-out at 10 am. */
export function bookingCalendar(booking: BookingRow, campsiteName: string): string {
  const site = siteConfig();
  const calendar = ical({
    name: `${site.farmName} Station`,
    prodId: { company: `${site.farmName} Station`, product: "bookings" },
  });
  calendar.createEvent({
    id: `${booking.bookingReference}-${booking.id}`,
    start: atFarmHour(booking.checkInDate, CHECK_IN_HOUR),
    end: atFarmHour(booking.checkOutDate, CHECK_OUT_HOUR),
    summary: `Camping at ${site.farmName} Station: ${campsiteName}`,
    location: formatAddress(site),
    description: `Booking ${booking.bookingReference}. Check-in 12-5pm (arrive by 6pm), checkout by 10am.`,
  });
  return calendar.toString();
}

/** The stay in plain lines, with what was paid, for every booking email. */
function stayLines(booking: BookingRow, campsiteName: string): string[] {
  const nights = nightsBetween(booking.checkInDate, booking.checkOutDate);
  const lines = [
    `Booking reference: ${booking.bookingReference}`,
    `Campsite: ${campsiteName}`,
    `Check-in: ${booking.checkInDate} (12-5pm, all arrivals by 6pm)`,
    `Check-out: ${booking.checkOutDate} (by 10am)`,
    `Nights: ${nights}`,
    `Guests: ${booking.numberOfGuests}`,
    `Total: ${formatMoney(booking.totalAmountCents)}`,
  ];
  if (booking.discountAmountCents > 0)
    lines.push(`Discount: -${formatMoney(booking.discountAmountCents)}`);
  if (booking.prepaidAmountUsedCents > 0)
    lines.push(`Prepaid card: -${formatMoney(booking.prepaidAmountUsedCents)}`);
  lines.push(`Amount paid: ${formatMoney(booking.finalAmountCents)}`);
  return lines;
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

/** The invoice's address and PDF for the confirmation; undefined when the booking has none. */
export async function confirmationInvoice(
  db: Executor,
  booking: BookingRow,
): Promise<{ invoice: Invoice; link?: string; pdf?: BinaryAttachment } | undefined> {
  const invoice = await invoiceByBookingId(db, booking.id);
  if (!invoice) return undefined;
  const link = booking.guestToken
    ? `${siteConfig().siteUrl}${guestInvoicePath(booking.guestToken)}`
    : undefined;
  // The email goes out without the PDF rather than hold up the payment it confirms.
  const pdf = await renderInvoicePdf(invoice).catch((error: unknown) => {
    log.error({ err: error, bookingId: booking.id }, "could not render the invoice PDF");
    return undefined;
  });
  return {
    invoice,
    link,
    pdf: pdf && {
      filename: invoiceFileName(invoice),
      contentType: "application/pdf",
      content: pdf.toString("base64"),
      encoding: "base64",
    },
  };
}

/** "Your tax invoice (also attached as a PDF): <link>", as far as there is one. */
function invoiceLines(found: Awaited<ReturnType<typeof confirmationInvoice>>): string[] {
  if (!found) return [];
  const what = `Your ${found.invoice.title.toLowerCase()}`;
  if (found.link)
    return ["", `${what}${found.pdf ? " (also attached as a PDF)" : ""}: ${found.link}`];
  return found.pdf ? ["", `${what} is attached as a PDF.`] : [];
}

/** "Manage your booking: <link>": the camper's own page, to see or cancel the stay. */
export function manageLines(booking: Pick<BookingRow, "guestToken">): string[] {
  if (!booking.guestToken) return [];
  return [`Manage your booking: ${siteConfig().siteUrl}${guestBookingPath(booking.guestToken)}`];
}

export async function enqueueBookingConfirmation(
  db: Executor,
  booking: BookingRow,
  campsiteName: string,
) {
  const site = siteConfig();
  const invoice = await confirmationInvoice(db, booking);
  const text = [
    `Hi ${booking.guestFirstName},`,
    "",
    `Your booking at ${site.farmName} Station is confirmed.`,
    "",
    ...stayLines(booking, campsiteName),
    ...invoiceLines(invoice),
    ...manageLines(booking),
    "",
    `Address: ${formatAddress(site)}`,
    `Phone: ${site.phone}`,
    "",
    "Bring your own drinking water and toilet; there are no showers or toilets on site.",
    "The calendar file attached adds your stay to your calendar.",
    "",
    `See you soon,\n${site.farmName} Station`,
    `${site.business.legalName}, ABN ${site.business.abn}`,
  ].join("\n");
  const calendar = {
    filename: `${booking.bookingReference}.ics`,
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    content: bookingCalendar(booking, campsiteName),
  };
  await enqueueEmail(db, {
    kind: "booking-confirmation",
    to: booking.guestEmail,
    replyTo: site.email,
    subject: `Booking confirmed: ${booking.bookingReference} at ${site.farmName} Station`,
    text,
    bookingId: booking.id,
    attachments: invoice?.pdf ? [calendar, invoice.pdf] : [calendar],
  });
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
 * stay. Callers decide whether the 'Booking notification emails' setting,
 * which is about new bookings, applies.
 */
export async function enqueueFarmNotice(
  db: Executor,
  booking: BookingRow,
  campsiteName: string,
  notice: { kind: string; subject: string; lines: string[] },
) {
  const site = siteConfig();
  await enqueueEmail(db, {
    kind: notice.kind,
    to: site.notificationEmail,
    subject: notice.subject,
    text: [
      ...(notice.lines.length > 0 ? [...notice.lines, ""] : []),
      `Guest: ${booking.guestFirstName} ${booking.guestLastName} <${booking.guestEmail}>${booking.guestPhone ? `, ${booking.guestPhone}` : ""}`,
      ...stayLines(booking, campsiteName),
      `Status: ${booking.status}`,
    ].join("\n"),
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
  amountCents: number,
  reason: string,
  credit?: ReturnedCredit,
) {
  const site = siteConfig();
  await enqueueGuestNotice(db, booking, campsiteName, {
    kind: "refund-notice",
    subject: `Refund for booking ${booking.bookingReference} at ${site.farmName} Station`,
    lines: [
      reason,
      "",
      `We have refunded ${formatMoney(amountCents)} to your card. Depending on your bank it can take 5-10 business days to appear.`,
      ...returnedCreditLines(credit),
    ],
  });
}

/**
 * A plain notice to the guest about their booking: the greeting, what
 * happened, the stay with what was paid, and how to reach the farm.
 */
export async function enqueueGuestNotice(
  db: Executor,
  booking: BookingRow,
  campsiteName: string,
  notice: { kind: string; subject: string; lines: string[] },
) {
  const site = siteConfig();
  await enqueueEmail(db, {
    kind: notice.kind,
    to: booking.guestEmail,
    replyTo: site.email,
    subject: notice.subject,
    text: [
      `Hi ${booking.guestFirstName},`,
      "",
      ...notice.lines,
      "",
      ...stayLines(booking, campsiteName),
      "",
      `Questions? Call us on ${site.phone} or reply to this email.`,
      `${site.farmName} Station`,
    ].join("\n"),
    bookingId: booking.id,
  });
}

// ------------------------------------------------------- cancellation

const cancelledReason = (booking: BookingRow) =>
  `Your booking ${booking.bookingReference} has been cancelled.`;

/** One email: the refund notice when card money went back, otherwise the cancellation notice. */
export async function tellGuestOfCancellation(
  tx: Executor,
  cancelled: BookingRow,
  campsiteName: string | null,
  refundedCents: number,
  credit: ReturnedCredit | undefined,
) {
  const name = campsiteName ?? "Unknown Campsite";
  if (refundedCents > 0)
    await enqueueRefundNotice(
      tx,
      cancelled,
      name,
      refundedCents,
      cancelledReason(cancelled),
      credit,
    );
  else await enqueueCancellationNotice(tx, cancelled, name, credit);
}

/**
 * The card was refunded but the cancellation did not go through (a racing
 * change): the guest still hears of the money, as the refund alone would tell.
 */
export async function noticeOfCardRefundAlone(
  db: Executor,
  booking: BookingRow,
  campsiteName: string | null,
  cents: number,
) {
  await db
    .transaction((tx) =>
      enqueueRefundNotice(
        tx,
        booking,
        campsiteName ?? "Unknown Campsite",
        cents,
        cancelledReason(booking),
      ),
    )
    .catch((error: unknown) =>
      log.error({ err: error, bookingId: booking.id }, "could not queue the refund notice"),
    );
}

async function enqueueCancellationNotice(
  tx: Executor,
  booking: BookingRow,
  campsiteName: string,
  credit?: ReturnedCredit,
) {
  const site = siteConfig();
  await enqueueGuestNotice(tx, booking, campsiteName, {
    kind: "booking-cancelled",
    subject: `Booking ${booking.bookingReference} cancelled: ${site.farmName} Station`,
    lines: [
      `Your booking at ${site.farmName} Station has been cancelled.`,
      ...returnedCreditLines(credit),
    ],
  });
}
