// `npm run bench:lighthouse`: Lighthouse (mobile, simulated throttling) on
// every public page of the production build, served on loopback with a
// fresh embedded database. Prints per page the performance, accessibility,
// best-practices and SEO scores, LCP, TBT and CLS, and the JavaScript the
// home page ships (gzipped, as transferred).
//
//   npm run build && npm run bench:lighthouse
//   npm run bench:lighthouse -- --url http://127.0.0.1:3000   (a server already running)
//   npm run bench:lighthouse -- --desktop /gallery /faq        (desktop preset, some pages)
//   npm run bench:lighthouse -- --calibrate   (also with the CPU slowdown fitted to a slow host)
//   npm run bench:lighthouse -- --json /tmp/lh                 (keep each full report)
//   npm run bench:lighthouse -- --runs 5                       (the median of 5 runs per page)
//
// Performance scores vary by a few points from run to run, so each page is
// audited --runs times (3 unless told) and the run with the median
// performance score is reported, as Lighthouse's own guidance suggests.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";
import * as constants from "lighthouse/core/config/constants.js";
import { present } from "#server/testing/present.ts";
import { chromiumFlags } from "#tests/support/chromium-flags.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";
import { publicPages } from "./page-scripts";

const defaultMobileThrottling = constants.throttling.mobileSlow4G;

/** The baseline page `npm run bench` audits beside the site's (nginx serves it). */
export const BLANK_PAGE = "/bench-blank";
export const blankPage = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Blank page</title>
<meta name="description" content="A page with nothing to load: the browser's own cost on this host.">
</head><body><h1>Blank page</h1><p>One heading and a line of text.</p></body></html>`;

const chromeFlags = ["--headless", ...chromiumFlags];

export type Row = {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  scriptKb: number;
  scriptCount: number;
  benchmarkIndex: number;
  cpuSlowdown: number;
  failing: string[];
  /** Lowest to highest performance score over the runs. */
  performanceRange?: string;
};

function parseArgs(argv: string[]) {
  const args = {
    url: undefined as string | undefined,
    desktop: false,
    pages: [] as string[],
    json: undefined as string | undefined,
    calibrate: false,
    runs: 3,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = present(argv[i], `argument ${i}`);
    if (arg === "--url") args.url = argv[++i];
    else if (arg === "--desktop") args.desktop = true;
    else if (arg === "--json") args.json = argv[++i];
    else if (arg === "--calibrate") args.calibrate = true;
    else if (arg === "--runs") args.runs = Math.max(1, Number.parseInt(argv[++i] ?? "", 10) || 1);
    else if (arg.startsWith("/")) args.pages.push(arg);
  }
  return args;
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

/** The gzipped size of the scripts' bodies (level 6, as the server compresses). */
async function gzippedBytes(urls: string[]): Promise<number> {
  let total = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    total += gzipSync(body, { level: 6 }).length;
  }
  return total;
}

type AuditOptions = { port: number; desktop: boolean; jsonDir?: string; cpuSlowdown?: number };

/**
 * Lighthouse's 4x CPU slowdown assumes a fast desktop host (benchmark index
 * about 1500). On a slower host the same multiplier emulates a much slower
 * phone; this is the multiplier Lighthouse's CPU throttling calculator
 * recommends for the measured benchmark index (docs/throttling.md).
 */
export function calibratedMultiplier(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return 1;
}

async function audit(url: string, page: string, options: AuditOptions): Promise<Row> {
  const { port, desktop, jsonDir, cpuSlowdown } = options;
  const result = await lighthouse(
    url,
    {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      ...(cpuSlowdown === undefined
        ? {}
        : { throttling: { ...defaultMobileThrottling, cpuSlowdownMultiplier: cpuSlowdown } }),
    },
    desktop ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  if (jsonDir) {
    mkdirSync(jsonDir, { recursive: true });
    const name = page === "/" ? "home" : page.slice(1).replaceAll("/", "-");
    writeFileSync(path.join(jsonDir, `${name}.json`), JSON.stringify(lhr));
  }
  const requests =
    (
      lhr.audits["network-requests"]?.details as {
        items?: { url: string; resourceType?: string; mimeType?: string }[];
      }
    )?.items ?? [];
  const scripts = requests.filter(
    (r) => r.resourceType === "Script" || r.mimeType?.includes("javascript"),
  );
  const scriptBytes = await gzippedBytes(scripts.map((r) => r.url));
  // Audits that lower a score (weight > 0 and score < 1), to know what to fix.
  const failing = Object.values(lhr.categories)
    .filter((c) => c.id !== "performance")
    .flatMap((c) => c.auditRefs)
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);
  return {
    page,
    performance: score(lhr.categories.performance?.score),
    accessibility: score(lhr.categories.accessibility?.score),
    bestPractices: score(lhr.categories["best-practices"]?.score),
    seo: score(lhr.categories.seo?.score),
    lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
    tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0),
    cls: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
    scriptKb: Math.round(scriptBytes / 102.4) / 10,
    scriptCount: scripts.length,
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    cpuSlowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier ?? 4,
    failing: [...new Set(failing)],
  };
}

/** The run with the median performance score (with its other figures, not mixed). */
function medianRun(runs: Row[]): Row {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  const [first, median, last] = [sorted[0], sorted[Math.floor(sorted.length / 2)], sorted.at(-1)];
  if (!first || !median || !last) throw new Error("medianRun needs at least one run");
  const range = `${first.performance}-${last.performance}`;
  return { ...median, performanceRange: runs.length > 1 ? range : "" };
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART): try again. */
async function withRetries<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (error) {
      if (i >= attempts) throw error;
      console.error(`\n${(error as Error).message}; trying again`);
    }
  }
}

function print(rows: Row[], desktop: boolean) {
  const indexes = rows.map((r) => r.benchmarkIndex).sort((a, b) => a - b);
  const median = indexes[Math.floor(indexes.length / 2)];
  console.log(
    `\nLighthouse ${desktop ? "desktop" : "mobile"} (simulated throttling, CPU slowdown ${rows[0]?.cpuSlowdown.toFixed(1)}x; host benchmark index ${median}; each page's median run)\n`,
  );
  console.log(
    [
      "page".padEnd(14),
      "perf",
      "  range",
      "a11y",
      "best",
      " seo",
      "  LCP ms",
      " TBT ms",
      "   CLS",
      " JS KB gz",
      " lowered by",
    ].join(" "),
  );
  for (const r of rows) {
    console.log(
      [
        r.page.padEnd(14),
        String(r.performance).padStart(4),
        (r.performanceRange ?? "").padStart(7),
        String(r.accessibility).padStart(4),
        String(r.bestPractices).padStart(4),
        String(r.seo).padStart(4),
        String(r.lcpMs).padStart(8),
        String(r.tbtMs).padStart(7),
        r.cls.toFixed(3).padStart(6),
        r.scriptKb.toFixed(1).padStart(9),
        ` ${r.failing.join(", ")}`,
      ].join(" "),
    );
  }
  const home = rows.find((r) => r.page === "/");
  if (home)
    console.log(`\nJavaScript shipped to the home page: ${home.scriptKb.toFixed(1)} KB gzipped`);
}

