// A catalogue screen whose data could not be loaded: the spec's text for that
// screen ('Failed to load campsites.', ...), shown in place and as a toast. A
// staff member on an owner's screen is told so in place; any other 403 goes up
// to the admin layout, whose gate asks for an admin login.
import { useEffect } from "react";
import { isRouteErrorResponse } from "react-router";
import { toast } from "sonner";
import { isOwnerOnly, OwnerOnlyNotice } from "#app/components/admin/admin-screen-error.tsx";

export function ScreenLoadError({
  error,
  title,
  description,
  reloadHref,
}: {
  error: unknown;
  title: string;
  description: string;
  /** The screen's own path, to load it again. */
  reloadHref: string;
}) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  useEffect(() => {
    if (status !== 403) toast.error(title, { description });
  }, [status, title, description]);
  if (isOwnerOnly(error)) return <OwnerOnlyNotice />;
  if (status === 403) throw error;
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6">
      <h1 className="text-xl font-bold text-red-900">{title}</h1>
      <p className="mt-2 text-red-900">{description}</p>
      <a
        href={reloadHref}
        className="mt-4 inline-block font-semibold text-red-900 underline underline-offset-4"
      >
        Reload the page
      </a>
    </div>
  );
}

/** The heading row of a catalogue screen: title, a line of help, and its main actions. */
export function ScreenHeader({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
        <p className="mt-1 text-stone-700">{description}</p>
      </div>
      {children ? <div className="flex flex-wrap gap-2">{children}</div> : null}
    </div>
  );
}
