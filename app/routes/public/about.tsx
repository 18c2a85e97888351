import { PageHero } from "#app/components/public/page-hero.tsx";
import { islandsPage, metaFromLoader } from "#app/components/public/route-exports.ts";
import { pageMeta } from "#app/components/public/seo.ts";
import { useSite } from "#app/root.tsx";
import { aboutPage } from "#content/about.ts";
import { pageSeo } from "#content/seo.ts";
import { withFarmName } from "#content/site.ts";
import type { Route } from "./+types/about";

// A marketing page: no React Router scripts, its interactive parts are islands.
export const handle = islandsPage;

export function loader() {
  return { meta: pageMeta(pageSeo.about, { image: aboutPage.hero }) };
}

export const meta: Route.MetaFunction = metaFromLoader;

export default function About() {
  const site = useSite();
  return (
    <>
      <PageHero picture={aboutPage.hero} title={aboutPage.title} subtitle={aboutPage.subtitle} />
      <section className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20">
        {aboutPage.paragraphs.map((text) => (
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
