import { useActionData } from "react-router";
import ContactForm, { failure, sent } from "#app/components/public/contact-form.tsx";
import { MailIcon, MapPinIcon, PhoneIcon } from "#app/components/public/icons.tsx";
import { ExternalLink } from "#app/components/public/links.tsx";
import { PageHeader } from "#app/components/public/page-hero.tsx";
import { islandsPage, metaFromLoader } from "#app/components/public/route-exports.ts";
import { pageMeta } from "#app/components/public/seo.ts";
import { Island } from "#app/islands/island.tsx";
import { useSite } from "#app/root.tsx";
import { ok, passRetryAfter, refused } from "#app/routes/action-answer.server.ts";
import { readForm } from "#app/routes/form-body.server.ts";
import { contactPage } from "#content/contact.ts";
import { pageSeo } from "#content/seo.ts";
import { formatAddress, mapsSearchUrl } from "#content/site.ts";
import { AppError, invalid } from "#server/errors.ts";
import { sendContactMessage } from "#server/services/contact.ts";
import type { Route } from "./+types/contact";

export function loader() {
  return { meta: pageMeta(pageSeo.contact) };
}

export const meta: Route.MetaFunction = metaFromLoader;

// A marketing page: no React Router scripts, its interactive parts are islands.
export const handle = islandsPage;

// A message refused for too many attempts says when to try again.
export const headers = passRetryAfter;

// The 'Send us a Message' form: stored and queued for the farm by the contact
// service. Works as a plain form post without JavaScript.
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const result = await sendContactMessage(
    context.db,
    { name: text("name"), email: text("email"), message: text("message") },
    context.clientAddress,
  );
  if (result.ok) return ok(undefined, sent);
  // The service answers with a result; as an AppError it gets the one status mapping.
  const refusal =
    result.code === "rate_limited"
      ? new AppError("rate_limited", result.error, { retryAfterSeconds: result.retryAfterSeconds })
      : invalid(result.error, { fieldErrors: result.fieldErrors });
  return refused(undefined, refusal, failure);
}

export default function Contact() {
  const site = useSite();
  const documentAnswer = useActionData<typeof action>();
  const linkClass =
    "font-semibold text-paddock-700 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-paddock-700 rounded-sm";
  return (
    <>
      <PageHeader title={contactPage.title} intro={contactPage.intro} />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 lg:grid-cols-5">
        <section
          aria-labelledby="contact-info-heading"
          className="rounded-2xl bg-paddock-50 p-6 sm:p-8 lg:col-span-2"
        >
          <h2 id="contact-info-heading" className="text-2xl font-bold text-paddock-900">
            {contactPage.infoHeading}
          </h2>
          <dl className="mt-6 space-y-6">
            <div>
              <dt className="flex items-center gap-2 font-semibold text-stone-900">
                <PhoneIcon className="size-5 shrink-0 text-earth-700" />
                {contactPage.phoneLabel}
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
                {contactPage.emailLabel}
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
                {contactPage.addressLabel}
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
            {contactPage.formHeading}
          </h2>
          <div className="mt-6">
            <Island
              name="contact-form"
              component={ContactForm}
              props={{ documentAnswer: documentAnswer ?? undefined }}
            />
          </div>
        </section>
      </div>
    </>
  );
}
