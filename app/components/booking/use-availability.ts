// The campsite's unavailable nights and stay limits (spec 5), asked when the
// flow opens and again when the camper starts over or loses the last unit.
import { useCallback, useEffect, useMemo, useState } from "react";
import { bookingApi, type CampsiteSummary } from "#app/lib/booking-api.ts";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import { type Availability, stayRules } from "#domain/rules/stay-dates.ts";

/** Until the server answers (or if it cannot), only the past and the advance limit apply. */
function fallbackAvailability(campsite: CampsiteSummary): Availability {
  const today = farmToday();
  return {
    campsiteId: campsite.id,
    from: today,
    to: addDays(today, 365),
    unavailableDates: [],
    today,
    minimumNightStay: 1,
    maxAdvanceBookingDays: 365,
    lastCheckOutDate: addDays(today, 365),
    capacity: campsite.capacity,
  };
}

export function useAvailability(campsite: CampsiteSummary) {
  const [availability, setAvailability] = useState<Availability>();

  const loadAvailability = useCallback(
    (signal?: AbortSignal) =>
      bookingApi
        .availability(campsite.id, signal)
        .then(setAvailability)
        .catch((error) => {
          // Spec 8: errors loading unavailable dates are only logged; the server still checks.
          if (!signal?.aborted) console.warn("Could not load unavailable dates", error);
        }),
    [campsite.id],
  );

  useEffect(() => {
    const controller = new AbortController();
    loadAvailability(controller.signal);
    return () => controller.abort();
  }, [loadAvailability]);

  const limits = useMemo(
    () => availability ?? fallbackAvailability(campsite),
    [availability, campsite],
  );
  const rules = useMemo(() => stayRules(limits), [limits]);

  /** `loading` until the server's answer replaces the fallback limits. */
  return { limits, rules, loading: availability === undefined, loadAvailability };
}
