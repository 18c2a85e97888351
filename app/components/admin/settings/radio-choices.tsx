// A setting chosen from a few labelled choices, each with a line that says
// what it does: the cancellation policy's refunds, how campers pay.
import { FieldError } from "#app/components/ui/input.tsx";

export type Choice = { value: string; label: string; hint: string };

export function RadioChoices({
  legend,
  name,
  choices,
  checked,
  error,
}: {
  legend: string;
  name: string;
  choices: readonly Choice[];
  checked: string;
  error?: string;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className="flex items-start gap-2 text-sm">
          <input
            type="radio"
            name={name}
            value={choice.value}
            defaultChecked={checked === choice.value}
            className="mt-0.5 size-4 shrink-0 accent-paddock-700"
          />
          <span>
            <span className="font-medium">{choice.label}</span>
            <span className="block text-xs text-stone-700">{choice.hint}</span>
          </span>
        </label>
      ))}
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}
