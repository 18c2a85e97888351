// The Prepaid Cards dialogs (spec 2.15, section 5): create/edit (the number is
// forced to uppercase and fixed once created, the balance fixed after
// creation), 'Generate Bulk Cards' (count and balance, 'Please enter valid
// numbers'), and the transaction history (booking id truncated to 8).
import { Download, Printer } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { showToast } from "#app/components/admin/use-toast.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent } from "#app/components/ui/dialog.tsx";
import { FieldError, Label } from "#app/components/ui/input.tsx";
import { Td, Th, Tr } from "#app/components/ui/table.tsx";
import type { ActionAnswer } from "#app/lib/action-answer.ts";
import { formatFarmDateTime } from "#domain/format/dates.ts";
import { formatMoney } from "#domain/format/money.ts";
import { truncate } from "#domain/format/text.ts";
import { parseForm } from "#domain/forms/form-fields.ts";
import {
  bulkCardsSchema,
  INVALID_BULK_NUMBERS,
  prepaidCardCreateSchema,
  prepaidCardEditSchema,
} from "#domain/forms/prepaid-card.ts";
import { TextField } from "./field";
import { ScrollTable } from "./scroll-table";
import { SwitchField } from "./switch-field";
import { useCheckedForm } from "./use-checked-form";

export type PrepaidCardView = {
  id: string;
  cardNumber: string;
  balanceCents: number;
  originalBalanceCents: number;
  issuedTo: string | null;
  isActive: boolean;
  /** The last day it can be spent (a gift voucher's); null when it never expires. */
  expiresOn: string | null;
  createdAt: Date;
};

export function PrepaidCardDialog({
  onClose,
  card,
  suggestedNumber,
}: {
  onClose: () => void;
  /** The card being edited; none when adding one. */
  card?: PrepaidCardView;
  suggestedNumber: string;
}) {
  const { fetcher, formRef, onSubmit, busy, errors } = useCheckedForm(
    card ? prepaidCardEditSchema : prepaidCardCreateSchema,
    onClose,
  );
  const [cardNumber, setCardNumber] = useState(card?.cardNumber ?? suggestedNumber);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={card ? "Edit Prepaid Card" : "Add Prepaid Card"}
        description={
          card
            ? "The card number and balance are fixed; you can change who it was issued to and whether it can be used."
            : "Fields marked * are required. A new number is suggested; keep it or type the number of a printed card."
        }
      >
        <fetcher.Form
          ref={formRef}
          method="post"
          noValidate
          className="flex flex-col gap-4"
          onSubmit={onSubmit}
        >
          <input type="hidden" name="intent" value={card ? "update" : "create"} />
          {card ? <input type="hidden" name="id" value={card.id} /> : null}
          <TextField
            label="Card number"
            name={card ? "cardNumberShown" : "cardNumber"}
            required={!card}
            readOnly={Boolean(card)}
            value={cardNumber}
            onChange={(event) => setCardNumber(event.currentTarget.value.toUpperCase())}
            className="[&_input]:font-mono"
            autoComplete="off"
            spellCheck={false}
            error={errors.cardNumber}
          />
          {card ? (
            <p className="text-sm">
              <span className="font-medium">Balance:</span> {formatMoney(card.balanceCents)} of{" "}
              {formatMoney(card.originalBalanceCents)}
            </p>
          ) : (
            <TextField
              label="Initial balance ($)"
              name="initialBalance"
              required
              type="number"
              min={0}
              step={0.01}
              inputMode="decimal"
              error={errors.initialBalance}
            />
          )}
          <TextField
            label="Issued to"
            name="issuedTo"
            defaultValue={card?.issuedTo ?? ""}
            error={errors.issuedTo}
            hint="Optional: who bought or won the card."
          />
          <SwitchField label="Active" name="isActive" defaultChecked={card?.isActive ?? true} />
          <div className="flex justify-end">
            <Button type="submit" disabled={busy}>
              {busy ? "Saving…" : card ? "Update Card" : "Create Card"}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

type BulkResult = ActionAnswer<{ ids: string[]; cardNumbers: string[] }>;

export function BulkCardsDialog({ onClose }: { onClose: () => void }) {
  const [created, setCreated] = useState<{ ids: string[]; cardNumbers: string[] } | null>(null);
  const { fetcher, formRef, busy, errors, setClientErrors } = useCheckedForm(
    bulkCardsSchema,
    (result) => {
      const done = (result as BulkResult & { ok: true }).result;
      if (done) setCreated(done);
    },
  );
  const message = errors.form ?? errors.count ?? errors.balance;
  const ids = created?.ids.join(",") ?? "";
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Generate Bulk Cards"
        description={
          created
            ? `${created.ids.length} new cards are ready to print or export.`
            : "How many cards, and the balance on each."
        }
      >
        {created ? (
          <div className="flex flex-col gap-4">
            <ul className="max-h-48 overflow-y-auto rounded-md border border-stone-200 p-3 font-mono text-sm">
              {created.cardNumbers.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
            <div className="flex flex-wrap justify-end gap-2">
              <Button asChild variant="outline">
                <a href={`/admin/prepaid-cards/export?ids=${ids}`} download>
                  <Download aria-hidden />
                  Download CSV
                </a>
              </Button>
              <Button asChild>
                <a href={`/admin/prepaid-cards/print?ids=${ids}`} target="_blank" rel="noopener">
                  <Printer aria-hidden />
                  Print these cards
                </a>
              </Button>
            </div>
          </div>
        ) : (
          <fetcher.Form
            ref={formRef}
            method="post"
            noValidate
            className="flex flex-col gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              const form = event.currentTarget;
              const data = new FormData(form);
              // An empty prompt does nothing (spec section 5).
              if (!String(data.get("count")).trim() && !String(data.get("balance")).trim()) {
                onClose();
                return;
              }
              const parsed = parseForm(bulkCardsSchema, data);
              if (!parsed.ok) {
                setClientErrors(parsed.errors);
                if (parsed.errors.form === INVALID_BULK_NUMBERS) {
                  showToast({ kind: "error", title: INVALID_BULK_NUMBERS });
                }
                return;
              }
              setClientErrors({});
              fetcher.submit(form);
            }}
          >
            <input type="hidden" name="intent" value="bulk" />
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="bulk-count">Number of cards</Label>
                <input
                  id="bulk-count"
                  name="count"
                  type="number"
                  min={1}
                  max={100}
                  step={1}
                  inputMode="numeric"
                  aria-invalid={message ? true : undefined}
                  aria-describedby={message ? "bulk-error" : undefined}
                  className="h-10 rounded-md border border-stone-400 px-3 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-paddock-700 sm:text-sm"
                />
              </div>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="bulk-balance">Balance on each card ($)</Label>
                <input
                  id="bulk-balance"
                  name="balance"
                  type="number"
                  min={0}
                  step={0.01}
                  inputMode="decimal"
                  aria-invalid={message ? true : undefined}
                  aria-describedby={message ? "bulk-error" : undefined}
                  className="h-10 rounded-md border border-stone-400 px-3 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-paddock-700 sm:text-sm"
                />
              </div>
            </div>
            <FieldError id="bulk-error">{message}</FieldError>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? "Generating…" : "Generate"}
              </Button>
            </div>
          </fetcher.Form>
        )}
      </DialogContent>
    </Dialog>
  );
}

