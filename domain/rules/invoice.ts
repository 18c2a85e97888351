// The tax invoice of a paid or confirmed booking (issue 14), as the guest's
// page, the farm's page, the PDF and the confirmation email all show it. Pure:
// the server reads the booking, its settled payment and how it ended, and the
// farm's business details; this decides whether there is an invoice and what
// it says.
import { formatDay } from "#domain/format/dates.ts";
import { formatLongDay } from "#domain/format/long-day.ts";
import { formatMoney } from "#domain/format/money.ts";
import { farmToday, nightsBetween } from "./dates";
import { type DepositTerms, paymentPlan } from "./deposits";
import { gstIncluded, linesTotal, type PriceLine } from "./rates";
import type { BookingStatus } from "./statuses";

/** Who issues the invoice (the site's configuration, handed in: domain reads no settings). */
export type InvoiceSeller = {
  legalName: string;
  abn: string;
  /** One line: street, locality, region and postcode. */
  address: string;
  phone: string;
  email: string;
  gstRegistered: boolean;
};

export type InvoiceLine = { description: string; amountCents: number };

/** A booking that ended after it was paid keeps its invoice, with a note of how it ended. */
export type InvoiceEnding = {
  status: "cancelled" | "refunded";
  /** The farm's day it ended, when known. */
  on: string | null;
  refundedCents: number;
  creditReturnedCents: number;
};

/** What an adjustment note adjusts: the invoice, and the total before and after. */
export type Adjusts = {
  number: string;
  issueDate: string;
  previousTotalCents: number;
  newTotalCents: number;
};

export type Invoice = {
  title: "Tax Invoice" | "Receipt" | "Adjustment Note";
  /** Derived from the booking reference, so one per booking and the same every time. */
  number: string;
  /** The farm's day (yyyy-MM-dd) the booking was paid or confirmed: the date of issue. */
  issueDate: string;
  seller: Omit<InvoiceSeller, "gstRegistered">;
  guest: { name: string; email: string };
  bookingReference: string;
  stay: {
    campsite: string;
    checkIn: string;
    checkOut: string;
    nights: number;
    guests: number;
    dogs: number;
  };
  lines: InvoiceLine[];
  /** The lines' sum (bookings.total_amount_cents). */
  subtotalCents: number;
  discountCents: number;
  discountCode: string | null;
  /** What the stay cost after the discount: the taxable, GST-inclusive total. */
  totalCents: number;
  /** GST included in the total; null on a receipt (the farm is not registered). */
  gstCents: number | null;
  /** Prepaid credit is a way of paying, not a discount: it leaves the total and the GST alone. */
  prepaidCents: number;
  paidByCardCents: number;
  /** A deposit booking's balance as it stood when the invoice was issued; absent when paid in full. */
  balanceDue?: { cents: number; dueOn: string } | null;
  ended: InvoiceEnding | null;
  /** On an adjustment note: the invoice it adjusts; null on the invoice itself. */
  adjusts: Adjusts | null;
  /** The cancellation policy the guest accepted before paying, as they read it; null without. */
  policy: string | null;
};

/** What the invoice is made from: the booking row's fields and what the server found around it. */
export type InvoiceSource = {
  booking: {
    bookingReference: string;
    status: BookingStatus;
    guestFirstName: string;
    guestLastName: string;
    guestEmail: string;
    checkInDate: string;
    checkOutDate: string;
    numberOfGuests: number;
    numberOfDogs: number;
    priceLines: readonly PriceLine[];
    totalAmountCents: number;
    discountAmountCents: number;
    prepaidAmountUsedCents: number;
    finalAmountCents: number;
    gstAmountCents: number;
    cancelledAt: Date | null;
    createdAt: Date;
    acceptedPolicy?: { words: string } | null;
    depositTerms?: DepositTerms | null;
  };
  campsiteName: string | null;
  discountCode: string | null;
  /** When the settled payment was made; null when there is none (e.g. imported data). */
  paidAt: Date | null;
  /** For a cancelled or refunded booking: the status it left, as the audit log recorded it. */
  ending: { previousStatus: string; refundedCents: number; creditReturnedCents: number } | null;
  seller: InvoiceSeller;
};

const INVOICED = new Set<string>(["paid", "confirmed"]);

/**
 * A paid or confirmed booking has an invoice, and keeps it when it is later
 * cancelled or refunded: the sale happened and the invoice was issued (a
 * refund is an adjustment to it, not its erasure). A booking that was never
 * paid (pending, expired, or cancelled while pending) has none.
 */
