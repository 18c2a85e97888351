// /admin/prepaid-cards (spec 2.15, 5, 7.4, 8): the table, the create/edit
// dialog, 'Generate Bulk Cards', activate/deactivate, delete after 'Are you
// sure you want to delete this prepaid card?', the transaction history, and
// printing or exporting cards so the farm can sell them.
import { Download, Gift, History, Layers, Pencil, Plus, Printer } from "lucide-react";
import { useState } from "react";
import {
  BulkCardsDialog,
  PrepaidCardDialog,
  type PrepaidCardView,
  TransactionsDialog,
} from "#app/components/admin/catalogue/prepaid-card-dialogs.tsx";
import {
  DeleteButton,
  ToggleActiveButton,
  useDeleteToasts,
} from "#app/components/admin/catalogue/row-actions.tsx";
import { ScreenHeader, ScreenLoadError } from "#app/components/admin/catalogue/screen-error.tsx";
import { ScrollTable } from "#app/components/admin/catalogue/scroll-table.tsx";
import { adminPageTitle } from "#app/components/admin/page-title.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Badge } from "#app/components/ui/card.tsx";
import { Td, Th, Tr } from "#app/components/ui/table.tsx";
import { invalidForm, ok, refused, unknownIntent } from "#app/routes/action-answer.server.ts";
import { requireAdminScreen } from "#app/routes/admin/guards.server.ts";
import { formatFarmDateTime } from "#domain/format/dates.ts";
import { formatMoney } from "#domain/format/money.ts";
import { parseForm } from "#domain/forms/form-fields.ts";
import {
  bulkCardsSchema,
  INVALID_BULK_NUMBERS,
  prepaidCardCreateSchema,
  prepaidCardEditSchema,
} from "#domain/forms/prepaid-card.ts";
import {
  createBulkPrepaidCards,
  createPrepaidCard,
  deletePrepaidCard,
  listPrepaidCards,
  setPrepaidCardActive,
  suggestCardNumber,
  updatePrepaidCard,
} from "#server/services/prepaid-card-admin.ts";
import type { Route } from "./+types/prepaid-cards";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle(matches, "Prepaid Cards") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminScreen(request, context);
  const cards = await listPrepaidCards(context.db);
  return { cards: cards satisfies PrepaidCardView[], suggestedNumber: suggestCardNumber() };
}

const saveFailed = (message?: string) => ({
  kind: "error" as const,
  title: "Failed to save prepaid card",
  description: message,
});

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminScreen(request, context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");

  try {
    switch (intent) {
      case "create": {
        const parsed = parseForm(prepaidCardCreateSchema, form);
        if (!parsed.ok) return invalidForm(intent, parsed.errors, saveFailed(firstOf(parsed)));
        await createPrepaidCard(context.db, admin, parsed.data);
        return ok(intent, { kind: "success", title: "Prepaid card created" });
      }
      case "update": {
        const parsed = parseForm(prepaidCardEditSchema, form);
        if (!parsed.ok) return invalidForm(intent, parsed.errors, saveFailed(firstOf(parsed)));
        await updatePrepaidCard(context.db, admin, id, parsed.data);
        return ok(intent, { kind: "success", title: "Prepaid card updated" });
      }
      case "bulk": {
        const parsed = parseForm(bulkCardsSchema, form);
        if (!parsed.ok) {
          return invalidForm(intent, parsed.errors, {
            kind: "error",
            title: parsed.errors.form ?? "Failed to create bulk prepaid cards",
            description: parsed.errors.form ? undefined : firstOf(parsed),
          });
        }
        const cards = await createBulkPrepaidCards(context.db, admin, parsed.data);
        return ok(
          intent,
          { kind: "success", title: `${cards.length} prepaid cards created successfully` },
          { ids: cards.map((c) => c.id), cardNumbers: cards.map((c) => c.cardNumber) },
        );
      }
      case "set-active": {
        const isActive = form.get("isActive") === "true";
        await setPrepaidCardActive(context.db, admin, id, isActive);
        return ok(intent, {
          kind: "success",
          title: `Prepaid card ${isActive ? "activated" : "deactivated"}`,
        });
      }
      case "delete":
        await deletePrepaidCard(context.db, admin, id);
        return ok(intent, { kind: "success", title: "Prepaid card deleted" });
      default:
        return unknownIntent(intent);
    }
  } catch (error) {
    return refused(intent, error, (message) => ({
      kind: "error",
      title: failureTitles[intent] ?? "Failed to save prepaid card",
      description: message,
    }));
  }
}

