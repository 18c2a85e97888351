// The campsite's unavailable nights, stay limits and rates (spec 5, issue 13),
// asked when the flow opens and again when the camper starts over or loses
// the last unit.
import { useCallback, useEffect, useMemo, useState } from "react";
import { bookingApi, type CampsiteSummary } from "#app/lib/booking-api.ts";
import { defaultSettings } from "#domain/forms/settings.ts";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import { type Availability, stayRules } from "#domain/rules/stay-dates.ts";
import { longerMinimums, nightMarks } from "./night-marks";
import type { CalendarMarks, DogRules } from "./stay-step";

/**
 * Until the server answers (or if it cannot), only the past and the advance
 * limit apply, at the campsite's listed price, with no dogs or extras offered.
 */
function fallbackAvailability(campsite: CampsiteSummary): Availability {
  const today = farmToday();
  return {
    campsiteId: campsite.id,
    from: today,
    to: addDays(today, 365),
    unavailableDates: [],
    today,
    minimumNightStay: 1,
    maximumNightStay: defaultSettings.maximumNightStay,
    maxAdvanceBookingDays: 365,
    lastCheckOutDate: addDays(today, 365),
    capacity: campsite.capacity,
    rates: {
      nightPriceCents: campsite.pricePerNightCents,
      weekendPriceCents: null,
      baseOccupancy: null,
      extraGuestFeeCents: 0,
      petFeeCents: 0,
      maxDogs: 0,
      longWeekendMinimumNights: null,
      seasons: [],
      extras: [],
    },
    longWeekendNights: [],
    // Asked again by the server: a required question left blank is refused there.
    questions: [],
    // Pay waits for the server's policy: the camper accepts the one it will apply.
    cancellationPolicy: null,
    termsVersion: "",
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
  // Prices and dogs only from the server's own rates, never from the fallback.
  const calendar = useMemo<CalendarMarks | undefined>(
    () =>
      availability && {
        marks: nightMarks(availability),
        longerMinimums: longerMinimums(availability),
      },
    [availability],
  );
  const dogRules = useMemo<DogRules | undefined>(
    () =>
      availability && availability.rates.maxDogs > 0
        ? { maxDogs: availability.rates.maxDogs, petFeeCents: availability.rates.petFeeCents }
        : undefined,
    [availability],
  );

  /** `loading` until the server's answer replaces the fallback limits. */
  return {
    limits,
    rules,
    calendar,
    dogRules,
    /** The extras on sale (the server lists active ones only). */
    extras: limits.rates.extras,
    loading: availability === undefined,
    loadAvailability,
  };
}
