// Start-up benchmark (npm run bench:startup): the production server started
// as it used to be (TypeScript through tsx) and as it is now (the compiled
// build/server.js on node), side by side in the same run, on one embedded
// database migrated and seeded beforehand. For each: the time from spawn until
// /api/health answers, and the resident memory then and after 200 requests.
// Options: --runs=N (default 5), --no-build.
import { type ChildProcess, execSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "#tests/support/spawn-server.ts";

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k = "", v] = a.replace(/^--/, "").split("=");
    return [k, v ?? "true"] as const;
  }),
);
const runs = Number(args.get("runs") ?? 5);

const ways = {
  "tsx server.ts (before)": ["--import", "tsx", "server.ts"],
  "node build/server.js (now)": ["build/server.js"],
} as const;

type Sample = { readyMs: number; rssReady: number; rssWarm: number };

/** Resident memory of a process in MB, from /proc (Linux). */
function rssOf(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

async function startOnce(argv: readonly string[], dataDir: string): Promise<Sample> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, argv, {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      WORKERS: "off",
    },
    stdio: "ignore",
  });
  try {
    await waitForHealth(url, child);
    const readyMs = performance.now() - started;
    const rssReady = rssOf(child);
    for (let i = 0; i < 100; i++) {
      await (await fetch(`${url}/api/campsites`)).arrayBuffer();
      await (await fetch(`${url}/bookings`)).arrayBuffer();
    }
    return { readyMs, rssReady, rssWarm: rssOf(child) };
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
}

async function waitForHealth(url: string, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("the server did not become healthy within 60 s");
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function main() {
  if (!args.has("no-build")) {
    console.log("building the production bundle...");
    execSync("npm run build", { stdio: "ignore" });
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "rcs-bench-startup-"));
  try {
    // The first start migrates and seeds the database; only the later ones are measured.
    await startOnce(ways["node build/server.js (now)"], dataDir);
    const rows: Record<string, Record<string, string>> = {};
    for (const [name, argv] of Object.entries(ways)) {
      const samples: Sample[] = [];
      for (let i = 0; i < runs; i++) samples.push(await startOnce(argv, dataDir));
      rows[name] = {
        "ready (median ms)": median(samples.map((s) => s.readyMs)).toFixed(0),
        "RSS at ready (MB)": median(samples.map((s) => s.rssReady)).toFixed(1),
        "RSS after 200 requests (MB)": median(samples.map((s) => s.rssWarm)).toFixed(1),
      };
    }
    console.log(`\nstart-up of the production server, median of ${runs} runs each:`);
    console.table(rows);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
