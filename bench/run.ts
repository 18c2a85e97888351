// Booking engine benchmark (npm run bench): the production build, the demo
// data enlarged to 50 campsites and 20,000 bookings, then
//   1. availability of a campsite over 12 months: median and p99 latency at a
//      steady load (half the throughput measured first), and
//   2. booking creations per second with many clients racing for few units,
//      and the number of double bookings found afterwards (must be 0).
// PostgreSQL when BENCH_DATABASE_URL is set (a server URL; a fresh database
// is created and dropped), otherwise embedded PGlite, as a fresh install runs.
// Options: --no-build, --seconds=N (per phase), --clients=N (booking racers),
// --no-codes (no racer applies a discount code).
import { execSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { present } from "#server/testing/present.ts";
import { spawnServer } from "#tests/support/spawn-server.ts";
import { BENCH_CODE, seedBenchData } from "./seed";

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k = "", v] = a.replace(/^--/, "").split("=");
    return [k, v ?? "true"] as const;
  }),
);
const phaseSeconds = Number(args.get("seconds") ?? 20);
const racers = Number(args.get("clients") ?? 50);
/** --no-codes: no camper applies a code, the race as it was before holds reserved credit. */
const withCodes = !args.has("no-codes");

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return present(
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)],
    `the ${p}th percentile`,
  );
}
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function timed(url: string, init?: RequestInit) {
  const started = performance.now();
  const res = await fetch(url, init);
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

async function main() {
  if (args.get("build") !== "false" && !args.has("no-build")) {
    console.log("building the production bundle...");
    execSync("npm run build", { stdio: "ignore" });
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "rcs-bench-"));
  const serverUrl = process.env.BENCH_DATABASE_URL;
  let databaseUrl = "";
  let dropDatabase = async () => {};
  if (serverUrl) {
    const name = `rcs_bench_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  console.log(`database: ${serverUrl ? "PostgreSQL" : "PGlite (embedded)"}`);
  const seedStarted = performance.now();
  const seeded = await seedBenchData(
    databaseUrl ? { url: databaseUrl } : { dataDir: path.join(dataDir, "pglite") },
  );
  console.log(
    `seeded ${seeded.campsites} campsites, ${seeded.units} units, ${seeded.bookings} bookings in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );

  const server = await spawnServer(dataDir, {
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "error",
    WORKERS: "on",
  });
  const base = server.baseURL;
  try {
    const { campsites } = (await (await fetch(`${base}/api/campsites`)).json()) as {
      campsites: { id: string; name: string; unitCount: number }[];
    };
    const first = present(campsites[0], "a campsite to bench");
    const today = (
      (await (await fetch(`${base}/api/campsites/${first.id}/availability`)).json()) as {
        today: string;
      }
    ).today;
    const { addDays } = await import("#domain/rules/dates.ts");
    const to = addDays(today, 364);
    const availabilityUrl = () => {
      const campsite = present(
        campsites[Math.floor(Math.random() * campsites.length)],
        "a campsite to bench",
      );
      return `${base}/api/campsites/${campsite.id}/availability?from=${today}&to=${to}`;
    };

    // Warm up, then find the throughput with a few closed-loop clients.
    for (let i = 0; i < 30; i++) await timed(availabilityUrl());
    const clients = 4;
    const capacityEnd = performance.now() + (phaseSeconds / 2) * 1000;
    let done = 0;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < capacityEnd) {
          await timed(availabilityUrl());
          done++;
        }
      }),
    );
    const maxRate = done / (phaseSeconds / 2);

    // Steady load: an open loop at half that rate.
    const rate = Math.max(1, Math.floor(maxRate / 2));
    const latencies: number[] = [];
    let errors = 0;
    const inFlight: Promise<void>[] = [];
    const steadyStart = performance.now();
    for (let i = 0; i < rate * phaseSeconds; i++) {
      const due = steadyStart + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      inFlight.push(
        timed(availabilityUrl()).then((r) => {
          if (r.status === 200) latencies.push(r.ms);
          else errors++;
        }),
      );
    }
    await Promise.all(inFlight);
    latencies.sort((a, b) => a - b);

    // Racing for few units: rounds in which every client asks at once for the same
    // two nights at one of the race campsites (one unit each). Each round must give
    // exactly one booking per campsite asked for, and 409 to everyone else.
    const race = campsites.filter((c) => c.name.startsWith("Race Campsite"));
    const hotUnits = race.reduce((n, c) => n + c.unitCount, 0);
    let created = 0;
    let refused = 0;
    let failed = 0;
    let rounds = 0;
    let wrongRounds = 0;
    const raceEnd = performance.now() + phaseSeconds * 1000;
    const raceStart = performance.now();
    for (let round = 0; performance.now() < raceEnd && round < 180; round++) {
      const checkIn = addDays(today, 1 + round * 2);
      const results = await Promise.all(
        Array.from({ length: racers }, async (_, client) => {
          const res = await fetch(`${base}/api/bookings`, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              // Every request a camper of its own, as nginx on loopback would say,
              // so the per-visitor hold limits count each once.
              "x-forwarded-for": `10.${round}.${client >> 8}.${client & 255}`,
            },
            body: JSON.stringify({
              campsiteId: present(race[client % race.length], "a race campsite").id,
              checkIn,
              checkOut: addDays(checkIn, 2),
              guests: 1,
              firstName: "Bench",
              lastName: `Client${client}`,
              email: `bench${client}@example.com`,
              // Half the campers apply a code, whose use the hold reserves.
              ...(withCodes && client % 2 === 0 && { discountCode: BENCH_CODE }),
            }),
          });
          const body = await res.text();
          if (res.status !== 201 && res.status !== 409)
            console.error(`unexpected answer ${res.status}: ${body.slice(0, 300)}`);
          return res.status;
        }),
      );
      const won = results.filter((s) => s === 201).length;
      created += won;
      refused += results.filter((s) => s === 409).length;
      failed += results.filter((s) => s !== 201 && s !== 409).length;
      rounds++;
      if (won !== Math.min(race.length, racers)) wrongRounds++;
    }
    const raceSeconds = (performance.now() - raceStart) / 1000;
    const doubles = await seeded.countDoubleBookings();

    console.log(
      "\n== availability, one campsite over 12 months (GET /api/campsites/:id/availability)",
    );
    console.log(`closed loop, ${clients} clients: ${maxRate.toFixed(1)} requests/s`);
    console.log(
      `steady load ${rate} requests/s for ${phaseSeconds} s: median ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(latencies.at(-1) ?? Number.NaN)}, errors ${errors}`,
    );
    console.log(
      `\n== booking creations (POST /api/bookings): ${rounds} rounds of ${racers} clients racing for ${hotUnits} units (${race.length} campsites of one unit)${withCodes ? ", half of them applying a discount code" : ""}`,
    );
    console.log(
      `${created} created (${(created / raceSeconds).toFixed(1)}/s), ${refused} refused 409 "no longer available", ${failed} other answers, ${((created + refused + failed) / raceSeconds).toFixed(1)} attempts/s; rounds without exactly one booking per campsite: ${wrongRounds}`,
    );
    console.log(`double bookings: ${doubles}`);
    if (doubles !== 0 || failed !== 0 || wrongRounds !== 0) process.exitCode = 1;
  } finally {
    await server.stop();
    await seeded.close();
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
