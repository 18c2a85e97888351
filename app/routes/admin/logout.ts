// POST /admin/logout: ends the session on the server, clears its cookie and
// returns to /login with 'Logged Out'.
import { redirect } from "react-router";
import { flashToastHeaders } from "#app/components/admin/flash.server.ts";
import { signOutHeaders } from "#server/services/admin-access.ts";
import type { Route } from "./+types/logout";

export async function action({ request, context }: Route.ActionArgs) {
  const headers = await signOutHeaders(context.auth, request.headers);
  await flashToastHeaders({ kind: "success", title: "Logged Out" }, headers);
  return redirect("/login", { headers });
}

export function loader() {
  return redirect("/admin");
}
