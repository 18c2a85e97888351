// The words of the camper's own booking page (/my-booking/:token). What to
// bring is the FAQ's own answer, as the farm publishes it (server/services/faq.ts),
// so the two never disagree; this is the first-run one.
import { defaultFaq } from "./faq";

export const WHAT_TO_BRING_QUESTION = "What should I bring?";

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
    defaultFaq.find((entry) => entry.question === WHAT_TO_BRING_QUESTION)?.answer ??
    "Drinking water, a portable toilet, food, a torch, sunscreen and warm layers.",
  policyHeading: "Cancellation policy",
  policyAccepted: (day: string) => `You accepted this policy and our Terms on ${day}:`,
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
  offline: "You are offline: this is the copy saved on this phone.",
  offlineSend: "You are offline: try again once the phone has signal.",
  lastUpdated: "Last updated",
  changeHeading: "Change dates or guests",
  changeIntro:
    "Choose the new dates, guests or dogs. We check the campsite is free and show the new price before anything changes.",
  changeOpen: "Change dates or guests",
  changeCheck: "Check the new price",
  checking: "Checking…",
  changeNewStay: "Your changed stay",
  changeConfirm: "Confirm the change",
  changePay: "Pay and change",
  changing: "Changing…",
  changeClose: "Keep my stay as it is",
  changedToast: "Booking Changed",
  changeFailed: "Could not change the booking",
  changeNotes: {
    changedNow: "Your booking has been changed. We have emailed you the new confirmation.",
    changed: "Your payment went through and your booking has been changed.",
    pending:
      "We are waiting for the card service to confirm your payment. Reload this page in a minute.",
    refused:
      "Your booking could not be changed, so it stays as it was. The payment for the change is being refunded to your card.",
  },
  questions: "Questions? Call us on",
} as const;
