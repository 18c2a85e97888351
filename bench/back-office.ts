// The back office with a long history (issue 28 item 8): every screen's server
// time, one request at a time, at a small booking count (the baseline) and a
// large one, each in a fresh PostgreSQL database of its own, dropped after;
// and the bytes the Bookings list sends. Server time is the time from sending
// a screen's request on loopback to its last byte: the guard, the loader's
// queries and the server render, as a person at the desk waits for them. And
// the home page's p99 while three-year reports run (bench/beside-reports.ts);
// and one run of the work every server repeats every 30 s (the sweeper's).
import pg from "pg";
import { request } from "undici";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import { lapsedPaymentLinks } from "#server/bookings/workers.ts";
import type { AppContext } from "#server/context.ts";
import { openDatabase } from "#server/db/client.ts";
import { holdSweeper } from "#server/services/payments/sweeper.ts";
import { type BesideReports, homeBesideReports, reportBesideReports } from "./beside-reports";
import { createDatabase, createOwner } from "./database";
import { MAX_BOOKINGS, seedHistory } from "./history";
import { figure, note } from "./report";
import { startAppServer, webProcessesOn } from "./server";
import { median } from "./stats";

const owner = { email: "bench-owner@rockycreek.test", password: "bench-owner-password" };
/** Server time every screen keeps to at the large count, ms. */
const SCREEN_TARGET_MS = 200;
/**
 * Any report range, the longest too, at a history of this many bookings
 * (issue 29 item 7): 500 ms at 100,000, 1 s at 1,000,000.
 */
const longReportTargetMs = (bookings: number) => (bookings <= 100_000 ? 500 : 1000);
const LONG_REPORT = "Reports, three years";
/** What the Bookings list may send, compressed, KB. */
const LIST_TARGET_KB = 150;
/** One run of the work every 30 s at the large count, ms: found by indexes, whatever the history. */
const SWEEP_TARGET_MS = 25;

type Screen = { label: string; path: string };
type Timing = { ms: number[]; status: number; bytes: number; html: string };
type Sample = { email: string; reference: string; lastName: string; oldMonth: string };

/** A booking from the middle of the history: what the desk searches for. */
async function sampleOf(url: string): Promise<Sample> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ email: string; ref: string; last: string; day: string }>(
      `select guest_email as email, booking_reference as ref, guest_last_name as last,
              to_char(check_in_date, 'YYYY-MM') as day
         from bookings order by created_at
        offset (select count(*) / 2 from bookings) limit 1`,
    );
    const row = rows[0];
    if (!row) throw new Error("no bookings to search for");
    return { email: row.email, reference: row.ref, lastName: row.last, oldMonth: row.day };
  } finally {
    await client.end();
  }
}

