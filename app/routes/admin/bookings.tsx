// /admin/bookings (spec 2.15): search, status filters, the bookings table with
// its View, Email and Cancel actions, and live updates.
import { Eye, Mail, Search, XCircle } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { data, Form, Link, useFetcher, useNavigation, useSubmit } from "react-router";
import { z } from "zod";
import { AdminScreenError } from "#app/components/admin/admin-screen-error.tsx";
import {
  BookingDetailsDialog,
  CancelBookingDialog,
  type CancelTarget,
} from "#app/components/admin/booking-dialogs.tsx";
import { nightsLabel, statusLabels, statusTones } from "#app/components/admin/format.ts";
import { HoldTimeLeft } from "#app/components/admin/hold-time-left.tsx";
import { LiveIndicator } from "#app/components/admin/live-indicator.tsx";
import { adminPageTitle } from "#app/components/admin/page-title.ts";
import { useLiveUpdates } from "#app/components/admin/use-live-updates.ts";
import { showToast, type ToastMessage } from "#app/components/admin/use-toast.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Badge, Card } from "#app/components/ui/card.tsx";
import { Input, Label } from "#app/components/ui/input.tsx";
import { Table, Td, Th, Tr } from "#app/components/ui/table.tsx";
import { cn } from "#app/lib/utils.ts";
import { requireAdminScreen } from "#app/routes/admin/guards.server.ts";
import {
  type AdminBookingRow,
  type BookingFilter,
  bookingFilters,
} from "#domain/api/admin-bookings.ts";
import { formatDay } from "#domain/format/dates.ts";
import { formatMoney, parseMoneyToCents } from "#domain/format/money.ts";
import type { RefundChoice } from "#domain/rules/cancellation.ts";
import { AppError } from "#server/errors.ts";
import { STATUS_OF } from "#server/http/errors.ts";
import { log } from "#server/log.ts";
import { type CancelResult, cancelBooking } from "#server/services/admin-bookings/cancel.ts";
import { BOOKING_LIST_LIMIT, listBookings } from "#server/services/admin-bookings/list.ts";
import { sendBookingNotification } from "#server/services/admin-bookings/notify.ts";
import type { Route } from "./+types/bookings";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle(matches, "Bookings") }];
}

/** The filter buttons of spec 2.15, in its order. */
const filterButtons: { value: BookingFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "confirmed", label: "Confirmed" },
  { value: "paid", label: "Paid" },
  { value: "pending", label: "Pending" },
  { value: "expired", label: "Expired" },
  { value: "cancelled", label: "Cancelled" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminScreen(request, context);
  const url = new URL(request.url);
  const search = (url.searchParams.get("q") ?? "").slice(0, 100);
  const requested = url.searchParams.get("status") ?? "all";
  const status = (bookingFilters as readonly string[]).includes(requested)
    ? (requested as BookingFilter)
    : "all";
  const result = await listBookings(context.db, { search, status });
  return { ...result, search, status };
}

const actionInput = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("email"), bookingId: z.uuid() }),
  z.object({
    intent: z.literal("cancel"),
    bookingId: z.uuid(),
    refund: z.enum(["none", "full", "partial"]).default("none"),
    refundAmount: z.string().optional(),
    notifyGuest: z.literal("on").optional(),
  }),
]);

type ActionResult = {
  ok: boolean;
  intent: string;
  toast: ToastMessage;
  fieldErrors?: Record<string, string>;
};

const failure = (
  intent: string,
  toast: ToastMessage,
  status: number,
  fieldErrors?: Record<string, string>,
) => data<ActionResult>({ ok: false, intent, toast, fieldErrors }, { status });

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminScreen(request, context);
  const parsed = actionInput.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    return failure(
      "unknown",
      {
        kind: "error",
        title: "Error",
        description: "That request was not understood. Reload the page and try again.",
      },
      400,
    );
  }
  const input = parsed.data;
  if (input.intent === "email") {
    try {
      const { to } = await sendBookingNotification(context.db, admin, input.bookingId);
      return data<ActionResult>({
        ok: true,
        intent: "email",
        toast: {
          kind: "success",
          title: "Notification Sent",
          description: `The booking notification is on its way to ${to}.`,
        },
      });
    } catch (error) {
      const known = error instanceof AppError;
      if (!known) log.error({ err: error }, "booking notification failed");
      return failure(
        "email",
        {
          kind: "error",
          title: "Notification Error",
          description: known ? error.message : "Failed to send booking notification.",
        },
        known ? STATUS_OF[error.refusal] : 500,
      );
    }
  }

  let refund: RefundChoice = { kind: input.refund === "full" ? "full" : "none" };
  if (input.refund === "partial") {
    const cents = parseMoneyToCents(input.refundAmount ?? "");
    if (cents === undefined || cents <= 0) {
      const message = "Enter the refund as dollars and cents, for example 25.00.";
      return failure(
        "cancel",
        {
          kind: "error",
          title: "Failed to cancel booking. Please try again.",
          description: message,
        },
        400,
        { refundAmount: message },
      );
    }
    refund = { kind: "partial", amountCents: cents };
  }
  try {
    const result = await cancelBooking(context.db, admin, input.bookingId, {
      refund,
      notifyGuest: input.notifyGuest === "on",
    });
    return data<ActionResult>({
      ok: true,
      intent: "cancel",
      toast: { kind: "success", title: "Booking Cancelled", description: whatWentBack(result) },
    });
  } catch (error) {
    if (error instanceof AppError) {
      const fieldErrors = error.fieldErrors;
      return failure(
        "cancel",
        {
          kind: "error",
          title: "Failed to cancel booking. Please try again.",
          description: error.message,
        },
        STATUS_OF[error.refusal],
        fieldErrors ? { refundAmount: Object.values(fieldErrors)[0] ?? error.message } : undefined,
      );
    }
    log.error({ err: error }, "cancelling a booking failed");
    return failure(
      "cancel",
      { kind: "error", title: "Error", description: "Failed to cancel booking. Please try again." },
      500,
    );
  }
}