type Transaction = {
  id: string;
  createdAt: string;
  transactionType: "debit" | "credit" | "other";
  amountCents: number;
  description: string;
  bookingId: string | null;
  bookingReference: string | null;
};

const TYPE_LABELS = { debit: "Debit", credit: "Credit", other: "Other" } as const;

export function TransactionsDialog({
  card,
  onClose,
}: {
  card: PrepaidCardView;
  onClose: () => void;
}) {
  const fetcher = useFetcher<{ transactions?: Transaction[]; error?: string }>();
  const [failed, setFailed] = useState(false);
  const { load } = fetcher;
  useEffect(() => {
    load(`/admin/prepaid-cards/${card.id}/transactions`);
  }, [load, card.id]);
  const data = fetcher.data;
  useEffect(() => {
    if (fetcher.state === "idle" && data && !data.transactions && !failed) {
      setFailed(true);
      showToast({ kind: "error", title: "Failed to load transactions", description: data.error });
    }
  }, [fetcher.state, data, failed]);

  const transactions = data?.transactions;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={`Transactions of ${card.cardNumber}`}
        description={`Balance ${formatMoney(card.balanceCents)} of ${formatMoney(card.originalBalanceCents)}.`}
        className="max-w-3xl"
      >
        {!transactions ? (
          <p role="status" className="text-stone-700">
            {failed ? "Failed to load transactions" : "Loading transactions…"}
          </p>
        ) : transactions.length === 0 ? (
          <p className="text-stone-700">No transactions yet.</p>
        ) : (
          <ScrollTable label="Transactions, newest first" className="rounded-md">
            <thead>
              <Tr>
                <Th scope="col">Date</Th>
                <Th scope="col">Type</Th>
                <Th scope="col">Amount</Th>
                <Th scope="col">Description</Th>
                <Th scope="col">Booking</Th>
              </Tr>
            </thead>
            <tbody>
              {transactions.map((t) => (
                <Tr key={t.id}>
                  <Td className="whitespace-nowrap">{formatFarmDateTime(t.createdAt)}</Td>
                  <Td>{TYPE_LABELS[t.transactionType]}</Td>
                  <Td className="whitespace-nowrap">
                    {t.transactionType === "debit" ? "−" : ""}
                    {formatMoney(t.amountCents)}
                  </Td>
                  <Td>{t.description}</Td>
                  <Td className="font-mono" title={t.bookingReference ?? undefined}>
                    {t.bookingId ? truncate(t.bookingId, 8) : "—"}
                  </Td>
                </Tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </DialogContent>
    </Dialog>
  );
}
