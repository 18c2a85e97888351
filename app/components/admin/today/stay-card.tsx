// One booking on the Today screen: who, where, how many, the extras, a
// tap-to-call phone, what is left to pay, its state and its mark button.
import { Phone } from "lucide-react";
import { Badge } from "#app/components/ui/card.tsx";
import type { TodayArrival, TodayBooking } from "#domain/api/admin-today.ts";
import { arrivalLabels } from "#domain/rules/today.ts";
import { balanceLabel, partyLabel, telHref } from "./labels";
import { MarkButton } from "./mark-button";
import { RecordPayment } from "./record-payment";

export type TodayGroupName = "arrivals" | "departures" | "onSite";

type Tone = "green" | "blue" | "amber" | "neutral" | "red";

/** The state badge and which mark the card offers, by group. */
function stateOf(
  group: TodayGroupName,
  stay: TodayBooking | TodayArrival,
  day: string,
  today: string,
) {
  const checkedIn = stay.checkedInAt !== null;
  if (group === "departures") {
    const out = stay.checkedOutAt !== null;
    return {
      label: out ? "Checked out" : "Due out by 10am",
      tone: (out ? "green" : "neutral") as Tone,
      mark: { mark: "check-out" as const, marked: out },
    };
  }
  if ("arrival" in stay && group === "arrivals") {
    const tones: Record<TodayArrival["arrival"], Tone> = {
      "checked-in": "green",
      expected: "blue",
      late: "amber",
    };
    return {
      label: arrivalLabels[stay.arrival],
      tone: tones[stay.arrival],
      mark: { mark: "check-in" as const, marked: checkedIn },
    };
  }
  // On site: an arrival of the day is marked in Arrivals; an earlier one not marked may be here.
  const arrivesToday = stay.checkIn === day;
  return {
    label: checkedIn
      ? "Checked in"
      : arrivesToday
        ? day === today
          ? "Arriving today"
          : "Arriving"
        : "Not checked in",
    tone: (checkedIn ? "green" : "neutral") as Tone,
    mark: checkedIn || arrivesToday ? null : { mark: "check-in" as const, marked: false },
  };
}

export function StayCard({
  group,
  stay,
  day,
  today,
}: {
  group: TodayGroupName;
  stay: TodayBooking | TodayArrival;
  day: string;
  /** The farm's today: a day after it shows no mark to set, only one to undo. */
  today: string;
}) {
  const state = stateOf(group, stay, day, today);
  const mark = state.mark && (state.mark.marked || day <= today) ? state.mark : null;
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-white p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <h3 className="break-words font-semibold text-stone-900">
          {stay.guestName}{" "}
          <span className="font-mono text-sm font-normal text-stone-700">
            {stay.bookingReference}
          </span>
        </h3>
        <p className="text-sm text-stone-800">
          {stay.campsiteName} · {stay.unitName}
        </p>
        <p className="text-sm text-stone-800">{partyLabel(stay)}</p>
        {stay.extras.length > 0 ? (
          <p className="break-words text-sm text-stone-800">Extras: {stay.extras.join(", ")}</p>
        ) : null}
        {stay.notes.map((note) => (
          <p key={note} className="break-words text-sm text-stone-800">
            {note}
          </p>
        ))}
        {stay.phone ? (
          <a
            href={telHref(stay.phone)}
            className="inline-flex w-fit items-center gap-1.5 py-1 text-sm font-semibold text-paddock-700 underline underline-offset-2"
            aria-label={`Call ${stay.guestName} on ${stay.phone}`}
          >
            <Phone className="size-4" aria-hidden />
            {stay.phone}
          </a>
        ) : (
          <p className="text-sm text-stone-700">No phone given</p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:flex-col sm:items-end">
        <Badge tone={state.tone}>{state.label}</Badge>
        <p
          className={
            stay.balance.kind === "due"
              ? "text-sm font-semibold text-red-800"
              : "text-sm text-stone-800"
          }
        >
          {balanceLabel(stay.balance)}
        </p>
        {stay.balance.kind === "due" ? (
          <RecordPayment
            bookingId={stay.id}
            guestName={stay.guestName}
            dueCents={stay.balance.cents}
          />
        ) : null}
        {mark ? (
          <MarkButton
            bookingId={stay.id}
            guestName={stay.guestName}
            day={day}
            mark={mark.mark}
            marked={mark.marked}
          />
        ) : null}
      </div>
    </li>
  );
}
