// The Rates screen of one campsite (issue 13): its prices and fees, its
// seasons and its extras, and the next Queensland long weekends as the rates
// make them. Every change locks the campsite first (so two changes to one
// campsite's rates take turns), runs in one transaction and is audited. A
// season, an extra or a campsite that is not there (or not this campsite's)
// is a refusal naming its hidden field, as bad input is.
import { and, asc, count, eq, gte, lte, ne } from "drizzle-orm";
import type { BaseRatesInput, ExtraInput, SeasonInput } from "#domain/forms/rates.ts";
import { isRowId } from "#domain/forms/row-id.ts";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import { type Extra, nightRate, type Rates, type Season } from "#domain/rules/rates.ts";
import type { Database, Executor, Tx } from "#server/db/client.ts";
import { theRow } from "#server/db/rows.ts";
import { campsiteExtras, campsiteSeasons, campsites } from "#server/db/schema.ts";
import { invalid, notFound } from "#server/errors.ts";
import { type AuditActor, recordAudit } from "./audit-log";
import { EXCLUSION_VIOLATION, pgErrorCode } from "./database-errors";
import { rateCalendar } from "./rates";
import { getSettings } from "./settings";

export const CAMPSITE_GONE = "This campsite no longer exists. Reload the page.";
export const SEASON_GONE = "This season no longer exists. Reload the page.";
export const EXTRA_GONE = "This extra no longer exists. Reload the page.";
export const MAX_SEASONS = 100;
export const MAX_EXTRAS = 30;
/** How many of the coming long weekends the screen lists. */
const LONG_WEEKENDS_SHOWN = 4;

export type SeasonRow = Season & { id: string };
export type BaseRates = Omit<Rates, "seasons" | "extras">;
/** A long weekend's nights, first to last, and the shortest stay that may include them. */
export type LongWeekend = {
  firstNight: string;
  lastNight: string;
  nights: number;
  minimumNights: number;
};

export type RatesOverview = {
  campsite: { id: string; name: string; isActive: boolean; capacity: number };
  rates: BaseRates;
  seasons: SeasonRow[];
  extras: Extra[];
  longWeekends: LongWeekend[];
  /** The farm's minimum stay (Settings), below which no rate goes. */
  minimumNightStay: number;
};

type CampsiteRow = typeof campsites.$inferSelect;

const baseRatesOf = (c: CampsiteRow): BaseRates => ({
  nightPriceCents: c.pricePerNightCents,
  weekendPriceCents: c.weekendPriceCents,
  baseOccupancy: c.baseOccupancy,
  extraGuestFeeCents: c.extraGuestFeeCents,
  petFeeCents: c.petFeeCents,
  maxDogs: c.maxDogs,
  longWeekendMinimumNights: c.longWeekendMinimumNights,
});

// ---------------------------------------------------------------- reading

/** Everything the screen shows; a campsite that is not there is not found. */
export async function ratesOverview(
  db: Executor,
  campsiteId: string,
  now: Date = new Date(),
): Promise<RatesOverview> {
  if (!isRowId(campsiteId)) throw notFound(CAMPSITE_GONE);
  const [campsite] = await db.select().from(campsites).where(eq(campsites.id, campsiteId));
  if (!campsite) throw notFound(CAMPSITE_GONE);
  const [seasons, extras, settings] = await Promise.all([
    seasonsOf(db, campsiteId),
    extrasOf(db, campsiteId),
    getSettings(db),
  ]);
  const rates = baseRatesOf(campsite);
  return {
    campsite: {
      id: campsite.id,
      name: campsite.name,
      isActive: campsite.isActive,
      capacity: campsite.capacity,
    },
    rates,
    seasons,
    extras,
    longWeekends: comingLongWeekends(
      { ...rates, seasons, extras },
      settings.minimumNightStay,
      farmToday(now),
    ),
    minimumNightStay: settings.minimumNightStay,
  };
}

async function seasonsOf(db: Executor, campsiteId: string): Promise<SeasonRow[]> {
  return db
    .select({
      id: campsiteSeasons.id,
      name: campsiteSeasons.name,
      startDate: campsiteSeasons.startDate,
      endDate: campsiteSeasons.endDate,
      nightPriceCents: campsiteSeasons.nightPriceCents,
      weekendPriceCents: campsiteSeasons.weekendPriceCents,
      minimumNights: campsiteSeasons.minimumNights,
    })
    .from(campsiteSeasons)
    .where(eq(campsiteSeasons.campsiteId, campsiteId))
    .orderBy(asc(campsiteSeasons.startDate));
}

