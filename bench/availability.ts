// Availability of one campsite over 12 months at a fixed rate (open loop),
// each request for a random campsite among those with stays in that year:
// answers kept until the data changes (decision 0021), once each campsite has
// been asked. What an answer costs to work out, the first ask after a change,
// is measured apart: one ask per campsite for a range nobody asked before;
// and as a visitor meets it (issue 32, item 2): every request a range nobody
// asked before, at the same rate, while campers make bookings.
import { addDays } from "#domain/rules/dates.ts";
import { bookingBody, nextAddress } from "./creations";
import { errorText, openLoop } from "./load";
import type { BenchOptions } from "./options";
import { correctnessFailure, note } from "./report";
import { median } from "./stats";

export const AVAILABILITY_RATE = 200;

export type AvailabilityRun = {
  p50: number[];
  p99: number[];
  throughput: number[];
  /** Some answers were wrong (not 200): the figures are not comparable. */
  failed: boolean;
  /** Requests were cut off: the server did not keep up with the rate, latencies are queues. */
  saturated: boolean;
  /** Answers worked out from the database (not kept yet), one per campsite, in turn: ms. */
  computed: number[];
  /** Every request a new range, bookings made meanwhile: p99 ms per repetition. */
  newP99: number[];
  /** Bookings made during those, per second. */
  bookingsPerSecond: number[];
};

export async function farmTodayOf(origin: string, campsiteId: string): Promise<string> {
  const res = await fetch(`${origin}/api/campsites/${campsiteId}/availability`);
  if (!res.ok) throw new Error(`availability answered ${res.status}`);
  return ((await res.json()) as { today: string }).today;
}

export async function benchAvailability(
  origin: string,
  campsiteIds: string[],
  options: BenchOptions,
  label: string,
): Promise<AvailabilityRun> {
  const first = campsiteIds[0];
  if (!first) throw new Error("no campsite with bookings to ask for");
  const today = await farmTodayOf(origin, first);
  const to = addDays(today, 364);
  const next = () => {
    const id = campsiteIds[Math.floor(Math.random() * campsiteIds.length)];
    return { path: `/api/campsites/${id}/availability?from=${today}&to=${to}` };
  };
  const run: AvailabilityRun = {
    p50: [],
    p99: [],
    throughput: [],
    failed: false,
    saturated: false,
    computed: await computedAnswers(origin, campsiteIds, today),
    newP99: [],
    bookingsPerSecond: [],
  };
  // Every campsite asked once, then a second at a rate every server copes with.
  for (const id of campsiteIds) await ask(origin, `${id}/availability?from=${today}&to=${to}`);
  await openLoop({ origin, next, seconds: 1, rate: 50 });
  for (let r = 0; r < options.repetitions; r++) {
    const o = await openLoop({ origin, next, seconds: options.seconds, rate: AVAILABILITY_RATE });
    run.p50.push(o.p50);
    run.p99.push(o.p99);
    run.throughput.push(o.throughput);
    const text = errorText(o);
    if (text) {
      const wrong = Object.keys(o.statuses).some((k) => k !== "200" && k !== "cut off");
      (wrong ? correctnessFailure : note)(`availability ${label}: ${text}`);
      run.failed ||= wrong;
      run.saturated ||= (o.statuses["cut off"] ?? 0) > 0;
    }
    process.stdout.write(".");
  }
  for (let r = 0; r < options.repetitions; r++) {
    const { outcome, booked } = await newQuestionsWhileBooking(origin, campsiteIds, today, options);
    run.newP99.push(outcome.p99);
    run.bookingsPerSecond.push(booked / options.seconds);
    const text = errorText(outcome);
    if (text) note(`availability ${label}, new questions: ${text}`);
    process.stdout.write(".");
  }
  process.stdout.write("\n");
  note(
    `${label}: ${campsiteIds.length} campsites with stays, answered ${median(run.throughput).toFixed(0)}/s of ${AVAILABILITY_RATE}/s asked`,
  );
  return run;
}

async function ask(origin: string, path: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${origin}/api/campsites/${path}`);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`availability answered ${res.status}`);
  return performance.now() - started;
}

/** A range no other request asks (12 months less a day, from tomorrow) is worked out afresh. */
async function computedAnswers(origin: string, campsiteIds: string[], today: string) {
  const from = addDays(today, 1);
  const to = addDays(today, 364);
  const times: number[] = [];
  for (const id of campsiteIds)
    times.push(await ask(origin, `${id}/availability?from=${from}&to=${to}`));
  return times;
}

/** Bookings a second campers make while the new questions are asked. */
const BOOKINGS_PER_SECOND = 2;

/**
 * Every request a range nobody asked before (a random first day and length in
 * the bookable year), at the phase's rate, while bookings are made through the
 * API on the same campsites (each a client of its own).
 */
async function newQuestionsWhileBooking(
  origin: string,
  campsiteIds: string[],
  today: string,
  options: BenchOptions,
) {
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)] as T;
  const next = () => {
    const from = addDays(today, Math.floor(Math.random() * 300));
    const to = addDays(from, 7 + Math.floor(Math.random() * 56));
    return { path: `/api/campsites/${pick(campsiteIds)}/availability?from=${from}&to=${to}` };
  };
  const bookings = openLoop({
    origin,
    seconds: options.seconds,
    rate: BOOKINGS_PER_SECOND,
    expected: 201,
    next: (i) => ({
      path: "/api/bookings",
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": nextAddress() },
      body: bookingBody(pick(campsiteIds), addDays(today, 1 + Math.floor(Math.random() * 360)), i),
    }),
  });
  const outcome = await openLoop({
    origin,
    next,
    seconds: options.seconds,
    rate: AVAILABILITY_RATE,
  });
  return { outcome, booked: (await bookings).ok };
}
