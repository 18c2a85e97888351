// The 'Send us a Message' form of the contact page (spec 2.11) with its
// toasts: an island of the contact page (decision 0022). With JavaScript it
// posts to /api/contact; without, to the contact route's action.
import { useState } from "react";
import type { ToastMessage } from "#app/components/admin/use-toast.ts";
import type { ActionAnswer } from "#app/lib/action-answer.ts";
import { contactForm } from "#content/contact.ts";
import type { FieldErrors } from "#domain/forms/form-fields.ts";
import { SendIcon } from "./icons";
import { useToast } from "./toast";

export const sent: ToastMessage = { kind: "success", title: contactForm.success };
export const failure = (description?: string): ToastMessage => ({
  kind: "error",
  title: contactForm.failure,
  description,
});

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

export type ContactFormProps = {
  /** The route action's answer, after a post without JavaScript. */
  documentAnswer?: ActionAnswer;
};

export default function ContactForm({ documentAnswer }: ContactFormProps) {
  // Without JavaScript the form posts to the contact route's action and the
  // page is rendered again with its answer; with JavaScript it posts to the API.
  const [submission, setSubmission] = useState<Submission>({ state: "idle" });
  const [toastRegion, showToast] = useToast();
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
    <>
      <form method="post" onSubmit={onSubmit} className="space-y-5">
        {/* Shown after a post without JavaScript; with it, the toast says the same. */}
        {submission.state === "idle" && documentAnswer?.toast ? (
          <p
            role={documentAnswer.ok ? "status" : "alert"}
            className={`rounded-md p-4 font-semibold ${
              documentAnswer.ok ? "bg-green-50 text-green-900" : "bg-red-50 text-red-900"
            }`}
          >
            {documentAnswer.toast.description
              ? `${documentAnswer.toast.title} ${documentAnswer.toast.description}`
              : documentAnswer.toast.title}
          </p>
        ) : null}
        <div>
          <label htmlFor="contact-name" className="block font-semibold text-stone-800">
            {contactForm.fields.name}
          </label>
          <input {...field("name")} type="text" autoComplete="name" className={fieldClass} />
          {error("name")}
        </div>
        <div>
          <label htmlFor="contact-email" className="block font-semibold text-stone-800">
            {contactForm.fields.email}
          </label>
          <input {...field("email")} type="email" autoComplete="email" className={fieldClass} />
          {error("email")}
        </div>
        <div>
          <label htmlFor="contact-message" className="block font-semibold text-stone-800">
            {contactForm.fields.message}
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
          {busy ? contactForm.sendingLabel : contactForm.submitLabel}
        </button>
      </form>
      {toastRegion}
    </>
  );
}
