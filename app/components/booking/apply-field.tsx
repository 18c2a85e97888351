// A discount code or prepaid card field with its Apply button (spec 2.12 and 5):
// Apply is disabled while the field is empty; clearing the field removes what
// was applied. While a change is under way the field is read-only rather than
// disabled, so it keeps the keyboard focus.
import { CircleCheck, LoaderCircle } from "lucide-react";
import { useId } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Input, Label } from "#app/components/ui/input.tsx";

export function ApplyField({
  label,
  value,
  onChange,
  onApply,
  applying,
  applied,
  disabled,
  busy,
  autoComplete = "off",
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onApply: () => void;
  applying: boolean;
  /** What is applied, in words (e.g. "10% off your first stay"), or undefined. */
  applied?: string;
  disabled?: boolean;
  /** A change of the code or the card is under way: this field waits for it. */
  busy?: boolean;
  autoComplete?: string;
}) {
  const id = useId();
  const empty = value.trim() === "";
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>
        {label} <span className="font-normal text-stone-700">(optional)</span>
      </Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={value}
          autoComplete={autoComplete}
          autoCapitalize="characters"
          spellCheck={false}
          disabled={disabled}
          readOnly={busy}
          aria-describedby={applied ? `${id}-applied` : undefined}
          className="h-12 uppercase"
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") e.preventDefault(); // Enter applies; it never submits the form
            if (e.key === "Enter" && !empty && !busy && !disabled) {
              onApply();
            }
          }}
        />
        <Button
          type="button"
          variant="outline"
          className="h-12 min-w-20"
          disabled={empty || busy || disabled}
          onClick={onApply}
        >
          {applying ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
          Apply
        </Button>
      </div>
      <p id={`${id}-applied`} aria-live="polite" className="min-h-5 text-sm text-paddock-800">
        {applied ? (
          <span className="inline-flex items-center gap-1.5">
            <CircleCheck aria-hidden="true" className="size-4" />
            {applied}
          </span>
        ) : null}
      </p>
    </div>
  );
}