/**
 * Lighthouse mobile on each page `runs` times, for `npm run bench`: every
 * figure the median of its own runs (scores and metrics alike).
 */
export async function lighthouseMedians(
  base: string,
  pages: string[],
  runs: number,
): Promise<Row[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags,
  });
  const med = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2
      ? (sorted[mid] ?? 0)
      : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  };
  try {
    const rows: Row[] = [];
    for (const page of pages) {
      await fetch(base + page).catch(() => undefined);
      const results: Row[] = [];
      for (let i = 0; i < runs; i++) {
        results.push(
          await withRetries(() => audit(base + page, page, { port: chrome.port, desktop: false })),
        );
        process.stdout.write(".");
      }
      const of = (f: (r: Row) => number) => med(results.map(f));
      const perf = results.map((r) => r.performance).sort((a, b) => a - b);
      rows.push({
        ...(results[0] as Row),
        performance: of((r) => r.performance),
        accessibility: of((r) => r.accessibility),
        bestPractices: of((r) => r.bestPractices),
        seo: of((r) => r.seo),
        lcpMs: of((r) => r.lcpMs),
        tbtMs: of((r) => r.tbtMs),
        cls: of((r) => r.cls),
        scriptKb: of((r) => r.scriptKb),
        failing: [...new Set(results.flatMap((r) => r.failing))],
        performanceRange: runs > 1 ? `${perf[0]}-${perf.at(-1)}` : "",
      });
    }
    process.stdout.write("\n");
    return rows;
  } finally {
    chrome.kill();
  }
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const pages = args.pages.length > 0 ? args.pages : publicPages;
  let server: RunningServer | undefined;
  let dataDir: string | undefined;
  let base = args.url?.replace(/\/$/, "");
  if (!base) {
    dataDir = mkdtempSync(path.join(tmpdir(), "rcs-lighthouse-"));
    server = await spawnServer(dataDir, { WORKERS: "off" });
    base = server.baseURL;
  }
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags,
  });
  const run = async (cpuSlowdown?: number) => {
    const rows: Row[] = [];
    for (const page of pages) {
      // A first visit warms the server (prerendered files, image cache) like a real deployment.
      await fetch(base + page).catch(() => undefined);
      const options = { port: chrome.port, desktop: args.desktop, jsonDir: args.json, cpuSlowdown };
      const runs: Row[] = [];
      for (let i = 0; i < args.runs; i++) {
        runs.push(await withRetries(() => audit(base + page, page, options)));
        process.stdout.write(".");
      }
      rows.push(medianRun(runs));
    }
    print(rows, args.desktop);
    return rows;
  };
  try {
    const rows = await run();
    if (args.calibrate && !args.desktop) {
      const indexes = rows.map((r) => r.benchmarkIndex).sort((a, b) => a - b);
      const multiplier = calibratedMultiplier(
        present(indexes[Math.floor(indexes.length / 2)], "the median benchmark index"),
      );
      console.log(
        `\nAgain with the CPU slowdown calibrated for this host: ${multiplier.toFixed(1)}x`,
      );
      await run(Math.round(multiplier * 10) / 10);
    }
  } finally {
    chrome.kill();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

// Run as a script (npm run bench:lighthouse), not when imported by bench/run.ts.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