/** The toast's line on what the cancellation gave back, if anything. */
function whatWentBack(result: CancelResult): string | undefined {
  const parts = [
    result.refundedCents > 0 &&
      `${formatMoney(result.refundedCents)} refunded to the guest's card.`,
    result.prepaidCreditReturnedCents > 0 &&
      `${formatMoney(result.prepaidCreditReturnedCents)} prepaid credit returned to their prepaid card.`,
    result.discountCodeUseReturned && "The discount code's use was given back.",
  ].filter((part): part is string => typeof part === "string");
  return parts.length > 0 ? parts.join(" ") : undefined;
}

export default function AdminBookings({ loaderData }: Route.ComponentProps) {
  const { bookings, truncated, search, status } = loaderData;
  const live = useLiveUpdates(["bookings"]);
  const [viewing, setViewing] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<CancelTarget | null>(null);
  const closeView = useCallback(() => setViewing(null), []);
  const closeCancel = useCallback(() => setCancelling(null), []);
  const filterHref = (value: string) => {
    const params = new URLSearchParams();
    if (search) params.set("q", search);
    if (value !== "all") params.set("status", value);
    const query = params.toString();
    return query ? `?${query}` : ".";
  };

  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-2xl font-bold text-stone-900">Bookings</h1>
        <LiveIndicator status={live} />
      </header>

      <SearchBox search={search} status={status} />

      <nav aria-label="Filter by status" className="flex flex-wrap gap-2">
        {filterButtons.map((f) => (
          <Link
            key={f.value}
            to={filterHref(f.value)}
            replace
            preventScrollReset
            aria-current={status === f.value ? "true" : undefined}
            className={cn(
              "rounded-full border px-4 py-1.5 text-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-paddock-700",
              status === f.value
                ? "border-paddock-700 bg-paddock-700 text-white"
                : "border-stone-300 bg-white text-stone-900 hover:bg-stone-100",
            )}
          >
            {f.label}
          </Link>
        ))}
      </nav>

      <Card className="overflow-hidden">
        {bookings.length === 0 ? (
          <p className="p-6 text-stone-700">No bookings found matching your criteria</p>
        ) : (
          <Table className="max-md:block">
            <caption className="sr-only">Bookings, newest first</caption>
            <thead className="bg-stone-50 max-md:sr-only">
              <tr>
                <Th scope="col">Booking ID</Th>
                <Th scope="col">Guest</Th>
                <Th scope="col">Campsite</Th>
                <Th scope="col">Dates</Th>
                <Th scope="col">Status</Th>
                <Th scope="col">Amount</Th>
                <Th scope="col">Actions</Th>
              </tr>
            </thead>
            <tbody className="max-md:block">
              {bookings.map((b) => (
                <BookingRow
                  key={b.id}
                  booking={b}
                  onView={() => setViewing(b.id)}
                  onCancel={() =>
                    setCancelling({
                      id: b.id,
                      bookingReference: b.bookingReference,
                      guestName: b.guestName,
                      status: b.status,
                    })
                  }
                />
              ))}
            </tbody>
          </Table>
        )}
      </Card>
      {truncated ? (
        <p className="text-sm text-stone-700">
          Showing the {BOOKING_LIST_LIMIT} most recent matches. Search or filter to find older
          bookings.
        </p>
      ) : null}

      <BookingDetailsDialog bookingId={viewing} onClose={closeView} />
      <CancelBookingDialog target={cancelling} onClose={closeCancel} />
    </div>
  );
}

