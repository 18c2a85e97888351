// GET /admin/prepaid-cards/:id/transactions: a card's transaction history,
// newest first, for the history dialog.
import { requireAdmin } from "#server/services/admin-access.ts";
import { CatalogueError } from "#server/services/catalogue-errors.ts";
import { listCardTransactions } from "#server/services/prepaid-card-admin.ts";
import type { Route } from "./+types/prepaid-card-transactions";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  if (!UUID.test(params.id)) {
    return Response.json({ error: "No such prepaid card." }, { status: 404 });
  }
  try {
    const transactions = await listCardTransactions(context.db, params.id);
    return Response.json({ transactions }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof CatalogueError) {
      return Response.json({ error: error.message }, { status: 404 });
    }
    throw error;
  }
}
