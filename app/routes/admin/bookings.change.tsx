// /admin/bookings/:bookingId/change (issue 28): the farm changes or moves a
// booking that has not ended. The timeline's Move and drag open it with the
// unit and dates asked for. 'Preview change' shows the new price and what is
// owed either way; 'Save change' makes it. A plain form: it works before its script.
import { data, redirect } from "react-router";
import { AdminScreenError } from "#app/components/admin/admin-screen-error.tsx";
import { flashToastHeaders } from "#app/components/admin/flash.server.ts";
import { ChangeBookingForm } from "#app/components/admin/front-desk/change-booking-form.tsx";
import { adminPageTitle } from "#app/components/admin/page-title.ts";
import type { ActionAnswer } from "#app/lib/action-answer.ts";
import { deskForm, refusedDeskForm } from "#app/routes/admin/front-desk.server.ts";
import { requireAdminScreen } from "#app/routes/admin/guards.server.ts";
import { readForm } from "#app/routes/form-body.server.ts";
import { frontDeskChangeSchema } from "#domain/forms/front-desk-change.ts";
import { z } from "#domain/forms/zod.ts";
import { farmToday } from "#domain/rules/dates.ts";
import {
  bookingToChange,
  changeBooking,
  deskCatalogue,
  previewChange,
} from "#server/bookings/index.ts";
import { AppError, invalid } from "#server/errors.ts";
import type { Route } from "./+types/bookings.change";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle(matches, "Change booking") }];
}

const ASKED = ["campsiteId", "unitId", "checkIn", "checkOut"] as const;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireAdminScreen(request, context);
  const booking = await loadBooking(context.db, params.bookingId);
  const search = new URL(request.url).searchParams;
  // What the timeline asked for (a unit, other dates) over the booking as it stands.
  const asked = Object.fromEntries(
    ASKED.flatMap((name) => {
      const value = search.get(name);
      return value ? [[name, value]] : [];
    }),
  );
  return {
    booking,
    campsites: await deskCatalogue(context.db),
    mayOverride: admin.role === "owner",
    mayRefund: admin.role === "owner",
    today: farmToday(),
    prefill: { ...booking.values, ...asked },
  };
}

const isUuid = (value: string) => z.uuid().safeParse(value).success;

async function loadBooking(db: Route.LoaderArgs["context"]["db"], bookingId: string) {
  if (!isUuid(bookingId)) throw data("Booking not found.", { status: 404 });
  try {
    return await bookingToChange(db, bookingId);
  } catch (error) {
    if (error instanceof AppError && error.refusal === "not_found")
      throw data("Booking not found.", { status: 404 });
    throw error;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdminScreen(request, context);
  const form = await readForm(request);
  const intent = form.get("intent") === "change" ? "change" : "preview";
  const parsed = deskForm(frontDeskChangeSchema, form);
  if (!parsed.ok) return parsed.refusal(intent);
  const { bookingId } = params;
  if (!isUuid(bookingId)) throw data("Booking not found.", { status: 404 });
  try {
    const preview = await previewChange(context.db, admin, bookingId, parsed.data);
    if (intent === "preview")
      return data<ActionAnswer>({ intent, ok: true, result: preview, values: parsed.values });
    const changed = await changeBooking(context.db, admin, bookingId, parsed.data);
    const toast = {
      kind: "success" as const,
      title: "Booking changed",
      description: `${changed.bookingReference}: the guest has been sent the changed booking.`,
    };
    throw redirect(`/admin/bookings?q=${changed.bookingReference}`, {
      headers: await flashToastHeaders(toast),
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    // The booking itself gone is the page's 404; a campsite gone is the form's field.
    if (error instanceof AppError && error.code === "booking_not_found")
      throw data("Booking not found.", { status: 404 });
    const refusal =
      error instanceof AppError && error.refusal === "not_found"
        ? invalid(error.message, { field: "campsiteId" })
        : error;
    const answer = refusedDeskForm(intent, refusal, parsed.values, "Could not change the booking");
    // A refused save keeps the preview it was made from, so its choices stay on screen.
    const preview = await previewChange(context.db, admin, bookingId, parsed.data).catch(
      () => undefined,
    );
    return data<ActionAnswer>({ ...answer.data, result: preview }, answer.init ?? undefined);
  }
}

export default function ChangeBooking({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-5">
      <h1 className="text-2xl font-bold text-stone-900">
        Change booking {loaderData.booking.reference}
      </h1>
      <ChangeBookingForm {...loaderData} answer={actionData} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminScreenError error={error} message="Failed to load the booking. Please try again." />;
}
