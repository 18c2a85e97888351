// Where a Reports page spends its time at a given history (issue 29 item 7):
// seeds a fresh PostgreSQL database as the back-office bench does, then
// times each part of loadReport for the longest range (three years), the
// median of five runs. `npx tsx bench/report-parts.ts [bookings]`.
import { addDays, farmToday } from "#domain/rules/dates.ts";
import { buildReport } from "#domain/rules/reports.ts";
import { openDatabase } from "#server/db/client.ts";
import { moneyFigures } from "#server/services/money-figures.ts";
import { loadReport, readReportData } from "#server/services/reports.ts";
import { createDatabase, createOwner, defaultServerUrl } from "./database";
import { seedHistory } from "./history";

const count = Number(process.argv[2] ?? 100_000);
const owner = "bench-owner@rockycreek.test";

async function median(run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[2] ?? 0;
}

const db = await createDatabase(defaultServerUrl);
try {
  createOwner(db, { email: owner, password: "bench-owner-password" });
  await seedHistory(db.url, count, owner);
  const handle = await openDatabase({ url: db.url });
  const today = farmToday();
  const range = { from: addDays(today, -1095), to: today };
  const data = await readReportData(handle.db, range);
  console.log(`${count} bookings; three years hold ${data.bookings.length} of them`);
  console.log(
    `read the bookings:   ${(await median(() => readReportData(handle.db, range))).toFixed(0)} ms`,
  );
  console.log(
    `build the figures:   ${(await median(async () => buildReport({ range, ...data }))).toFixed(0)} ms`,
  );
  console.log(
    `money from ledger:   ${(await median(() => moneyFigures(handle.db, range))).toFixed(0)} ms`,
  );
  console.log(
    `the whole report:    ${(await median(() => loadReport(handle.db, "custom", range))).toFixed(0)} ms`,
  );
  await handle.close();
} finally {
  await db.drop();
}
