// 'Seasons': each season's nights, prices and minimum stay, with edit and
// delete, and the dialog that adds or edits one.
import { CalendarRange, Plus } from "lucide-react";
import { useState } from "react";
import { nightsLabel } from "#app/components/admin/format.ts";
import { Button } from "#app/components/ui/button.tsx";
import { formatDay } from "#domain/format/dates.ts";
import { formatMoney } from "#domain/format/money.ts";
import { amountText, type SeasonFormValues, type SeasonView, seasonFormValues } from "./rates-view";
import { DeleteRowButton, EditButton } from "./row-buttons";
import { SeasonDialog } from "./season-dialog";
import { RatesSection } from "./section";

type Editing = { seasonId?: string; values: SeasonFormValues } | null;

export function Seasons({
  seasons,
  nightPriceCents,
  minimumNightStay,
}: {
  seasons: SeasonView[];
  /** The campsite's nightly price, a new season's starting point. */
  nightPriceCents: number;
  minimumNightStay: number;
}) {
  const [editing, setEditing] = useState<Editing>(null);
  const add = () =>
    setEditing({
      values: {
        name: "",
        startDate: "",
        endDate: "",
        nightPrice: amountText(nightPriceCents),
        weekendPrice: "",
        minimumNights: String(minimumNightStay),
      },
    });
  return (
    <RatesSection
      id="seasons-heading"
      title="Seasons"
      description="Dates with their own prices and minimum stay, such as school holidays."
      action={
        <Button onClick={add} className="w-full sm:w-auto">
          <Plus aria-hidden />
          Add season
        </Button>
      }
    >
      {seasons.length === 0 ? (
        <p className="text-sm text-stone-700">No seasons: every night takes the prices above.</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Seasons">
          {seasons.map((season) => (
            <SeasonRow
              key={season.id}
              season={season}
              onEdit={() => setEditing({ seasonId: season.id, values: seasonFormValues(season) })}
            />
          ))}
        </ul>
      )}
      {editing ? (
        <SeasonDialog
          seasonId={editing.seasonId}
          values={editing.values}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </RatesSection>
  );
}

function SeasonRow({ season, onEdit }: { season: SeasonView; onEdit: () => void }) {
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-stone-200 p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <h3 className="flex items-center gap-2 font-semibold">
          <CalendarRange className="size-4 shrink-0 text-stone-700" aria-hidden />
          {season.name}
        </h3>
        <p className="text-sm">
          {formatDay(season.startDate)} to {formatDay(season.endDate)}
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
          <dt className="text-stone-700">Nightly</dt>
          <dd>{formatMoney(season.nightPriceCents)}</dd>
          <dt className="text-stone-700">Fri and Sat</dt>
          <dd>
            {season.weekendPriceCents === null
              ? "the nightly price"
              : formatMoney(season.weekendPriceCents)}
          </dd>
          <dt className="text-stone-700">Minimum stay</dt>
          <dd>{nightsLabel(season.minimumNights)}</dd>
        </dl>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <EditButton label={`season ${season.name}`} onClick={onEdit} />
        <DeleteRowButton
          intent="delete-season"
          idField="seasonId"
          id={season.id}
          label={`season ${season.name}`}
          question="Are you sure you want to delete this season?"
        />
      </div>
    </li>
  );
}
