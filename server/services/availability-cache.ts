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

/** Roughly 30 KB an answer for a year of nights: about 15 MB at most. */
export const DEFAULT_MAX_ENTRIES = 500;

export class ChangeCache<T> {
  readonly #entries = new Map<string, Computed<T>>();
  readonly #inFlight = new Map<string, Promise<Computed<T>>>();
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
    if (!this.#hearing) return (await compute()).value;
    const kept = this.#entries.get(key);
    if (kept && kept.expiresAt > now) {
      // Most recently used last: the first entry is the one to evict.
      this.#entries.delete(key);
      this.#entries.set(key, kept);
      return kept.value;
    }
    if (kept && now < kept.expiresAt + this.staleMs) {
      // Its successor is worked out for the next requests; this one is not kept waiting.
      if (!this.#inFlight.has(key)) {
        const pending = this.#computeAndKeep(key, compute);
        this.#inFlight.set(key, pending);
        pending.catch(() => {});
      }
      return kept.value;
    }
    if (kept) this.#entries.delete(key);
    const shared = this.#inFlight.get(key);
    if (!shared) {
      const pending = this.#computeAndKeep(key, compute);
      this.#inFlight.set(key, pending);
      return (await pending).value;
    }
    const entry = await shared;
    // Begun for an earlier request, and out of date since (a hold it counts has ended).
    if (entry.expiresAt <= now) return (await compute()).value;
    return entry.value;
  }

  async #computeAndKeep(key: string, compute: () => Promise<Computed<T>>): Promise<Computed<T>> {
    const generation = this.#generation;
    try {
      const entry = await compute();
      if (this.#hearing && generation === this.#generation) this.#keep(key, entry);
      return entry;
    } finally {
      if (generation === this.#generation) this.#inFlight.delete(key);
    }
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
