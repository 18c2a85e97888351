import { FaqPage } from "#app/components/public/pages/faq-page.tsx";
import { islandsPage, metaFromLoader } from "#app/components/public/route-exports.ts";
import { pageMeta } from "#app/components/public/seo.ts";
import { pageSeo } from "#content/seo.ts";
import { faqForPage, firstRunFaq } from "#server/services/faq.ts";
import type { Route } from "./+types/faq";
import { readOr, readPage } from "./read-or.server";

// A marketing page: no React Router scripts, its interactive parts are islands.
export const handle = islandsPage;

export async function loader({ context }: Route.LoaderArgs) {
  const [page, faqEntries] = await Promise.all([
    readPage(context.db, "faq"),
    readOr(faqForPage(context.db), firstRunFaq(), "the FAQ"),
  ]);
  return {
    page,
    faqEntries,
    meta: pageMeta(pageSeo.faq, {
      jsonLd: () => ({
        "@context": "https://schema.org",
        "@type": "FAQPage",
        mainEntity: faqEntries.map((entry) => ({
          "@type": "Question",
          name: entry.question,
          acceptedAnswer: { "@type": "Answer", text: entry.answer },
        })),
      }),
    }),
  };
}

export const meta: Route.MetaFunction = metaFromLoader;

export default function Faq({ loaderData }: Route.ComponentProps) {
  return <FaqPage page={loaderData.page} entries={loaderData.faqEntries} />;
}
