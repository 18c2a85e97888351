// Unknown admin paths go to the dashboard (spec 2.15); without a session,
// straight to the sign-in. (A resource route: only this loader runs, so it
// checks the session itself; /admin's gate deals with non-admins.)
import { redirect } from "react-router";
import { requireUser } from "#app/routes/admin/guards.server.ts";
import type { Route } from "./+types/catch-all";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  return redirect("/admin");
}
