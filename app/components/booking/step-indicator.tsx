// Where the camper is in the 3-step flow (spec 4 "Booking flow").
import { Check } from "lucide-react";
import { cn } from "#app/lib/utils.ts";

export const STEP_TITLES = ["Dates and guests", "Guest details", "Payment options"] as const;
export type Step = 1 | 2 | 3;

export function StepIndicator({ step }: { step: Step }) {
  return (
    <ol aria-label="Booking steps" className="grid grid-cols-3 gap-2">
      {STEP_TITLES.map((title, index) => {
        const n = index + 1;
        const state = n < step ? "done" : n === step ? "current" : "next";
        return (
          <li
            key={title}
            aria-current={state === "current" ? "step" : undefined}
            className="flex flex-col items-center gap-1 text-center sm:flex-row sm:gap-2 sm:text-left"
          >
            <span
              aria-hidden="true"
              className={cn(
                "flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-bold",
                state === "done" && "border-paddock-700 bg-paddock-700 text-white",
                state === "current" && "border-paddock-700 bg-white text-paddock-800",
                state === "next" && "border-stone-300 bg-white text-stone-600",
              )}
            >
              {state === "done" ? <Check className="size-4" /> : n}
            </span>
            <span
              className={cn(
                "text-xs sm:text-sm",
                state === "current" ? "font-semibold text-stone-900" : "text-stone-700",
              )}
            >
              <span className="sr-only">
                Step {n} of 3{state === "done" ? ", done" : ""}:{" "}
              </span>
              {title}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
