// A discount code or prepaid card field with its Apply button (spec 2.12 and 5):
// Apply is disabled while the field is empty; clearing the field removes what
// was applied.
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
  applyDisabled,
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
  /** Apply waits for something besides a value (the price to check a code against). */
  applyDisabled?: boolean;
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
          aria-describedby={applied ? `${id}-applied` : undefined}
          className="h-12 uppercase"
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !empty && !applying && !applyDisabled) {
              e.preventDefault();
              onApply();
            }
          }}
        />
        <Button
          type="button"
          variant="outline"
          className="h-12 min-w-20"
          disabled={empty || applying || disabled || applyDisabled}
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
