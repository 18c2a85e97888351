// GET /admin/reports/export?from=&to= (or ?range=): the bookings behind the
// Reports screen's figures for that range, as a CSV download. A range the
// screen would refuse is answered 400 with the same sentence.
import { requireOwner } from "#app/routes/admin/guards.server.ts";
import { farmToday } from "#domain/rules/dates.ts";
import { readRangeQuery } from "#domain/rules/report-range.ts";
import { csvFileName } from "#server/services/csv.ts";
import { reportCsv } from "#server/services/reports.ts";
import type { Route } from "./+types/reports-export";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, context);
  const params = new URL(request.url).searchParams;
  const read = readRangeQuery(
    { range: params.get("range"), from: params.get("from"), to: params.get("to") },
    farmToday(),
  );
  if (!read.ok) {
    return new Response(`${Object.values(read.errors).join(" ")}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const { from, to } = read.range;
  return new Response(await reportCsv(context.db, read.range), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName("bookings-report", `${from}-to-${to}`)}"`,
      "Cache-Control": "no-store",
    },
  });
}
