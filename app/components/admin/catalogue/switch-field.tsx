// A labelled on/off switch that posts "on" with its form when checked.
import { useId } from "react";
import { Label } from "#app/components/ui/input.tsx";
import { Switch } from "#app/components/ui/switch.tsx";

export function SwitchField({
  label,
  name,
  defaultChecked,
  hint,
}: {
  label: string;
  name: string;
  defaultChecked?: boolean;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="flex flex-col gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-stone-700">
            {hint}
          </p>
        ) : null}
      </div>
      <Switch
        id={id}
        name={name}
        defaultChecked={defaultChecked}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
    </div>
  );
}
