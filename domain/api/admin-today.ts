// What the owner's Today screen and its run sheet are sent: one day's
// arrivals, departures and stays on site, written once for the service that
// builds it and the screens that show it.

/** What is left to pay: all of it settled, nothing to pay at all, or a balance in cents. */
export type Balance = { kind: "paid" } | { kind: "nothing" } | { kind: "due"; cents: number };

/** An arrival: marked in, not yet, or not yet when the 6pm deadline has passed. */
export type ArrivalState = "checked-in" | "expected" | "late";

export type TodayBooking = {
  id: string;
  bookingReference: string;
  guestName: string;
  phone: string | null;
  campsiteName: string;
  unitName: string;
  guests: number;
  dogs: number;
  /** The extras booked, as 'Firewood × 2'. */
  extras: string[];
  checkIn: string;
  checkOut: string;
  status: "paid" | "confirmed";
  checkedInAt: string | null;
  checkedOutAt: string | null;
  balance: Balance;
  /** The farm's private note and the guest's answers to its questions, as 'Question: answer'. */
  notes: string[];
};

export type TodayArrival = TodayBooking & { arrival: ArrivalState };

export type TodaySheet = {
  day: string;
  /** The farm's today, for the screen's 'Today' shortcut. */
  today: string;
  arrivals: TodayArrival[];
  departures: TodayBooking[];
  onSite: TodayBooking[];
};
