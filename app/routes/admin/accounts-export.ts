// GET /admin/reports/accounts?file=&from=&to= (or ?range=): the accountant's
// files for a range of farm days (issue 29): the invoices and adjustment notes
// issued, and the money that moved, in Xero's import formats or as plain CSV.
// A range or file the screen would not offer is answered 400 in words.
import { requireOwner } from "#app/routes/admin/guards.server.ts";
import { farmToday } from "#domain/rules/dates.ts";
import { readRangeQuery } from "#domain/rules/report-range.ts";
import { type AccountsFile, accountsCsv, accountsFiles } from "#server/services/accounts-export.ts";
import { csvFileName } from "#server/services/csv.ts";
import type { Route } from "./+types/accounts-export";

const refused = (sentence: string) =>
  new Response(`${sentence}\n`, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, context);
  const params = new URL(request.url).searchParams;
  const file = params.get("file") as AccountsFile;
  if (!accountsFiles.includes(file)) return refused(`Choose a file: ${accountsFiles.join(", ")}.`);
  const read = readRangeQuery(
    { range: params.get("range"), from: params.get("from"), to: params.get("to") },
    farmToday(),
  );
  if (!read.ok) return refused(Object.values(read.errors).join(" "));
  const { from, to } = read.range;
  return new Response(await accountsCsv(context.db, file, read.range), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName(file, `${from}-to-${to}`)}"`,
      "Cache-Control": "no-store",
    },
  });
}
