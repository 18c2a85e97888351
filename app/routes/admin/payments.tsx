// /admin/payments (spec 2.15 Payments, 7.4; amendment 2.10): this month's
// takings, refunds and pending amounts, a search box, the transactions table
// (payment id truncated to 20 characters, amounts with 2 decimals and the
// uppercase currency code), the provider's dashboard page per payment in a
// new tab, and Export: the CSV of what the search shows.
import { CreditCard, Download, ExternalLink, Search } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { ScreenHeader, ScreenLoadError } from "#app/components/admin/catalogue/screen-error.tsx";
import { ScrollTable } from "#app/components/admin/catalogue/scroll-table.tsx";
import { EmptyState } from "#app/components/admin/empty-state.tsx";
import { paymentStatusBadges } from "#app/components/admin/format.ts";
import { adminPageTitle } from "#app/components/admin/page-title.ts";
import { BalancesToCome } from "#app/components/admin/payments/balances-to-come.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Badge, Card } from "#app/components/ui/card.tsx";
import { Input, Label } from "#app/components/ui/input.tsx";
import {
  EmailAddress,
  StackActionsTd,
  StackActionsTh,
  StackBody,
  StackHead,
  StackTd,
  StackTh,
  StackTr,
} from "#app/components/ui/table.tsx";
import { requireOwnerScreen } from "#app/routes/admin/guards.server.ts";
import { MONEY_DEFINITIONS, vouchersSoldWords } from "#domain/api/money-figures.ts";
import { formatFarmDateTime } from "#domain/format/dates.ts";
import { formatMoney } from "#domain/format/money.ts";
import { truncate } from "#domain/format/text.ts";
import { env } from "#server/config.ts";
import {
  formatPaymentAmount,
  PAYMENTS_PAGE_SIZE,
  PAYMENTS_SEARCH_LIMIT,
  paymentProviderConnection,
  paymentSummary,
  providerDashboardUrl,
  searchPayments,
} from "#server/services/payment-reports.ts";
import { balancesToCome } from "#server/services/payments/balances-to-come.ts";
import type { Route } from "./+types/payments";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle(matches, "Payments") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwnerScreen(request, context);
  const query = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  const connection = paymentProviderConnection(env().STRIPE_SECRET_KEY);
  const [summary, found, balances] = await Promise.all([
    paymentSummary(context.db),
    searchPayments(context.db, {
      query,
      limit: query.trim() ? PAYMENTS_SEARCH_LIMIT : PAYMENTS_PAGE_SIZE,
    }),
    balancesToCome(context.db),
  ]);
  return {
    query,
    summary,
    balances,
    more: found.more,
    payments: found.rows.map((p) => ({
      id: p.id,
      paymentId: p.paymentId,
      bookingReference: p.bookingReference,
      guestName: p.guestName,
      guestEmail: p.guestEmail,
      campsiteName: p.campsiteName,
      amount: formatPaymentAmount(p.amountCents, p.currency),
      refunded:
        p.refundedAmountCents > 0 ? formatPaymentAmount(p.refundedAmountCents, p.currency) : null,
      status: p.status,
      createdAt: p.createdAt,
      dashboardUrl: providerDashboardUrl(p, connection),
    })),
  };
}

export default function AdminPayments({ loaderData }: Route.ComponentProps) {
  const { query, summary, balances, more, payments } = loaderData;
  const submit = useSubmit();
  const navigation = useNavigation();
  const searching = navigation.location?.pathname === "/admin/payments";
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const exportHref = `/admin/payments/export${query ? `?q=${encodeURIComponent(query)}` : ""}`;

  return (
    <>
      <ScreenHeader title="Payments" description="Card payments taken for bookings, newest first.">
        <Button asChild variant="outline">
          <a href={exportHref} download>
            <Download aria-hidden />
            Export
          </a>
        </Button>
      </ScreenHeader>

      <section aria-label="This month" className="mb-6 grid gap-4 sm:grid-cols-3">
        <SummaryCard
          title="Takings this month"
          amount={formatMoney(summary.takingsCents)}
          detail={`${summary.takingsCount} ${summary.takingsCount === 1 ? "payment" : "payments"} received${vouchersSoldWords(summary)}`}
        />
        <SummaryCard
          title="Refunds this month"
          amount={formatMoney(summary.refundsCents)}
          detail={`${summary.refundsCount} ${summary.refundsCount === 1 ? "payment" : "payments"} refunded`}
        />
        <SummaryCard
          title="Pending this month"
          amount={formatMoney(summary.pendingCents)}
          detail={`${summary.pendingCount} ${summary.pendingCount === 1 ? "checkout" : "checkouts"} not yet paid`}
        />
        <p className="text-sm text-stone-700 sm:col-span-3">
          {MONEY_DEFINITIONS.takings} The same figure as Reports and the dashboard.
        </p>
      </section>

      <BalancesToCome balances={balances} />

      <Form
        method="get"
        role="search"
        className="mb-4 flex max-w-xl gap-2"
        onChange={(event) => {
          const form = event.currentTarget;
          clearTimeout(timer.current);
          timer.current = setTimeout(() => submit(form, { replace: true }), 300);
        }}
      >
        <Label htmlFor="payments-search" className="sr-only">
          Search payments
        </Label>
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-stone-500"
            aria-hidden
          />
          <Input
            id="payments-search"
            type="search"
            name="q"
            defaultValue={query}
            placeholder="Search by guest, booking, campsite or payment ID"
            className="pl-9"
            maxLength={100}
          />
        </div>
        <Button type="submit" variant="outline">
          Search
        </Button>
      </Form>

      <p role="status" className="mb-2 text-sm text-stone-700">
        {searching
          ? "Searching…"
          : more
            ? `Showing the newest ${payments.length} payments; more match. Search to narrow them, or export them all.`
            : `${payments.length} ${payments.length === 1 ? "payment" : "payments"}`}
      </p>

      {payments.length === 0 ? (
        <EmptyState icon={CreditCard} text="No payments found" />
      ) : (
        <PaymentsTable payments={payments} />
      )}
    </>
  );
}

