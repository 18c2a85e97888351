// The view of Our Brangus (spec 2.6), from its content as the farm published it (issue 30,
// item 2): the route renders it, and the Website screen previews it.
import BrangusPictures from "#app/components/public/brangus-pictures.tsx";
import { AwardIcon, HeartHandshakeIcon, SproutIcon } from "#app/components/public/icons.tsx";
import { PageHero } from "#app/components/public/page-hero.tsx";
import { Island } from "#app/islands/island.tsx";
import { useSite } from "#app/root.tsx";
import type { PageContent } from "#content/page-texts.ts";
import { withFarmName } from "#content/site.ts";

const valueIcons = [AwardIcon, HeartHandshakeIcon, SproutIcon];

export function BrangusPage({ page }: { page: PageContent<"brangus"> }) {
  const site = useSite();
  return (
    <>
      <PageHero picture={page.hero} title={page.title} subtitle={page.tagline} />

      <section className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
        <h2 className="text-3xl font-extrabold tracking-tight text-paddock-900">
          {page.storyHeading}
        </h2>
        {page.story.map((text) => (
          <p key={text} className="mt-5 text-lg leading-relaxed text-stone-700">
            {withFarmName(text, site)}
          </p>
        ))}
      </section>

      <section aria-labelledby="values-heading" className="bg-paddock-50 py-14">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <h2
            id="values-heading"
            className="text-center text-3xl font-extrabold tracking-tight text-paddock-900"
          >
            {page.valuesHeading}
          </h2>
          <div className="mt-10 grid gap-6 md:grid-cols-3">
            {page.values.map((value, i) => {
              const Icon = valueIcons[i] ?? AwardIcon;
              return (
                <article key={value.title} className="rounded-2xl bg-white p-8 shadow-sm">
                  <span className="inline-flex size-12 items-center justify-center rounded-full bg-paddock-100 text-paddock-700">
                    <Icon className="size-6" />
                  </span>
                  <h3 className="mt-4 text-xl font-bold text-paddock-900">{value.title}</h3>
                  <p className="mt-2 text-stone-700">{value.text}</p>
                </article>
              );
            })}
          </div>
        </div>
      </section>

      <section aria-labelledby="meet-heading" className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
        <h2
          id="meet-heading"
          className="text-center text-3xl font-extrabold tracking-tight text-paddock-900"
        >
          {page.galleryHeading}
        </h2>
        <p className="mt-3 text-center text-stone-700">{page.galleryIntro}</p>
        <Island name="brangus-pictures" component={BrangusPictures} props={{}} />
      </section>
    </>
  );
}
