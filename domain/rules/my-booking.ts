// The addresses of the camper's own booking page (decision 0015), at the
// booking's secret token. The invoice's own are in invoice.ts.

/** The camper's booking page. */
export const guestBookingPath = (token: string) => `/my-booking/${encodeURIComponent(token)}`;

/** The stay as a calendar file. */
export const guestCalendarPath = (token: string) => `${guestBookingPath(token)}/calendar.ics`;

/** The page where a guest pays a booking the farm holds for them (a payment link). */
export const guestPaymentPath = (token: string) => `${guestBookingPath(token)}/pay`;
