// `npm run bench`: every figure of issue 15's targets, measured on the
// production build beside nginx serving the same files in the same run, each
// measurement repeated (3 unless told) and the median reported with its
// spread; written to bench/RESULTS.md. See `npm run bench -- --help` and the
// README's Benchmarks section. Phases:
//   static        /: the app against nginx, max throughput and p99 at 400/s; then with wrk,
//                 beside each load client's own ceiling
//   bookings      /bookings: max throughput and p99 at 100/s, nginx serving the same bytes;
//                 then with a new query string per request beside it
//   availability  one campsite over 12 months at 200/s, 2 booking counts, PostgreSQL and PGlite
//   timeline      the front desk's timeline, 3 months of every unit, at the larger count, beside the calendar
//   creations     uncontended capacity, then the race, then double bookings counted
//   pages         JavaScript each page loads in Chromium
//   lighthouse    Lighthouse mobile medians per public page
//   startup       npm run serve to the first 200, and resident memory after warm-up
//   backoffice    every back-office screen's server time at 10,000 and 1,000,000 bookings
// The load comes from this process; the servers are child processes.
import { execSync } from "node:child_process";
import path from "node:path";
import type { RunningServer } from "#tests/support/spawn-server.ts";
import { AVAILABILITY_RATE, type AvailabilityRun, benchAvailability } from "./availability";
import { benchBackOffice } from "./back-office";
import { benchCapacity, benchRace } from "./creations";
import { type BenchDatabase, createDatabase, postgresServer } from "./database";
import { BLANK_PAGE, blankPage, lighthouseMedians } from "./lighthouse";
import { type Nginx, type PageHeaders, startNginx } from "./nginx";
import { type BenchOptions, type PhaseName, parseOptions } from "./options";
import { benchPageScripts, publicPages } from "./page-scripts";
import {
  correctnessFailure,
  failure,
  figure,
  figureAll,
  hasCorrectnessFailure,
  heading,
  machine,
  note,
  writeResults,
} from "./report";
import { BENCH_CODE, seedBenchData } from "./seed";
import { startAppServer, webProcessesOn } from "./server";
import { benchStartup, reportServerRss, serverRss } from "./startup";
import { median, ratio, withSpread } from "./stats";
import { benchNewQueries, benchPath } from "./throughput";
import { benchTimeline, createBenchAdmin } from "./timeline";
import { benchWithWrk, CEILING_PAGE, ceilingPage } from "./wrk";

type Seeded = Awaited<ReturnType<typeof seedBenchData>>;
type Dataset = { db: BenchDatabase; seeded: Seeded; server: RunningServer; stopping: boolean };

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);