function SearchBox({ search, status }: { search: string; status: string }) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const searching =
    navigation.state === "loading" && navigation.location.pathname === "/admin/bookings";
  return (
    <Form ref={formRef} method="get" role="search" className="flex max-w-xl flex-col gap-1.5">
      <Label htmlFor="booking-search">Search bookings</Label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-stone-600"
          aria-hidden
        />
        <Input
          id="booking-search"
          name="q"
          type="search"
          defaultValue={search}
          placeholder="Guest name, booking reference or campsite"
          className="pl-9"
          aria-describedby="booking-search-status"
          onChange={(e) => {
            const form = e.currentTarget.form;
            clearTimeout(timer.current);
            timer.current = setTimeout(
              () => submit(form, { replace: true, preventScrollReset: true }),
              300,
            );
          }}
        />
      </div>
      {status !== "all" ? <input type="hidden" name="status" value={status} /> : null}
      <span id="booking-search-status" className="sr-only" aria-live="polite">
        {searching ? "Searching…" : ""}
      </span>
    </Form>
  );
}

/** On phones each row stacks into labelled lines (the column names come from data-label). */
const stacked =
  "max-md:flex max-md:gap-3 max-md:py-1 max-md:before:w-24 max-md:before:shrink-0 max-md:before:font-semibold max-md:before:text-stone-700 max-md:before:content-[attr(data-label)]";

function BookingRow({
  booking: b,
  onView,
  onCancel,
}: {
  booking: AdminBookingRow;
  onView: () => void;
  onCancel: () => void;
}) {
  const email = useFetcher<ActionResult>();
  useEffect(() => {
    if (email.data) showToast(email.data.toast);
  }, [email.data]);
  const cancellable = b.status === "pending" || b.status === "confirmed" || b.status === "paid";
  return (
    <Tr className="max-md:block max-md:px-1 max-md:py-3">
      <Td
        data-label="Booking ID"
        className={cn(stacked, "whitespace-nowrap font-mono text-sm font-semibold")}
      >
        {b.bookingReference}
      </Td>
      <Td data-label="Guest" className={cn(stacked, "md:min-w-48")}>
        <div>
          <p className="font-medium text-stone-900">{b.guestName}</p>
          <p className="text-stone-700 [overflow-wrap:anywhere]">{b.guestEmail}</p>
        </div>
      </Td>
      <Td data-label="Campsite" className={stacked}>
        {b.campsiteName ?? "Unknown Campsite"}
      </Td>
      <Td data-label="Dates" className={cn(stacked, "whitespace-nowrap")}>
        <div>
          <p>{formatDay(b.checkIn)}</p>
          <p>{formatDay(b.checkOut)}</p>
          <p className="text-stone-700">{nightsLabel(b.nights)}</p>
        </div>
      </Td>
      <Td data-label="Status" className={stacked}>
        <div>
          <Badge tone={statusTones[b.status]}>{statusLabels[b.status]}</Badge>
          {b.status === "pending" && b.holdExpiresAt ? (
            <HoldTimeLeft expiresAt={b.holdExpiresAt} />
          ) : null}
        </div>
      </Td>
      <Td data-label="Amount" className={cn(stacked, "whitespace-nowrap")}>
        <div>
          <p className="font-semibold">{formatMoney(b.finalAmountCents)}</p>
          {b.discountAmountCents > 0 ? (
            <p className="text-xs text-stone-700">
              Discount: -{formatMoney(b.discountAmountCents)}
              {b.discountCode ? ` (${b.discountCode.code})` : ""}
            </p>
          ) : null}
          {b.prepaidAmountUsedCents > 0 ? (
            <p className="text-xs text-stone-700">
              Prepaid: -{formatMoney(b.prepaidAmountUsedCents)}
            </p>
          ) : null}
        </div>
      </Td>
      <Td data-label="Actions" className={stacked}>
        <div className="flex gap-1">
          <Button
            variant="ghost"
            size="sm"
            onClick={onView}
            aria-label={`View booking ${b.bookingReference}`}
          >
            <Eye aria-hidden />
            <span className="hidden max-md:inline xl:inline">View</span>
          </Button>
          <email.Form method="post">
            <input type="hidden" name="intent" value="email" />
            <input type="hidden" name="bookingId" value={b.id} />
            <Button
              type="submit"
              variant="ghost"
              size="sm"
              disabled={email.state !== "idle"}
              aria-label={`Email booking ${b.bookingReference} to the guest`}
            >
              <Mail aria-hidden />
              <span className="hidden max-md:inline xl:inline">Email</span>
            </Button>
          </email.Form>
          {cancellable ? (
            <Button
              variant="ghost"
              size="sm"
              className="text-red-800 hover:bg-red-50"
              onClick={onCancel}
              aria-label={`Cancel booking ${b.bookingReference}`}
            >
              <XCircle aria-hidden />
              <span className="hidden max-md:inline xl:inline">Cancel</span>
            </Button>
          ) : null}
        </div>
      </Td>
    </Tr>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminScreenError error={error} message="Failed to load bookings. Please try again." />;
}
