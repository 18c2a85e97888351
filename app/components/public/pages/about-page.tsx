// The view of About Us (spec 2.4), from its content as the farm published it (issue 30,
// item 2): the route renders it, and the Website screen previews it.

import { PageHero } from "#app/components/public/page-hero.tsx";
import { useSite } from "#app/root.tsx";
import type { PageContent } from "#content/page-texts.ts";
import { withFarmName } from "#content/site.ts";

export function AboutPage({ page }: { page: PageContent<"about"> }) {
  const site = useSite();
  return (
    <>
      <PageHero picture={page.hero} title={page.title} subtitle={page.subtitle} />
      <section className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20">
        {page.paragraphs.map((text) => (
          <p
            key={text}
            className="mt-6 text-lg leading-relaxed text-stone-700 first:mt-0 first:text-xl first:text-stone-900"
          >
            {withFarmName(text, site)}
          </p>
        ))}
      </section>
    </>
  );
}
