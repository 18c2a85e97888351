// The view of the contact page (spec 2.11), from its words as the farm published them (issue 30,
// item 2): the route renders it, and the Website screen previews it.
import ContactForm from "#app/components/public/contact-form.tsx";
import { MailIcon, MapPinIcon, PhoneIcon } from "#app/components/public/icons.tsx";
import { ExternalLink } from "#app/components/public/links.tsx";
import { PageHeader } from "#app/components/public/page-hero.tsx";
import { Island } from "#app/islands/island.tsx";
import type { ActionAnswer } from "#app/lib/action-answer.ts";
import { useSite } from "#app/root.tsx";
import type { PageContent } from "#content/page-texts.ts";
import { formatAddress, mapsSearchUrl } from "#content/site.ts";

export function ContactPage({
  page,
  documentAnswer,
}: {
  page: PageContent<"contact">;
  documentAnswer?: ActionAnswer;
}) {
  const site = useSite();
  const linkClass =
    "font-semibold text-paddock-700 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-paddock-700 rounded-sm";
  return (
    <>
      <PageHeader title={page.title} intro={page.intro} />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 lg:grid-cols-5">
        <section
          aria-labelledby="contact-info-heading"
          className="rounded-2xl bg-paddock-50 p-6 sm:p-8 lg:col-span-2"
        >
          <h2 id="contact-info-heading" className="text-2xl font-bold text-paddock-900">
            {page.infoHeading}
          </h2>
          <dl className="mt-6 space-y-6">
            <div>
              <dt className="flex items-center gap-2 font-semibold text-stone-900">
                <PhoneIcon className="size-5 shrink-0 text-earth-700" />
                {page.phoneLabel}
              </dt>
              <dd className="mt-1 pl-7">
                <a href={`tel:${site.phoneE164}`} className={linkClass}>
                  {site.phone}
                </a>
              </dd>
            </div>
            <div>
              <dt className="flex items-center gap-2 font-semibold text-stone-900">
                <MailIcon className="size-5 shrink-0 text-earth-700" />
                {page.emailLabel}
              </dt>
              <dd className="mt-1 pl-7">
                <a href={`mailto:${site.email}`} className={`${linkClass} break-all`}>
                  {site.email}
                </a>
              </dd>
            </div>
            <div>
              <dt className="flex items-center gap-2 font-semibold text-stone-900">
                <MapPinIcon className="size-5 shrink-0 text-earth-700" />
                {page.addressLabel}
              </dt>
              <dd className="mt-1 pl-7">
                <ExternalLink href={mapsSearchUrl(site)} className={linkClass}>
                  {formatAddress(site)}
                </ExternalLink>
              </dd>
            </div>
          </dl>
        </section>
        <section
          aria-labelledby="contact-form-heading"
          className="rounded-2xl border border-stone-200 p-6 shadow-sm sm:p-8 lg:col-span-3"
        >
          <h2 id="contact-form-heading" className="text-2xl font-bold text-paddock-900">
            {page.formHeading}
          </h2>
          <div className="mt-6">
            <Island name="contact-form" component={ContactForm} props={{ documentAnswer }} />
          </div>
        </section>
      </div>
    </>
  );
}
