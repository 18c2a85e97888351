// 'Extras': what campers can add to a stay at this campsite, each with its
// price per stay or per night and the most one stay may take; edit,
// activate or deactivate, delete.
import { Plus } from "lucide-react";
import { useState } from "react";
import { ToggleActiveButton } from "#app/components/admin/catalogue/row-actions.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Badge } from "#app/components/ui/card.tsx";
import { cn } from "#app/lib/utils.ts";
import { formatMoney } from "#domain/format/money.ts";
import { ExtraDialog } from "./extra-dialog";
import { type ExtraFormValues, type ExtraView, extraFormValues } from "./rates-view";
import { DeleteRowButton, EditButton } from "./row-buttons";
import { RatesSection } from "./section";

type Editing = { extraId?: string; values: ExtraFormValues } | null;

const NEW_EXTRA: ExtraFormValues = { name: "", price: "", per: "stay", maxQuantity: "1" };

export function Extras({ extras }: { extras: ExtraView[] }) {
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <RatesSection
      id="extras-heading"
      title="Extras"
      description="Sold with a stay. Inactive extras are no longer offered; stays booked with them keep them."
      action={
        <Button onClick={() => setEditing({ values: NEW_EXTRA })} className="w-full sm:w-auto">
          <Plus aria-hidden />
          Add extra
        </Button>
      }
    >
      {extras.length === 0 ? (
        <p className="text-sm text-stone-700">No extras yet.</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Extras">
          {extras.map((extra) => (
            <ExtraRow
              key={extra.id}
              extra={extra}
              onEdit={() => setEditing({ extraId: extra.id, values: extraFormValues(extra) })}
            />
          ))}
        </ul>
      )}
      {editing ? (
        <ExtraDialog
          extraId={editing.extraId}
          values={editing.values}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </RatesSection>
  );
}

function ExtraRow({ extra, onEdit }: { extra: ExtraView; onEdit: () => void }) {
  return (
    <li
      className={cn(
        "flex flex-col gap-3 rounded-lg border border-stone-200 p-4 sm:flex-row sm:items-start sm:justify-between",
        !extra.isActive && "border-dashed bg-stone-50",
      )}
    >
      <div className="flex min-w-0 flex-col gap-1">
        <h3 className="flex flex-wrap items-center gap-2 font-semibold">
          {extra.name}
          <Badge tone={extra.isActive ? "green" : "neutral"}>
            {extra.isActive ? "Active" : "Inactive"}
          </Badge>
        </h3>
        <p className="text-sm">
          {formatMoney(extra.priceCents)} {extra.per === "night" ? "per night" : "per stay"}, up to{" "}
          {extra.maxQuantity} per stay
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <EditButton label={`extra ${extra.name}`} onClick={onEdit} />
        <ToggleActiveButton
          intent="set-extra-active"
          idField="extraId"
          id={extra.id}
          isActive={extra.isActive}
          label={`extra ${extra.name}`}
        />
        <DeleteRowButton
          intent="delete-extra"
          idField="extraId"
          id={extra.id}
          label={`extra ${extra.name}`}
          question="Are you sure you want to delete this extra?"
        />
      </div>
    </li>
  );
}
