import { CalendarIcon, ClockIcon } from "#app/components/public/icons.tsx";
import { BookingLink, ctaClass } from "#app/components/public/links.tsx";
import { PageHeader } from "#app/components/public/page-hero.tsx";
import { ResponsiveImage } from "#app/components/public/picture.tsx";
import { islandsPage, metaFromLoader } from "#app/components/public/route-exports.ts";
import { pageMeta } from "#app/components/public/seo.ts";
import { eventsPage, formatEventDates } from "#content/events.ts";
import { pageSeo } from "#content/seo.ts";
import { absoluteUrl, formatAddress, withFarmName } from "#content/site.ts";
import { farmToday } from "#domain/rules/dates.ts";
import { upcomingSiteEvents } from "#server/services/site-events.ts";
import type { Route } from "./+types/events";

// The farm's events not yet over by its today (kept at most a minute: decision 0029).
export async function loader({ context }: Route.LoaderArgs) {
  const upcoming = await upcomingSiteEvents(context.db, farmToday());
  const events = upcoming.map((event) => ({
    ...event,
    dates: formatEventDates(event),
  }));
  return {
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
  const { events } = loaderData;
  return (
    <>
      <PageHeader title={eventsPage.title} intro={eventsPage.intro} />
      <section aria-label="Upcoming events" className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        {events.length === 0 ? (
          <p className="rounded-2xl bg-paddock-50 p-8 text-center text-lg text-stone-700">
            {eventsPage.empty}
          </p>
        ) : (
          <ul className="space-y-6">
            {events.map((event) => (
              <li key={event.id}>
                <article className="overflow-hidden rounded-2xl border border-stone-200 shadow-sm">
                  {event.picture ? (
                    <ResponsiveImage
                      picture={event.picture}
                      sizes="(min-width: 768px) 720px, 100vw"
                      className="aspect-video w-full object-cover"
                    />
                  ) : null}
                  <div className="p-6">
                    <h2 className="text-xl font-bold text-paddock-900">{event.title}</h2>
                    <p className="mt-3 flex items-center gap-2 font-semibold text-earth-700">
                      <CalendarIcon className="size-5 shrink-0" />
                      <time dateTime={event.startDate}>{event.dates}</time>
                    </p>
                    <p className="mt-1 flex items-center gap-2 text-stone-700">
                      <ClockIcon className="size-5 shrink-0" />
                      {event.time}
                    </p>
                    <p className="mt-3 leading-relaxed text-stone-700">{event.description}</p>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-10 text-center">
          <BookingLink className={ctaClass.primary}>{eventsPage.bookLabel}</BookingLink>
        </div>
      </section>
    </>
  );
}
