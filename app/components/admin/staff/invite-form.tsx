// The Staff screen's invitation form: one email, posted to the screen's action.
import { useRef } from "react";
import { useFetcher } from "react-router";
import { useAnswer } from "#app/components/admin/use-answer.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { FieldError, Input, Label } from "#app/components/ui/input.tsx";
import type { ActionAnswer } from "#app/lib/action-answer.ts";

export function InviteForm() {
  const fetcher = useFetcher<ActionAnswer>({ key: "staff-invite" });
  const formRef = useRef<HTMLFormElement>(null);
  useAnswer(fetcher, (answer) => {
    if (answer.ok) formRef.current?.reset();
  });
  const error = fetcher.data?.intent === "invite" ? fetcher.data.fieldErrors?.email : undefined;
  const busy = fetcher.state !== "idle";
  return (
    <Card className="mb-6 p-5">
      <h2 className="text-lg font-semibold">Invite a staff member</h2>
      <p className="mt-1 text-sm text-stone-700">
        They get an email with a link, valid for 7 days, to choose their name and password. Staff
        see Today, the bookings and the calendar; not payments, prices, codes, cards, messages or
        settings, and they cannot give refunds.
      </p>
      <fetcher.Form
        ref={formRef}
        method="post"
        className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-start"
        noValidate
      >
        <input type="hidden" name="intent" value="invite" />
        <div className="flex flex-1 flex-col gap-1">
          <Label htmlFor="invite-email">Email</Label>
          <Input
            id="invite-email"
            name="email"
            type="email"
            autoComplete="off"
            required
            maxLength={254}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "invite-email-error" : undefined}
          />
          <FieldError id="invite-email-error">{error}</FieldError>
        </div>
        <Button type="submit" className="sm:mt-6" disabled={busy}>
          {busy ? "Sending…" : "Send invitation"}
        </Button>
      </fetcher.Form>
    </Card>
  );
}
