// The camper's own booking page (/my-booking/:token, decision 0015) as the
// server hands it to the page: the stay, what was paid, the cancellation
// policy in words, and the cancellation on offer today, if any.
import type { InvoiceLine, InvoiceTotal } from "#domain/rules/invoice.ts";
import type { BookingStatus } from "#domain/rules/statuses.ts";

export type GuestBookingView = {
  reference: string;
  status: BookingStatus;
  /** How many times the camper has changed the stay (its calendar file's SEQUENCE); 0 if never. */
  version: number;
  campsite: string;
  checkIn: string;
  checkOut: string;
  nights: number;
  guests: number;
  dogs: number;
  /** What was paid, line by line, and the totals as the invoice prints them. */
  lines: InvoiceLine[];
  totals: InvoiceTotal[];
  /** How a cancelled or refunded booking ended, with what went back; null while it stands. */
  endingNote: string | null;
  /** "Full refund if you cancel by Friday 11 December 2026; no refund after that.", as of today. */
  policy: string;
  /** The policy as the camper accepted it before paying, and the day; null for a booking without. */
  accepted: { words: string; on: string } | null;
  /** Offered while the stay is paid or confirmed and has not started: what cancelling gives back. */
  cancel: { statement: string } | null;
  invoicePath: string;
  /** "View your tax invoice", or "View your receipt" for a farm not registered for GST. */
  invoiceLabel: string;
  /** The .ics of the stay; null once it is cancelled. */
  calendarPath: string | null;
  /** A receipt for each payment received, oldest first. */
  receipts: { number: string; date: string; what: string; amountCents: number; href: string }[];
  /** What the standing stay still owes, the day a deposit's balance is charged, and its pay page. */
  balance: { cents: number; chargedOn: string | null; payPath: string } | null;
  /** Offered while the stay can be changed: the stay as it is, and the campsite's limits. */
  change: { guests: number; dogs: number; maxGuests: number; maxDogs: number } | null;
};

/** A change of dates, guests or dogs as priced before the camper confirms it. */
export type StayChangePreview = {
  checkIn: string;
  checkOut: string;
  guests: number;
  dogs: number;
  nights: number;
  /** The changed stay's lines, and what it costs after the booking's discount. */
  lines: InvoiceLine[];
  discountCents: number;
  totalCents: number;
  /** True when the camper pays by card before the change is made. */
  pays: boolean;
  /** Who pays whom, in a sentence. */
  statement: string;
};

/** What the page's cancel action answers on success. */
export type GuestCancelResult = { refundedCents: number; prepaidCreditReturnedCents: number };