function screensOf(s: Sample): Screen[] {
  const today = farmToday();
  const lastMonth = addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
  const monthEnd = (m: string) => addDays(`${addDays(`${m}-28`, 4).slice(0, 7)}-01`, -1);
  const statuses = ["confirmed", "paid", "pending", "expired", "cancelled", "refunded"];
  return [
    { label: "Bookings, newest first", path: "/admin/bookings" },
    { label: "Bookings, search by last name", path: `/admin/bookings?q=${s.lastName}` },
    {
      label: "Bookings, search by email",
      path: `/admin/bookings?q=${encodeURIComponent(s.email)}`,
    },
    { label: "Bookings, search by reference", path: `/admin/bookings?q=${s.reference}` },
    { label: "Bookings, search by campsite", path: "/admin/bookings?q=Bench%20Campsite%2012" },
    { label: "Bookings, search matching nothing", path: "/admin/bookings?q=zqxjv" },
    ...statuses.map((status) => ({
      label: `Bookings, ${status}`,
      path: `/admin/bookings?status=${status}`,
    })),
    { label: "Today", path: "/admin/today" },
    { label: "Dashboard", path: "/admin" },
    { label: "Calendar", path: "/admin/calendar" },
    { label: "Payments", path: "/admin/payments" },
    { label: "Payments, search by reference", path: `/admin/payments?q=${s.reference}` },
    { label: "Payments, search by last name", path: `/admin/payments?q=${s.lastName}` },
    { label: "Reports, this month", path: "/admin/reports" },
    {
      label: "Reports, last month",
      path: `/admin/reports?range=custom&from=${lastMonth}-01&to=${monthEnd(lastMonth)}`,
    },
    {
      label: "Reports, a month of the old history",
      path: `/admin/reports?range=custom&from=${s.oldMonth}-01&to=${monthEnd(s.oldMonth)}`,
    },
    {
      label: LONG_REPORT,
      // The longest range a report takes: three years to the end of last month.
      path: `/admin/reports?range=custom&from=${addDays(monthEnd(lastMonth), -1094)}&to=${monthEnd(lastMonth)}`,
    },
    { label: "Audit log", path: "/admin/audit-log" },
    { label: "Audit log, one action", path: "/admin/audit-log?action=booking.cancelled" },
  ];
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(owner),
  });
  if (res.status !== 200) throw new Error(`signing in answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** One request: its time to the last byte, status and bytes as sent. */
async function timed(base: string, path: string, cookie: string, encoding: string) {
  const started = performance.now();
  const res = await request(base + path, {
    headers: { cookie, "accept-encoding": encoding },
  });
  const body = Buffer.from(await res.body.arrayBuffer());
  return { ms: performance.now() - started, status: res.statusCode, body };
}

/**
 * A warm-up round, then `runs` rounds of one request to each screen in turn:
 * on a shared machine a burst of someone else's work then falls on one
 * sample of many screens, not on every sample of one.
 */
async function timeScreens(base: string, screens: Screen[], cookie: string, runs: number) {
  const results = new Map<string, Timing>(
    screens.map((s) => [s.label, { ms: [], status: 0, bytes: 0, html: "" }]),
  );
  for (let round = 0; round <= runs; round++) {
    for (const screen of screens) {
      const r = await timed(base, screen.path, cookie, "identity");
      const result = results.get(screen.label);
      if (!result || round === 0) continue;
      result.ms.push(r.ms);
      result.status = r.status;
      result.bytes = r.body.length;
      result.html = r.body.toString("utf8");
    }
  }
  return results;
}

/** The Next link of a page, when it has one (a page that pages its rows). */
function nextLink(html: string): string | undefined {
  const tag = html.match(/<a\b[^>]*\brel="next"[^>]*>/)?.[0];
  const href = tag?.match(/\bhref="([^"]+)"/)?.[1];
  return href?.replace(/&amp;/g, "&");
}

type Measured = {
  count: number;
  sweeps: number[];
  beside: BesideReports;
  screens: Map<string, Timing>;
  listBytes: { identity: number; gzip: number; br: number; rows: number };
};

async function measureAt(serverUrl: string, count: number, runs: number): Promise<Measured> {
  const db = await createDatabase(serverUrl);
  try {
    createOwner(db, owner);
    const started = performance.now();
    const seeded = await seedHistory(db.url, count, owner.email);
    note(
      `seeded ${seeded.bookings} bookings, ${seeded.payments} payments, ${seeded.audit} audit entries in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const sample = await sampleOf(db.url);
    const sweeps = await timeSweeps(db.url, runs);
    // The screens alone: no background workers sharing the database meanwhile.
    const server = await startAppServer(db.dataDir, {
      DATABASE_URL: db.url,
      LOG_LEVEL: "error",
      WORKERS: "off",
    });
    try {
      const base = server.baseURL;
      const cookie = await signIn(base);
      const list = "/admin/bookings";
      const first = await timed(base, list, cookie, "identity");
      const next = nextLink(first.body.toString("utf8"));
      const all = screensOf(sample);
      // The list's next page, when it pages its rows, right after the list.
      if (next) all.splice(1, 0, { label: "Bookings, the next page", path: next });
      const screens = await timeScreens(base, all, cookie, runs);
      const longReport = all.find((screen) => screen.label === LONG_REPORT)?.path ?? "";
      const beside = await homeBesideReports(base, longReport, cookie, webProcessesOn(db.url));
      const sizeIn = async (encoding: string) =>
        (await timed(base, list, cookie, encoding)).body.length;
      const html = screens.get("Bookings, newest first")?.html ?? "";
      const listBytes = {
        identity: await sizeIn("identity"),
        gzip: await sizeIn("gzip"),
        br: await sizeIn("br"),
        rows: (html.match(/aria-label="View booking /g) ?? []).length,
      };
      return { count: seeded.bookings, sweeps, screens, listBytes, beside };
    } finally {
      await server.stop();
    }
  } finally {
    await db.drop();
  }
}

/** The workers every 30 s, once to warm up and then `runs` times, with nothing else running. */
async function timeSweeps(url: string, runs: number): Promise<number[]> {
  const handle = await openDatabase({ url });
  // These workers read and write the database only.
  const context = { database: handle, db: handle.db } as AppContext;
  try {
    const times: number[] = [];
    for (let i = 0; i <= runs; i++) {
      const started = performance.now();
      for (const worker of [holdSweeper, lapsedPaymentLinks]) await worker.run(context);
      if (i > 0) times.push(performance.now() - started);
    }
    return times;
  } finally {
    await handle.close();
  }
}

const ms = (t: Timing | undefined) => (t ? median(t.ms) : Number.NaN);

function report(small: Measured, large: Measured) {
  for (const [label, big] of large.screens) {
    const base = small.screens.get(label);
    const failed = big.status !== 200 || (base && base.status !== 200);
    const shown = `${small.count}: ${ms(base).toFixed(1)}; ${large.count}: ${ms(big).toFixed(1)} (max ${Math.max(...big.ms).toFixed(1)})${failed ? `; answered ${base?.status}/${big.status}` : ""}`;
    figure(
      `${label.padEnd(38)} server time, ms`,
      shown,
      failed ? Number.NaN : ms(big),
      {
        op: "<=",
        value: label === LONG_REPORT ? longReportTargetMs(large.count) : SCREEN_TARGET_MS,
      },
      " ms",
    );
  }
  // The baseline's longest report is held to its own count's target too.
  const long = small.screens.get(LONG_REPORT);
  figure(
    `${LONG_REPORT} at ${small.count} bookings, server time, ms`,
    `${ms(long).toFixed(1)} (max ${Math.max(...(long?.ms ?? [])).toFixed(1)})`,
    long?.status === 200 ? ms(long) : Number.NaN,
    { op: "<=", value: longReportTargetMs(small.count) },
    " ms",
  );
  figure(
    "The sweeper and lapsed payment links, one run (every 30 s), ms",
    [small, large]
      .map(
        (m) =>
          `${m.count}: ${median(m.sweeps).toFixed(1)} (max ${Math.max(...m.sweeps).toFixed(1)})`,
      )
      .join("; "),
    median(large.sweeps),
    { op: "<=", value: SWEEP_TARGET_MS },
    " ms",
  );
  for (const m of [small, large]) reportBesideReports(m.count, m.beside);
  const kb = (n: number) => (n / 1024).toFixed(1);
  for (const m of [small, large]) {
    const b = m.listBytes;
    figure(
      `Bookings list at ${m.count} bookings, KB sent (${b.rows} rows)`,
      `${kb(b.identity)} uncompressed, ${kb(b.gzip)} gzip, ${kb(b.br)} br`,
      Math.max(b.gzip, b.br) / 1024,
      m === large ? { op: "<=", value: LIST_TARGET_KB } : undefined,
      " KB compressed",
    );
  }
}

/** The phase: the baseline count, then the large one, each seeded, measured and dropped. */
export async function benchBackOffice(
  serverUrl: string | undefined,
  counts: [number, number],
  runs: number,
) {
  if (!serverUrl) {
    note("the back office at a million bookings is measured on PostgreSQL only (none answered)");
    return;
  }
  const [smallCount, largeCount] = counts.map((c) => Math.min(c, MAX_BOOKINGS)) as [number, number];
  note(
    `each screen requested once to warm up, then ${runs} times, in rounds of one request to each screen in turn; the median (and the largest) time to its last byte`,
  );
  note(`baseline: ${smallCount} bookings`);
  const small = await measureAt(serverUrl, smallCount, runs);
  note(`large: ${largeCount} bookings`);
  const large = await measureAt(serverUrl, largeCount, runs);
  report(small, large);
}
