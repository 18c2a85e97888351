// Start-up and memory of the production server, on an existing database
// (already migrated and seeded):
// - the time from spawning `npm run serve` (as a deployment starts it) until
//   /api/health first answers 200 (it queries the database, so the app can
//   serve), and
// - the resident memory (VmRSS) of the server's processes after a warm-up of
//   pages and API requests: the largest web process, and all of them.
// Used by `npm run bench` (phase startup); `npm run bench:startup` runs it
// alone on PGlite, and on PostgreSQL too when one answers.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { childrenOf, freePort, until } from "#tests/support/spawn-server.ts";
import { type BenchDatabase, createDatabase, postgresServer } from "./database";
import { figure } from "./report";
import { seedBenchData } from "./seed";
import { startAppServer } from "./server";
import { median, withSpread } from "./stats";

/** Resident memory of a process in MB, from /proc (Linux). */
export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

/**
 * The server's resident memory in MB: `total`, of its process and every web
 * process it started; `largest`, of the largest of them.
 */
export function serverRss(pid: number): { total: number; largest: number } {
  const each = [pid, ...childrenOf(pid)].map(rssOf);
  return { total: each.reduce((a, b) => a + b, 0), largest: Math.max(...each) };
}

function serverEnv(db: BenchDatabase, port: number) {
  return {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: db.dataDir,
    DATABASE_URL: db.url,
    LOG_LEVEL: "warn",
  };
}

/** Milliseconds from spawning `npm run serve` to the first 200 of /api/health. */
async function startOnce(db: BenchDatabase): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  // Its own process group, so that npm, cross-env and node all stop together.
  const child: ChildProcess = spawn("npm", ["run", "-s", "serve"], {
    env: serverEnv(db, port),
    stdio: "ignore",
    detached: true,
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`npm run serve exited (${child.signalCode ?? child.exitCode})`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (res) => res.status === 200,
        () => false,
      );
      if (ok) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error("no 200 from /api/health within 3 minutes");
  } finally {
    if (child.pid && child.exitCode === null && child.signalCode === null)
      process.kill(-child.pid, "SIGTERM");
    await exited;
    // npm may end before the server has closed its database: the next start would find
    // PGlite's files still open (an abort at start).
    const { pid } = child;
    if (pid) await until(() => !groupAlive(pid), 30, "the server's processes ended after SIGTERM");
  }
}

/** Whether a process of the group `pid` leads is left. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A mix of what visitors ask for: pages, the campsite list, availability. */
async function warmUp(origin: string, requests: number) {
  const { campsites } = (await (await fetch(`${origin}/api/campsites`)).json()) as {
    campsites: { id: string }[];
  };
  const paths = ["/", "/bookings", "/about", "/camping", "/api/campsites"];
  for (let i = 0; i < requests; i++) {
    const site = campsites[i % campsites.length];
    const p =
      i % 6 === 5 && site ? `/api/campsites/${site.id}/availability` : paths[i % paths.length];
    await (await fetch(origin + p, { headers: { "accept-encoding": "br, gzip" } })).arrayBuffer();
  }
}

export async function measureStartup(db: BenchDatabase, runs: number, label: string) {
  // A first start, not measured: the database is as a running deployment left it.
  const first = await startAppServer(db.dataDir, { DATABASE_URL: db.url });
  await first.stop();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    times.push(await startOnce(db));
    process.stdout.write(".");
  }
  process.stdout.write("\n");
  figure(
    `${label}: npm run serve to the first 200, ms`,
    withSpread(times),
    median(times),
    { op: "<=", value: 3000 },
    " ms",
  );
}

export async function measureMemory(db: BenchDatabase, runs: number, label: string) {
  const rss: { total: number; largest: number }[] = [];
  for (let i = 0; i < runs; i++) {
    const server = await startAppServer(db.dataDir, { DATABASE_URL: db.url });
    try {
      await warmUp(server.baseURL, 600);
      rss.push(serverRss(server.child.pid ?? 0));
    } finally {
      await server.stop();
    }
    process.stdout.write(".");
  }
  process.stdout.write("\n");
  reportServerRss(`${label}: resident memory after 600 warm-up requests`, rss);
}

/** The largest web process against its target, and all of the server's processes together. */
export function reportServerRss(label: string, rss: { total: number; largest: number }[]) {
  const largest = rss.map((r) => r.largest);
  figure(
    `${label}, the largest web process, MB`,
    withSpread(largest, 1),
    median(largest),
    { op: "<=", value: 200 },
    " MB",
  );
  figure(
    `${label}, all of the server's processes, MB`,
    withSpread(
      rss.map((r) => r.total),
      1,
    ),
  );
}

/** A seeded database of each kind, then both measurements on it. */
export async function benchStartup(serverUrl: string | undefined, runs: number, bookings = 20_000) {
  const kinds = serverUrl ? [serverUrl, undefined] : [undefined];
  for (const url of kinds) {
    const db = await createDatabase(url);
    const label = url ? "PostgreSQL" : "PGlite";
    try {
      await (await seedBenchData(db.seedOptions, { bookings })).close();
      await measureStartup(db, runs, label);
      if (url) await measureMemory(db, runs, label);
    } finally {
      await db.drop();
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.chdir(path.resolve(import.meta.dirname, ".."));
  await benchStartup(await postgresServer(process.env.BENCH_DATABASE_URL), 3);
}