type PaymentRow = Route.ComponentProps["loaderData"]["payments"][number];

/** The transactions (spec 2.15): eight tight columns beside the sidebar, cards on a narrow screen. */
function PaymentsTable({ payments }: { payments: PaymentRow[] }) {
  return (
    <ScrollTable label="Payments, newest first" stacked>
      <StackHead>
        <StackTh>Payment ID</StackTh>
        <StackTh>Booking</StackTh>
        <StackTh>Guest</StackTh>
        <StackTh>Campsite</StackTh>
        <StackTh>Amount</StackTh>
        <StackTh>Status</StackTh>
        <StackTh>Date</StackTh>
        <StackActionsTh>Actions</StackActionsTh>
      </StackHead>
      <StackBody>
        {payments.map((p) => (
          <PaymentRowView key={p.id} payment={p} />
        ))}
      </StackBody>
    </ScrollTable>
  );
}

function PaymentRowView({ payment: p }: { payment: PaymentRow }) {
  return (
    <StackTr>
      {/* Twenty characters of a long id: they may break anywhere rather than widen the table. */}
      <StackTd label="Payment ID" className="font-mono text-xs break-all" title={p.paymentId}>
        {truncate(p.paymentId, 20)}
      </StackTd>
      <StackTd label="Booking" className="whitespace-nowrap font-mono">
        {p.bookingReference}
      </StackTd>
      <StackTd label="Guest" className="@4xl:min-w-40">
        <div className="font-medium">{p.guestName}</div>
        <div className="text-stone-700">
          <EmailAddress address={p.guestEmail} />
        </div>
      </StackTd>
      <StackTd label="Campsite">{p.campsiteName ?? "Unknown Campsite"}</StackTd>
      <StackTd label="Amount">
        <div className="whitespace-nowrap font-semibold">{p.amount}</div>
        {p.refunded ? (
          <div className="text-xs text-blue-900">
            Refunded <span className="whitespace-nowrap">{p.refunded}</span>
          </div>
        ) : null}
      </StackTd>
      <StackTd label="Status">
        <Badge tone={paymentStatusBadges[p.status].tone} className="whitespace-nowrap">
          {paymentStatusBadges[p.status].label}
        </Badge>
      </StackTd>
      <StackTd label="Date" className="min-w-24">
        {formatFarmDateTime(p.createdAt)}
      </StackTd>
      <StackActionsTd>
        {p.dashboardUrl ? (
          <Button asChild variant="outline" size="sm" className="justify-start">
            <a href={p.dashboardUrl} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden />
              View
              <span className="sr-only">
                {" "}
                payment {p.bookingReference} in the Stripe dashboard (opens in a new tab)
              </span>
            </a>
          </Button>
        ) : (
          <span className="text-xs text-stone-700">Test checkout</span>
        )}
      </StackActionsTd>
    </StackTr>
  );
}

function SummaryCard({ title, amount, detail }: { title: string; amount: string; detail: string }) {
  return (
    <Card className="p-5">
      <h2 className="text-sm font-medium text-stone-700">{title}</h2>
      <p className="mt-1 text-2xl font-bold">{amount}</p>
      <p className="mt-1 text-xs text-stone-700">{detail}</p>
    </Card>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ScreenLoadError
      error={error}
      title="Failed to load payments. Please try again."
      description="The payments could not be read just now."
      reloadHref="/admin/payments"
    />
  );
}
