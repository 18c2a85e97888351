// The buttons of a season's or an extra's row: edit, and delete after a
// confirmation (the catalogue's DeleteButton, whose shared fetcher's answers
// the screen shows with useDeleteToasts: the deleted row leaves before its own
// button could show the toast). An extra's activate/deactivate is the
// catalogue's ToggleActiveButton.
import { Pencil } from "lucide-react";
import { DeleteButton } from "#app/components/admin/catalogue/row-actions.tsx";
import { Button } from "#app/components/ui/button.tsx";

export function EditButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="outline" size="sm" aria-label={`Edit ${label}`} onClick={onClick}>
      <Pencil aria-hidden />
      Edit
    </Button>
  );
}

/** Deletes a season or an extra after the confirmation. */
export function DeleteRowButton(row: {
  intent: "delete-season" | "delete-extra";
  idField: "seasonId" | "extraId";
  id: string;
  /** What the row is, for screen readers: "season Christmas". */
  label: string;
  question: string;
}) {
  return (
    <DeleteButton
      {...row}
      description={`The ${row.label} will be removed. This cannot be undone.`}
    />
  );
}
