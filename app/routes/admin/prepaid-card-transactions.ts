// GET /admin/prepaid-cards/:id/transactions: a card's transaction history,
// newest first, for the history dialog.
import { requireOwner } from "#app/routes/admin/guards.server.ts";
import { isRowId } from "#domain/forms/row-id.ts";
import { AppError } from "#server/errors.ts";
import { listCardTransactions } from "#server/services/prepaid-card-admin.ts";
import type { Route } from "./+types/prepaid-card-transactions";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireOwner(request, context);
  if (!isRowId(params.id)) {
    return Response.json({ error: "No such prepaid card." }, { status: 404 });
  }
  try {
    const transactions = await listCardTransactions(context.db, params.id);
    return Response.json({ transactions }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof AppError) {
      return Response.json({ error: error.message }, { status: 404 });
    }
    throw error;
  }
}
