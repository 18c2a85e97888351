// /admin/bookings (spec 2.15): search, status filters, the bookings table with
// its View, Email and Cancel actions (the View dialog sends the guest their
// booking page's link), a page at a time, and live updates.
import { useCallback, useState } from "react";
import { Link } from "react-router";
import { AdminScreenError } from "#app/components/admin/admin-screen-error.tsx";
import { CancelBookingDialog, type CancelTarget } from "#app/components/admin/booking-dialogs.tsx";
import { BookingDetailsDialog } from "#app/components/admin/bookings/booking-details-dialog.tsx";
import { BookingSearch, StatusFilters } from "#app/components/admin/bookings/booking-filters.tsx";
import { BookingsPager } from "#app/components/admin/bookings/bookings-pager.tsx";
import { BookingsTable } from "#app/components/admin/bookings/bookings-table.tsx";
import { LiveIndicator } from "#app/components/admin/live-indicator.tsx";
import { adminPageTitle } from "#app/components/admin/page-title.ts";
import { useLiveUpdates } from "#app/components/admin/use-live-updates.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { invalidForm } from "#app/routes/action-answer.server.ts";
import {
  bookingActionInput,
  cancelBookingWithRefund,
  emailBookingPageLink,
  emailBookingToGuest,
  NOT_UNDERSTOOD,
  saveNote,
} from "#app/routes/admin/bookings.server.ts";
import { requireAdminScreen } from "#app/routes/admin/guards.server.ts";
import { readForm } from "#app/routes/form-body.server.ts";
import { type BookingFilter, bookingFilters } from "#domain/api/admin-bookings.ts";
import { parseForm } from "#domain/forms/form-fields.ts";
import { mayRefund } from "#domain/rules/admin-roles.ts";
import { listBookings } from "#server/services/admin-bookings/list.ts";
import type { Route } from "./+types/bookings";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle(matches, "Bookings") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdminScreen(request, context);
  const url = new URL(request.url);
  const search = (url.searchParams.get("q") ?? "").slice(0, 100);
  const requested = url.searchParams.get("status") ?? "all";
  const status = (bookingFilters as readonly string[]).includes(requested)
    ? (requested as BookingFilter)
    : "all";
  // A page's cursor is a booking reference; anything else shows the first page.
  const after = url.searchParams.get("after") ?? undefined;
  const before = url.searchParams.get("before") ?? undefined;
  const result = await listBookings(context.db, { search, status, after, before });
  return { ...result, search, status, mayRefund: mayRefund(admin.role) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminScreen(request, context);
  const form = await readForm(request);
  const parsed = parseForm(bookingActionInput, form);
  if (!parsed.ok) return invalidForm(undefined, parsed.errors, NOT_UNDERSTOOD);
  const input = parsed.data;
  switch (input.intent) {
    case "email":
      return emailBookingToGuest(context.db, admin, input.bookingId);
    case "send-page-link":
      return emailBookingPageLink(context.db, admin, input.bookingId);
    case "cancel":
      return cancelBookingWithRefund(context.db, admin, input.bookingId, form);
    case "save-note":
      return saveNote(context.db, admin, input.bookingId, input.note);
  }
}

export default function AdminBookings({ loaderData }: Route.ComponentProps) {
  const { bookings, previous, next, search, status, mayRefund: refunds } = loaderData;
  const live = useLiveUpdates(["bookings"]);
  const [viewing, setViewing] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<CancelTarget | null>(null);
  const closeView = useCallback(() => setViewing(null), []);
  const closeCancel = useCallback(() => setCancelling(null), []);

  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-2xl font-bold text-stone-900">Bookings</h1>
        <div className="flex items-center gap-3">
          <LiveIndicator status={live} />
          <Button asChild>
            <Link to="/admin/bookings/new">New booking</Link>
          </Button>
        </div>
      </header>

      <BookingSearch search={search} status={status} />
      <StatusFilters search={search} status={status} />

      {bookings.length === 0 ? (
        <Card>
          <p className="p-6 text-stone-700">No bookings found matching your criteria</p>
        </Card>
      ) : (
        <BookingsTable
          bookings={bookings}
          onView={(b) => setViewing(b.id)}
          onCancel={(b) =>
            setCancelling({
              id: b.id,
              bookingReference: b.bookingReference,
              guestName: b.guestName,
              status: b.status,
            })
          }
        />
      )}
      <BookingsPager search={search} status={status} previous={previous} next={next} />

      <BookingDetailsDialog bookingId={viewing} onClose={closeView} />
      <CancelBookingDialog target={cancelling} onClose={closeCancel} mayRefund={refunds} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminScreenError error={error} message="Failed to load bookings. Please try again." />;
}
