// What's on at the farm (amendment 2.10). Dates are the farm's days
// (yyyy-MM-dd); the page lists upcoming events first and hides past ones.

export type FarmEvent = {
  title: string;
  /** First day, yyyy-MM-dd. */
  startDate: string;
  /** Last day for events over several days, yyyy-MM-dd. */
  endDate?: string;
  time: string;
  description: string;
};

export const eventsPage = {
  title: "Events at the Farm",
  intro:
    "Open days, school holiday activities and nights under the stars. Campers staying on these dates are welcome to join in.",
  empty: "No events are planned right now. Check back soon, or follow us on social media.",
  bookLabel: "Book Your Campsite",
};

export const farmEvents: FarmEvent[] = [
  {
    title: "Summer Stargazing Night",
    startDate: "2026-12-12",
    time: "8pm to 10pm",
    description:
      "Bring a blanket and join us in the top paddock to find the Southern Cross, the planets and the Milky Way with a local astronomy club.",
  },
  {
    title: "School Holidays Creek Fun",
    startDate: "2026-12-19",
    endDate: "2027-01-26",
    time: "Every Saturday, 9am to 11am",
    description:
      "Guided creek walks, yabby hunting and bug spotting for kids staying at the campsites during the summer holidays.",
  },
  {
    title: "New Year's Eve Campfire",
    startDate: "2026-12-31",
    time: "7pm until late",
    description:
      "See in the new year around the communal fire ring with damper, marshmallows and music (quiet hours relaxed until 12:30am).",
  },
  {
    title: "Australia Day Bush Breakfast",
    startDate: "2027-01-26",
    time: "7:30am to 9:30am",
    description: "A bush breakfast by the creek for campers. Bring your own mug.",
  },
  {
    title: "Farm Open Day",
    startDate: "2027-04-10",
    time: "10am to 3pm",
    description:
      "Meet the Brangus herd, watch the working dogs, and learn how we care for the land and the creek.",
  },
];

/** Events not yet over on `today` (yyyy-MM-dd), soonest first. */
export function upcomingEvents(events: FarmEvent[], today: string): FarmEvent[] {
  return events
    .filter((event) => (event.endDate ?? event.startDate) >= today)
    .sort((a, b) => a.startDate.localeCompare(b.startDate));
}

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
