// Step 1: dates and guests (spec 2.12, 4 and 5). Past, blocked and fully booked
// nights cannot be picked; check-out is at least the minimum stay after check-in.
import { Minus, Plus } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { guestsFromInput } from "#domain/rules/booking-query.ts";
import { addDays, nightsBetween } from "#domain/rules/dates.ts";
import type { StayRules } from "#domain/rules/stay-dates.ts";
import { DateField } from "./date-field";

export type Stay = { checkIn?: string; checkOut?: string; guests: number };

export function StayStep({
  stay,
  capacity,
  rules,
  today,
  lastCheckOutDate,
  loading,
  interactive,
  onCheckIn,
  onCheckOut,
  onGuests,
  problem,
}: {
  stay: Stay;
  capacity: number;
  rules: StayRules;
  today: string;
  lastCheckOutDate: string;
  loading: boolean;
  /** False until the page's script runs: controls wait for it rather than drop a press. */
  interactive: boolean;
  onCheckIn: (day: string) => void;
  onCheckOut: (day: string) => void;
  onGuests: (guests: number) => void;
  /** Why the stay cannot be booked, after Next or the server refused it; marks the date fields. */
  problem?: string;
}) {
  const hintId = useId();
  const [openField, setOpenField] = useState<"checkIn" | "checkOut">();
  const describedBy = problem ? `${hintId} ${hintId}-error` : hintId;
  const nights =
    stay.checkIn && stay.checkOut && stay.checkOut > stay.checkIn
      ? nightsBetween(stay.checkIn, stay.checkOut)
      : 0;
  return (
    <div className="flex flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <DateField
          label="Check-in"
          value={stay.checkIn}
          onChange={(day) => {
            onCheckIn(day);
            // Then the check-out, the next thing to pick.
            setOpenField("checkOut");
          }}
          open={openField === "checkIn"}
          onOpenChange={(open) => setOpenField(open ? "checkIn" : undefined)}
          isDisabled={rules.isCheckInDisabled}
          firstDay={today}
          lastDay={addDays(lastCheckOutDate, -1)}
          disabled={loading || !interactive}
          invalid={problem !== undefined && !stay.checkIn}
          describedBy={describedBy}
        />
        <DateField
          label="Check-out"
          value={stay.checkOut}
          onChange={onCheckOut}
          open={openField === "checkOut"}
          onOpenChange={(open) => setOpenField(open ? "checkOut" : undefined)}
          isDisabled={(day) => rules.isCheckOutDisabled(stay.checkIn, day)}
          firstDay={stay.checkIn ? addDays(stay.checkIn, 1) : addDays(today, 1)}
          lastDay={lastCheckOutDate}
          disabled={loading || !interactive}
          invalid={problem !== undefined}
          describedBy={describedBy}
        />
      </div>
      <p id={hintId} className="text-sm text-stone-700">
        {loading
          ? "Checking which nights are free…"
          : rules.minimumNights > 1
            ? `Minimum stay: ${rules.minimumNights} nights. Dates that are taken are crossed out.`
            : "Dates that are taken are crossed out."}
      </p>
      {problem ? (
        <p id={`${hintId}-error`} className="text-sm font-medium text-red-700">
          {problem}
        </p>
      ) : null}
      <GuestsField
        guests={stay.guests}
        capacity={capacity}
        onChange={onGuests}
        disabled={!interactive}
      />
      {nights > 0 ? (
        <p className="text-sm font-medium text-stone-900">
          {nights} {nights === 1 ? "night" : "nights"}, {stay.guests}{" "}
          {stay.guests === 1 ? "guest" : "guests"}
        </p>
      ) : null}
    </div>
  );
}

/** Guests from 1 to the campsite's capacity; a non-numeric entry becomes 1. */
function GuestsField({
  guests,
  capacity,
  onChange,
  disabled,
}: {
  guests: number;
  capacity: number;
  onChange: (guests: number) => void;
  disabled: boolean;
}) {
  const id = useId();
  const [text, setText] = useState(String(guests));
  useEffect(() => setText(String(guests)), [guests]);
  const set = (value: number) => onChange(guestsFromInput(String(value), capacity));
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-stone-900">
        Guests
      </label>
      <div className="flex items-center gap-2">
        <Button
          type="button"
          variant="outline"
          size="icon"
          className="size-12"
          aria-label="One guest fewer"
          disabled={disabled || guests <= 1}
          onClick={() => set(guests - 1)}
        >
          <Minus aria-hidden="true" />
        </Button>
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={capacity}
          step={1}
          value={text}
          disabled={disabled}
          aria-describedby={`${id}-hint`}
          className="h-12 w-20 text-center text-base"
          onChange={(e) => {
            setText(e.target.value);
            // Empty while typing is fine; the count itself never leaves 1..capacity.
            if (e.target.value !== "") onChange(guestsFromInput(e.target.value, capacity));
          }}
          onBlur={() => {
            const value = guestsFromInput(text, capacity);
            setText(String(value));
            onChange(value);
          }}
        />
        <Button
          type="button"
          variant="outline"
          size="icon"
          className="size-12"
          aria-label="One guest more"
          disabled={disabled || guests >= capacity}
          onClick={() => set(guests + 1)}
        >
          <Plus aria-hidden="true" />
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-sm text-stone-700">
        Up to {capacity} guests
      </p>
    </div>
  );
}
