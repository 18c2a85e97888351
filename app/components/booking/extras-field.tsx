// Step 3's extras (issue 13): each active extra of the campsite with its price
// and whether it is per stay or per night; a checkbox, or a quantity up to its
// maximum. A change goes to the held booking at once and the server prices it.
// While a change is under way the controls say so (aria-disabled) rather than
// become disabled, so they keep the keyboard focus.
import { useId } from "react";
import { formatMoney } from "#domain/format/money.ts";
import type { Extra, ExtraChoice } from "#domain/rules/rates.ts";
import { extraPriceText, quantityOf, withQuantity } from "./extra-choices";

export function ExtrasField({
  extras,
  value,
  disabled,
  busy,
  onChange,
}: {
  /** The extras on sale. */
  extras: Extra[];
  value: ExtraChoice[];
  disabled: boolean;
  busy: boolean;
  onChange: (extras: ExtraChoice[]) => void;
}) {
  if (extras.length === 0) return null;
  const set = (extraId: string, quantity: number) => {
    if (!busy && !disabled) onChange(withQuantity(extras, value, extraId, quantity));
  };
  return (
    <fieldset className="flex flex-col gap-2" aria-busy={busy || undefined}>
      <legend className="mb-1 text-sm font-medium text-stone-900">
        Extras <span className="font-normal text-stone-700">(optional)</span>
      </legend>
      <ul className="flex flex-col divide-y divide-stone-200 rounded-lg border border-stone-200">
        {extras.map((extra) => (
          <li key={extra.id} className="px-3 py-2">
            <ExtraControl
              extra={extra}
              quantity={quantityOf(value, extra.id)}
              disabled={disabled}
              busy={busy}
              onQuantity={(quantity) => set(extra.id, quantity)}
            />
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function ExtraControl({
  extra,
  quantity,
  disabled,
  busy,
  onQuantity,
}: {
  extra: Extra;
  quantity: number;
  disabled: boolean;
  busy: boolean;
  onQuantity: (quantity: number) => void;
}) {
  const id = useId();
  const price = (
    <span id={`${id}-price`} className="text-sm text-stone-700">
      {extraPriceText(extra, formatMoney(extra.priceCents))}
    </span>
  );
  if (extra.maxQuantity <= 1)
    return (
      <div className="flex min-h-11 items-center gap-3">
        <input
          id={id}
          type="checkbox"
          className="size-5 shrink-0 accent-paddock-700"
          checked={quantity > 0}
          disabled={disabled}
          aria-disabled={busy || undefined}
          aria-describedby={`${id}-price`}
          onChange={(e) => onQuantity(e.target.checked ? 1 : 0)}
        />
        <div className="flex flex-wrap items-baseline gap-x-2">
          <label htmlFor={id} className="text-sm font-medium text-stone-900">
            {extra.name}
          </label>
          {price}
        </div>
      </div>
    );
  return (
    <div className="flex min-h-11 items-center gap-3">
      <select
        id={id}
        className="h-11 w-16 shrink-0 rounded-md border border-stone-400 bg-white px-2 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-paddock-700 disabled:opacity-50"
        value={quantity}
        disabled={disabled}
        aria-disabled={busy || undefined}
        aria-describedby={`${id}-price`}
        onChange={(e) => onQuantity(Number(e.target.value))}
      >
        {Array.from({ length: extra.maxQuantity + 1 }, (_, n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      <div className="flex flex-wrap items-baseline gap-x-2">
        <label htmlFor={id} className="text-sm font-medium text-stone-900">
          {extra.name}
        </label>
        {price}
      </div>
    </div>
  );
}
