// GET /admin/prepaid-cards/export[?ids=a,b,c]: prepaid cards as a CSV
// download: the given ones (a bulk batch), or every active card with money on it.
import { idsOf } from "#app/components/admin/catalogue/ids-param.ts";
import { requireOwner } from "#app/routes/admin/guards.server.ts";
import { farmToday } from "#domain/rules/dates.ts";
import { csvFileName } from "#server/services/csv.ts";
import { cardsToPrint, prepaidCardsCsv } from "#server/services/prepaid-card-admin.ts";
import type { Route } from "./+types/prepaid-cards-export";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, context);
  const cards = await cardsToPrint(context.db, idsOf(request));
  return new Response(prepaidCardsCsv(cards), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName("prepaid-cards", farmToday())}"`,
      "Cache-Control": "no-store",
    },
  });
}
