import { PageHeader } from "#app/components/public/page-hero.tsx";
import { islandsPage, metaFromLoader } from "#app/components/public/route-exports.ts";
import { pageMeta } from "#app/components/public/seo.ts";
import { useSite } from "#app/root.tsx";
import { pageSeo } from "#content/seo.ts";
import { withFarmName } from "#content/site.ts";
import { REFUNDS_SECTION, termsPage, termsSections } from "#content/terms.ts";
import { cancellationPolicyWords, firstRunPolicyWords } from "#server/services/faq.ts";
import type { Route } from "./+types/policies";
import { readOr } from "./read-or.server";

// A marketing page: no React Router scripts, its interactive parts are islands.
export const handle = islandsPage;

export async function loader({ context }: Route.LoaderArgs) {
  const policy = await readOr(
    cancellationPolicyWords(context.db),
    firstRunPolicyWords(),
    "the cancellation policy",
  );
  // The refunds section says what the booking engine does: never other than the settings.
  const sections = termsSections.map((section) =>
    section.title === REFUNDS_SECTION
      ? { ...section, paragraphs: [policy, ...section.paragraphs] }
      : section,
  );
  return { sections, meta: pageMeta(pageSeo.policies) };
}

export const meta: Route.MetaFunction = metaFromLoader;

export default function Policies({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  return (
    <>
      <PageHeader title={termsPage.title} intro={withFarmName(termsPage.intro, site)} />
      <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <ol className="space-y-8">
          {loaderData.sections.map((section, index) => (
            <li key={section.title}>
              <h2 className="text-xl font-bold text-paddock-900">
                {index + 1}. {section.title}
              </h2>
              {section.paragraphs.map((text) => (
                <p key={text} className="mt-2 leading-relaxed text-stone-700">
                  {withFarmName(text, site)}
                </p>
              ))}
            </li>
          ))}
        </ol>
        <section className="mt-12 rounded-2xl border-2 border-paddock-700 bg-paddock-50 p-6">
          <h2 className="text-xl font-bold text-paddock-900">{termsPage.acknowledgementHeading}</h2>
          <p className="mt-2 leading-relaxed text-stone-800">
            {withFarmName(termsPage.acknowledgement, site)}
          </p>
        </section>
      </article>
    </>
  );
}
