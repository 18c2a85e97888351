// The error view of one admin screen: the sidebar stays, the screen says what
// failed (in the spec's words) and offers a retry. A 403 goes up to the admin
// layout, whose gate asks for an admin login; a 401 (the session ended while
// the screen was open) goes to /login.
import { useEffect } from "react";
import { isRouteErrorResponse, useNavigate } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";

export function AdminScreenError({
  error,
  message = "Something went wrong loading this screen. Please try again.",
}: {
  error: unknown;
  message?: string;
}) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const navigate = useNavigate();
  const text = status === 404 ? "That record does not exist any more." : message;
  useEffect(() => {
    if (status === 401) navigate("/login", { replace: true });
    else if (status !== 403) toast.error("Error", { description: text });
  }, [status, text, navigate]);
  if (status === 403) throw error;
  if (status === 401) {
    return (
      <p role="status" className="text-stone-800">
        Your session has ended.{" "}
        <a href="/login" className="font-semibold underline">
          Sign in again
        </a>
        .
      </p>
    );
  }
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