const failureTitles: Record<string, string> = {
  create: "Failed to save prepaid card",
  update: "Failed to save prepaid card",
  bulk: "Failed to create bulk prepaid cards",
  "set-active": "Failed to update prepaid card status",
  delete: "Failed to delete prepaid card",
};

function firstOf(parsed: { errors: Record<string, string> }) {
  return Object.values(parsed.errors)[0] ?? INVALID_BULK_NUMBERS;
}

type Open =
  | { dialog: "none" }
  | { dialog: "create" }
  | { dialog: "edit"; card: PrepaidCardView }
  | { dialog: "bulk" }
  | { dialog: "history"; card: PrepaidCardView };

export default function AdminPrepaidCards({ loaderData }: Route.ComponentProps) {
  const { cards, suggestedNumber } = loaderData;
  const [open, setOpen] = useState<Open>({ dialog: "none" });
  useDeleteToasts();
  const close = () => setOpen({ dialog: "none" });

  return (
    <>
      <ScreenHeader
        title="Prepaid Cards"
        description="Gift and prepaid cards campers redeem at checkout. Print or export them to sell."
      >
        <Button onClick={() => setOpen({ dialog: "create" })}>
          <Plus aria-hidden />
          Add Prepaid Card
        </Button>
        <Button variant="accent" onClick={() => setOpen({ dialog: "bulk" })}>
          <Layers aria-hidden />
          Generate Bulk Cards
        </Button>
        <Button asChild variant="outline">
          <a href="/admin/prepaid-cards/print" target="_blank" rel="noopener">
            <Printer aria-hidden />
            Print cards
          </a>
        </Button>
        <Button asChild variant="outline">
          <a href="/admin/prepaid-cards/export" download>
            <Download aria-hidden />
            Export CSV
          </a>
        </Button>
      </ScreenHeader>

      {cards.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-stone-300 bg-white px-6 py-16 text-center">
          <Gift className="size-10 text-stone-500" aria-hidden />
          <p className="text-lg font-semibold">No prepaid cards yet</p>
        </div>
      ) : (
        <ScrollTable label="Prepaid cards, newest first">
          <thead>
            <Tr>
              <Th scope="col">Card Number</Th>
              <Th scope="col">Balance</Th>
              <Th scope="col">Issued To</Th>
              <Th scope="col">Status</Th>
              <Th scope="col">Created</Th>
              <Th scope="col">Actions</Th>
            </Tr>
          </thead>
          <tbody>
            {cards.map((card) => (
              <Tr key={card.id}>
                <Td className="whitespace-nowrap font-mono font-semibold">{card.cardNumber}</Td>
                <Td className="whitespace-nowrap">
                  <div className="font-semibold">{formatMoney(card.balanceCents)}</div>
                  <div className="text-xs text-stone-700">
                    of {formatMoney(card.originalBalanceCents)}
                  </div>
                </Td>
                <Td>{card.issuedTo ?? <span className="text-stone-700">Not recorded</span>}</Td>
                <Td>
                  <Badge tone={card.isActive ? "green" : "neutral"}>
                    {card.isActive ? "Active" : "Inactive"}
                  </Badge>
                </Td>
                <Td className="whitespace-nowrap">{formatFarmDateTime(card.createdAt)}</Td>
                <Td>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`History of card ${card.cardNumber}`}
                      onClick={() => setOpen({ dialog: "history", card })}
                    >
                      <History aria-hidden />
                      History
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Edit card ${card.cardNumber}`}
                      onClick={() => setOpen({ dialog: "edit", card })}
                    >
                      <Pencil aria-hidden />
                      Edit
                    </Button>
                    <ToggleActiveButton
                      id={card.id}
                      isActive={card.isActive}
                      label={`card ${card.cardNumber}`}
                    />
                    <DeleteButton
                      id={card.id}
                      label={`card ${card.cardNumber}`}
                      question="Are you sure you want to delete this prepaid card?"
                    />
                  </div>
                </Td>
              </Tr>
            ))}
          </tbody>
        </ScrollTable>
      )}

      {open.dialog === "create" ? (
        <PrepaidCardDialog onClose={close} suggestedNumber={suggestedNumber} />
      ) : null}
      {open.dialog === "edit" ? (
        <PrepaidCardDialog onClose={close} card={open.card} suggestedNumber={suggestedNumber} />
      ) : null}
      {open.dialog === "bulk" ? <BulkCardsDialog onClose={close} /> : null}
      {open.dialog === "history" ? <TransactionsDialog card={open.card} onClose={close} /> : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ScreenLoadError
      error={error}
      title="Failed to load prepaid cards"
      description="Please reload the page to try again."
      reloadHref="/admin/prepaid-cards"
    />
  );
}
