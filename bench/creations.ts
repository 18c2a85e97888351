// Booking creations (POST /api/bookings), two measurements apart:
// - capacity, uncontended: `connections` clients, each booking campsites of
//   its own of one unit (added for this phase), stay after stay, so no two
//   requests ever want the same unit or lock; each request from an address of
//   its own (X-Forwarded-For, as nginx on loopback would say), so the
//   per-visitor hold limits count each once;
// - the race: rounds in which many clients ask at once for the same two
//   nights of few one-unit campsites; each round must give exactly one booking
//   per campsite and 409 to everyone else.
import { Pool } from "undici";
import { addDays } from "#domain/rules/dates.ts";
import { openDatabase } from "#server/db/client.ts";
import { campsites, campsiteUnits } from "#server/db/schema.ts";
import { farmTodayOf } from "./availability";
import { closedLoop, errorText } from "./load";
import type { BenchOptions } from "./options";
import { correctnessFailure, figure, note } from "./report";
import { median, withSpread } from "./stats";

const STAY_NIGHTS = 2; // the farm's default minimum stay
const LAST_DAY = 364; // bookable a year ahead (maxAdvanceBooking 365)
/** Stays of STAY_NIGHTS one after another in a campsite's bookable year. */
const STAYS_PER_CAMPSITE = Math.floor((LAST_DAY - 1) / STAY_NIGHTS);
/** Campsites each client books in turn: a fast server fills a year of one in a measurement. */
const CAMPSITES_PER_CLIENT = 4;
let addressCounter = 0;

/** A client address of its own for each request (10.0.0.0/8 in a header only: no traffic goes there). */
export function nextAddress(): string {
  const n = ++addressCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export function bookingBody(campsiteId: string, checkIn: string, who: number, code?: string) {
  return JSON.stringify({
    campsiteId,
    checkIn,
    checkOut: addDays(checkIn, STAY_NIGHTS),
    guests: 1,
    firstName: "Bench",
    lastName: `Client${who}`,
    email: `bench${who}@example.com`,
    ...(code && { discountCode: code }),
  });
}

async function addCapacityCampsites(databaseUrl: string, count: number): Promise<string[]> {
  const handle = await openDatabase({ url: databaseUrl }, { migrate: false });
  try {
    const ids: string[] = [];
    for (let i = 1; i <= count; i++) {
      const [site] = await handle.db
        .insert(campsites)
        .values({
          name: `Capacity Campsite ${i}`,
          pricePerNightCents: 5000,
          capacity: 4,
          quantity: 1,
        })
        .returning({ id: campsites.id });
      if (!site) throw new Error("no campsite inserted");
      await handle.db.insert(campsiteUnits).values({ campsiteId: site.id, name: "Site 1" });
      ids.push(site.id);
    }
    return ids;
  } finally {
    await handle.close();
  }
}

export async function benchCapacity(origin: string, databaseUrl: string, options: BenchOptions) {
  const clients = options.connections;
  const sites = await addCapacityCampsites(databaseUrl, clients * CAMPSITES_PER_CLIENT);
  const today = await farmTodayOf(origin, sites[0] ?? "");
  // Each client's next free stay on a campsite of its own, across repetitions:
  // its first campsite's year, then its next campsite's.
  const slot = Array.from({ length: clients }, () => 0);
  const next = (_i: number, worker: number) => {
    const s = slot[worker] ?? 0;
    const site = sites[worker + clients * Math.floor(s / STAYS_PER_CAMPSITE)];
    if (!site) return undefined; // every campsite of this client is full
    slot[worker] = s + 1;
    return {
      path: "/api/bookings",
      method: "POST" as const,
      headers: { "content-type": "application/json", "x-forwarded-for": nextAddress() },
      body: bookingBody(site, addDays(today, 1 + (s % STAYS_PER_CAMPSITE) * STAY_NIGHTS), worker),
    };
  };
  // A second of the same load first, as the page figures have: the server's code warmed up.
  await closedLoop({ origin, next, seconds: 1, connections: clients, expected: 201 });
  const rates: number[] = [];
  const p99s: number[] = [];
  let created = 0;
  for (let r = 0; r < options.repetitions; r++) {
    const o = await closedLoop({
      origin,
      next,
      seconds: options.seconds,
      connections: clients,
      expected: 201,
    });
    rates.push(o.throughput);
    p99s.push(o.p99);
    created += o.ok;
    const text = errorText(o);
    if (text) correctnessFailure(`uncontended creations: ${text}`);
    process.stdout.write(".");
  }
  process.stdout.write("\n");
  figure(
    `uncontended creations (closed loop, ${clients} clients each on campsites of its own), bookings/s`,
    `${withSpread(rates, 1)}; p99 ${withSpread(p99s, 1)} ms; ${created} created in all`,
    median(rates),
    { op: ">=", value: 200 },
    "/s",
  );
}

export async function benchRace(origin: string, options: BenchOptions, code: string, clients = 50) {
  const list = (await (await fetch(`${origin}/api/campsites`)).json()) as {
    campsites: { id: string; name: string }[];
  };
  const race = list.campsites.filter((c) => c.name.startsWith("Race Campsite"));
  if (race.length === 0) throw new Error("no race campsites in the data");
  const today = await farmTodayOf(origin, race[0]?.id ?? "");
  const roundsPerRun = options.quick ? 5 : 20;
  const pool = new Pool(origin, { connections: clients, pipelining: 1 });
  let round = 0;
  const counts = { created: 0, refused: 0, other: 0, wrongRounds: 0 };
  const others: string[] = [];
  const started = performance.now();
  try {
    for (let r = 0; r < options.repetitions * roundsPerRun; r++, round++) {
      const checkIn = addDays(today, 1 + round * STAY_NIGHTS);
      if (1 + (round + 1) * STAY_NIGHTS > LAST_DAY) break;
      const statuses = await Promise.all(
        Array.from({ length: clients }, async (_, client) => {
          const res = await pool.request({
            path: "/api/bookings",
            method: "POST",
            headers: { "content-type": "application/json", "x-forwarded-for": nextAddress() },
            // Half the campers apply a code, whose use the hold reserves.
            body: bookingBody(
              race[client % race.length]?.id ?? "",
              checkIn,
              client,
              client % 2 ? undefined : code,
            ),
          });
          const body = await res.body.text();
          if (res.statusCode !== 201 && res.statusCode !== 409)
            others.push(`${res.statusCode}: ${body.slice(0, 200)}`);
          return res.statusCode;
        }),
      );
      const won = statuses.filter((s) => s === 201).length;
      counts.created += won;
      counts.refused += statuses.filter((s) => s === 409).length;
      counts.other += statuses.filter((s) => s !== 201 && s !== 409).length;
      if (won !== Math.min(race.length, clients)) counts.wrongRounds++;
    }
  } finally {
    await pool.destroy();
  }
  const seconds = (performance.now() - started) / 1000;
  figure(
    `race: ${round} rounds of ${clients} clients for ${race.length} one-unit campsites, half applying a code`,
    `${counts.created} created, ${counts.refused} refused 409, ${counts.other} other answers, ${(
      (counts.created + counts.refused + counts.other) / seconds
    ).toFixed(
      1,
    )} attempts/s; rounds without exactly one booking per campsite: ${counts.wrongRounds}`,
    counts.wrongRounds + counts.other,
    { op: "=", value: 0 },
  );
  if (others.length) note(`other answers, e.g. ${others.slice(0, 3).join(" | ")}`);
  if (counts.other || counts.wrongRounds)
    correctnessFailure(`race: ${counts.other} other answers, ${counts.wrongRounds} wrong rounds`);
}
