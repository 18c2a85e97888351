// /waitlist/:token, the link at the foot of every waitlist email (issue 31,
// item 3): says which stay it is about, and stops its emails on a press (not
// on opening, which mail scanners do).
import { Form, useActionData } from "react-router";
import { siteFromMatches } from "#app/components/public/seo.ts";
import { Button } from "#app/components/ui/button.tsx";
import { formatDay } from "#domain/format/dates.ts";
import { leaveWaitlist, waitlistEntryOf } from "#server/services/waitlist.ts";
import type { Route } from "./+types/waitlist-leave";

const NOT_FOUND = "This link is not one of ours, or its dates have passed.";

export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: `The waitlist | ${siteFromMatches(matches).farmName} Station` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const entry = await waitlistEntryOf(context.db, params.token);
  if (!entry) throw new Response(NOT_FOUND, { status: 404 });
  return {
    campsiteName: entry.campsiteName,
    dates: `${formatDay(entry.checkInDate)} to ${formatDay(entry.checkOutDate)}`,
    left: entry.leftAt !== null,
  };
}

export async function action({ params, context }: Route.ActionArgs) {
  if (!(await leaveWaitlist(context.db, params.token)))
    throw new Response(NOT_FOUND, { status: 404 });
  return { left: true };
}

export default function WaitlistLeave({ loaderData }: Route.ComponentProps) {
  const left = useActionData<typeof action>()?.left || loaderData.left;
  const { campsiteName, dates } = loaderData;
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-4 px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold text-paddock-900">The waitlist</h1>
      <p className="text-lg text-stone-800">
        {campsiteName}, {dates}.
      </p>
      {left ? (
        <p role="status" className="text-lg font-medium text-paddock-800">
          You will get no more emails about these dates.
        </p>
      ) : (
        <Form method="post">
          <Button type="submit">Stop these emails</Button>
        </Form>
      )}
    </section>
  );
}