export function hasInvoice(status: BookingStatus, previousStatus?: string | null): boolean {
  if (INVOICED.has(status)) return true;
  if (status === "cancelled" || status === "refunded") return INVOICED.has(previousStatus ?? "");
  return false;
}

/** A farm registered for GST issues tax invoices; one that is not, receipts. */
export const invoiceTitle = (gstRegistered: boolean): "Tax Invoice" | "Receipt" =>
  gstRegistered ? "Tax Invoice" : "Receipt";

/** "BK123456" -> "INV-BK123456": booking references are unique, so invoice numbers are. */
export const invoiceNumber = (bookingReference: string) => `INV-${bookingReference}`;

export const invoiceFileName = (invoice: Pick<Invoice, "number">) => `${invoice.number}.pdf`;

type DocumentPath = { pdf?: boolean; document?: string };

/** `?document=` names an adjustment note; without it, the invoice. */
const documentPath = (base: string, { pdf = false, document }: DocumentPath) =>
  `${base}${pdf ? ".pdf" : ""}${document ? `?document=${encodeURIComponent(document)}` : ""}`;

/** The guest's own invoice page (or its PDF, or a note's), at the booking's secret token. */
export const guestInvoicePath = (token: string, options: DocumentPath = {}) =>
  documentPath(`/my-booking/${encodeURIComponent(token)}/invoice`, options);

/** The farm's copy of a booking's invoice (or its PDF, or a note's). */
export const adminInvoicePath = (bookingId: string, options: DocumentPath = {}) =>
  documentPath(`/admin/bookings/${encodeURIComponent(bookingId)}/invoice`, options);

/** How an address names a document: a note by its number; the invoice needs none. */
export const documentOption = (d: Pick<Invoice, "title" | "number">): { document?: string } =>
  d.title === "Adjustment Note" ? { document: d.number } : {};

/** The document a page or PDF address asks for: a note's number, or null for the invoice. */
export const askedDocument = (url: string) => new URL(url).searchParams.get("document");

/** The audit actions that end a booking; each records the status it left and what went back. */
export const ENDING_ACTIONS = ["booking.cancelled", "booking.refunded_at_provider"] as const;

const centsIn = (details: Record<string, unknown>, key: string) => {
  const value = details[key];
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : 0;
};

/** How a booking ended, from its audit entries (oldest first); null when none ended it. */
export function endingOf(
  entries: readonly { action: string; details: unknown }[],
): InvoiceSource["ending"] {
  const last = entries
    .filter((e) => (ENDING_ACTIONS as readonly string[]).includes(e.action))
    .at(-1);
  const details = last?.details;
  if (typeof details !== "object" || details === null) return null;
  const record = details as Record<string, unknown>;
  if (typeof record.previousStatus !== "string") return null;
  return {
    previousStatus: record.previousStatus,
    refundedCents: centsIn(record, "refundedCents"),
    creditReturnedCents: centsIn(record, "prepaidCreditReturnedCents"),
  };
}

/**
 * The stored lines when they add up to the total; otherwise (a booking priced
 * before lines existed and never backfilled) one line for the whole stay, so
 * the invoice always adds up.
 */
function invoiceLines(source: InvoiceSource, nights: number): InvoiceLine[] {
  const { booking } = source;
  const stored = booking.priceLines.map(({ description, amountCents }) => ({
    description,
    amountCents,
  }));
  if (stored.length > 0 && linesTotal(booking.priceLines) === booking.totalAmountCents)
    return stored;
  const what = `${nights} ${nights === 1 ? "night" : "nights"}`;
  return [{ description: `${what}, ${campsiteOf(source)}`, amountCents: booking.totalAmountCents }];
}

const campsiteOf = (source: InvoiceSource) => source.campsiteName ?? "Campsite";

function endedOf(source: InvoiceSource): InvoiceEnding | null {
  const { booking, ending } = source;
  if (booking.status !== "cancelled" && booking.status !== "refunded") return null;
  return {
    status: booking.status,
    on: booking.cancelledAt ? farmToday(booking.cancelledAt) : null,
    refundedCents: ending?.refundedCents ?? 0,
    creditReturnedCents: ending?.creditReturnedCents ?? 0,
  };
}

