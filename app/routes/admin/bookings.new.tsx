// /admin/bookings/new (issue 28): the farm takes a booking by phone or at
// the gate. A plain form, so it works before its script: 'Check price'
// prices it, 'Take booking' takes it and goes to the booking in the list.
import { randomUUID } from "node:crypto";
import { data, redirect } from "react-router";
import { AdminScreenError } from "#app/components/admin/admin-screen-error.tsx";
import { flashToastHeaders } from "#app/components/admin/flash.server.ts";
import { NewBookingForm } from "#app/components/admin/front-desk/new-booking-form.tsx";
import { adminPageTitle } from "#app/components/admin/page-title.ts";
import type { ActionAnswer } from "#app/lib/action-answer.ts";
import { deskForm, refusedDeskForm } from "#app/routes/admin/front-desk.server.ts";
import { requireAdminScreen } from "#app/routes/admin/guards.server.ts";
import { readForm } from "#app/routes/form-body.server.ts";
import { formatMoney } from "#domain/format/money.ts";
import { frontDeskBookingSchema, frontDeskQuoteSchema } from "#domain/forms/front-desk-booking.ts";
import { addDays, farmLocalTime, farmToday, startOfFarmDay } from "#domain/rules/dates.ts";
import { deskCatalogue, quoteBooking, takeBooking } from "#server/bookings/index.ts";
import { getSettings } from "#server/services/settings.ts";
import type { Route } from "./+types/bookings.new";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle(matches, "New booking") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdminScreen(request, context);
  const [campsites, settings] = await Promise.all([
    deskCatalogue(context.db),
    getSettings(context.db),
  ]);
  const today = farmToday();
  const asked = Object.fromEntries(new URL(request.url).searchParams);
  // Tomorrow at 5 pm, farm time: a day for the guest to pay a link.
  const payBy = farmLocalTime(
    new Date(startOfFarmDay(addDays(today, 1)).getTime() + 17 * 3600_000),
  );
  return {
    campsites,
    questions: settings.bookingQuestions,
    // A new key for each form shown: 'Take booking' pressed twice takes one booking.
    submission: randomUUID(),
    mayOverride: admin.role === "owner",
    today,
    prefill: {
      campsiteId: asked.campsiteId ?? campsites[0]?.id ?? "",
      unitId: asked.unitId ?? "",
      checkIn: asked.checkIn ?? today,
      checkOut: asked.checkOut ?? addDays(asked.checkIn ?? today, 2),
      guests: "2",
      dogs: "0",
      payment: "recorded",
      method: "cash",
      payBy,
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminScreen(request, context);
  const form = await readForm(request);
  const intent = form.get("intent") === "quote" ? "quote" : "book";
  if (intent === "quote") {
    const parsed = deskForm(frontDeskQuoteSchema, form);
    if (!parsed.ok) return parsed.refusal("quote");
    try {
      const quote = await quoteBooking(context.db, admin, parsed.data);
      return data<ActionAnswer>({ intent, ok: true, result: quote, values: parsed.values });
    } catch (error) {
      return refusedDeskForm("quote", error, parsed.values, "Could not price the stay");
    }
  }
  const parsed = deskForm(frontDeskBookingSchema, form);
  if (!parsed.ok) return parsed.refusal("book");
  try {
    const booking = await takeBooking(context.db, admin, parsed.data);
    const toast = {
      kind: "success" as const,
      title: "Booking taken",
      description: `${booking.bookingReference} for ${booking.guestFirstName} ${booking.guestLastName}, ${formatMoney(booking.finalAmountCents)}.`,
    };
    throw redirect(`/admin/bookings?q=${booking.bookingReference}`, {
      headers: await flashToastHeaders(toast),
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    return refusedDeskForm("book", error, parsed.values, "Could not take the booking");
  }
}

export default function NewBooking({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-5">
      <h1 className="text-2xl font-bold text-stone-900">New booking</h1>
      <NewBookingForm {...loaderData} answer={actionData} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminScreenError error={error} message="Failed to load the booking form. Please try again." />
  );
}
