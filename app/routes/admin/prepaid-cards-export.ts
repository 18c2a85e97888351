// GET /admin/prepaid-cards/export[?ids=a,b,c]: prepaid cards as a CSV
// download: the given ones (a bulk batch), or every active card with money on it.
import { idsOf } from "~/components/admin/catalogue/ids-param";
import { farmToday } from "../../../server/domain/dates";
import { requireAdmin } from "../../../server/services/admin-access";
import { csvFileName } from "../../../server/services/csv";
import { cardsToPrint, prepaidCardsCsv } from "../../../server/services/prepaid-card-admin";
import type { Route } from "./+types/prepaid-cards-export";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const cards = await cardsToPrint(context.db, idsOf(request));
  return new Response(prepaidCardsCsv(cards), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName("prepaid-cards", farmToday())}"`,
      "Cache-Control": "no-store",
    },
  });
}
