// The per-row actions of the discount code and prepaid card tables (and of the
// Rates screen's seasons and extras): activate or deactivate with a button, and
// delete after the spec's confirmation. Each posts its intent and the row's id;
// a screen whose action reads other names gives them.
import { Power, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { useAnswer } from "#app/components/admin/use-answer.ts";
import { Button } from "#app/components/ui/button.tsx";
import type { ActionAnswer } from "#app/lib/action-answer.ts";
import { ConfirmDialog } from "./confirm-dialog";

export function ToggleActiveButton({
  intent = "set-active",
  idField = "id",
  id,
  isActive,
  label,
}: {
  intent?: string;
  idField?: string;
  id: string;
  isActive: boolean;
  /** What the row is, for screen readers: "code SUMMER10". */
  label: string;
}) {
  const fetcher = useFetcher<ActionAnswer>();
  useAnswer(fetcher);
  const pending = fetcher.formData?.get("isActive");
  const shownActive = pending !== undefined && pending !== null ? pending === "true" : isActive;
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={fetcher.state !== "idle"}
      aria-label={`${shownActive ? "Deactivate" : "Activate"} ${label}`}
      onClick={() =>
        fetcher.submit(
          { intent, [idField]: id, isActive: String(!shownActive) },
          { method: "post" },
        )
      }
    >
      <Power aria-hidden />
      {shownActive ? "Deactivate" : "Activate"}
    </Button>
  );
}

/**
 * Deletes share one fetcher, owned by the screen through useDeleteToasts: the
 * deleted row leaves the table before its own component could show the toast.
 */
const DELETE_FETCHER = "catalogue-delete";

/** Call once in a screen with DeleteButtons: shows each delete's answer. */
export function useDeleteToasts() {
  const fetcher = useFetcher<ActionAnswer>({ key: DELETE_FETCHER });
  useAnswer(fetcher);
}

export function DeleteButton({
  intent = "delete",
  idField = "id",
  id,
  label,
  question,
  description = `${label[0]?.toUpperCase()}${label.slice(1)} will be removed. This cannot be undone.`,
}: {
  intent?: string;
  idField?: string;
  id: string;
  label: string;
  /** The spec's question: 'Are you sure you want to delete this discount code?' */
  question: string;
  description?: string;
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
        description={description}
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
