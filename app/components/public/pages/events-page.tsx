// The view of the events page (amendment 2.10), from its words as the farm published them
// (issue 30, item 2): the route renders it, and the Website screen previews it.
import { CalendarIcon, ClockIcon } from "#app/components/public/icons.tsx";
import { BookingLink, ctaClass } from "#app/components/public/links.tsx";
import { PageHeader } from "#app/components/public/page-hero.tsx";
import { ResponsiveImage } from "#app/components/public/picture.tsx";
import { type FarmEvent, formatEventDates } from "#content/events.ts";
import type { PageContent } from "#content/page-texts.ts";

/** An event as the page lists it: with its dates in words. */
export type ShownEvent = FarmEvent & { id: string; dates: string };

export const shownEvents = (events: (FarmEvent & { id: string })[]): ShownEvent[] =>
  events.map((event) => ({ ...event, dates: formatEventDates(event) }));

export function EventsPage({
  page,
  events,
}: {
  page: PageContent<"events">;
  events: ShownEvent[];
}) {
  return (
    <>
      <PageHeader title={page.title} intro={page.intro} />
      <section aria-label="Upcoming events" className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        {events.length === 0 ? (
          <p className="rounded-2xl bg-paddock-50 p-8 text-center text-lg text-stone-700">
            {page.empty}
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
          <BookingLink className={ctaClass.primary}>{page.bookLabel}</BookingLink>
        </div>
      </section>
    </>
  );
}
