// 'Change dates or guests' on the camper's own page: the new stay is priced
// on the server first (nothing changes), then confirmed; a dearer stay goes
// to the card payment page before the change is made (decision 0019).
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Input, Label } from "#app/components/ui/input.tsx";
import type { ActionAnswer } from "#app/lib/action-answer.ts";
import { myBookingPage as words } from "#content/my-booking.ts";
import type { GuestBookingView, StayChangePreview } from "#domain/api/my-booking.ts";
import { formatLongDay } from "#domain/format/long-day.ts";
import { formatMoney } from "#domain/format/money.ts";
import { stayParty } from "#domain/rules/invoice.ts";

export const CHANGE_FETCHER = "change-own-stay";

const FIELDS = ["checkIn", "checkOut", "guests", "dogs"];

type Offer = NonNullable<GuestBookingView["change"]>;

export function ChangeStay({ booking, offer }: { booking: GuestBookingView; offer: Offer }) {
  const [open, setOpen] = useState(false);
  const confirm = useFetcher<ActionAnswer>({ key: CHANGE_FETCHER });
  // The page reloads the booking after a change: close the form on what it shows.
  useEffect(() => {
    if (confirm.data?.ok) setOpen(false);
  }, [confirm.data]);
  return (
    <>
      <p className="mb-4 text-stone-800">{words.changeIntro}</p>
      {open ? (
        <ChangeForm booking={booking} offer={offer} onClose={() => setOpen(false)} />
      ) : (
        <Button type="button" variant="outline" size="lg" onClick={() => setOpen(true)}>
          {words.changeOpen}
        </Button>
      )}
    </>
  );
}

function ChangeForm({
  booking,
  offer,
  onClose,
}: {
  booking: GuestBookingView;
  offer: Offer;
  onClose: () => void;
}) {
  const quote = useFetcher<ActionAnswer<StayChangePreview>>();
  const busy = quote.state !== "idle";
  const errors = quote.data && !quote.data.ok ? (quote.data.fieldErrors ?? {}) : {};
  // A refusal about none of this form's fields (e.g. an extra no longer sold) is said in words.
  const aboutAField = Object.keys(errors).some((name) => FIELDS.includes(name));
  const refusal = quote.data && !quote.data.ok && !aboutAField ? quote.data.toast : undefined;
  const [edited, setEdited] = useState(false);
  // The price shown is for the stay as it was asked: editing the fields takes it away.
  const preview = quote.data?.ok && !edited ? quote.data.result : undefined;
  useEffect(() => {
    if (quote.state === "submitting") setEdited(false);
  }, [quote.state]);
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // Opened by a button that is now gone: focus goes to the first field.
  useEffect(
    () => formRef.current?.querySelector<HTMLInputElement>("input:not([type=hidden])")?.focus(),
    [],
  );
  const field = (name: string, label: string, props: React.ComponentProps<"input">) => (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Input
        id={`${id}-${name}`}
        name={name}
        required
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        {...props}
      />
      {errors[name] ? (
        <p id={`${id}-${name}-error`} className="text-sm font-medium text-red-800">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );
  return (
    <div className="rounded-xl border border-stone-300 bg-stone-50 p-4 sm:p-5">
      <quote.Form
        ref={formRef}
        method="post"
        className="grid gap-4 sm:grid-cols-2"
        onChange={() => setEdited(true)}
      >
        <input type="hidden" name="intent" value="change-preview" />
        {field("checkIn", "Check-in", { type: "date", defaultValue: booking.checkIn })}
        {field("checkOut", "Check-out", { type: "date", defaultValue: booking.checkOut })}
        {field("guests", "Guests", {
          type: "number",
          inputMode: "numeric",
          min: 1,
          max: offer.maxGuests,
          defaultValue: offer.guests,
        })}
        {offer.maxDogs > 0 || offer.dogs > 0 ? (
          field("dogs", "Dogs", {
            type: "number",
            inputMode: "numeric",
            min: 0,
            max: Math.max(offer.maxDogs, offer.dogs),
            defaultValue: offer.dogs,
          })
        ) : (
          <input type="hidden" name="dogs" value={offer.dogs} />
        )}
        <div className="flex flex-col-reverse gap-3 sm:col-span-2 sm:flex-row">
          <Button type="button" variant="ghost" size="lg" onClick={onClose}>
            {words.changeClose}
          </Button>
          <Button type="submit" size="lg" variant="outline" disabled={busy}>
            {busy ? words.checking : words.changeCheck}
          </Button>
        </div>
      </quote.Form>
      {refusal ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
          {refusal.description ?? refusal.title}
        </p>
      ) : null}
      {preview ? <ChangePreview preview={preview} /> : null}
      {/* Present before a price arrives, so screen readers say it: a region
          added with its content is often not announced, and the whole section
          with its buttons would be too much to hear. */}
      <p role="status" className="sr-only">
        {preview
          ? `${words.changeNewStay}: Total ${formatMoney(preview.totalCents)}. ${preview.statement}`
          : ""}
      </p>
    </div>
  );
}

function ChangePreview({ preview }: { preview: StayChangePreview }) {
  const confirm = useFetcher<ActionAnswer>({ key: CHANGE_FETCHER });
  const busy = confirm.state !== "idle";
  const refusal = confirm.data && !confirm.data.ok ? confirm.data.toast : undefined;
  const nights = `${preview.nights} ${preview.nights === 1 ? "night" : "nights"}`;
  return (
    <section
      aria-labelledby="change-preview-heading"
      className="mt-5 border-t border-stone-300 pt-4"
    >
      <h3 id="change-preview-heading" className="font-bold text-stone-900">
        {words.changeNewStay}
      </h3>
      <p className="mt-1 text-stone-800">
        {formatLongDay(preview.checkIn)} to {formatLongDay(preview.checkOut)} · {nights} ·{" "}
        {stayParty(preview)}
      </p>
      <ul className="mt-2 divide-y divide-stone-200 text-sm">
        {preview.lines.map((line) => (
          <li key={line.description} className="flex justify-between gap-4 py-1.5">
            <span>{line.description}</span>
            <span className="tabular-nums">{formatMoney(line.amountCents)}</span>
          </li>
        ))}
        {preview.discountCents > 0 ? (
          <li className="flex justify-between gap-4 py-1.5">
            <span>Discount</span>
            <span className="tabular-nums">−{formatMoney(preview.discountCents)}</span>
          </li>
        ) : null}
        <li className="flex justify-between gap-4 py-1.5 font-bold">
          <span>Total</span>
          <span className="tabular-nums">{formatMoney(preview.totalCents)}</span>
        </li>
      </ul>
      <p className="mt-3 font-medium text-stone-900">{preview.statement}</p>
      {refusal ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
          {refusal.description ?? refusal.title}
        </p>
      ) : null}
      <confirm.Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="change-confirm" />
        {(["checkIn", "checkOut", "guests", "dogs"] as const).map((name) => (
          <input key={name} type="hidden" name={name} value={preview[name]} />
        ))}
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? words.changing : preview.pays ? words.changePay : words.changeConfirm}
        </Button>
      </confirm.Form>
    </section>
  );
}
