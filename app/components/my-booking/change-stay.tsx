// 'Change dates or guests' on the camper's own page, an island (decision
// 0022): the new stay is priced on the server first (nothing changes), then
// confirmed; a dearer stay goes to the card payment page before the change is
// made (decision 0019). Both forms post as the browser does; the page comes
// back with the answer, which this island is given to show.
import { useLayoutEffect, useRef, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Input, Label } from "#app/components/ui/input.tsx";
import type { ActionAnswer } from "#app/lib/action-answer.ts";
import { myBookingPage as words } from "#content/my-booking.ts";
import type { StayChangePreview } from "#domain/api/my-booking.ts";
import { formatLongDay } from "#domain/format/long-day.ts";
import { formatMoney } from "#domain/format/money.ts";
import { stayParty } from "#domain/rules/invoice.ts";
import { useSendOnce } from "./send-once";

/** The change form's fields: what the page gives back with a refusal, to fill it again. */
export const CHANGE_FIELDS = ["checkIn", "checkOut", "guests", "dogs"] as const;
type Field = (typeof CHANGE_FIELDS)[number];
export const CHANGE_INTENTS = ["change-preview", "change-confirm"];
const OPENER = "change-open";

type Offer = { guests: number; dogs: number; maxGuests: number; maxDogs: number };

export type ChangeStayProps = {
  /** The page's own address: the forms post to it, and come back to the form. */
  action: string;
  stay: { checkIn: string; checkOut: string };
  offer: Offer;
  /** The answer to this form's last post, when the page is that answer. */
  answer?: ActionAnswer<StayChangePreview>;
};

export default function ChangeStay({ action, stay, offer, answer }: ChangeStayProps) {
  // The page is the answer to a post of this form: it opens where the camper left it.
  const [open, setOpen] = useState(answer !== undefined);
  const [openedNow, setOpenedNow] = useState(false);
  // Closed by a button that is now gone: focus goes back to the one that opens it.
  useLayoutEffect(() => {
    if (!open && openedNow) document.getElementById(OPENER)?.focus();
  }, [open, openedNow]);
  return (
    <>
      <p className="mb-4 text-stone-800">{words.changeIntro}</p>
      {open ? (
        <ChangeForm
          action={action}
          stay={stay}
          offer={offer}
          answer={answer}
          focusFirstField={openedNow}
          onClose={() => setOpen(false)}
        />
      ) : (
        <Button
          id={OPENER}
          type="button"
          variant="outline"
          size="lg"
          onClick={() => {
            setOpen(true);
            setOpenedNow(true);
          }}
        >
          {words.changeOpen}
        </Button>
      )}
    </>
  );
}

function ChangeForm({
  action,
  stay,
  offer,
  answer,
  focusFirstField,
  onClose,
}: ChangeStayProps & {
  focusFirstField: boolean;
  onClose: () => void;
}) {
  const errors = answer && !answer.ok ? (answer.fieldErrors ?? {}) : {};
  // A refusal about none of this form's fields (e.g. an extra no longer sold) is said in words.
  const aboutAField = Object.keys(errors).some((name) => CHANGE_FIELDS.includes(name as Field));
  const refusal = answer && !answer.ok && !aboutAField ? answer.toast : undefined;
  const asked = answer?.result ?? answer?.values;
  // The price shown is for the stay as it was asked: editing the fields takes it away.
  const [edited, setEdited] = useState(false);
  const preview = answer?.ok && !edited ? answer.result : undefined;
  const formRef = useRef<HTMLFormElement>(null);
  const { offline, onSubmit } = useSendOnce();
  // Opened by a button that is now gone: focus goes to the first field.
  useLayoutEffect(() => {
    if (focusFirstField)
      formRef.current?.querySelector<HTMLInputElement>("input:not([type=hidden])")?.focus();
  }, [focusFirstField]);
  const value = (name: Field, fallback: string | number) => String(asked?.[name] ?? fallback);
  const field = (name: Field, label: string, props: React.ComponentProps<"input">) => (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={`change-${name}`}>{label}</Label>
      <Input
        id={`change-${name}`}
        name={name}
        required
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `change-${name}-error` : undefined}
        {...props}
      />
      {errors[name] ? (
        <p id={`change-${name}-error`} className="text-sm font-medium text-red-800">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );
  return (
    <div className="rounded-xl border border-stone-300 bg-stone-50 p-4 sm:p-5">
      <form
        ref={formRef}
        method="post"
        action={`${action}#change-heading`}
        className="grid gap-4 sm:grid-cols-2"
        onInput={() => setEdited(true)}
        onSubmit={onSubmit}
      >
        <input type="hidden" name="intent" value="change-preview" />
        {field("checkIn", "Check-in", {
          type: "date",
          defaultValue: value("checkIn", stay.checkIn),
        })}
        {field("checkOut", "Check-out", {
          type: "date",
          defaultValue: value("checkOut", stay.checkOut),
        })}
        {field("guests", "Guests", {
          type: "number",
          inputMode: "numeric",
          min: 1,
          max: offer.maxGuests,
          defaultValue: value("guests", offer.guests),
        })}
        {offer.maxDogs > 0 || offer.dogs > 0 ? (
          field("dogs", "Dogs", {
            type: "number",
            inputMode: "numeric",
            min: 0,
            max: Math.max(offer.maxDogs, offer.dogs),
            defaultValue: value("dogs", offer.dogs),
          })
        ) : (
          <input type="hidden" name="dogs" value={offer.dogs} />
        )}
        <div className="flex flex-col-reverse gap-3 sm:col-span-2 sm:flex-row">
          <Button type="button" variant="ghost" size="lg" onClick={onClose}>
            {words.changeClose}
          </Button>
          <Button type="submit" size="lg" variant="outline">
            {words.changeCheck}
          </Button>
        </div>
      </form>
      {refusal || offline ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
          {offline ? words.offlineSend : (refusal?.description ?? refusal?.title)}
        </p>
      ) : null}
      {preview ? <ChangePreview action={action} preview={preview} /> : null}
    </div>
  );
}

function ChangePreview({ action, preview }: { action: string; preview: StayChangePreview }) {
  const nights = `${preview.nights} ${preview.nights === 1 ? "night" : "nights"}`;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { sent, offline, onSubmit } = useSendOnce();
  // The page came back with the price: a screen reader starts there, not at the top.
  useLayoutEffect(() => headingRef.current?.focus(), []);
  return (
    <section
      aria-labelledby="change-preview-heading"
      className="mt-5 border-t border-stone-300 pt-4"
    >
      <h3
        id="change-preview-heading"
        ref={headingRef}
        tabIndex={-1}
        className="font-bold text-stone-900 focus:outline-none"
      >
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
      {offline ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
          {words.offlineSend}
        </p>
      ) : null}
      <form method="post" action={`${action}#change-heading`} onSubmit={onSubmit} className="mt-4">
        <input type="hidden" name="intent" value="change-confirm" />
        {CHANGE_FIELDS.map((name) => (
          <input key={name} type="hidden" name={name} value={preview[name]} />
        ))}
        <Button type="submit" size="lg">
          {sent ? words.changing : preview.pays ? words.changePay : words.changeConfirm}
        </Button>
      </form>
    </section>
  );
}
