// The view of the camping page (spec 2.7), from its content as the farm published it (issue 30,
// item 2): the route renders it, and the Website screen previews it.
import BookingSearchBar from "#app/components/public/booking-search-bar.tsx";
import { ClockIcon, DogIcon, FlameIcon, TentIcon, ZapIcon } from "#app/components/public/icons.tsx";
import { BookingLink, ctaClass } from "#app/components/public/links.tsx";
import { PageHero } from "#app/components/public/page-hero.tsx";
import { Island } from "#app/islands/island.tsx";
import { useSite } from "#app/root.tsx";
import type { PageContent } from "#content/page-texts.ts";
import { withFarmName } from "#content/site.ts";

const highlightIcons = [TentIcon, ZapIcon, FlameIcon, DogIcon];

export function CampingPage({ page }: { page: PageContent<"camping"> }) {
  const site = useSite();
  const card = page.bookingCard;
  return (
    <>
      <PageHero
        picture={page.hero}
        title={withFarmName(page.title, site)}
        subtitle={page.subtitle}
      />

      <section className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        {page.intro.map((text) => (
          <p key={text} className="mt-5 text-lg leading-relaxed text-stone-700 first:mt-0">
            {text}
          </p>
        ))}
      </section>

      <section aria-labelledby="book-heading" className="mx-auto max-w-5xl px-4 sm:px-6">
        <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-lg sm:p-8">
          <h2 id="book-heading" className="text-2xl font-extrabold text-paddock-900">
            {card.heading}
          </h2>
          <p className="mt-2 text-stone-700">{card.text}</p>
          <div className="mt-6">
            <Island
              name="booking-search"
              component={BookingSearchBar}
              props={{
                site: {
                  bookingWidget: site.bookingWidget,
                  timeZone: site.timeZone,
                  farmName: site.farmName,
                },
              }}
            />
          </div>
          <p className="mt-6 text-sm text-stone-700">
            Prefer our booking partner?{" "}
            <BookingLink className="font-semibold text-paddock-700 underline underline-offset-4 hover:text-paddock-900">
              Book a Camp Site
            </BookingLink>
          </p>
        </div>
      </section>

      <section aria-labelledby="glance-heading" className="mx-auto max-w-5xl px-4 py-14 sm:px-6">
        <h2 id="glance-heading" className="text-2xl font-extrabold text-paddock-900">
          {page.highlightsHeading}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {page.highlights.map((item, i) => {
            const Icon = highlightIcons[i] ?? TentIcon;
            return (
              <li key={item.title} className="rounded-xl bg-paddock-50 p-5">
                <Icon className="size-7 text-paddock-700" />
                <p className="mt-3 font-bold text-paddock-900">{item.title}</p>
                <p className="text-stone-700">{item.text}</p>
              </li>
            );
          })}
        </ul>
        <h2 className="mt-12 text-2xl font-extrabold text-paddock-900">{page.hoursHeading}</h2>
        <ul className="mt-4 grid gap-2 sm:grid-cols-2">
          {page.hours.map((line) => (
            <li key={line} className="flex items-center gap-2 text-stone-800">
              <ClockIcon className="size-5 shrink-0 text-earth-700" />
              {line}
            </li>
          ))}
        </ul>
        <div className="mt-10">
          <BookingLink className={ctaClass.primary}>{card.heading}</BookingLink>
        </div>
      </section>
    </>
  );
}
