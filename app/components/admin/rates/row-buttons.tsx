// The buttons of a season's or an extra's row: edit, delete after a
// confirmation, and an extra's activate/deactivate. Deletes share one keyed
// fetcher whose answer the screen shows (useRatesDeleteToasts): the deleted
// row leaves before its own button could show the toast.
import { Pencil, Power, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmDialog } from "#app/components/admin/catalogue/confirm-dialog.tsx";
import { useAnswer } from "#app/components/admin/use-answer.ts";
import { Button } from "#app/components/ui/button.tsx";
import type { ActionAnswer } from "#app/lib/action-answer.ts";

const DELETE_FETCHER = "rates-delete";

/** Call once on the screen: shows each delete's answer. */
export function useRatesDeleteToasts() {
  useAnswer(useFetcher<ActionAnswer>({ key: DELETE_FETCHER }));
}

export function EditButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="outline" size="sm" aria-label={`Edit ${label}`} onClick={onClick}>
      <Pencil aria-hidden />
      Edit
    </Button>
  );
}

export function DeleteButton({
  intent,
  idField,
  id,
  label,
  question,
}: {
  intent: "delete-season" | "delete-extra";
  idField: "seasonId" | "extraId";
  id: string;
  /** What the row is, for screen readers: "season Christmas". */
  label: string;
  question: string;
}) {
  const fetcher = useFetcher<ActionAnswer>({ key: DELETE_FETCHER });
  const [open, setOpen] = useState(false);
  const busy = fetcher.state !== "idle";
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="text-red-800"
        disabled={busy}
        aria-label={`Delete ${label}`}
        onClick={() => setOpen(true)}
      >
        <Trash2 aria-hidden />
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={question}
        description={`The ${label} will be removed. This cannot be undone.`}
        confirmLabel="Delete"
        busy={busy}
        onConfirm={() => {
          setOpen(false);
          fetcher.submit({ intent, [idField]: id }, { method: "post" });
        }}
      />
    </>
  );
}

/** Moves at once, and back if the change is refused. */
export function ToggleExtraButton({
  extraId,
  isActive,
  name,
}: {
  extraId: string;
  isActive: boolean;
  name: string;
}) {
  const fetcher = useFetcher<ActionAnswer>();
  useAnswer(fetcher);
  const pending = fetcher.formData?.get("isActive");
  const shownActive = typeof pending === "string" ? pending === "true" : isActive;
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={fetcher.state !== "idle"}
      aria-label={`${shownActive ? "Deactivate" : "Activate"} extra ${name}`}
      onClick={() =>
        fetcher.submit(
          { intent: "set-extra-active", extraId, isActive: String(!shownActive) },
          { method: "post" },
        )
      }
    >
      <Power aria-hidden />
      {shownActive ? "Deactivate" : "Activate"}
    </Button>
  );
}
