// The home page's view (spec 2.3), from its content as the farm published it
// (issue 30, item 2): the route renders it, and the Website screen previews it.
import HeroVideo from "#app/components/public/hero-video.tsx";
import { BookingLink, ctaClass } from "#app/components/public/links.tsx";
import { ArtDirectedImage, ResponsiveImage } from "#app/components/public/picture.tsx";
import { Island } from "#app/islands/island.tsx";
import { useSite } from "#app/root.tsx";
import type { PageContent } from "#content/page-texts.ts";
import { withFarmName } from "#content/site.ts";

type HomeContent = PageContent<"home">;

function Hero({ hero }: { hero: HomeContent["hero"] }) {
  return (
    <section className="relative isolate flex min-h-[calc(100svh-4rem)] items-center justify-center overflow-hidden bg-paddock-900 px-4 py-20 text-center text-white">
      <ResponsiveImage
        picture={hero.poster}
        sizes="100vw"
        priority
        className="absolute inset-0 -z-20 size-full object-cover"
      />
      <Island
        name="hero-video"
        component={HeroVideo}
        props={{ src: hero.video.src, type: hero.video.type }}
      />
      <div className="absolute inset-0 -z-10 bg-black/45" />
      <div className="max-w-3xl">
        <h1 className="text-5xl font-extrabold tracking-tight drop-shadow-lg sm:text-6xl lg:text-7xl">
          {hero.headline}
        </h1>
        <p className="mt-5 text-xl font-medium drop-shadow sm:text-2xl">{hero.subline}</p>
        <div className="mt-9 flex flex-col items-center justify-center gap-4 sm:flex-row">
          <BookingLink className={ctaClass.primary}>{hero.bookLabel}</BookingLink>
          <a href="/events" className={ctaClass.outlineLight}>
            {hero.eventsLabel}
          </a>
        </div>
      </div>
    </section>
  );
}

function Intro({ intro }: { intro: HomeContent["intro"] }) {
  const site = useSite();
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6 sm:py-20">
      <h2 className="text-3xl font-extrabold tracking-tight text-paddock-900 sm:text-4xl">
        {withFarmName(intro.heading, site)}
      </h2>
      {intro.paragraphs.map((text, i) => (
        <p key={i} className="mt-5 text-lg leading-relaxed text-stone-700">
          {text}
        </p>
      ))}
      <a href={intro.buttonLink} className={`${ctaClass.secondary} mt-8`}>
        {intro.buttonLabel}
      </a>
    </section>
  );
}

function Experiences({ page }: { page: HomeContent }) {
  return (
    <section aria-labelledby="experiences-heading" className="bg-paddock-50 py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2
          id="experiences-heading"
          className="text-center text-3xl font-extrabold tracking-tight text-paddock-900"
        >
          {page.experiencesHeading}
        </h2>
        <div className="mt-10 grid gap-8 lg:grid-cols-2">
          {page.experiences.map((card) => (
            <article
              key={card.title}
              className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-md"
            >
              <ArtDirectedImage
                images={card.images}
                sizes="(min-width: 1280px) 608px, (min-width: 1024px) 50vw, 100vw"
                className="aspect-square w-full object-cover sm:aspect-video lg:aspect-[4/3]"
              />
              <div className="flex flex-1 flex-col p-6 sm:p-8">
                <h3 className="text-2xl font-bold text-paddock-900">{card.title}</h3>
                <p className="mt-3 flex-1 text-stone-700">{card.description}</p>
                <div className="mt-6">
                  {card.external ? (
                    <BookingLink className={ctaClass.primary}>{card.linkText}</BookingLink>
                  ) : (
                    <a href={card.link} className={ctaClass.secondary}>
                      {card.linkText}
                    </a>
                  )}
                </div>
              </div>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}

function Quotes({ page }: { page: HomeContent }) {
  return (
    <section aria-labelledby="quotes-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <h2
        id="quotes-heading"
        className="text-center text-3xl font-extrabold tracking-tight text-paddock-900"
      >
        {page.quotesHeading}
      </h2>
      <div className="mt-10 grid gap-8 md:grid-cols-2">
        {page.quotes.map((q, i) => (
          <figure key={i} className="rounded-2xl border border-stone-200 p-8 shadow-sm">
            <span
              aria-hidden="true"
              className="block h-8 font-serif text-6xl leading-none text-earth-700"
            >
              “
            </span>
            <blockquote className="mt-4 text-lg leading-relaxed text-stone-800">
              <p>{q.quote}</p>
            </blockquote>
            <figcaption className="mt-6">
              <span className="block font-bold text-paddock-900">{q.author}</span>
              <span className="block text-sm text-stone-700">{q.type}</span>
            </figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}

function Closing({ closing }: { closing: HomeContent["closing"] }) {
  return (
    <section className="relative isolate overflow-hidden bg-paddock-800 py-16 text-center text-white">
      <ResponsiveImage
        picture={closing.picture}
        alt=""
        sizes="100vw"
        className="absolute inset-0 -z-10 size-full object-cover opacity-30"
      />
      <div className="mx-auto max-w-2xl px-4">
        <h2 className="text-3xl font-extrabold tracking-tight">{closing.heading}</h2>
        <p className="mt-4 text-lg">{closing.text}</p>
        <div className="mt-8 flex flex-col items-center justify-center gap-4 sm:flex-row">
          <BookingLink className={ctaClass.primary}>{closing.bookLabel}</BookingLink>
          <a href="/contact" className={ctaClass.outlineLight}>
            {closing.contactLabel}
          </a>
        </div>
      </div>
    </section>
  );
}

/** The farm's next event as the home page shows it. */
export type NextEvent = {
  title: string;
  startDate: string;
  dates: string;
  time: string;
} | null;

/** The farm's next event, under the hero (issue 30, item 3). */
function NextEventSection({ event, page }: { event: NextEvent; page: HomeContent }) {
  if (!event) return null;
  return (
    <section aria-labelledby="next-event-heading" className="bg-paddock-50 px-4 py-8 sm:px-6">
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-2 text-center">
        <h2
          id="next-event-heading"
          className="text-sm font-bold uppercase tracking-wider text-earth-700"
        >
          {page.nextEventHeading}
        </h2>
        <p className="text-2xl font-bold text-paddock-900">{event.title}</p>
        <p className="text-stone-700">
          <time dateTime={event.startDate}>{event.dates}</time>, {event.time}
        </p>
        <a href="/events" className="font-semibold text-paddock-700 underline underline-offset-4">
          {page.allEventsLabel}
        </a>
      </div>
    </section>
  );
}

export function HomePage({ page, nextEvent }: { page: HomeContent; nextEvent: NextEvent }) {
  return (
    <>
      <Hero hero={page.hero} />
      <NextEventSection event={nextEvent} page={page} />
      <Intro intro={page.intro} />
      <Experiences page={page} />
      <Quotes page={page} />
      <Closing closing={page.closing} />
    </>
  );
}
