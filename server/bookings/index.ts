// The bookings module (issue 28): one command per operation on a booking.
// Each takes its actor and checks that actor's permission inside; the HTTP
// API and the route actions call the same command with the same schema.
// Import the module through this file only (biome.json forbids the rest).
export { requireOwner, type StaffActor } from "./actor";
export { NOTHING_OWED, recordBalancePayment } from "./balance";
export { cancelAsFarm } from "./cancel";
export { deskCatalogue } from "./catalogue";
export { bookingToChange, changeBooking, previewChange } from "./change";
// The camper's own commands, at their booking's secret token.
export { cancelOwnBooking, guestBookingByToken, guestCalendarByToken } from "./guest-cancel";
export { changeOwnStay, changePaymentOutcome, previewStayChange } from "./guest-change";
export { saveFarmNote } from "./note";
export {
  LINK_LAPSED,
  NOTHING_DUE,
  type PaymentLinkView,
  payByLink,
  paymentLinkView,
} from "./payment-link";
export { type MarkInput, markStay } from "./stay-marks";
export {
  AMOUNT_ABOVE_TOTAL,
  PAY_BY_AFTER_ARRIVAL,
  PAY_BY_PAST,
  quoteBooking,
  takeBooking,
} from "./take";
export { lapsedPaymentLinks } from "./workers";
