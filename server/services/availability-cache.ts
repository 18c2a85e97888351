// Answers computed once per change of the data behind them (decision 0021):
// kept in memory until the database announces a change on "data_changed", or
// until an instant the answer itself names (the farm's next day, the end of a
// hold it counts). Kept only while the process is sure to hear every change:
// while the feed is down, each request is computed afresh.
import type { Availability } from "#domain/api/booking.ts";
import type { Settings } from "#domain/forms/settings.ts";
import type { Rates } from "#domain/rules/rates.ts";
import type { Executor } from "#server/db/client.ts";
import type { campsites } from "#server/db/schema.ts";

export type Computed<T> = {
  value: T;
  /** Epoch milliseconds after which the answer may no longer be true without any write. */
  expiresAt: number;
};

/** An answer being worked out; voided when what it read changed meanwhile (answered, never kept). */
type Flight<T> = { promise: Promise<Computed<T>>; voided: boolean };

/** Roughly 30 KB an answer for a year of nights: about 15 MB at most. */
export const DEFAULT_MAX_ENTRIES = 500;

export class ChangeCache<T> {
  readonly #entries = new Map<string, Computed<T>>();
  readonly #inFlight = new Map<string, Flight<T>>();
  #generation = 0;
  #hearing = false;

  /**
   * `staleMs`: how long after its time an answer may still be sent while its
   * successor is worked out (a kept page, not an availability a hold's end
   * changes). A change announced voids it all the same.
   */
  constructor(
    readonly maxEntries: number = DEFAULT_MAX_ENTRIES,
    readonly staleMs = 0,
  ) {}

  /** True while changes are heard, so answers may be kept. */
  get hearing(): boolean {
    return this.#hearing;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The feed listens: keep answers from now on (what came before it is forgotten). */
  startHearing(): void {
    this.#hearing = true;
    this.clear();
  }

  /** The feed dropped: a change could go unheard, so nothing is kept until it is back. */
  stopHearing(): void {
    this.#hearing = false;
    this.clear();
  }

  /** Something changed: every kept answer, and every one being worked out, is void. */
  clear(): void {
    this.#generation++;
    this.#entries.clear();
    this.#inFlight.clear();
  }

  /** Something changed that only the answers of these keys read (one campsite's): those are void. */
  clearWhere(reads: (key: string) => boolean): void {
    for (const key of [...this.#entries.keys()]) if (reads(key)) this.#entries.delete(key);
    for (const [key, flight] of [...this.#inFlight]) {
      if (!reads(key)) continue;
      flight.voided = true;
      this.#inFlight.delete(key);
    }
  }

  /** The kept answer for `key` if there is one still true at `now`; nothing is computed. */
  peek(key: string, now: number): T | undefined {
    const kept = this.#hearing ? this.#entries.get(key) : undefined;
    if (!kept || kept.expiresAt <= now) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, kept);
    return kept.value;
  }

  /**
   * The kept answer for `key`, or `compute`'s. Requests that arrive while an
   * answer is being worked out share it. An answer is kept only if no change
   * was announced while it was computed: its reading may predate the change.
   */
  async get(key: string, now: number, compute: () => Promise<Computed<T>>): Promise<T> {
    return (await this.entry(key, now, compute)).value;
  }

  /** `get`'s answer with the instant it runs out. */
  async entry(key: string, now: number, compute: () => Promise<Computed<T>>): Promise<Computed<T>> {
    if (!this.#hearing) return compute();
    const kept = this.#entries.get(key);
    if (kept && kept.expiresAt > now) {
      // Most recently used last: the first entry is the one to evict.
      this.#entries.delete(key);
      this.#entries.set(key, kept);
      return kept;
    }
    if (kept && now < kept.expiresAt + this.staleMs) {
      // Its successor is worked out for the next requests; this one is not kept waiting.
      if (!this.#inFlight.has(key)) this.#start(key, compute).catch(() => {});
      return kept;
    }
    if (kept) this.#entries.delete(key);
    const shared = this.#inFlight.get(key);
    if (!shared) return this.#start(key, compute);
    const entry = await shared.promise;
    // Begun for an earlier request, and out of date since (a hold it counts has ended).
    if (entry.expiresAt <= now) return compute();
    return entry;
  }

  /** Works the answer out, shared with the requests that come meanwhile, and keeps it unless voided since. */
  #start(key: string, compute: () => Promise<Computed<T>>): Promise<Computed<T>> {
    const generation = this.#generation;
    const flight = { voided: false } as Flight<T>;
    flight.promise = (async () => {
      // Registered below before anything runs: a computation that fails at once still leaves.
      await null;
      try {
        const entry = await compute();
        const current = this.#hearing && generation === this.#generation && !flight.voided;
        if (current) this.#keep(key, entry);
        return entry;
      } finally {
        if (this.#inFlight.get(key) === flight) this.#inFlight.delete(key);
      }
    })();
    this.#inFlight.set(key, flight);
    return flight.promise;
  }

  #keep(key: string, entry: Computed<T>) {
    this.#entries.set(key, entry);
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }
}

/**
 * What one database's process keeps: availability answers, and what a quote
 * reads before anything else (the campsite, its rates, the settings). Both are
 * registered here for the application's database by whoever follows its
 * changes; a transaction, or a database nobody follows, has none.
 */
export type KeptAnswers = {
  availability: ChangeCache<Availability>;
  catalogue: ChangeCache<Catalogue>;
};

export type Catalogue = {
  campsite: typeof campsites.$inferSelect;
  settings: Settings;
  rates: Rates;
};

const keptByDatabase = new WeakMap<object, KeptAnswers>();

export function keepAnswersFor(db: Executor, answers: KeptAnswers): void {
  keptByDatabase.set(db, answers);
}

export function forgetAnswersFor(db: Executor): void {
  keptByDatabase.delete(db);
}

export function keptAnswersOf(db: Executor): KeptAnswers | undefined {
  return keptByDatabase.get(db);
}
