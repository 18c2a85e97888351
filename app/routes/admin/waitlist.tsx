// The waitlist (issue 31, item 3): each stay to come that campers wait for,
// by check-in and campsite, with who waits in the order they joined and
// whether they have been told it is free. The owner's.

import { ScreenHeader } from "#app/components/admin/catalogue/screen-error.tsx";
import { ScrollTable } from "#app/components/admin/catalogue/scroll-table.tsx";
import { adminPageTitle } from "#app/components/admin/page-title.ts";
import { Badge } from "#app/components/ui/card.tsx";
import {
  EmailAddress,
  StackBody,
  StackHead,
  StackTd,
  StackTh,
  StackTr,
} from "#app/components/ui/table.tsx";
import { requireOwnerScreen } from "#app/routes/admin/guards.server.ts";
import { formatDay, formatFarmDateTime } from "#domain/format/dates.ts";
import { nightsBetween } from "#domain/rules/dates.ts";
import { waitlistByStay } from "#server/services/waitlist.ts";
import type { Route } from "./+types/waitlist";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle(matches, "Waitlist") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwnerScreen(request, context);
  const stays = await waitlistByStay(context.db);
  return {
    stays: stays.map((stay) => ({
      ...stay,
      waiting: stay.waiting.map((w) => ({
        email: w.email,
        joined: formatFarmDateTime(w.joinedAt),
        told: w.toldAt ? formatFarmDateTime(w.toldAt) : null,
      })),
    })),
  };
}

export default function Waitlist({ loaderData: { stays } }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-6">
      <ScreenHeader
        title="Waitlist"
        description="Campers waiting for dates that were full. When a site frees up for their dates, they are emailed in the order they joined."
      />
      {stays.length === 0 ? (
        <p className="text-stone-700">Nobody is waiting for dates to come.</p>
      ) : (
        <ScrollTable label="Stays campers wait for, by check-in" stacked>
          <StackHead>
            <StackTh>Campsite</StackTh>
            <StackTh>Dates</StackTh>
            <StackTh>Waiting</StackTh>
          </StackHead>
          <StackBody>
            {stays.map((stay) => (
              <StackTr key={`${stay.campsiteName}|${stay.checkInDate}|${stay.checkOutDate}`}>
                <StackTd label="Campsite" className="font-semibold">
                  {stay.campsiteName}
                </StackTd>
                <StackTd label="Dates">
                  {formatDay(stay.checkInDate)} to {formatDay(stay.checkOutDate)} (
                  {nightsBetween(stay.checkInDate, stay.checkOutDate)} nights)
                </StackTd>
                <StackTd label="Waiting" className="min-w-56">
                  <ol className="flex flex-col gap-2">
                    {stay.waiting.map((w) => (
                      <li key={w.email}>
                        <EmailAddress address={w.email} />
                        <span className="block text-sm text-stone-700">
                          Joined {w.joined}{" "}
                          {w.told ? (
                            <Badge tone="green">Told {w.told}</Badge>
                          ) : (
                            <Badge>Waiting</Badge>
                          )}
                        </span>
                      </li>
                    ))}
                  </ol>
                </StackTd>
              </StackTr>
            ))}
          </StackBody>
        </ScrollTable>
      )}
    </div>
  );
}
