// The hold countdown (spec 2.12, 4): m:ss to the end of the pending booking's
// hold, from the moment step 3 holds it. The visible timer ticks every second;
// screen readers hear it sparingly (at the start, then at 2 minutes, 1 minute
// and 30 seconds left).
import { Timer } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { BOOKING_EXPIRED } from "#domain/rules/hold.ts";
import { formatCountdown, holdAnnouncement, secondsLeft } from "#domain/rules/hold-countdown.ts";

export function useHoldSeconds(
  deadline: number | undefined,
  onExpire: () => void,
): number | undefined {
  const [seconds, setSeconds] = useState(() =>
    deadline === undefined ? undefined : secondsLeft(deadline, Date.now()),
  );
  const expire = useRef(onExpire);
  expire.current = onExpire;

  useEffect(() => {
    if (deadline === undefined) {
      setSeconds(undefined);
      return;
    }
    let fired = false;
    const tick = () => {
      const left = secondsLeft(deadline, Date.now());
      setSeconds(left);
      if (left === 0 && !fired) {
        fired = true;
        clearInterval(timer);
        expire.current();
      }
    };
    const timer = setInterval(tick, 1000);
    tick();
    return () => clearInterval(timer);
  }, [deadline]);

  return seconds;
}

export function HoldCountdown({
  seconds,
  needsNoCard = false,
}: {
  seconds: number;
  /** Nothing is left to pay: the camper confirms rather than pays. */
  needsNoCard?: boolean;
}) {
  const [announcement, setAnnouncement] = useState("");
  const previous = useRef<number | undefined>(undefined);

  useEffect(() => {
    const said = holdAnnouncement(previous.current, seconds);
    previous.current = seconds;
    if (said) setAnnouncement(said);
  }, [seconds]);

  if (seconds <= 0) return <HoldExpired />;
  return (
    <div className="flex items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
      <Timer aria-hidden="true" className="size-5 shrink-0" />
      <p className="text-sm">
        Your site is held for{" "}
        <span role="timer" aria-label="Time left" className="font-mono text-base font-bold">
          {formatCountdown(seconds)}
        </span>
        . {needsNoCard ? "Confirm your booking" : "Complete payment"} before the time runs out.
      </p>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

/** The hold has ended (spec 4): the 'Booking Expired' text, kept on screen after its toast. */
export function HoldExpired() {
  return (
    <div className="flex items-center gap-3 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
      <Timer aria-hidden="true" className="size-5 shrink-0" />
      <p className="text-sm">{BOOKING_EXPIRED}</p>
    </div>
  );
}
