// A whole-number field with − and + buttons (guests, dogs): typing is free,
// the count itself never leaves its range.
import { Minus, Plus } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";

export function CountField({
  label,
  value,
  min,
  max,
  fromInput,
  onChange,
  disabled,
  fewerLabel,
  moreLabel,
  hint,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  /** The count a typed text stands for, within the range. */
  fromInput: (text: string) => number;
  onChange: (value: number) => void;
  disabled: boolean;
  /** The − and + buttons' names, e.g. 'One guest fewer'. */
  fewerLabel: string;
  moreLabel: string;
  hint: string;
}) {
  const id = useId();
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const set = (next: number) => onChange(fromInput(String(next)));
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-stone-900">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <Button
          type="button"
          variant="outline"
          size="icon"
          className="size-12"
          aria-label={fewerLabel}
          disabled={disabled || value <= min}
          onClick={() => set(value - 1)}
        >
          <Minus aria-hidden="true" />
        </Button>
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          value={text}
          disabled={disabled}
          aria-describedby={`${id}-hint`}
          className="h-12 w-20 text-center text-base"
          onChange={(e) => {
            setText(e.target.value);
            // Empty while typing is fine; the count itself never leaves its range.
            if (e.target.value !== "") onChange(fromInput(e.target.value));
          }}
          onBlur={() => {
            const next = fromInput(text);
            setText(String(next));
            onChange(next);
          }}
        />
        <Button
          type="button"
          variant="outline"
          size="icon"
          className="size-12"
          aria-label={moreLabel}
          disabled={disabled || value >= max}
          onClick={() => set(value + 1)}
        >
          <Plus aria-hidden="true" />
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-sm text-stone-700">
        {hint}
      </p>
    </div>
  );
}
