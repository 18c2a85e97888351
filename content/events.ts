// What's on at the farm (amendment 2.10). The events themselves are the
// farm's, entered in the back office (issue 30, server/services/site-events.ts);
// dates are the farm's days (yyyy-MM-dd). The page lists upcoming events first
// and hides past ones.
import type { UploadedPicture } from "./images";

export type FarmEvent = {
  title: string;
  /** First day, yyyy-MM-dd. */
  startDate: string;
  /** Last day for events over several days, yyyy-MM-dd. */
  endDate?: string;
  time: string;
  description: string;
  /** A picture of the farm's media library, when the event has one. */
  picture?: UploadedPicture;
};

export const eventsPage = {
  title: "Events at the Farm",
  intro:
    "Open days, school holiday activities and nights under the stars. Campers staying on these dates are welcome to join in.",
  empty: "No events are planned right now. Check back soon, or follow us on social media.",
  bookLabel: "Book Your Campsite",
};

const dayFormat = new Intl.DateTimeFormat("en-AU", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** "Saturday 12 December 2026", or a range for events over several days. */
export function formatEventDates(event: FarmEvent): string {
  const day = (iso: string) => dayFormat.format(new Date(`${iso}T00:00:00Z`)).replace(",", "");
  return event.endDate ? `${day(event.startDate)} to ${day(event.endDate)}` : day(event.startDate);
}
