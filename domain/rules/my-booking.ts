// The addresses of the camper's own booking page (decision 0015), at the
// booking's secret token. The invoice's own are in invoice.ts.

/** The camper's booking page. */
export const guestBookingPath = (token: string) => `/my-booking/${encodeURIComponent(token)}`;

/** The stay as a calendar file. */
export const guestCalendarPath = (token: string) => `${guestBookingPath(token)}/calendar.ics`;
