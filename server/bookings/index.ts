// The bookings module (issue 28): one command per operation on a booking.
// Each takes its actor and checks that actor's permission inside; the HTTP
// API and the route actions call the same command with the same schema.
// Import the module through this file only (biome.json forbids the rest).
export { requireOwner, type StaffActor } from "./actor";
export { cancelAsFarm } from "./cancel";
export { NOTHING_OWED, recordBalancePayment } from "./front-desk/balance";
export { deskCatalogue } from "./front-desk/catalogue";
export { bookingToChange, changeBooking, previewChange } from "./front-desk/change";
export { saveFarmNote } from "./front-desk/note";
export {
  LINK_LAPSED,
  NOTHING_DUE,
  type PaymentLinkView,
  payByLink,
  paymentLinkView,
} from "./front-desk/payment-link";
export {
  AMOUNT_ABOVE_TOTAL,
  PAY_BY_PAST,
  quoteBooking,
  takeBooking,
} from "./front-desk/take";
export { lapsedPaymentLinks } from "./workers";