async function extrasOf(db: Executor, campsiteId: string): Promise<Extra[]> {
  return db
    .select({
      id: campsiteExtras.id,
      name: campsiteExtras.name,
      priceCents: campsiteExtras.priceCents,
      per: campsiteExtras.per,
      maxQuantity: campsiteExtras.maxQuantity,
      isActive: campsiteExtras.isActive,
    })
    .from(campsiteExtras)
    .where(eq(campsiteExtras.campsiteId, campsiteId))
    .orderBy(asc(campsiteExtras.createdAt), asc(campsiteExtras.name));
}

/** The next long weekends from today, each a run of consecutive long-weekend nights. */
export function comingLongWeekends(
  rates: Rates,
  minimumNightStay: number,
  today: string,
  shown = LONG_WEEKENDS_SHOWN,
): LongWeekend[] {
  const until = addDays(today, 400);
  const calendar = rateCalendar(minimumNightStay, today, until);
  const nights = [...calendar.longWeekendNights].filter((n) => n >= today && n < until).sort();
  const runs: string[][] = [];
  for (const night of nights) {
    const run = runs.at(-1);
    if (run && addDays(run.at(-1) ?? night, 1) === night) run.push(night);
    else if (runs.length < shown) runs.push([night]);
    else break;
  }
  return runs.map((run) => ({
    firstNight: run[0] ?? today,
    lastNight: run.at(-1) ?? today,
    nights: run.length,
    minimumNights: Math.max(...run.map((n) => nightRate(rates, n, calendar).minimumNights)),
  }));
}

// ---------------------------------------------------------------- prices and fees

export async function saveBaseRates(
  db: Database,
  actor: AuditActor,
  campsiteId: string,
  input: BaseRatesInput,
): Promise<void> {
  await inLockedCampsite(db, campsiteId, async (tx, before) => {
    if (input.baseOccupancy !== null && input.baseOccupancy > before.capacity) {
      throw invalid(
        `Guests included cannot be more than the ${before.capacity} guests this campsite takes.`,
        { field: "baseOccupancy" },
      );
    }
    await tx.update(campsites).set(input).where(eq(campsites.id, campsiteId));
    await recordAudit(
      tx,
      actor,
      "campsite.rates_updated",
      { type: "campsite", id: campsiteId },
      { changes: changesOf(before, input) },
    );
  });
}

function changesOf(before: CampsiteRow, after: BaseRatesInput) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after) as (keyof BaseRatesInput)[]) {
    if (before[key] !== after[key]) changes[key] = { from: before[key], to: after[key] };
  }
  return changes;
}

// ---------------------------------------------------------------- seasons

type SeasonRecord = typeof campsiteSeasons.$inferSelect;

const seasonRowOf = ({ campsiteId: _, createdAt: __, ...season }: SeasonRecord): SeasonRow =>
  season;

const SEASONS: RowKind<typeof campsiteSeasons> = {
  table: campsiteSeasons,
  type: "campsite_season",
  idField: "seasonId",
  gone: SEASON_GONE,
  tooMany: `A campsite can have at most ${MAX_SEASONS} seasons.`,
  max: MAX_SEASONS,
};

export async function addSeason(
  db: Database,
  actor: AuditActor,
  campsiteId: string,
  input: SeasonInput,
): Promise<SeasonRow> {
  return addRow(db, actor, SEASONS, campsiteId, async (tx) => {
    const season = await withoutOverlap(tx, campsiteId, input, undefined, async (sp) =>
      theRow(
        await sp
          .insert(campsiteSeasons)
          .values({ ...input, campsiteId })
          .returning(),
        "the season",
      ),
    );
    return { row: seasonRowOf(season), action: "campsite_season.created", details: input };
  });
}

export async function updateSeason(
  db: Database,
  actor: AuditActor,
  campsiteId: string,
  seasonId: string,
  input: SeasonInput,
): Promise<SeasonRow> {
  return changeRow(db, actor, SEASONS, campsiteId, seasonId, async (tx, before) => {
    const season = await withoutOverlap(tx, campsiteId, input, seasonId, async (sp) =>
      theRow(
        await sp
          .update(campsiteSeasons)
          .set(input)
          .where(eq(campsiteSeasons.id, seasonId))
          .returning(),
        "the season",
      ),
    );
    return {
      row: seasonRowOf(season),
      action: "campsite_season.updated",
      details: { before: seasonRowOf(before), after: input },
    };
  });
}

