// POST /waitlist: 'Join the waitlist' under step 1 (issue 31, item 3). With
// scripts the form shows the answer itself; without, this page does, with the
// way back to the campsite's dates.
import { Link, useActionData } from "react-router";
import { WAITLIST_JOINED } from "#app/components/booking/waitlist-form.tsx";
import { siteFromMatches } from "#app/components/public/seo.ts";
import type { ActionAnswer } from "#app/lib/action-answer.ts";
import { ok, passRetryAfter, refused } from "#app/routes/action-answer.server.ts";
import { readForm } from "#app/routes/form-body.server.ts";
import { formValues } from "#domain/forms/form-fields.ts";
import { joinWaitlist } from "#server/services/waitlist.ts";
import type { Route } from "./+types/waitlist";

export const headers = passRetryAfter;

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: `The waitlist | ${siteFromMatches(matches).farmName} Station` },
    { name: "robots", content: "noindex" },
  ];
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = formValues(await readForm(request));
  try {
    await joinWaitlist(context.db, form, context.clientAddress);
    return ok(undefined, { kind: "success", title: WAITLIST_JOINED }, form);
  } catch (error) {
    return refused(undefined, error, (message) => ({ kind: "error", title: message }));
  }
}

export default function Waitlist() {
  const answer = useActionData<typeof action>() as ActionAnswer<Record<string, string>> | undefined;
  const sent = answer?.result;
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-4 px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold text-paddock-900">The waitlist</h1>
      <p role={answer?.ok ? "status" : "alert"} className="text-lg text-stone-800">
        {answer?.toast?.title ??
          "Choose a campsite and your dates on the booking page to join its waitlist."}
      </p>
      <Link
        to={
          sent?.campsiteId
            ? `/bookings?campsite=${encodeURIComponent(sent.campsiteId)}`
            : "/bookings"
        }
        className="font-semibold text-paddock-800 underline underline-offset-4"
      >
        ← Back to the booking page
      </Link>
    </section>
  );
}
