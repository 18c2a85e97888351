// A fetcher's action answer handled once, when the fetcher is done (the
// screen's data revalidated too): its toast shown, then `then` called with it.
// A component that may leave the page with the change (a deleted row) shows
// its toast on arrival instead (useToastOnce), or shares a keyed fetcher.
import { useEffect, useRef } from "react";
import { showToast } from "#app/components/admin/use-toast.ts";
import type { ActionAnswer } from "#app/lib/action-answer.ts";

export function useAnswer(
  fetcher: { state: string; data?: ActionAnswer },
  then?: (answer: ActionAnswer) => void,
) {
  const handled = useRef<ActionAnswer | undefined>(undefined);
  const thenRef = useRef(then);
  thenRef.current = then;
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.toast) showToast(answer.toast);
    thenRef.current?.(answer);
  }, [fetcher.state, fetcher.data]);
}
