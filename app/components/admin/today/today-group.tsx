// One group of the Today screen (Arrivals, Departures, On site tonight): a
// heading with its count, then its bookings or a line saying there are none.
import type { TodayArrival, TodayBooking } from "#domain/api/admin-today.ts";
import { StayCard, type TodayGroupName } from "./stay-card";

const none: Record<TodayGroupName, string> = {
  arrivals: "No arrivals on this day.",
  departures: "No departures on this day.",
  onSite: "Nobody on site this night.",
};

export function TodayGroup({
  group,
  title,
  day,
  today,
  stays,
}: {
  group: TodayGroupName;
  title: string;
  day: string;
  today: string;
  stays: (TodayBooking | TodayArrival)[];
}) {
  const headingId = `today-${group}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-xl font-bold text-stone-900">
        {title} <span className="font-normal text-stone-700">({stays.length})</span>
      </h2>
      {stays.length === 0 ? (
        <p className="text-stone-700">{none[group]}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {stays.map((stay) => (
            <StayCard key={stay.id} group={group} stay={stay} day={day} today={today} />
          ))}
        </ul>
      )}
    </section>
  );
}
