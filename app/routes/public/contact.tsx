import { useState } from "react";
import { useActionData } from "react-router";
import { showToast, type ToastMessage } from "#app/components/admin/use-toast.ts";
import { MailIcon, MapPinIcon, PhoneIcon, SendIcon } from "#app/components/public/icons.tsx";
import { ExternalLink } from "#app/components/public/links.tsx";
import { PageHeader } from "#app/components/public/page-hero.tsx";
import { metaFromLoader } from "#app/components/public/route-exports.ts";
import { pageMeta } from "#app/components/public/seo.ts";
import type { ActionAnswer } from "#app/lib/action-answer.ts";
import { useSite } from "#app/root.tsx";
import { ok, refused } from "#app/routes/action-answer.server.ts";
import { contactPage } from "#content/contact.ts";
import { pageSeo } from "#content/seo.ts";
import { formatAddress, mapsSearchUrl } from "#content/site.ts";
import type { FieldErrors } from "#domain/forms/form-fields.ts";
import { AppError, invalid } from "#server/errors.ts";
import { sendContactMessage } from "#server/services/contact.ts";
import type { Route } from "./+types/contact";

export function loader() {
  return { meta: pageMeta(pageSeo.contact) };
}

export const meta: Route.MetaFunction = metaFromLoader;

const sent: ToastMessage = { kind: "success", title: contactPage.success };
const failure = (description?: string): ToastMessage => ({
  kind: "error",
  title: contactPage.failure,
  description,
});

// The 'Send us a Message' form: stored and queued for the farm by the contact
// service. Works as a plain form post without JavaScript.
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData());
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
      ? new AppError("rate_limited", result.error)
      : invalid(result.error, { fieldErrors: result.fieldErrors });
  return refused(undefined, refusal, failure);
}

const fieldClass =
  "mt-1 block w-full rounded-md border border-stone-400 bg-white px-3 py-2.5 text-base text-stone-900 placeholder:text-stone-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-paddock-700 aria-invalid:border-red-700";

type Submission = { state: "idle" | "sending" } | { state: "done"; answer: ActionAnswer };

/**
 * Posts the form to /api/contact; any non-ok answer or network error is a
 * failure. The toast names no reason: the fields say what to change.
 */
async function postMessage(form: HTMLFormElement): Promise<ActionAnswer> {
  const data = new FormData(form);
  try {
    const res = await fetch("/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        name: data.get("name"),
        email: data.get("email"),
        message: data.get("message"),
      }),
    });
    if (res.ok) return { ok: true, toast: sent };
    const body = (await res.json().catch(() => ({}))) as {
      details?: { fieldErrors?: FieldErrors };
    };
    return { ok: false, toast: failure(), fieldErrors: body.details?.fieldErrors };
  } catch {
    return { ok: false, toast: failure() };
  }
}

function ContactForm() {
  // Without JavaScript the form posts to this route's action and the page is
  // rendered again with its answer; with JavaScript it posts to the API.
  const documentAnswer = useActionData<typeof action>();
  const [submission, setSubmission] = useState<Submission>({ state: "idle" });
  const answer = submission.state === "done" ? submission.answer : documentAnswer;
  const busy = submission.state === "sending";

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setSubmission({ state: "sending" });
    const outcome = await postMessage(form);
    setSubmission({ state: "done", answer: outcome });
    if (outcome.toast) showToast(outcome.toast);
    if (outcome.ok) form.reset();
  };

  const fieldErrors = answer?.fieldErrors ?? {};
  const field = (name: "name" | "email" | "message") => ({
    id: `contact-${name}`,
    name,
    required: true,
    "aria-invalid": fieldErrors[name] ? true : undefined,
    "aria-describedby": fieldErrors[name] ? `contact-${name}-error` : undefined,
  });
  const error = (name: string) =>
    fieldErrors[name] ? (
      <p id={`contact-${name}-error`} className="mt-1 text-sm font-medium text-red-800">
        {fieldErrors[name]}
      </p>
    ) : null;

  return (
    <form method="post" onSubmit={onSubmit} className="space-y-5">
      {/* Shown after a post without JavaScript; with it, the toast says the same. */}
      {submission.state === "idle" && documentAnswer?.toast ? (
        <p
          role={documentAnswer.ok ? "status" : "alert"}
          className={`rounded-md p-4 font-semibold ${
            documentAnswer.ok ? "bg-green-50 text-green-900" : "bg-red-50 text-red-900"
          }`}
        >
          {documentAnswer.toast.title}
          {documentAnswer.toast.description ? ` ${documentAnswer.toast.description}` : null}
        </p>
      ) : null}
      <div>
        <label htmlFor="contact-name" className="block font-semibold text-stone-800">
          {contactPage.fields.name}
        </label>
        <input {...field("name")} type="text" autoComplete="name" className={fieldClass} />
        {error("name")}
      </div>
      <div>
        <label htmlFor="contact-email" className="block font-semibold text-stone-800">
          {contactPage.fields.email}
        </label>
        <input {...field("email")} type="email" autoComplete="email" className={fieldClass} />
        {error("email")}
      </div>
      <div>
        <label htmlFor="contact-message" className="block font-semibold text-stone-800">
          {contactPage.fields.message}
        </label>
        <textarea {...field("message")} rows={6} className={fieldClass} />
        {error("message")}
      </div>
      <button
        type="submit"
        disabled={busy}
        className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-md bg-earth-700 px-6 py-3 font-bold text-white hover:bg-earth-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:ring-earth-700 disabled:opacity-60 sm:w-auto"
      >
        <SendIcon className="size-5" />
        {busy ? contactPage.sendingLabel : contactPage.submitLabel}
      </button>
    </form>
  );
}

export default function Contact() {
  const site = useSite();
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
            <ContactForm />
          </div>
        </section>
      </div>
    </>
  );
}
