// No request blocks the others (issue 32, item 3): the home page at a steady
// rate, quiet and then while the owner runs three-year reports one after
// another on the same server, alternating; its p99 in each, and what was
// dropped. The home page is a kept page: what it waits for is the event loop.
// The reports and the home page are each asked from a process of their own
// (reports-client.ts, home-client.ts), not from the bench's, whose pauses
// would count as the server's.
//
// The baseline, in the same rounds: a bystander, a plain node:http server
// sending the home page's bytes (plain-node.ts), which the reports never
// touch, asked the same way beside the same reports. What it loses is what
// the machine's cores, shared with the reports, the database and the clients,
// cost any server; the app's own share is the difference.
import { type ChildProcess, fork } from "node:child_process";
import { once } from "node:events";
import { errorText, type Outcome } from "./load";
import { startPlainNode } from "./plain-node";
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

/** The home page's p99s of one server: quiet, and while reports ran, round by round. */
type Measured = { quiet: Outcome[]; busy: Outcome[] };

/** `reports`: how many ran beside the app's home page. */
export type BesideReports = { app: Measured; bystander: Measured; reports: number };

/** Visitors asking for `/` of `origin`, from a process of their own. */
async function visitorsOf(origin: string) {
  const client = await forkReady("./home-client.ts", [origin]);
  return {
    measure: async (): Promise<Outcome> => {
      client.send({ rate: HOME_RATE, seconds: SECONDS });
      const [outcome] = (await once(client, "message")) as [Outcome];
      return outcome;
    },
    stop: () => client.send("stop"),
  };
}

/**
 * The home page of the app at `base` and of a bystander (in as many processes
 * as the app's), each quiet and then beside reports, round by round, the two
 * taking turns at going first.
 */
export async function homeBesideReports(
  base: string,
  reportPath: string,
  cookie: string,
  processes: number,
): Promise<BesideReports> {
  const plain = await startPlainNode(base, "/", "br", processes);
  const measuredOf = async (origin: string) => ({
    visitors: await visitorsOf(origin),
    measured: { quiet: [], busy: [] } as Measured,
  });
  const app = await measuredOf(base);
  const bystander = await measuredOf(plain.origin);
  const servers = [app, bystander];
  let reports = 0;
  try {
    for (const { visitors } of servers) await visitors.measure(); // kept, and warm
    for (let round = 0; round < ROUNDS; round++) {
      for (const server of round % 2 ? [...servers].reverse() : servers) {
        const { visitors, measured } = server;
        measured.quiet.push(await visitors.measure());
        const client = await reportsClient(base + reportPath, cookie);
        let tally: Tally;
        try {
          const busy = visitors.measure();
          client.start();
          measured.busy.push(await busy);
        } finally {
          tally = await client.stop();
        }
        if (tally.ok !== tally.all) note(`${tally.all - tally.ok} of ${tally.all} reports failed`);
        if (server === app) reports += tally.ok;
      }
    }
  } finally {
    for (const { visitors } of servers) visitors.stop();
    await plain.stop();
  }
  return { app: app.measured, bystander: bystander.measured, reports };
}

const p99s = (o: Outcome[]) => o.map((x) => x.p99);
const ratios = (m: Measured) => m.quiet.map((q, i) => ratio(m.busy[i]?.p99 ?? Number.NaN, q.p99));

export function reportBesideReports(count: number, r: BesideReports) {
  const dropped = r.app.busy.reduce((n, o) => n + o.errors, 0);
  for (const o of r.app.busy) if (errorText(o)) note(`home page beside reports: ${errorText(o)}`);
  for (const o of [...r.bystander.quiet, ...r.bystander.busy])
    if (errorText(o)) note(`the bystander: ${errorText(o)}`);
  figure(
    `home page at ${HOME_RATE}/s, ${count} bookings, p99 quiet; while ${r.reports} three-year reports ran, ms`,
    `${withSpread(p99s(r.app.quiet), 1)}; ${withSpread(p99s(r.app.busy), 1)}`,
  );
  figure(
    `  the bystander (plain node:http, the same bytes) beside the same reports, p99 quiet; busy, ms`,
    `${withSpread(p99s(r.bystander.quiet), 1)}; ${withSpread(p99s(r.bystander.busy), 1)}`,
  );
  figure(
    `home page p99 while reports run / quiet, ${count} bookings (${dropped} dropped)`,
    `${withSpread(ratios(r.app), 2)}; the bystander ${withSpread(ratios(r.bystander), 2)}`,
    dropped === 0 ? median(ratios(r.app)) : Number.NaN,
    { op: "<=", value: 2 },
  );
}
