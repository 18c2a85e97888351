// No request blocks the others (issue 32, item 3): the home page at a steady
// rate, quiet and then while the owner runs three-year reports one after
// another on the same server, alternating; its p99 in each, and what was
// dropped. The home page is a kept page: what it waits for is the event loop.
import { request } from "undici";
import { errorText, type Outcome, openLoop } from "./load";
import { figure, note } from "./report";
import { median, ratio, withSpread } from "./stats";

const HOME_RATE = 200;
const SECONDS = 5;
const ROUNDS = 2;

/** Requests `path` one after another until `stop` resolves; how many answered 200, of how many. */
async function reportsUntil(base: string, path: string, cookie: string, stop: Promise<unknown>) {
  let done = false;
  void stop.then(() => (done = true));
  const tally = { ok: 0, all: 0 };
  while (!done) {
    const res = await request(base + path, { headers: { cookie } });
    await res.body.dump();
    tally.all++;
    if (res.statusCode === 200) tally.ok++;
  }
  return tally;
}

export type BesideReports = { quiet: Outcome[]; busy: Outcome[]; reports: number };

export async function homeBesideReports(
  base: string,
  reportPath: string,
  cookie: string,
): Promise<BesideReports> {
  const home = () =>
    openLoop({ origin: base, next: () => ({ path: "/" }), seconds: SECONDS, rate: HOME_RATE });
  await home(); // kept, and the server warm
  const result: BesideReports = { quiet: [], busy: [], reports: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    result.quiet.push(await home());
    const busy = home();
    const reports = await reportsUntil(base, reportPath, cookie, busy);
    result.busy.push(await busy);
    if (reports.ok !== reports.all)
      note(`${reports.all - reports.ok} of ${reports.all} reports failed`);
    result.reports += reports.ok;
  }
  return result;
}

export function reportBesideReports(count: number, r: BesideReports) {
  const p99 = (o: Outcome[]) => o.map((x) => x.p99);
  const ratios = r.quiet.map((q, i) => ratio(r.busy[i]?.p99 ?? Number.NaN, q.p99));
  const dropped = r.busy.reduce((n, o) => n + o.errors, 0);
  for (const o of r.busy) if (errorText(o)) note(`home page beside reports: ${errorText(o)}`);
  figure(
    `home page at ${HOME_RATE}/s, ${count} bookings, p99 quiet; while ${r.reports} three-year reports ran, ms`,
    `${withSpread(p99(r.quiet), 1)}; ${withSpread(p99(r.busy), 1)}`,
  );
  figure(
    `home page p99 while reports run / quiet, ${count} bookings (${dropped} dropped)`,
    withSpread(ratios, 2),
    dropped === 0 ? median(ratios) : Number.NaN,
    { op: "<=", value: 2 },
  );
}
