// 'Record payment' on a Today card with money owed: what the guest paid at
// the desk, by which way, with its reference. A disclosure holding a small
// form, so it opens and posts before the script.
import { useFetcher } from "react-router";
import { useAnswer } from "#app/components/admin/use-answer.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Input, Label } from "#app/components/ui/input.tsx";
import type { ActionAnswer } from "#app/lib/action-answer.ts";
import { recordedPaymentLabels, recordedPaymentMethods } from "#domain/rules/statuses.ts";

export function RecordPayment({
  bookingId,
  guestName,
  dueCents,
}: {
  bookingId: string;
  guestName: string;
  dueCents: number;
}) {
  const fetcher = useFetcher<ActionAnswer>();
  useAnswer(fetcher);
  const id = (name: string) => `${name}-${bookingId}`;
  return (
    <details className="w-full sm:w-64">
      <summary className="cursor-pointer text-sm font-semibold text-paddock-700 underline underline-offset-2">
        Record payment<span className="sr-only"> for {guestName}</span>
      </summary>
      <fetcher.Form method="post" className="mt-2 flex flex-col gap-2">
        <input type="hidden" name="intent" value="record-payment" />
        <input type="hidden" name="bookingId" value={bookingId} />
        <input type="hidden" name="owed" value={dueCents} />
        <Label htmlFor={id("method")}>Paid by</Label>
        <select
          id={id("method")}
          name="method"
          className="h-10 rounded-md border border-stone-400 bg-white px-2 text-sm"
        >
          {recordedPaymentMethods.map((m) => (
            <option key={m} value={m}>
              {recordedPaymentLabels[m]}
            </option>
          ))}
        </select>
        <Label htmlFor={id("amount")}>Amount</Label>
        <Input
          id={id("amount")}
          name="amount"
          inputMode="decimal"
          defaultValue={(dueCents / 100).toFixed(2)}
        />
        <Label htmlFor={id("reference")}>Reference (optional)</Label>
        <Input id={id("reference")} name="reference" maxLength={100} />
        <Button type="submit" size="sm" disabled={fetcher.state !== "idle"}>
          Record payment
        </Button>
      </fetcher.Form>
    </details>
  );
}