export async function deleteSeason(
  db: Database,
  actor: AuditActor,
  campsiteId: string,
  seasonId: string,
): Promise<SeasonRow> {
  return changeRow(db, actor, SEASONS, campsiteId, seasonId, async (tx, before) => {
    const season = seasonRowOf(before);
    await tx.delete(campsiteSeasons).where(eq(campsiteSeasons.id, seasonId));
    return { row: season, action: "campsite_season.deleted", details: season };
  });
}

/**
 * Writes a season inside a savepoint: the exclusion constraint
 * `campsite_seasons_no_overlap` decides, and its refusal is answered with the
 * season it overlaps, named on the start date.
 */
async function withoutOverlap<T>(
  tx: Tx,
  campsiteId: string,
  dates: { startDate: string; endDate: string },
  exceptId: string | undefined,
  write: (sp: Tx) => Promise<T>,
): Promise<T> {
  try {
    return await tx.transaction(write);
  } catch (error) {
    if (pgErrorCode(error) !== EXCLUSION_VIOLATION) throw error;
    const [other] = await tx
      .select({ name: campsiteSeasons.name })
      .from(campsiteSeasons)
      .where(
        and(
          eq(campsiteSeasons.campsiteId, campsiteId),
          lte(campsiteSeasons.startDate, dates.endDate),
          gte(campsiteSeasons.endDate, dates.startDate),
          exceptId ? ne(campsiteSeasons.id, exceptId) : undefined,
        ),
      )
      .orderBy(asc(campsiteSeasons.startDate))
      .limit(1);
    const message = other
      ? `This season overlaps '${other.name}'.`
      : "This season overlaps another season.";
    throw invalid(message, { field: "startDate", code: "season_overlap" });
  }
}

// ---------------------------------------------------------------- extras

type ExtraRecord = typeof campsiteExtras.$inferSelect;

const extraOf = ({ campsiteId: _, createdAt: __, ...extra }: ExtraRecord): Extra => extra;

const EXTRAS: RowKind<typeof campsiteExtras> = {
  table: campsiteExtras,
  type: "campsite_extra",
  idField: "extraId",
  gone: EXTRA_GONE,
  tooMany: `A campsite can have at most ${MAX_EXTRAS} extras.`,
  max: MAX_EXTRAS,
};

export async function addExtra(
  db: Database,
  actor: AuditActor,
  campsiteId: string,
  input: ExtraInput,
): Promise<Extra> {
  return addRow(db, actor, EXTRAS, campsiteId, async (tx) => {
    const extra = theRow(
      await tx
        .insert(campsiteExtras)
        .values({ ...input, campsiteId })
        .returning(),
      "the extra",
    );
    return { row: extraOf(extra), action: "campsite_extra.created", details: input };
  });
}

export async function updateExtra(
  db: Database,
  actor: AuditActor,
  campsiteId: string,
  extraId: string,
  input: ExtraInput,
): Promise<Extra> {
  return changeRow(db, actor, EXTRAS, campsiteId, extraId, async (tx, before) => {
    const extra = await setExtra(tx, extraId, input);
    return {
      row: extra,
      action: "campsite_extra.updated",
      details: { before: extraOf(before), after: input },
    };
  });
}

/** Offered with new stays, or not; stays booked with it keep it. */
export async function setExtraActive(
  db: Database,
  actor: AuditActor,
  campsiteId: string,
  extraId: string,
  isActive: boolean,
): Promise<Extra> {
  return changeRow(db, actor, EXTRAS, campsiteId, extraId, async (tx) => {
    const extra = await setExtra(tx, extraId, { isActive });
    const action = isActive ? "campsite_extra.activated" : "campsite_extra.deactivated";
    return { row: extra, action, details: { name: extra.name } };
  });
}

/** Bookings keep their own price lines, so an extra they bought can still go. */
export async function deleteExtra(
  db: Database,
  actor: AuditActor,
  campsiteId: string,
  extraId: string,
): Promise<Extra> {
  return changeRow(db, actor, EXTRAS, campsiteId, extraId, async (tx, before) => {
    const extra = extraOf(before);
    await tx.delete(campsiteExtras).where(eq(campsiteExtras.id, extraId));
    return { row: extra, action: "campsite_extra.deleted", details: extra };
  });
}