/** The invoice of a booking, or undefined when it has none. */
export function assembleInvoice(source: InvoiceSource): Invoice | undefined {
  const { booking, seller } = source;
  if (!hasInvoice(booking.status, source.ending?.previousStatus)) return undefined;
  const nights = nightsBetween(booking.checkInDate, booking.checkOutDate);
  const { gstRegistered, ...identity } = seller;
  const plan = paymentPlan(booking.depositTerms, booking);
  return {
    title: invoiceTitle(gstRegistered),
    number: invoiceNumber(booking.bookingReference),
    issueDate: farmToday(source.paidAt ?? booking.createdAt),
    seller: identity,
    guest: {
      name: `${booking.guestFirstName} ${booking.guestLastName}`.trim(),
      email: booking.guestEmail,
    },
    bookingReference: booking.bookingReference,
    stay: {
      campsite: campsiteOf(source),
      checkIn: booking.checkInDate,
      checkOut: booking.checkOutDate,
      nights,
      guests: booking.numberOfGuests,
      dogs: booking.numberOfDogs,
    },
    lines: invoiceLines(source, nights),
    subtotalCents: booking.totalAmountCents,
    discountCents: booking.discountAmountCents,
    discountCode: source.discountCode,
    totalCents: booking.totalAmountCents - booking.discountAmountCents,
    gstCents: gstRegistered ? booking.gstAmountCents : null,
    prepaidCents: booking.prepaidAmountUsedCents,
    paidByCardCents: plan?.todayCents ?? booking.finalAmountCents,
    balanceDue: plan && { cents: plan.balanceCents, dueOn: plan.balanceDueOn },
    ended: endedOf(source),
    adjusts: null,
    policy: booking.acceptedPolicy?.words ?? null,
  };
}

// ------------------------------------------------- issued once, then adjusted

/** "BK123456", 2 -> "ADJ-BK123456-2": a booking's second adjustment note. */
export const adjustmentNumber = (bookingReference: string, sequence: number) =>
  `ADJ-${bookingReference}-${sequence}`;

/**
 * What the sale is worth now, the total its invoice and notes must add up to:
 * while the booking stands, the stay's price less a card dispute it lost and
 * refunds made in the provider's dashboard; once cancelled or refunded, the
 * money the farm kept (the ledger's net, with a refund going back in the same
 * step counted as gone).
 */
export function saleValue(sale: {
  status: BookingStatus;
  priceCents: number;
  lostDisputeCents: number;
  providerRefundCents: number;
  keptCents: number;
}): number {
  if (sale.status === "cancelled" || sale.status === "refunded") return sale.keptCents;
  return sale.priceCents - sale.lostDisputeCents - sale.providerRefundCents;
}

/**
 * The adjustment note for a sale whose value moved from `previousTotalCents`
 * to `newTotalCents` after `invoice` was issued: the invoice's parties and
 * stay, one line saying why, the change in total and in GST.
 */
export function adjustmentNote(
  invoice: Invoice,
  note: {
    sequence: number;
    issueDate: string;
    reason: string;
    previousTotalCents: number;
    newTotalCents: number;
    previousGstCents: number | null;
    stay: Invoice["stay"];
  },
): Invoice {
  const change = note.newTotalCents - note.previousTotalCents;
  const gst =
    note.previousGstCents === null ? null : gstIncluded(note.newTotalCents) - note.previousGstCents;
  return {
    ...invoice,
    title: "Adjustment Note",
    number: adjustmentNumber(invoice.bookingReference, note.sequence),
    issueDate: note.issueDate,
    stay: note.stay,
    lines: [{ description: note.reason, amountCents: change }],
    subtotalCents: change,
    discountCents: 0,
    discountCode: null,
    totalCents: change,
    gstCents: gst,
    prepaidCents: 0,
    paidByCardCents: 0,
    ended: null,
    adjusts: {
      number: invoice.number,
      issueDate: invoice.issueDate,
      previousTotalCents: note.previousTotalCents,
      newTotalCents: note.newTotalCents,
    },
    policy: null,
  };
}

// ------------------------------------------------------------ how it reads

/** One row of the totals under the lines, as the page and the PDF both print them. */
export type InvoiceTotal = { label: string; amount: string; strong?: boolean };

// A hyphen, not U+2212: the PDF's built-in fonts write WinAnsi text, which has no minus sign.
const minus = (cents: number) => `-${formatMoney(cents)}`;

