// POST /admin/logout: ends the session on the server, clears its cookie and
// returns to /login with 'Logged Out'. Only the Log Out button's own form does:
// any other body (none, JSON, another form) is a 400 and the session stays.
import { redirect } from "react-router";
import { flashToastHeaders } from "#app/components/admin/flash.server.ts";
import { readForm } from "#app/routes/form-body.server.ts";
import { signOutHeaders } from "#server/services/admin-access.ts";
import type { Route } from "./+types/logout";

/** What the Log Out button posts (components/admin/admin-sidebar.tsx). */
const LOGOUT_INTENT = "logout";

export async function action({ request, context }: Route.ActionArgs) {
  if ((await readForm(request)).get("intent") !== LOGOUT_INTENT) {
    return new Response("Log out with the Log Out button.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const headers = await signOutHeaders(context.auth, request.headers);
  await flashToastHeaders({ kind: "success", title: "Logged Out" }, headers);
  return redirect("/login", { headers });
}

export function loader() {
  return redirect("/admin");
}
