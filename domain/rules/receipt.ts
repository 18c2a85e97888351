// A receipt for each payment a booking received (issue 31): the deposit, the
// balance, a payment at the desk. Made from the payment's ledger entry, which
// never changes, so the receipt reads the same every time it is asked for.
import type { InvoiceSeller } from "./invoice";
import type { LedgerCause, LedgerMethod } from "./ledger";

export type PaymentReceipt = {
  /** "RCT-BK123456-2": the booking's second payment. */
  number: string;
  /** The farm's day the money arrived (yyyy-MM-dd). */
  date: string;
  seller: Omit<InvoiceSeller, "gstRegistered">;
  guest: { name: string; email: string };
  bookingReference: string;
  /** The invoice the payment is made against. */
  invoiceNumber: string;
  stay: { campsite: string; checkIn: string; checkOut: string };
  /** "Deposit for the stay", "Balance of the stay", ... */
  what: string;
  /** "Card", "Cash", ... */
  way: string;
  amountCents: number;
};

export const receiptNumber = (bookingReference: string, n: number) =>
  `RCT-${bookingReference}-${n}`;

export const guestReceiptPath = (token: string, n: number) => `/my-booking/${token}/receipt/${n}`;

export const wayWords: Record<LedgerMethod, string> = {
  card: "Card",
  cash: "Cash",
  eftpos: "EFTPOS",
  "bank-transfer": "Bank transfer",
  prepaid: "Prepaid card credit",
};

/** What a payment was for, in words: a deposit booking's first payment is its deposit. */
export function paymentWhat(cause: LedgerCause, deposit: boolean): string {
  if (cause === "balance") return "Balance of the stay";
  if (cause === "change") return "Payment for the changed stay";
  return deposit ? "Deposit for the stay" : "Payment for the stay";
}
