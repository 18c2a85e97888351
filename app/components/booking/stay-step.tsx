// Step 1: dates, guests and dogs (spec 2.12, 4 and 5, issue 13). Past, blocked
// and fully booked nights cannot be picked; each night shows its price and
// whether it needs a longer stay; check-out is at least the minimum stay of
// the nights after check-in. Dogs are asked for only where the campsite takes them.
import { useId, useState } from "react";
import { formatMoney } from "#domain/format/money.ts";
import { dogsFromInput, guestsFromInput } from "#domain/rules/booking-query.ts";
import { addDays, nightsBetween } from "#domain/rules/dates.ts";
import type { StayRules } from "#domain/rules/stay-dates.ts";
import { CountField } from "./count-field";
import { DateField } from "./date-field";
import type { NightMark } from "./night-marks";

export type Stay = { checkIn?: string; checkOut?: string; guests: number; dogs: number };

/** What the campsite's rates say about dogs; absent while unknown or when it takes none. */
export type DogRules = { maxDogs: number; petFeeCents: number };

/** The calendar's prices and marks, once the rates are known. */
export type CalendarMarks = {
  marks: (day: string) => NightMark | undefined;
  /** The longer minimum stays some nights demand (e.g. [3]), for the legend. */
  longerMinimums: number[];
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function StayStep({
  stay,
  capacity,
  dogRules,
  calendar,
  rules,
  today,
  lastCheckOutDate,
  loading,
  interactive,
  onCheckIn,
  onCheckOut,
  onGuests,
  onDogs,
  problem,
}: {
  stay: Stay;
  capacity: number;
  dogRules?: DogRules;
  calendar?: CalendarMarks;
  rules: StayRules;
  today: string;
  lastCheckOutDate: string;
  loading: boolean;
  /** False until the page's script runs: controls wait for it rather than drop a press. */
  interactive: boolean;
  onCheckIn: (day: string) => void;
  onCheckOut: (day: string) => void;
  onGuests: (guests: number) => void;
  onDogs: (dogs: number) => void;
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
  const legend = calendar ? <MarksLegend minimums={calendar.longerMinimums} /> : undefined;
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
          marks={calendar?.marks}
          legend={legend}
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
          marks={calendar?.marks}
          legend={legend}
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
      <div className="grid gap-4 sm:grid-cols-2">
        <CountField
          label="Guests"
          value={stay.guests}
          min={1}
          max={capacity}
          fromInput={(text) => guestsFromInput(text, capacity)}
          onChange={onGuests}
          disabled={!interactive}
          fewerLabel="One guest fewer"
          moreLabel="One guest more"
          hint={`Up to ${capacity} guests`}
        />
        {dogRules ? (
          <CountField
            label="Dogs"
            value={stay.dogs}
            min={0}
            max={dogRules.maxDogs}
            fromInput={(text) => dogsFromInput(text, dogRules.maxDogs)}
            onChange={onDogs}
            disabled={!interactive}
            fewerLabel="One dog fewer"
            moreLabel="One dog more"
            hint={dogsHint(dogRules)}
          />
        ) : null}
      </div>
      {nights > 0 ? (
        <p className="text-sm font-medium text-stone-900">
          {plural(nights, "night")}, {plural(stay.guests, "guest")}
          {stay.dogs > 0 ? `, ${plural(stay.dogs, "dog")}` : ""}
        </p>
      ) : null}
    </div>
  );
}

/** 'Up to 2 dogs, $10.00 per dog per night'. */
function dogsHint({ maxDogs, petFeeCents }: DogRules): string {
  const fee = petFeeCents > 0 ? `, ${formatMoney(petFeeCents)} per dog per night` : "";
  return `Up to ${plural(maxDogs, "dog")}${fee}`;
}

/** What the calendar's marks mean: the price below each day, and '3+' for a longer stay. */
function MarksLegend({ minimums }: { minimums: number[] }) {
  return (
    <p className="mt-1 max-w-72 px-1 text-xs text-stone-700">
      Each night shows its price.
      {minimums.map((n) => (
        <span key={n}>
          {" "}
          <span className="rounded-sm bg-amber-100 px-0.5 font-semibold text-amber-900">{n}+</span>{" "}
          marks nights that need a stay of at least {n} nights.
        </span>
      ))}
    </p>
  );
}
