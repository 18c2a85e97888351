// /gift-vouchers (issue 31, item 2): a camper buys a gift voucher for someone
// else, $25 to $500 with a message, and pays by card. A plain form that
// posts: the answer is the card payment page, or the form again with what to
// change. No scripts.
import { Gift } from "lucide-react";
import { redirect, useActionData } from "react-router";
import { PageHeader } from "#app/components/public/page-hero.tsx";
import { islandsPage } from "#app/components/public/route-exports.ts";
import { siteFromMatches } from "#app/components/public/seo.ts";
import type { ActionAnswer } from "#app/lib/action-answer.ts";
import { passRetryAfter, refused } from "#app/routes/action-answer.server.ts";
import { readForm } from "#app/routes/form-body.server.ts";
import { formValues } from "#domain/forms/form-fields.ts";
import {
  MAX_VOUCHER_DOLLARS,
  MIN_VOUCHER_DOLLARS,
  VOUCHER_YEARS,
} from "#domain/forms/gift-voucher.ts";
import { startGiftVoucher } from "#server/services/payments/gift-vouchers.ts";
import type { Route } from "./+types/gift-vouchers";

export const handle = islandsPage;
export const headers = passRetryAfter;

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  return [
    { title: `Gift Vouchers | ${site.farmName} Station` },
    {
      name: "description",
      content: `Give a stay by the creek: a ${site.farmName} Station gift voucher from $${MIN_VOUCHER_DOLLARS} to $${MAX_VOUCHER_DOLLARS}, emailed with your message.`,
    },
  ];
}

export async function action({ request, context }: Route.ActionArgs) {
  const sent = formValues(await readForm(request));
  try {
    const { url } = await startGiftVoucher(context.db, sent, context.clientAddress);
    return redirect(url);
  } catch (error) {
    const answer = refused(undefined, error, (message) => ({ kind: "error", title: message }));
    answer.data.values = sent;
    return answer;
  }
}

const fieldClass =
  "mt-1 block w-full rounded-md border border-stone-400 bg-white px-3 py-2.5 text-base text-stone-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-paddock-700 aria-invalid:border-red-700";

type Field = { name: string; label: string; type?: string; autoComplete?: string; hint?: string };

const fields: Field[] = [
  { name: "buyerName", label: "Your name", autoComplete: "name" },
  { name: "buyerEmail", label: "Your email", type: "email", autoComplete: "email" },
  { name: "recipientName", label: "Their name", autoComplete: "off" },
  {
    name: "recipientEmail",
    label: "Their email",
    type: "email",
    autoComplete: "off",
    hint: "We email the voucher here once you have paid.",
  },
];

export default function GiftVouchers() {
  const answer = useActionData<typeof action>() as ActionAnswer | undefined;
  const errors = answer?.fieldErrors ?? {};
  const value = (name: string, fallback = "") => answer?.values?.[name] ?? fallback;
  const describe = (name: string, hint?: string) =>
    [hint ? `${name}-hint` : "", errors[name] ? `${name}-error` : ""].join(" ").trim() || undefined;
  const errorOf = (name: string) =>
    errors[name] ? (
      <p id={`${name}-error`} className="mt-1 text-sm font-medium text-red-700">
        {errors[name]}
      </p>
    ) : null;
  return (
    <>
      <PageHeader
        title="Gift Vouchers"
        intro={`Give a weekend by the creek. A voucher from $${MIN_VOUCHER_DOLLARS} to $${MAX_VOUCHER_DOLLARS}, emailed to them with your message, good for ${VOUCHER_YEARS} years on any campsite.`}
      />
      <section className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
        <form
          method="post"
          noValidate
          className="flex flex-col gap-5"
          aria-label="Buy a gift voucher"
        >
          {answer && !answer.ok ? (
            <p role="alert" className="rounded-md bg-red-50 p-4 font-medium text-red-900">
              {Object.keys(errors).length
                ? "Please check the fields marked below."
                : answer.toast?.title}
            </p>
          ) : null}
          <div>
            <label htmlFor="amount" className="font-semibold text-stone-900">
              Amount in dollars
            </label>
            <input
              id="amount"
              name="amount"
              type="number"
              inputMode="numeric"
              min={MIN_VOUCHER_DOLLARS}
              max={MAX_VOUCHER_DOLLARS}
              step={1}
              required
              defaultValue={value("amount", "100")}
              aria-invalid={errors.amount ? true : undefined}
              aria-describedby={describe("amount", "amount")}
              className={fieldClass}
            />
            <p id="amount-hint" className="mt-1 text-sm text-stone-700">
              From ${MIN_VOUCHER_DOLLARS} to ${MAX_VOUCHER_DOLLARS}.
            </p>
            {errorOf("amount")}
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            {fields.map((field) => (
              <div key={field.name}>
                <label htmlFor={field.name} className="font-semibold text-stone-900">
                  {field.label}
                </label>
                <input
                  id={field.name}
                  name={field.name}
                  type={field.type ?? "text"}
                  autoComplete={field.autoComplete}
                  required
                  defaultValue={value(field.name)}
                  aria-invalid={errors[field.name] ? true : undefined}
                  aria-describedby={describe(field.name, field.hint)}
                  className={fieldClass}
                />
                {field.hint ? (
                  <p id={`${field.name}-hint`} className="mt-1 text-sm text-stone-700">
                    {field.hint}
                  </p>
                ) : null}
                {errorOf(field.name)}
              </div>
            ))}
          </div>
          <div>
            <label htmlFor="message" className="font-semibold text-stone-900">
              Your message <span className="font-normal text-stone-700">(optional)</span>
            </label>
            <textarea
              id="message"
              name="message"
              rows={4}
              maxLength={300}
              defaultValue={value("message")}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={describe("message")}
              className={fieldClass}
            />
            {errorOf("message")}
          </div>
          <div>
            <button
              type="submit"
              className="inline-flex min-h-12 items-center gap-2 rounded-md bg-paddock-700 px-6 py-3 font-semibold text-white hover:bg-paddock-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-paddock-700 focus-visible:ring-offset-2"
            >
              <Gift aria-hidden="true" className="size-5" />
              Pay by card
            </button>
          </div>
        </form>
      </section>
    </>
  );
}
