// The admin area's frame (spec 2.15): every /admin screen renders inside it.
// Its loader is the gate: no session -> /login; a signed-in non-admin is
// signed out and shown the 'Admin Login' form (see requireAdminArea). Each
// screen checks again in its own loader and action (requireAdminScreen).
import { data, isRouteErrorResponse, Outlet } from "react-router";
import { AdminLoginGate } from "#app/components/admin/admin-login-gate.tsx";
import { isOwnerOnly, OwnerOnlyNotice } from "#app/components/admin/admin-screen-error.tsx";
import { AdminSidebar } from "#app/components/admin/admin-sidebar.tsx";
import { readFlashToast } from "#app/components/admin/flash.server.ts";
import { type ToastMessage, useToastOnce } from "#app/components/admin/use-toast.ts";
import { requireAdminArea } from "#app/routes/admin/guards.server.ts";
import { countUnhandledMessages } from "#server/services/messages-admin.ts";
import type { Route } from "./+types/layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdminArea(request, context);
  // Messages are the owner's (decision 0017): staff get no count of them.
  const [flash, unhandledMessages] = await Promise.all([
    readFlashToast(request),
    user.role === "owner" ? countUnhandledMessages(context.db) : 0,
  ]);
  return data(
    {
      email: user.email,
      role: user.role,
      unhandledMessages,
      toast: flash.toast as ToastMessage | null,
    },
    { headers: flash.headers },
  );
}

export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  useToastOnce(loaderData.toast);
  return (
    <div className="min-h-dvh bg-stone-50">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:font-semibold"
      >
        Skip to content
      </a>
      <AdminSidebar
        email={loaderData.email}
        role={loaderData.role}
        unhandledMessages={loaderData.unhandledMessages}
      />
      <main
        id="admin-main"
        tabIndex={-1}
        className="px-4 py-6 focus:outline-none sm:px-6 lg:ml-64 lg:px-8 lg:py-8"
      >
        <Outlet />
      </main>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // A staff member on an owner's screen without its own boundary: not a sign-in problem.
  if (isOwnerOnly(error)) {
    return (
      <main className="mx-auto max-w-xl px-6 py-24">
        <OwnerOnlyNotice />
      </main>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 403) {
    const body = error.data as { title?: string; description?: string } | undefined;
    const notice: ToastMessage | undefined = body?.title
      ? { kind: "error", title: body.title, description: body.description }
      : undefined;
    return <AdminLoginGate notice={notice} />;
  }
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="text-2xl font-bold">Unexpected Application Error!</h1>
      <p className="mt-4 text-stone-700">
        Something went wrong on our side. Please try again in a moment.
      </p>
      <a
        href="/admin"
        className="mt-8 inline-block rounded-md bg-paddock-700 px-5 py-3 font-semibold text-white hover:bg-paddock-800"
      >
        Back to the dashboard
      </a>
    </main>
  );
}
