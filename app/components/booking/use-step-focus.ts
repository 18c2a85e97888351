// Announce a step change by moving focus to the step's heading (not on first load).
import { useEffect, useRef } from "react";
import type { Step } from "./step-indicator";

export function useStepFocus(step: Step) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each step change.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);
  return headingRef;
}
