// The front desk's timeline (issue 28, item 3): three months of every unit,
// with the bench's 100,000 bookings, answers in 300 ms or less of server time.
// Measured as a person at the counter opens it: the whole page
// (/admin/timeline?range=3m, signed in, accept-encoding br, gzip), one request
// at a time, so that each time is the server's alone (loopback adds next to
// nothing); the page's loader alone (its .data request) too. The calendar
// screen, the closest screen the back office had before, is measured the same
// way in the same run, as the baseline.
import { spawnSync } from "node:child_process";
import type { BenchDatabase } from "./database";
import { browserHeaders } from "./load";
import type { BenchOptions } from "./options";
import { figure, note } from "./report";
import { median, percentile, withSpread } from "./stats";

export const TIMELINE_TARGET_MS = 300;
const ADMIN = { email: "bench.owner@example.com", password: "bench-owner-password-1" };
/** Requests per repetition, after the warm-up. */
const REQUESTS = 10;

/**
 * The bench's administrator, made with `npm run admin:create` as an owner
 * would; before the server starts, since PGlite allows one process.
 */
export function createBenchAdmin(db: BenchDatabase) {
  const result = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "server/scripts/admin-create.ts",
      "--email",
      ADMIN.email,
      "--password",
      ADMIN.password,
    ],
    {
      env: { ...process.env, DATABASE_URL: db.url, DATA_DIR: db.dataDir, LOG_LEVEL: "warn" },
      encoding: "utf8",
    },
  );
  if (result.status !== 0) throw new Error(`admin:create failed: ${result.stderr}`);
}

async function signIn(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`signing in answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** One answer, start to last byte: its time in ms and its size. */
async function timed(origin: string, path: string, cookie: string) {
  const started = performance.now();
  const res = await fetch(origin + path, { headers: { ...browserHeaders, cookie } });
  const body = await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  return { ms: performance.now() - started, bytes: body.byteLength };
}

/** The p50 of each repetition of REQUESTS requests one at a time, the slowest of all, the size. */
async function measure(origin: string, path: string, cookie: string, options: BenchOptions) {
  for (let i = 0; i < 3; i++) await timed(origin, path, cookie);
  const p50s: number[] = [];
  let slowest = 0;
  let bytes = 0;
  for (let r = 0; r < options.repetitions; r++) {
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const answer = await timed(origin, path, cookie);
      times.push(answer.ms);
      bytes = answer.bytes;
    }
    times.sort((a, b) => a - b);
    p50s.push(percentile(times, 50));
    slowest = Math.max(slowest, times.at(-1) ?? 0);
  }
  return { p50s, slowest, bytes };
}

export async function benchTimeline(origin: string, bookings: number, options: BenchOptions) {
  const cookie = await signIn(origin);
  const page = await fetch(`${origin}/admin/timeline?range=3m`, { headers: { cookie } });
  const rows = (await page.text()).split("<tr data-unit-id=").length - 1;
  if (rows === 0) throw new Error(`the timeline showed no unit (${page.status})`);
  const label = `${bookings} bookings, ${rows} units`;
  note(
    `one request at a time (${REQUESTS} per repetition after 3 to warm up), start to last byte on loopback, accept-encoding: br, gzip`,
  );
  const screens = [
    { name: "timeline, 3 months of every unit: the page", path: "/admin/timeline?range=3m" },
    { name: "timeline, 3 months: its loader alone (.data)", path: "/admin/timeline.data?range=3m" },
    { name: "calendar (baseline): the page", path: "/admin/calendar" },
    { name: "calendar (baseline): its loader alone (.data)", path: "/admin/calendar.data" },
  ];
  for (const [i, screen] of screens.entries()) {
    const m = await measure(origin, screen.path, cookie, options);
    const shown = `${withSpread(m.p50s, 1)}, slowest ${m.slowest.toFixed(1)} (${(m.bytes / 1024).toFixed(0)} KB before compression)`;
    const target = i === 0 ? { op: "<=" as const, value: TIMELINE_TARGET_MS } : undefined;
    figure(`${screen.name}, ${label}, p50 ms`, shown, median(m.p50s), target, " ms (p50)");
  }
}