async function openDataset(
  serverUrl: string | undefined,
  bookings: number,
  /** Run on the seeded database before its server starts (PGlite allows one process). */
  prepare?: (db: BenchDatabase) => void,
): Promise<Dataset> {
  const db = await createDatabase(serverUrl);
  try {
    const started = performance.now();
    const seeded = await seedBenchData(db.seedOptions, { bookings });
    note(
      `${db.kind}: seeded ${seeded.campsites} campsites, ${seeded.bookings} bookings in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    prepare?.(db);
    const dataset: Dataset = { db, seeded, server: await startServer(db), stopping: false };
    watch(dataset);
    return dataset;
  } catch (error) {
    await db.drop();
    throw error;
  }
}

const startServer = (db: BenchDatabase) =>
  startAppServer(db.dataDir, { DATABASE_URL: db.url, LOG_LEVEL: "error" });

/** A server that dies during the bench is a broken promise: said, with its last output. */
function watch(d: Dataset) {
  const { server } = d;
  server.child.once("exit", (code, signal) => {
    if (!d.stopping)
      correctnessFailure(
        `the ${d.db.kind} server exited (${signal ?? `code ${code}`}) during the bench${code === 0 ? " (a SIGTERM or SIGINT from outside?)" : ""}: ${server.output().slice(-1500)}`,
      );
  });
}

/** The main server again if it died, so that one death does not fail every later phase. */
async function alive(d: Dataset): Promise<string> {
  if (d.server.child.exitCode !== null || d.server.child.signalCode !== null) {
    note(`restarting the ${d.db.kind} server`);
    d.server = await startServer(d.db);
    watch(d);
  }
  return d.server.baseURL;
}

async function closeDataset(d: Dataset) {
  d.stopping = true;
  await d.server.stop();
  await d.seeded.close();
  await d.db.drop();
}

/** Runs one phase; a failure is printed and recorded, and the bench goes on. */
async function phase(
  options: BenchOptions,
  name: PhaseName,
  title: string,
  run: () => Promise<void>,
) {
  if (!options.phases.has(name)) return;
  heading(title);
  try {
    await run();
  } catch (error) {
    failure(name, error);
  }
}

async function availabilityPhase(
  options: BenchOptions,
  serverUrl: string | undefined,
  main: Dataset,
) {
  const [small, large] = options.bookingCounts;
  // Targets for questions asked before, and for new ones while bookings are made (issue 32).
  const kinds: {
    label: string;
    url: string | undefined;
    p99Target: number;
    newP99Target: number;
  }[] = [
    ...(serverUrl
      ? [{ label: "PostgreSQL", url: serverUrl, p99Target: 10, newP99Target: 20 }]
      : []),
    { label: "PGlite", url: undefined, p99Target: 30, newP99Target: 200 },
  ];
  for (const kind of kinds) {
    const runs: AvailabilityRun[] = [];
    for (const count of [small, large]) {
      const label = `${kind.label}, ${count} bookings`;
      // The main data set is this one already: no second copy of it.
      const reuse = main.db.kind === (kind.url ? "postgres" : "pglite") && count === small;
      const d = reuse ? main : await openDataset(kind.url, count);
      try {
        const run = await benchAvailability(
          reuse ? await alive(main) : d.server.baseURL,
          d.seeded.bookedCampsiteIds,
          options,
          label,
        );
        runs.push(run);
        figure(
          `availability ${label} at ${AVAILABILITY_RATE}/s, p50 / p99 ms`,
          `${withSpread(run.p50, 1)} / ${withSpread(run.p99, 1)}`,
          median(run.p99),
          { op: "<=", value: kind.p99Target },
          " ms (p99)",
        );
        note(
          `  worked out afresh (the first ask after a change), one request at a time, p50 / max ms: ${median(run.computed).toFixed(1)} / ${Math.max(...run.computed).toFixed(1)}`,
        );
        figure(
          `availability ${label}, a new range every request at ${AVAILABILITY_RATE}/s while ${withSpread(run.bookingsPerSecond, 1)} bookings/s are made, p99 ms`,
          withSpread(run.newP99, 1),
          median(run.newP99),
          { op: "<=", value: kind.newP99Target },
          " ms",
        );
      } finally {
        if (!reuse) await closeDataset(d);
      }
    }
    const [a, b] = runs;
    if (a && b && !a.failed && !b.failed) {
      // Two saturated servers both show the drain limit: their ratio says nothing.
      const saturated = a.saturated || b.saturated;
      const p99 = saturated ? Number.NaN : ratio(median(b.p99), median(a.p99));
      figure(
        `availability ${kind.label} ${large}/${small} bookings, p99 ratio`,
        saturated
          ? `not comparable: the server did not keep up with ${AVAILABILITY_RATE}/s`
          : `${p99.toFixed(2)} (p50 ratio ${ratio(median(b.p50), median(a.p50)).toFixed(2)})`,
        p99,
        { op: "<=", value: 1.5 },
      );
    }
  }
}

/** The app's pages as it sends them, for nginx to serve as files: "/" as index.html. */
async function savedPages(origin: string, paths: string[]): Promise<Record<string, string>> {
  const pages: Record<string, string> = {};
  for (const path of paths) {
    const res = await fetch(`${origin}${path}`, { headers: { "accept-encoding": "identity" } });
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    pages[path === "/" ? "/index" : path] = await res.text();
  }
  return pages;
}

/**
 * The app's headers for each path (its security headers, its policy, its
 * caching), for nginx to send too: a deployment behind nginx sends them, and a
 * baseline without them answers with fewer bytes for the load to read.
 */
async function appHeaders(origin: string, paths: string[]): Promise<PageHeaders> {
  const headers: PageHeaders = {};
  for (const urlPath of paths) {
    const res = await fetch(origin + urlPath, { headers: { "accept-encoding": "br" } });
    await res.arrayBuffer();
    headers[urlPath] = Object.fromEntries(res.headers);
  }
  return headers;
}

/** The browser's own floor on this host: Lighthouse on a page with nothing to load or lay out. */
async function lighthouseBaseline(runs: number) {
  const blankServer = await startNginx("build/client", { [BLANK_PAGE]: blankPage });
  try {
    const [blank] = await lighthouseMedians(blankServer.origin, [BLANK_PAGE], runs);
    if (blank)
      figure(
        "Lighthouse baseline: a page of one heading, no CSS or script, from nginx: LCP, TBT",
        // Lighthouse's own measure of the host's speed: TBT grows as it falls (busy or slow host).
        `${blank.lcpMs} ms, ${blank.tbtMs} ms (performance ${blank.performance}; host benchmark index ${blank.benchmarkIndex})`,
      );
  } finally {
    await blankServer.stop();
  }
}

async function main() {
  const started = new Date();
  const options = parseOptions(process.argv.slice(2));
  console.log(`machine: ${machine()}`);
  if (options.install) execSync("bash scripts/install-bench-deps.sh", { stdio: "inherit" });
  if (options.build) {
    console.log("building the production bundle (npm run build)...");
    execSync("npm run -s build", { stdio: ["ignore", "ignore", "inherit"] });
  }
  const serverUrl = await postgresServer(options.databaseUrl);
  const setup = [
    `database: ${serverUrl ? `PostgreSQL (${new URL(serverUrl).host}; fresh databases, dropped after)` : "no PostgreSQL server answered: PGlite only"}`,
    `repetitions: ${options.repetitions}, ${options.seconds} s per measurement; load from one Node process (undici keep-alive pools), accept-encoding: br, gzip`,
    `maximum throughput: closed loop of ${options.connections} keep-alive connections; fixed rates: open loop, latency from each request's scheduled time`,
  ];
  for (const line of setup) console.log(line);

  let main: Dataset | undefined;
  let nginx: Nginx | undefined;
  let plainNginx: Nginx | undefined;
  const needsMain = ["static", "bookings", "availability", "creations", "pages", "lighthouse"].some(
    (p) => options.phases.has(p as PhaseName),
  );
  try {
    if (needsMain) {
      heading(
        `data: ${options.bookingCounts[0]} bookings on ${serverUrl ? "PostgreSQL" : "PGlite"}`,
      );
      try {
        main = await openDataset(serverUrl, options.bookingCounts[0]);
      } catch (error) {
        failure("data", error);
      }
    }
    if (main && (options.phases.has("static") || options.phases.has("bookings"))) {
      try {
        const origin = main.server.baseURL;
        const pages = {
          ...(await savedPages(origin, ["/", "/bookings"])),
          [CEILING_PAGE]: ceilingPage,
        };
        // nginx as the app: as many worker processes as it has web processes.
        const workers = webProcessesOn(main.db.url);
        nginx = await startNginx(
          "build/client",
          pages,
          await appHeaders(origin, ["/", "/bookings"]),
          workers,
        );
        note(
          `nginx baseline: ${execSync("nginx -v 2>&1").toString().trim()}, ${workers} worker process(es) as the app has web processes, sendfile, gzip_static${nginx.brotli ? ", brotli_static" : " (no brotli module)"}; on / and /bookings the app's own headers too (security headers, policy, caching)`,
        );
        plainNginx = await startNginx("build/client", pages, {}, workers);
      } catch (error) {
        failure("nginx", error);
      }
    }
    const base = nginx?.origin ?? "";
    const app = async () => {
      if (!main) throw new Error("no app server (the data set failed, see above)");
      return alive(main);
    };
    await phase(options, "static", "/ (a prerendered page): the app against nginx", async () =>
      benchPath({
        path: "/",
        app: await app(),
        nginx: base,
        plainNginx: plainNginx?.origin,
        rate: 400,
        options,
        maxRatioTarget: { op: ">=", value: 0.8 },
        p99RatioTarget: { op: "<=", value: 2 },
      }).then(async () =>
        benchWithWrk({
          path: "/",
          app: await app(),
          nginx: base,
          processes: webProcessesOn(main?.db.url),
          options,
          ratioTarget: { op: ">=", value: 0.8 },
        }),
      ),
    );
    await phase(
      options,
      "bookings",
      "/bookings (server-rendered), nginx serving the same bytes",
      async () =>
        benchPath({
          path: "/bookings",
          app: await app(),
          nginx: base,
          rate: 100,
          options,
          maxTarget: { op: ">=", value: 300 },
          p99Target: { op: "<", value: 50 },
        }).then(async () =>
          benchNewQueries({
            app: await app(),
            path: "/bookings",
            options,
            ratioTarget: { op: ">=", value: 0.8 },
          }),
        ),
    );
    await nginx?.stop();
    await plainNginx?.stop();
    nginx = undefined;
    plainNginx = undefined;
    await phase(
      options,
      "availability",
      "availability of one campsite over 12 months",
      async () => {
        if (!main) throw new Error("no data set");
        await availabilityPhase(options, serverUrl, main);
      },
    );
    await phase(
      options,
      "timeline",
      `the front desk's timeline at ${options.bookingCounts[1]} bookings (${serverUrl ? "PostgreSQL" : "PGlite"})`,
      async () => {
        const d = await openDataset(serverUrl, options.bookingCounts[1], createBenchAdmin);
        try {
          await benchTimeline(d.server.baseURL, d.seeded.bookings, options);
        } finally {
          await closeDataset(d);
        }
      },
    );
    await phase(options, "creations", "booking creations (POST /api/bookings)", async () => {
      if (!main) throw new Error("no data set");
      if (main.db.kind === "postgres") await benchCapacity(await app(), main.db.url, options);
      else note("uncontended capacity is measured on PostgreSQL only (none answered)");
      await benchRace(await app(), options, BENCH_CODE);
      const doubles = await main.seeded.countDoubleBookings();
      figure(
        "double bookings (unit-nights held by two live bookings, counted by SQL)",
        `${doubles.nights} nights, ${doubles.bookings} bookings`,
        doubles.nights,
        { op: "=", value: 0 },
      );
      if (doubles.nights !== 0) correctnessFailure(`${doubles.nights} doubly booked unit-nights`);
    });
    await phase(
      options,
      "pages",
      "JavaScript per page (headless Chromium, fresh cache)",
      async () => benchPageScripts(await app()),
    );
    await phase(
      options,
      "lighthouse",
      "Lighthouse mobile (simulated throttling), medians per page",
      async () => {
        const runs = options.quick ? 1 : options.repetitions;
        note(`${runs} run(s) per page; each figure the median of its own runs`);
        await lighthouseBaseline(runs);
        for (const r of await lighthouseMedians(await app(), publicPages, runs)) {
          const scoresMet = [r.performance, r.accessibility, r.bestPractices, r.seo].every(
            (s) => s === 100,
          );
          const metricsMet = r.lcpMs <= 1200 && r.tbtMs <= 50 && r.cls === 0;
          figureAll(
            `Lighthouse ${r.page.padEnd(13)} perf/a11y/best/SEO, LCP, TBT, CLS`,
            `${r.performance}${r.performanceRange ? ` (${r.performanceRange})` : ""}/${r.accessibility}/${r.bestPractices}/${r.seo}, ${r.lcpMs} ms, ${r.tbtMs} ms, ${r.cls}${r.failing.length ? `; lowered by ${r.failing.join(", ")}` : ""}`,
            scoresMet && metricsMet,
            "scores 100, LCP <= 1200 ms, TBT <= 50 ms, CLS 0",
          );
        }
      },
    );
    if (main && options.phases.has("startup")) {
      heading("memory and start-up");
      try {
        if (main.db.kind === "postgres")
          reportServerRss("PostgreSQL: resident memory of the server used by the phases above", [
            serverRss(main.server.child.pid ?? 0),
          ]);
      } catch (error) {
        failure("startup", error);
      }
    }
    if (main) await closeDataset(main);
    main = undefined;
    await phase(options, "backoffice", "the back office with a long history", () =>
      benchBackOffice(serverUrl, options.backOfficeCounts, options.quick ? 3 : 7),
    );
    if (!options.phases.has("startup")) {
      // nothing more
    } else {
      if (!needsMain) heading("memory and start-up");
      try {
        await benchStartup(serverUrl, options.repetitions, options.bookingCounts[0]);
      } catch (error) {
        failure("startup", error);
      }
    }
  } finally {
    await nginx?.stop();
    await plainNginx?.stop();
    if (main) await closeDataset(main).catch((error) => failure("cleanup", error));
    writeResults(options.results, {
      started,
      command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`,
      setup,
    });
    console.log(`\nwritten to ${options.results}`);
  }
  if (hasCorrectnessFailure()) {
    console.error("a correctness check failed (see above)");
    process.exitCode = 1;
  }
}

await main();
