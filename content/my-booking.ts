// The words of the camper's own booking page (/my-booking/:token). What to
// bring is the FAQ's own answer, so the two never disagree.
import { faqEntries } from "./faq";

const WHAT_TO_BRING_QUESTION = "What should I bring?";

export const myBookingPage = {
  title: "Your Booking",
  statusLabels: {
    pending: "Pending",
    paid: "Paid",
    confirmed: "Confirmed",
    expired: "Expired",
    refunded: "Refunded",
    cancelled: "Cancelled",
  },
  checkIn: "Check-in 12–5pm (all arrivals by 6:00pm)",
  checkOut: "Check-out by 10am",
  paidHeading: "What you paid",
  findUsHeading: "Finding us",
  mapLink: "Open in maps",
  whatToBringHeading: "What to bring",
  whatToBring:
    faqEntries.find((entry) => entry.question === WHAT_TO_BRING_QUESTION)?.answer ??
    "Drinking water, a portable toilet, food, a torch, sunscreen and warm layers.",
  policyHeading: "Cancellation policy",
  calendarLink: "Add to calendar",
  cancelButton: "Cancel booking",
  cancelDialogTitle: "Cancel this booking?",
  cancelConfirm: "Yes, cancel my booking",
  cancelKeep: "Keep my booking",
  cancelFinal: "A cancelled booking cannot be restored.",
  cancelling: "Cancelling…",
  cancelledToast: "Booking Cancelled",
  cancelFailed: "Could not cancel the booking",
  stayHeading: "Your stay",
  questions: "Questions? Call us on",
} as const;
