// 'Join the waitlist' under step 1 (issue 31, item 3): a camper whose dates
// are taken leaves an email for them, and hears when the campsite frees up.
// A plain form that posts to /waitlist (the answer is a page of its own
// without scripts); with them, the answer shows here.
import { useFetcher } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { FieldError, Input, Label } from "#app/components/ui/input.tsx";
import type { ActionAnswer } from "#app/lib/action-answer.ts";
import { addDays } from "#domain/rules/dates.ts";

export const WAITLIST_JOINED =
  "You're on the waitlist. We'll email you if a site frees up for these dates.";

const fields = [
  { name: "checkIn", label: "Check-in", type: "date", autoComplete: "off" },
  { name: "checkOut", label: "Check-out", type: "date", autoComplete: "off" },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
] as const;

export function WaitlistForm({
  campsiteId,
  checkIn,
  checkOut,
  today,
  lastCheckOutDate,
}: {
  campsiteId: string;
  checkIn?: string;
  checkOut?: string;
  today: string;
  lastCheckOutDate: string;
}) {
  const fetcher = useFetcher<ActionAnswer>();
  const answer = fetcher.data;
  const values = { checkIn, checkOut, email: undefined };
  const limits = {
    checkIn: { min: addDays(today, 1), max: addDays(lastCheckOutDate, -1) },
    checkOut: { min: addDays(today, 2), max: lastCheckOutDate },
    email: {},
  };
  return (
    <details className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
      <summary className="min-h-11 cursor-pointer content-center font-semibold text-paddock-800">
        Dates you want are taken? Join the waitlist
      </summary>
      <fetcher.Form
        method="post"
        action="/waitlist"
        noValidate
        className="mt-4 flex flex-col gap-4"
      >
        <p className="text-sm text-stone-700">
          We'll email you if this campsite frees up for your dates, with a link to book them.
          Nothing is held: the first to book gets the site.
        </p>
        <input type="hidden" name="campsiteId" value={campsiteId} />
        <div className="grid gap-4 sm:grid-cols-3">
          {fields.map((field) => {
            const id = `waitlist-${field.name}`;
            const error = answer?.fieldErrors?.[field.name];
            return (
              <div key={field.name} className="flex flex-col gap-1.5">
                <Label htmlFor={id}>{field.label}</Label>
                <Input
                  // A new stay picked above fills the dates again.
                  key={values[field.name] ?? ""}
                  id={id}
                  name={field.name}
                  type={field.type}
                  required
                  autoComplete={field.autoComplete}
                  defaultValue={values[field.name]}
                  {...limits[field.name]}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  className="h-12"
                />
                {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
              </div>
            );
          })}
        </div>
        <div>
          <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"}>
            Join the waitlist
          </Button>
        </div>
        {answer ? (
          <p
            role={answer.ok ? "status" : "alert"}
            className={answer.ok ? "font-medium text-paddock-800" : "font-medium text-red-700"}
          >
            {answer.fieldErrors ? "Check the dates and email above." : answer.toast?.title}
          </p>
        ) : null}
      </fetcher.Form>
    </details>
  );
}
