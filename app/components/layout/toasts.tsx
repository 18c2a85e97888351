// The Toaster of the whole app: one toast at a time, 5000 ms (spec section 4).
// Pages that never raise a toast (the marketing pages) say so with
// `handle = noToasts` (components/public/route-exports.ts); there the toast library is not loaded at all,
// which keeps their JavaScript small. Everywhere else it loads with the page
// (a page that calls toast() already has it), and once shown it stays, so a
// toast survives a navigation to a marketing page.
import { lazy, Suspense, useEffect, useState } from "react";
import { useMatches } from "react-router";
import type { ToastsHandle } from "#app/components/public/route-exports.ts";

const Toaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

export function Toasts() {
  const matches = useMatches();
  const wanted = !matches.some((m) => (m.handle as ToastsHandle | undefined)?.toasts === false);
  const [shown, setShown] = useState(wanted);
  useEffect(() => {
    if (wanted) setShown(true);
  }, [wanted]);
  if (!shown && !wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster visibleToasts={1} duration={5000} closeButton richColors position="top-center" />
    </Suspense>
  );
}
