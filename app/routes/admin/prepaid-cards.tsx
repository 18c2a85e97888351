// /admin/prepaid-cards (spec 2.15, 5, 7.4, 8): the table, the create/edit
// dialog, 'Generate Bulk Cards', activate/deactivate, delete after 'Are you
// sure you want to delete this prepaid card?', the transaction history, and
// printing or exporting cards so the farm can sell them.
import { Download, Gift, Layers, Plus, Printer } from "lucide-react";
import { useState } from "react";
import {
  GiftVouchersSold,
  type SoldVoucher,
} from "#app/components/admin/catalogue/gift-vouchers-sold.tsx";
import {
  BulkCardsDialog,
  PrepaidCardDialog,
  type PrepaidCardView,
  TransactionsDialog,
} from "#app/components/admin/catalogue/prepaid-card-dialogs.tsx";
import { PrepaidCardsTable } from "#app/components/admin/catalogue/prepaid-cards-table.tsx";
import { useDeleteToasts } from "#app/components/admin/catalogue/row-actions.tsx";
import { ScreenHeader, ScreenLoadError } from "#app/components/admin/catalogue/screen-error.tsx";
import { EmptyState } from "#app/components/admin/empty-state.tsx";
import { adminPageTitle } from "#app/components/admin/page-title.ts";
import { Button } from "#app/components/ui/button.tsx";
import { invalidForm, ok, refused, unknownIntent } from "#app/routes/action-answer.server.ts";
import { requireOwnerScreen } from "#app/routes/admin/guards.server.ts";
import { readForm } from "#app/routes/form-body.server.ts";
import { formatFarmDateTime } from "#domain/format/dates.ts";
import { parseForm } from "#domain/forms/form-fields.ts";
import {
  bulkCardsSchema,
  INVALID_BULK_NUMBERS,
  prepaidCardCreateSchema,
  prepaidCardEditSchema,
} from "#domain/forms/prepaid-card.ts";
import { soldGiftVouchers } from "#server/services/payments/gift-vouchers.ts";
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
  await requireOwnerScreen(request, context);
  const [cards, sold] = await Promise.all([
    listPrepaidCards(context.db),
    soldGiftVouchers(context.db),
  ]);
  const vouchers: SoldVoucher[] = sold.map(({ paidAt, ...voucher }) => ({
    ...voucher,
    paid: paidAt ? formatFarmDateTime(paidAt) : "",
  }));
  return {
    cards: cards satisfies PrepaidCardView[],
    vouchers,
    suggestedNumber: suggestCardNumber(),
  };
}

const saveFailed = (message?: string) => ({
  kind: "error" as const,
  title: "Failed to save prepaid card",
  description: message,
});

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireOwnerScreen(request, context);
  const form = await readForm(request);
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
  const { cards, vouchers, suggestedNumber } = loaderData;
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
        <EmptyState icon={Gift} text="No prepaid cards yet" />
      ) : (
        <PrepaidCardsTable
          cards={cards}
          onHistory={(card) => setOpen({ dialog: "history", card })}
          onEdit={(card) => setOpen({ dialog: "edit", card })}
        />
      )}

      <GiftVouchersSold vouchers={vouchers} />

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
