// A small label saying whether the screen is receiving live updates.
import type { LiveStatus } from "#app/components/admin/use-live-updates.ts";
import { cn } from "#app/lib/utils.ts";

const labels: Record<LiveStatus, string> = {
  live: "Live updates on",
  connecting: "Connecting to live updates…",
  offline: "Live updates off: reload the page",
};

export function LiveIndicator({ status }: { status: LiveStatus }) {
  return (
    <p
      className="inline-flex items-center gap-2 text-xs font-medium text-stone-700"
      data-live-status={status}
    >
      <span
        aria-hidden
        className={cn(
          "size-2 rounded-full",
          status === "live"
            ? "bg-green-600"
            : status === "connecting"
              ? "bg-amber-500"
              : "bg-red-600",
        )}
      />
      {labels[status]}
    </p>
  );
}
