// What the chosen stay costs before any hold (steps 1 and 2, issue 13): the
// server's quote (POST /api/quote) of the dates, guests and dogs, asked again
// a moment after each change. Only a stay the calendar's rules accept is
// asked about, so a refusal is rare; it shows no price rather than a toast.
import { useEffect, useState } from "react";
import { bookingApi, type Quote } from "#app/lib/booking-api.ts";
import { type PriceFigures, quoteFigures } from "./price-summary";
import type { Stay } from "./stay-step";

/** Wait this long after the last change before asking: a camper often picks twice. */
const QUOTE_DELAY_MS = 200;

type Answer = { key: string; quote: Quote };

/** The quote's figures while `wanted`, and whether they are of an earlier stay (a new one is on its way). */
export function useStayQuote(
  campsiteId: string,
  stay: Stay,
  wanted: boolean,
): { figures?: PriceFigures; stale: boolean } {
  const { checkIn, checkOut, guests, dogs } = stay;
  const key = wanted && checkIn && checkOut ? [checkIn, checkOut, guests, dogs].join("|") : "";
  const [answer, setAnswer] = useState<Answer>();

  useEffect(() => {
    if (!key || !checkIn || !checkOut) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      bookingApi
        .quote({ campsiteId, checkIn, checkOut, guests, dogs }, controller.signal)
        .then((quote) => setAnswer({ key, quote }))
        .catch((error) => {
          if (controller.signal.aborted) return;
          console.warn("Could not price the stay", error);
          setAnswer(undefined);
        });
    }, QUOTE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, campsiteId, checkIn, checkOut, guests, dogs]);

  if (!key || !answer) return { stale: false };
  return { figures: quoteFigures(answer.quote), stale: answer.key !== key };
}
