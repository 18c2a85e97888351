// The view of the FAQ (spec 2.8), from its words as the farm published them (issue 30, item 2):
// the route renders it, and the Website screen previews it.
import { FaqList } from "#app/components/public/faq-list.tsx";
import { MailIcon, PhoneIcon } from "#app/components/public/icons.tsx";
import { ctaClass } from "#app/components/public/links.tsx";
import { PageHeader } from "#app/components/public/page-hero.tsx";
import { useSite } from "#app/root.tsx";
import type { FaqEntry } from "#content/faq.ts";
import type { PageContent } from "#content/page-texts.ts";

export function FaqPage({ page, entries }: { page: PageContent<"faq">; entries: FaqEntry[] }) {
  const site = useSite();
  const more = page.stillHaveQuestions;
  return (
    <>
      <PageHeader title={page.title} intro={page.intro} />
      <section aria-label="Questions and answers" className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <FaqList entries={entries} />
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
