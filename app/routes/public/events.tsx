import { EventsPage, shownEvents } from "#app/components/public/pages/events-page.tsx";
import { islandsPage, metaFromLoader } from "#app/components/public/route-exports.ts";
import { pageMeta } from "#app/components/public/seo.ts";
import { pageSeo } from "#content/seo.ts";
import { absoluteUrl, formatAddress, withFarmName } from "#content/site.ts";
import { farmToday } from "#domain/rules/dates.ts";
import { upcomingSiteEvents } from "#server/services/site-events.ts";
import type { Route } from "./+types/events";
import { readPage } from "./read-or.server";

// The farm's events not yet over by its today (kept at most a minute: decision 0029).
export async function loader({ context }: Route.LoaderArgs) {
  const [page, upcoming] = await Promise.all([
    readPage(context.db, "events"),
    upcomingSiteEvents(context.db, farmToday()),
  ]);
  const events = shownEvents(upcoming);
  return {
    page,
    events,
    meta: pageMeta(pageSeo.events, {
      jsonLd: (site) => ({
        "@context": "https://schema.org",
        "@graph": events.map((event) => ({
          "@type": "Event",
          name: event.title,
          description: event.description,
          startDate: event.startDate,
          endDate: event.endDate ?? event.startDate,
          eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
          eventStatus: "https://schema.org/EventScheduled",
          ...(event.picture && { image: absoluteUrl(site, event.picture.url) }),
          url: absoluteUrl(site, "/events"),
          location: {
            "@type": "Place",
            name: withFarmName("{farm} Station", site),
            address: formatAddress(site),
          },
        })),
      }),
    }),
  };
}

// A marketing page: no React Router scripts, its interactive parts are islands.
export const handle = islandsPage;

export const meta: Route.MetaFunction = metaFromLoader;

export default function Events({ loaderData }: Route.ComponentProps) {
  return <EventsPage page={loaderData.page} events={loaderData.events} />;
}
