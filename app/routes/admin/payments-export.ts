// GET /admin/payments/export[?q=...]: the payments the screen's search shows,
// every one of them (not only the first page), as a CSV download.

import { requireOwner } from "#app/routes/admin/guards.server.ts";
import { farmToday } from "#domain/rules/dates.ts";
import { csvFileName } from "#server/services/csv.ts";
import { paymentsCsv, searchPayments } from "#server/services/payment-reports.ts";
import type { Route } from "./+types/payments-export";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, context);
  const query = new URL(request.url).searchParams.get("q") ?? "";
  const { rows } = await searchPayments(context.db, { query });
  return new Response(paymentsCsv(rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName("payments", farmToday())}"`,
      "Cache-Control": "no-store",
    },
  });
}
