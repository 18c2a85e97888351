// The error view of one admin screen: the sidebar stays, the screen says what
// failed (in the spec's words) and offers a retry. A staff member on an
// owner's screen is told so here ('Owner Only'); any other 403 goes up to the
// admin layout, whose gate asks for an admin login (an ended session never
// gets here: requireAdminScreen redirects it to /login).
import { useEffect } from "react";
import { isRouteErrorResponse } from "react-router";
import { toast } from "sonner";
import { Button } from "#app/components/ui/button.tsx";

export function AdminScreenError({
  error,
  message = "Something went wrong loading this screen. Please try again.",
}: {
  error: unknown;
  message?: string;
}) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const ownerOnly = isOwnerOnly(error);
  const text = status === 404 ? "That record does not exist any more." : message;
  useEffect(() => {
    if (status !== 403) toast.error("Error", { description: text });
  }, [status, text]);
  if (ownerOnly) return <OwnerOnlyNotice />;
  if (status === 403) throw error;
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6">
      <h1 className="text-xl font-bold text-red-900">Error</h1>
      <p className="mt-2 text-red-900">{text}</p>
      <Button className="mt-4" variant="outline" onClick={() => window.location.reload()}>
        Try again
      </Button>
    </div>
  );
}

/** True for the 403 that the owner guards answer a staff member. */
export function isOwnerOnly(error: unknown): boolean {
  return (
    isRouteErrorResponse(error) &&
    error.status === 403 &&
    (error.data as { code?: string } | undefined)?.code === "owner_only"
  );
}

export function OwnerOnlyNotice() {
  return (
    <div role="alert" className="rounded-xl border border-amber-200 bg-amber-50 p-6">
      <h1 className="text-xl font-bold text-amber-950">Owner Only</h1>
      <p className="mt-2 text-amber-950">
        Only the farm's owner can open or change this. Today, Bookings and the Calendar are yours to
        use.
      </p>
      <a
        href="/admin/today"
        className="mt-4 inline-block font-semibold text-paddock-800 underline underline-offset-4"
      >
        Go to Today
      </a>
    </div>
  );
}
