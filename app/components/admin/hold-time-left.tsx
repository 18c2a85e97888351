// The pending booking's hold countdown (spec 2.15): m:ss while time remains.
// It starts after the page loads, so the server's and the browser's clocks never disagree on screen.
import { useEffect, useState } from "react";
import { formatCountdown } from "#domain/rules/hold-countdown.ts";

export function HoldTimeLeft({ expiresAt }: { expiresAt: string }) {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (now === null) return null;
  const left = Math.ceil((new Date(expiresAt).getTime() - now) / 1000);
  if (left <= 0) return null;
  return (
    <span className="mt-1 block text-xs font-medium text-amber-900">
      <span className="sr-only">Hold ends in </span>
      <span aria-hidden>Hold </span>
      <time dateTime={`PT${left}S`} className="tabular-nums">
        {formatCountdown(left)}
      </time>
    </span>
  );
}
