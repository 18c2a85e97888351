// No request blocks the others (issue 32, item 3): the home page at a steady
// rate, quiet and then while the owner runs three-year reports one after
// another on the same server, alternating; its p99 in each, and what was
// dropped. The home page is a kept page: what it waits for is the event loop.
// The reports and the home page are each asked from a process of their own
// (reports-client.ts, home-client.ts), not from the bench's, whose pauses
// would count as the server's.
import { type ChildProcess, fork } from "node:child_process";
import { once } from "node:events";
import { errorText, type Outcome } from "./load";
import { figure, note } from "./report";
import { median, ratio, withSpread } from "./stats";

const HOME_RATE = 200;
const SECONDS = 5;
const ROUNDS = 3;

type Tally = { ok: number; all: number };

/** A bench script forked with tsx, once it says it is ready. */
async function forkReady(script: string, args: string[]): Promise<ChildProcess> {
  const child = fork(new URL(script, import.meta.url).pathname, args, {
    execArgv: ["--import", "tsx"],
  });
  await once(child, "message");
  return child;
}

/**
 * A process of its own that asks for `url` one after another between "start"
 * and "stop", started before the measure begins.
 */
async function reportsClient(url: string, cookie: string) {
  const client = await forkReady("./reports-client.ts", [url, cookie]);
  return {
    start: () => client.send("start"),
    /** How many answered 200, of how many. */
    stop: async (): Promise<Tally> => {
      client.send("stop");
      const [tally] = (await once(client, "message")) as [Tally];
      return tally;
    },
  };
}

export type BesideReports = { quiet: Outcome[]; busy: Outcome[]; reports: number };

export async function homeBesideReports(
  base: string,
  reportPath: string,
  cookie: string,
): Promise<BesideReports> {
  const visitors = await forkReady("./home-client.ts", [base]);
  const home = async (): Promise<Outcome> => {
    visitors.send({ rate: HOME_RATE, seconds: SECONDS });
    const [outcome] = (await once(visitors, "message")) as [Outcome];
    return outcome;
  };
  const result: BesideReports = { quiet: [], busy: [], reports: 0 };
  try {
    await home(); // kept, and the server warm
    for (let round = 0; round < ROUNDS; round++) {
      result.quiet.push(await home());
      const client = await reportsClient(base + reportPath, cookie);
      let reports: Tally;
      try {
        const busy = home();
        client.start();
        result.busy.push(await busy);
      } finally {
        reports = await client.stop();
      }
      if (reports.ok !== reports.all)
        note(`${reports.all - reports.ok} of ${reports.all} reports failed`);
      result.reports += reports.ok;
    }
  } finally {
    visitors.send("stop");
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