async function setExtra(tx: Tx, extraId: string, values: Partial<ExtraRecord>): Promise<Extra> {
  return extraOf(
    theRow(
      await tx.update(campsiteExtras).set(values).where(eq(campsiteExtras.id, extraId)).returning(),
      "the extra",
    ),
  );
}

// ---------------------------------------------------------------- one change

/** A campsite's seasons or its extras, as a change to one of them needs them. */
type RowTable = typeof campsiteSeasons | typeof campsiteExtras;
type RowKind<T extends RowTable> = {
  table: T;
  /** The audit log's entity type. */
  type: "campsite_season" | "campsite_extra";
  /** The hidden field a missing row is refused on. */
  idField: "seasonId" | "extraId";
  gone: string;
  tooMany: string;
  max: number;
};

/** What a change did: the row it answers with, and its audit entry. */
type Change<R extends { id: string }> = { row: R; action: string; details: object };

/** A change to a campsite's rates: one transaction, the campsite locked first. */
async function inLockedCampsite<T>(
  db: Database,
  campsiteId: string,
  change: (tx: Tx, campsite: CampsiteRow) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => change(tx, await lockCampsite(tx, campsiteId)));
}

/** Adds a season or an extra, within the campsite's limit of them, audited. */
async function addRow<T extends RowTable, R extends { id: string }>(
  db: Database,
  actor: AuditActor,
  kind: RowKind<T>,
  campsiteId: string,
  add: (tx: Tx) => Promise<Change<R>>,
): Promise<R> {
  return inLockedCampsite(db, campsiteId, async (tx) => {
    const table: RowTable = kind.table;
    const [row] = await tx
      .select({ n: count() })
      .from(table)
      .where(eq(table.campsiteId, campsiteId));
    if ((row?.n ?? 0) >= kind.max) throw invalid(kind.tooMany, { field: "name" });
    return audited(tx, actor, kind, campsiteId, await add(tx));
  });
}

/** Changes one of the campsite's seasons or extras, locked first, audited. */
async function changeRow<T extends RowTable, R extends { id: string }>(
  db: Database,
  actor: AuditActor,
  kind: RowKind<T>,
  campsiteId: string,
  rowId: string,
  change: (tx: Tx, before: T["$inferSelect"]) => Promise<Change<R>>,
): Promise<R> {
  return inLockedCampsite(db, campsiteId, async (tx) => {
    const before = await rowOfCampsite(tx, kind, campsiteId, rowId);
    return audited(tx, actor, kind, campsiteId, await change(tx, before));
  });
}

/** The row, locked, if it is the campsite's; otherwise refused on its hidden field. */
async function rowOfCampsite<T extends RowTable>(
  tx: Tx,
  kind: RowKind<T>,
  campsiteId: string,
  rowId: string,
): Promise<T["$inferSelect"]> {
  if (!isRowId(rowId)) throw invalid(kind.gone, { field: kind.idField });
  const table: RowTable = kind.table;
  const [row] = await tx
    .select()
    .from(table)
    .where(and(eq(table.id, rowId), eq(table.campsiteId, campsiteId)))
    .for("update");
  if (!row) throw invalid(kind.gone, { field: kind.idField });
  return row as T["$inferSelect"];
}

async function audited<R extends { id: string }>(
  tx: Tx,
  actor: AuditActor,
  kind: RowKind<RowTable>,
  campsiteId: string,
  { row, action, details }: Change<R>,
): Promise<R> {
  await recordAudit(tx, actor, action, { type: kind.type, id: row.id }, { campsiteId, ...details });
  return row;
}

// ---------------------------------------------------------------- the campsite

/** The campsite whose rates change, locked for the transaction. */
async function lockCampsite(tx: Tx, campsiteId: string): Promise<CampsiteRow> {
  if (!isRowId(campsiteId)) throw invalid(CAMPSITE_GONE, { field: "campsiteId" });
  const [campsite] = await tx
    .select()
    .from(campsites)
    .where(eq(campsites.id, campsiteId))
    .for("update");
  if (!campsite) throw invalid(CAMPSITE_GONE, { field: "campsiteId" });
  return campsite;
}
