// A booking's details for the View and Cancel dialogs, read from
// GET /api/admin/bookings/:id each time a dialog opens.
import { useEffect, useState } from "react";
import type { BookingDetails } from "#domain/api/admin-bookings.ts";

export type DetailsState =
  | { state: "loading" }
  | { state: "error"; message: string }
  | { state: "ready"; booking: BookingDetails };

/** Loads a booking's details while `bookingId` is set. */
export function useBookingDetails(bookingId: string | null): DetailsState {
  const [details, setDetails] = useState<DetailsState>({ state: "loading" });
  useEffect(() => {
    if (!bookingId) return;
    const controller = new AbortController();
    setDetails({ state: "loading" });
    fetch(`/api/admin/bookings/${bookingId}`, { signal: controller.signal })
      .then(async (res) => {
        const body = await res.json();
        if (!res.ok) throw new Error(body.error ?? "Failed to load the booking.");
        setDetails({ state: "ready", booking: body.booking });
      })
      .catch((error: Error) => {
        if (error.name !== "AbortError") setDetails({ state: "error", message: error.message });
      });
    return () => controller.abort();
  }, [bookingId]);
  return details;
}
