// The Calendar sync screen's Conflicts card: nights booked and paid here that
// an imported calendar closes too, so they may have been sold twice.
import { AlertTriangle } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import type { Conflict } from "#domain/api/calendar-sync.ts";
import { formatDay } from "#domain/format/dates.ts";

const formatDate = (day: string) => formatDay(day, { weekday: false });

export function Conflicts({ conflicts }: { conflicts: Conflict[] }) {
  return (
    <section aria-labelledby="conflicts-heading">
      <Card className="border-red-300 bg-red-50">
        <CardHeader>
          <CardTitle id="conflicts-heading" className="flex items-center gap-2 text-red-900">
            <AlertTriangle className="size-5" aria-hidden />
            Conflicts
          </CardTitle>
          <p className="text-sm text-red-900">
            These nights are booked and paid here and also closed by an imported calendar: they may
            have been sold twice. Contact the guests and the other listing to sort them out.
          </p>
        </CardHeader>
        <CardContent>
          <ul className="flex flex-col gap-3">
            {conflicts.map((c) => (
              <li
                key={`${c.feedId}-${c.bookingId}`}
                className="rounded-md border border-red-200 bg-white p-3 text-sm"
              >
                <p className="font-semibold">
                  {c.bookingReference} · {c.unitName ?? c.campsiteName} ·{" "}
                  {formatDate(c.checkInDate)} to {formatDate(c.checkOutDate)} ({c.status})
                </p>
                <p className="mt-1 text-stone-800">
                  Closed by {c.feedName} on {c.nights.map(formatDate).join(", ")}
                </p>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </section>
  );
}