/** Subtotal, discount, total, GST and the payments, in the order they are printed. */
export function invoiceTotals(invoice: Invoice): InvoiceTotal[] {
  if (invoice.adjusts) return adjustmentTotals(invoice, invoice.adjusts);
  const rows: InvoiceTotal[] = [{ label: "Subtotal", amount: formatMoney(invoice.subtotalCents) }];
  if (invoice.discountCents > 0) {
    const code = invoice.discountCode ? ` (${invoice.discountCode})` : "";
    rows.push({ label: `Discount${code}`, amount: minus(invoice.discountCents) });
  }
  const gst = invoice.gstCents !== null;
  rows.push({
    label: gst ? "Total (GST inclusive)" : "Total",
    amount: formatMoney(invoice.totalCents),
    strong: true,
  });
  if (invoice.gstCents !== null)
    rows.push({ label: "GST included in total", amount: formatMoney(invoice.gstCents) });
  if (invoice.prepaidCents > 0)
    rows.push({
      label: "Paid with prepaid card credit",
      amount: formatMoney(invoice.prepaidCents),
    });
  if (!invoice.balanceDue) {
    rows.push({ label: "Amount paid by card", amount: formatMoney(invoice.paidByCardCents) });
    return rows;
  }
  rows.push({ label: "Deposit paid by card", amount: formatMoney(invoice.paidByCardCents) });
  rows.push({
    label: `Balance due by ${formatLongDay(invoice.balanceDue.dueOn)}`,
    amount: formatMoney(invoice.balanceDue.cents),
  });
  return rows;
}

/** A note's totals: the invoice's total before and after, the change, and the change in GST. */
function adjustmentTotals(note: Invoice, adjusts: Adjusts): InvoiceTotal[] {
  const signed = (cents: number) => (cents < 0 ? minus(-cents) : formatMoney(cents));
  const gst = note.gstCents !== null;
  const rows: InvoiceTotal[] = [
    { label: "Total before this note", amount: formatMoney(adjusts.previousTotalCents) },
    { label: "Change", amount: signed(note.totalCents) },
    {
      label: gst ? "Total after this note (GST inclusive)" : "Total after this note",
      amount: formatMoney(adjusts.newTotalCents),
      strong: true,
    },
  ];
  if (note.gstCents !== null) rows.push({ label: "Change in GST", amount: signed(note.gstCents) });
  return rows;
}

/** "Adjusts Tax Invoice INV-BK123456 of 28 Nov 2026." */
export function adjustsLine(invoice: Invoice): string | null {
  const { adjusts } = invoice;
  if (!adjusts) return null;
  const kind = invoice.gstCents === null ? "Receipt" : "Tax Invoice";
  return `Adjusts ${kind} ${adjusts.number} of ${formatDay(adjusts.issueDate, { weekday: false })}.`;
}

/** "Sun 10 Jan 2027 – Tue 12 Jan 2027 (2 nights)" */
export function stayDates(stay: Pick<Invoice["stay"], "checkIn" | "checkOut" | "nights">): string {
  const nights = `${stay.nights} ${stay.nights === 1 ? "night" : "nights"}`;
  return `${formatDay(stay.checkIn)} – ${formatDay(stay.checkOut)} (${nights})`;
}

/** "2 guests, 1 dog" */
export function stayParty(stay: Pick<Invoice["stay"], "guests" | "dogs">): string {
  const guests = `${stay.guests} ${stay.guests === 1 ? "guest" : "guests"}`;
  if (stay.dogs === 0) return guests;
  return `${guests}, ${stay.dogs} ${stay.dogs === 1 ? "dog" : "dogs"}`;
}

/** The sentence under the totals: how GST applies. */
export function taxNote(invoice: Invoice): string {
  return invoice.gstCents === null
    ? `${invoice.seller.legalName} is not registered for GST; no GST is included in these amounts.`
    : "All amounts are in Australian dollars and include GST. Every item is a taxable supply.";
}

/** How a cancelled or refunded booking ended, after its invoice was issued; null while it stands. */
export function endingNote(invoice: Invoice): string | null {
  const { ended } = invoice;
  if (!ended) return null;
  const when = ended.on ? ` on ${formatDay(ended.on, { weekday: false })}` : "";
  const what =
    ended.status === "refunded"
      ? `This booking was refunded in full${when}`
      : `This booking was cancelled${when}`;
  const returns = [
    ended.refundedCents > 0 ? `${formatMoney(ended.refundedCents)} refunded to the card` : "",
    ended.creditReturnedCents > 0
      ? `${formatMoney(ended.creditReturnedCents)} returned to the prepaid card`
      : "",
  ].filter(Boolean);
  return returns.length > 0 ? `${what}: ${returns.join(" and ")}.` : `${what}.`;
}
