import { FaqList } from "#app/components/public/faq-list.tsx";
import { MailIcon, PhoneIcon } from "#app/components/public/icons.tsx";
import { ctaClass } from "#app/components/public/links.tsx";
import { PageHeader } from "#app/components/public/page-hero.tsx";
import { islandsPage, metaFromLoader } from "#app/components/public/route-exports.ts";
import { pageMeta } from "#app/components/public/seo.ts";
import { useSite } from "#app/root.tsx";
import { faqPage } from "#content/faq.ts";
import { pageSeo } from "#content/seo.ts";
import { faqForPage, firstRunFaq } from "#server/services/faq.ts";
import type { Route } from "./+types/faq";
import { readOr } from "./read-or.server";

// A marketing page: no React Router scripts, its interactive parts are islands.
export const handle = islandsPage;

export async function loader({ context }: Route.LoaderArgs) {
  const faqEntries = await readOr(faqForPage(context.db), firstRunFaq(), "the FAQ");
  return {
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
  const site = useSite();
  const more = faqPage.stillHaveQuestions;
  return (
    <>
      <PageHeader title={faqPage.title} intro={faqPage.intro} />
      <section aria-label="Questions and answers" className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <FaqList entries={loaderData.faqEntries} />
      </section>
      <section className="mx-auto mb-16 max-w-3xl px-4 sm:px-6">
        <div className="rounded-2xl bg-paddock-800 px-6 py-10 text-center text-white">
          <h2 className="text-2xl font-bold">{more.heading}</h2>
          <p className="mt-3">{more.text}</p>
          <div className="mt-6 flex flex-col items-center justify-center gap-4 sm:flex-row">
            <a href={`tel:${site.phoneE164}`} className={ctaClass.primary}>
              <PhoneIcon className="size-5" />
              {more.callLabel}: {site.phone}
            </a>
            <a href={`mailto:${site.email}`} className={ctaClass.outlineLight}>
              <MailIcon className="size-5" />
              {more.emailLabel}
            </a>
          </div>
        </div>
      </section>
    </>
  );
}
