// The marketing pages' toast (spec section 4: one at a time, 5000 ms), small
// enough for an island (decision 0022): the React Router app's toasts come
// from sonner (components/layout/toasts.tsx), which these pages do not load.
import { useEffect, useState } from "react";
import type { ToastMessage } from "#app/components/admin/use-toast.ts";

const TOAST_MS = 5000;

const kindClass: Record<ToastMessage["kind"], string> = {
  success: "border-green-200 bg-green-50 text-green-900",
  error: "border-red-200 bg-red-50 text-red-900",
  info: "border-sky-200 bg-sky-50 text-sky-900",
};

type Shown = { message: ToastMessage; at: number };

/** The toast region to render once, and `show` to put a message in it. */
export function useToast(): [React.ReactNode, (message: ToastMessage) => void] {
  const [shown, setShown] = useState<Shown | null>(null);

  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  const region = (
    // Present from the start, so that screen readers announce what appears in it.
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-4 z-50 flex justify-center px-4"
    >
      {shown ? (
        <div
          data-toast={shown.message.kind}
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 shadow-lg ${kindClass[shown.message.kind]}`}
        >
          <div className="flex-1">
            <p className="font-semibold">{shown.message.title}</p>
            {shown.message.description ? (
              <p className="mt-1 text-sm">{shown.message.description}</p>
            ) : null}
          </div>
          <button
            type="button"
            aria-label="Close toast"
            onClick={() => setShown(null)}
            className="rounded-sm px-1 text-lg leading-none focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-current"
          >
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
  return [region, (message) => setShown({ message, at: Date.now() })];
}
