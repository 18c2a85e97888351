// /admin/discount-codes (spec 2.15, 5, 7.4, 8): the table, the create/edit
// dialog, activate/deactivate, and delete after 'Are you sure you want to
// delete this discount code?'.
import { Pencil, Plus, Tag } from "lucide-react";
import { useCallback, useState } from "react";
import {
  DiscountCodeDialog,
  type DiscountCodeFormValues,
} from "#app/components/admin/catalogue/discount-code-dialog.tsx";
import {
  DeleteButton,
  ToggleActiveButton,
  useDeleteToasts,
} from "#app/components/admin/catalogue/row-actions.tsx";
import { ScreenHeader, ScreenLoadError } from "#app/components/admin/catalogue/screen-error.tsx";
import { ScrollTable } from "#app/components/admin/catalogue/scroll-table.tsx";
import { EmptyState } from "#app/components/admin/empty-state.tsx";
import { adminPageTitle } from "#app/components/admin/page-title.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Badge } from "#app/components/ui/card.tsx";
import {
  StackActionsTd,
  StackActionsTh,
  StackBody,
  StackHead,
  StackTd,
  StackTh,
  StackTr,
} from "#app/components/ui/table.tsx";
import { invalidForm, ok, refused, unknownIntent } from "#app/routes/action-answer.server.ts";
import { requireOwnerScreen } from "#app/routes/admin/guards.server.ts";
import { readForm } from "#app/routes/form-body.server.ts";
import { formatDay } from "#domain/format/dates.ts";
import { centsToAmount, formatMoney } from "#domain/format/money.ts";
import { discountCodeFormSchema, discountValueText } from "#domain/forms/discount-code.ts";
import { parseForm } from "#domain/forms/form-fields.ts";
import { farmToday } from "#domain/rules/dates.ts";
import {
  type AdminDiscountCode,
  createDiscountCode,
  deleteDiscountCode,
  listDiscountCodes,
  setDiscountCodeActive,
  updateDiscountCode,
} from "#server/services/discount-code-admin.ts";
import type { Route } from "./+types/discount-codes";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle(matches, "Discount Codes") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwnerScreen(request, context);
  const codes = await listDiscountCodes(context.db);
  return {
    today: farmToday(),
    codes: codes.map(({ createdAt: _createdAt, ...code }) => code),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireOwnerScreen(request, context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");

  if (intent === "create" || intent === "update") {
    const failure = (message?: string) => ({
      kind: "error" as const,
      title: "Failed to save discount code",
      description: message,
    });
    const parsed = parseForm(discountCodeFormSchema, form);
    if (!parsed.ok) {
      return invalidForm(intent, parsed.errors, failure);
    }
    try {
      if (intent === "create") await createDiscountCode(context.db, admin, parsed.data);
      else await updateDiscountCode(context.db, admin, id, parsed.data);
      return ok(intent, {
        kind: "success",
        title: `Discount code ${intent === "create" ? "created" : "updated"} successfully`,
      });
    } catch (error) {
      return refused(intent, error, failure);
    }
  }
  if (intent === "set-active") {
    const isActive = form.get("isActive") === "true";
    try {
      await setDiscountCodeActive(context.db, admin, id, isActive);
      return ok(intent, {
        kind: "success",
        title: `Discount code ${isActive ? "activated" : "deactivated"} successfully`,
      });
    } catch (error) {
      return refused(intent, error, (message) => ({
        kind: "error",
        title: "Failed to update discount code status",
        description: message,
      }));
    }
  }
  if (intent === "delete") {
    try {
      await deleteDiscountCode(context.db, admin, id);
      return ok(intent, { kind: "success", title: "Discount code deleted successfully" });
    } catch (error) {
      return refused(intent, error, (message) => ({
        kind: "error",
        title: "Failed to delete discount code",
        description: message,
      }));
    }
  }
  return unknownIntent(intent);
}

type Code = Omit<AdminDiscountCode, "createdAt">;

function valuesOf(code: Code): DiscountCodeFormValues {
  return {
    code: code.code,
    description: code.description,
    discountType: code.discountType,
    discountValue: discountValueText(code.discountType, code.discountValue),
    minimumAmount: centsToAmount(code.minimumAmountCents),
    usageLimit: code.usageLimit === null ? "" : String(code.usageLimit),
    validFrom: code.validFrom,
    validUntil: code.validUntil ?? "",
    isActive: code.isActive,
  };
}

function blankValues(today: string): DiscountCodeFormValues {
  return {
    code: "",
    description: "",
    discountType: "percentage",
    discountValue: "",
    minimumAmount: "0",
    usageLimit: "",
    validFrom: today,
    validUntil: "",
    isActive: true,
  };
}

type DialogState = { open: false } | { open: true; code?: Code };

export default function AdminDiscountCodes({ loaderData }: Route.ComponentProps) {
  const { codes, today } = loaderData;
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  useDeleteToasts();
  const close = useCallback((open: boolean) => {
    if (!open) setDialog({ open: false });
  }, []);

  return (
    <>
      <ScreenHeader
        title="Discount Codes"
        description="Codes campers enter at checkout for a percentage or a fixed amount off."
      >
        <Button onClick={() => setDialog({ open: true })}>
          <Plus aria-hidden />
          Create Discount Code
        </Button>
      </ScreenHeader>

      {codes.length === 0 ? (
        <EmptyState icon={Tag} text="No discount codes yet" />
      ) : (
        <ScrollTable label="Discount codes, newest first" stacked>
          <StackHead>
            <StackTh>Code</StackTh>
            <StackTh>Discount</StackTh>
            <StackTh>Minimum</StackTh>
            <StackTh>Usage</StackTh>
            <StackTh>Valid</StackTh>
            <StackTh>Status</StackTh>
            <StackActionsTh>Actions</StackActionsTh>
          </StackHead>
          <StackBody>
            {codes.map((code) => {
              const expired = code.validUntil !== null && code.validUntil < today;
              return (
                <StackTr key={code.id}>
                  <StackTd label="Code">
                    <div className="font-mono font-semibold">{code.code}</div>
                    {code.description ? (
                      <div className="text-stone-700">{code.description}</div>
                    ) : null}
                  </StackTd>
                  <StackTd label="Discount" className="whitespace-nowrap">
                    {code.discountType === "percentage"
                      ? `${code.discountValue}%`
                      : formatMoney(code.discountValue)}
                  </StackTd>
                  <StackTd label="Minimum" className="whitespace-nowrap">
                    {code.minimumAmountCents > 0 ? formatMoney(code.minimumAmountCents) : "None"}
                  </StackTd>
                  <StackTd label="Usage" className="whitespace-nowrap">
                    {code.usedCount} / {code.usageLimit ?? "unlimited"}
                  </StackTd>
                  <StackTd label="Valid">
                    {formatDay(code.validFrom, { weekday: false })} –{" "}
                    {code.validUntil ? formatDay(code.validUntil, { weekday: false }) : "no expiry"}
                  </StackTd>
                  <StackTd label="Status">
                    <div className="flex flex-wrap items-start gap-1">
                      <Badge tone={code.isActive ? "green" : "neutral"}>
                        {code.isActive ? "Active" : "Inactive"}
                      </Badge>
                      {expired ? <Badge tone="amber">Expired</Badge> : null}
                    </div>
                  </StackTd>
                  <StackActionsTd columns={2}>
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Edit code ${code.code}`}
                      onClick={() => setDialog({ open: true, code })}
                    >
                      <Pencil aria-hidden />
                      Edit
                    </Button>
                    <ToggleActiveButton
                      id={code.id}
                      isActive={code.isActive}
                      label={`code ${code.code}`}
                    />
                    <DeleteButton
                      id={code.id}
                      label={`code ${code.code}`}
                      question="Are you sure you want to delete this discount code?"
                    />
                  </StackActionsTd>
                </StackTr>
              );
            })}
          </StackBody>
        </ScrollTable>
      )}

      {dialog.open ? (
        <DiscountCodeDialog
          open
          onOpenChange={close}
          codeId={dialog.code?.id}
          values={dialog.code ? valuesOf(dialog.code) : blankValues(today)}
        />
      ) : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ScreenLoadError
      error={error}
      title="Failed to load discount codes"
      description="Please reload the page to try again."
      reloadHref="/admin/discount-codes"
    />
  );
}
