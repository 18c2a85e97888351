// Bookings (spec 4, 5, 9 and amendment 2): quotes computed on the server,
// pending bookings holding a unit for 5 minutes, and the database's exclusion
// constraint as the final word when two guests race for the last unit.
import { and, eq, gt, lt, lte, sql } from "drizzle-orm";
import { siteConfig } from "#content/site.ts";
import type { DiscountCodeAnswer, PendingBooking, PrepaidCardAnswer } from "#domain/api/booking.ts";
import {
  type BookingRequest,
  type QuoteRequest,
  stayProblem,
} from "#domain/forms/booking-request.ts";
import type { Settings } from "#domain/forms/settings.ts";
import { freeUnitsForStay } from "#domain/rules/availability.ts";
import { answersTo, type GuestAnswer } from "#domain/rules/booking-questions.ts";
import { farmToday, nightsBetween } from "#domain/rules/dates.ts";
import { depositTermsFor, paymentPlan } from "#domain/rules/deposits.ts";
import { holdExpiresAt } from "#domain/rules/hold.ts";
import { priceStay, type Quote } from "#domain/rules/pricing.ts";
import {
  minimumNightsOfStay,
  type PriceLine,
  type Rates,
  stayChoiceProblem,
  stayLines,
} from "#domain/rules/rates.ts";
import { bookingReference } from "#domain/rules/reference.ts";
import type { Executor, Tx } from "#server/db/client.ts";
import { bookings, campsites, campsiteUnits } from "#server/db/schema.ts";
import { conflict, invalid } from "#server/errors.ts";
import { loadAvailabilityInput, requireActiveCampsite } from "./availability";
import { type Catalogue, keptAnswersOf } from "./availability-cache";
import { lockCredit, type ReservationScope } from "./credit-reservations";
import { EXCLUSION_VIOLATION, pgErrorCode, retryOnDeadlock } from "./database-errors";
import { type DiscountCodeRow, validateDiscountCode } from "./discount-codes";
import { newGuestToken } from "./guest-token";
import { checkHoldLimits, holdLimitsLock } from "./hold-limits";
import { hashHoldSecret, newHoldSecret } from "./hold-secret";
import { type PrepaidCardRow, validatePrepaidCard } from "./prepaid-cards";
import { keptRateCalendar } from "./rate-calendars";
import { loadRates } from "./rates";
import { getSettings } from "./settings";

export const UNAVAILABLE_MESSAGE =
  "Sorry, this campsite is no longer available for those dates. Please choose other dates.";

export const unavailable = () => conflict(UNAVAILABLE_MESSAGE, "unavailable");

export type PricedStay = {
  campsite: typeof campsites.$inferSelect;
  rates: Rates;
  quote: Quote;
  discountCode?: DiscountCodeRow;
  prepaidCard?: PrepaidCardRow;
  settings: Settings;
  /** The validation answers of spec 7.2, for the quote. */
  discountCodeAnswer?: DiscountCodeAnswer;
  prepaidCardAnswer?: PrepaidCardAnswer;
};

const invalidInput = (field: string, message: string, code = "invalid_input") =>
  invalid(message, { field, code });

/**
 * Prices a stay from the database: the campsite's rates over the nights, the
 * guests, dogs and extras, then the code and the card; refuses stays outside
 * the campsite's capacity, its rates' minimum stays and the saved settings.
 * A code or card that does not validate is a 400 with the spec's text.
 */
export async function priceRequest(
  db: Executor,
  request: QuoteRequest,
  now: Date = new Date(),
  {
    exceptBookingId,
    rulesWaived = false,
    earliestCheckIn,
  }: {
    exceptBookingId?: string;
    rulesWaived?: boolean;
    /** A stay already started keeps its check-in, a day now past (the front desk's change). */
    earliestCheckIn?: string;
  } = {},
): Promise<PricedStay> {
  const { campsite, settings, rates } = await readCatalogue(db, request.campsiteId, now);
  const calendar = keptRateCalendar(settings.minimumNightStay, request.checkIn, request.checkOut);
  const limits = {
    today: earliestCheckIn ?? farmToday(now),
    minimumNightStay: minimumNightsOfStay(rates, request.checkIn, request.checkOut, calendar),
    maximumNightStay: settings.maximumNightStay,
    maxAdvanceBookingDays: settings.maxAdvanceBooking,
    capacity: campsite.capacity,
  };
  const problem =
    stayProblem(request, rulesWaived ? { ...limits, ...WAIVED_LIMITS } : limits) ??
    stayChoiceProblem(rates, choiceOf(request));
  if (problem) throw invalidInput(problem.field, problem.message);
  const lines = stayLines(rates, { ...request, ...choiceOf(request) }, calendar);
  const priced = await priceWithCredit(db, request, lines, { now, exceptBookingId });
  return { ...priced, campsite, rates, settings };
}

/** The owner's override of the online rules: only the past and the dates' order still hold. */
const WAIVED_LIMITS = {
  minimumNightStay: 1,
  maximumNightStay: Number.MAX_SAFE_INTEGER,
  maxAdvanceBookingDays: 100 * 366,
  capacity: Number.MAX_SAFE_INTEGER,
};

/**
 * The campsite (404 when not on sale), its rates and the settings: kept in
 * memory between changes for the application's database (decision 0021),
 * read afresh inside a transaction.
 */
function readCatalogue(db: Executor, campsiteId: string, now: Date): Promise<Catalogue> {
  const read = async () => {
    // One after the other: inside a transaction the queries share one connection.
    const campsite = await requireActiveCampsite(db, campsiteId);
    const settings = await getSettings(db);
    const rates = await loadRates(db, campsite);
    return { campsite, settings, rates };
  };
  const kept = keptAnswersOf(db)?.catalogue;
  if (!kept) return read();
  return kept.get(campsiteId, now.getTime(), async () => ({
    value: await read(),
    expiresAt: Number.POSITIVE_INFINITY,
  }));
}

/** The dogs and extras of a request; callers on the server may leave them out. */
const choiceOf = (request: QuoteRequest) => ({
  dogs: request.dogs ?? 0,
  extras: request.extras ?? [],
});

type CreditedQuote = Pick<
  PricedStay,
  "quote" | "discountCode" | "prepaidCard" | "discountCodeAnswer" | "prepaidCardAnswer"
>;

/**
 * The stay's price with the code and card applied, after what other live
 * holds have reserved of them (all but `scope.exceptBookingId`).
 */
async function priceWithCredit(
  db: Executor,
  request: QuoteRequest,
  lines: PriceLine[],
  scope: ReservationScope,
): Promise<CreditedQuote> {
  const stay = { ...request, lines, gstRegistered: siteConfig().business.gstRegistered };
  const priced: CreditedQuote = { quote: priceStay(stay) };
  if (request.discountCode) {
    // A code's minimum is checked against what it applies to.
    const result = await validateDiscountCode(
      db,
      request.discountCode,
      priced.quote.discountableCents,
      scope,
    );
    if (!result.valid) throw invalidInput("discountCode", result.error, "invalid_discount_code");
    priced.discountCode = result.row;
    priced.discountCodeAnswer = result.discountCode;
  }
  if (request.prepaidCardNumber) {
    const result = await validatePrepaidCard(db, request.prepaidCardNumber, scope);
    if (!result.valid)
      throw invalidInput("prepaidCardNumber", result.error, "invalid_prepaid_card");
    priced.prepaidCard = result.row;
    priced.prepaidCardAnswer = result.prepaidCard;
  }
  priced.quote = priceStay({
    ...stay,
    discount: priced.discountCode,
    // What is left on the card once other live holds' reservations are taken off.
    prepaidBalanceCents: priced.prepaidCardAnswer?.balance,
  });
  return priced;
}

/** Pending bookings of a campsite whose hold ran out and that overlap a stay: they hold nothing. */
export async function expireStaleOverlappingHolds(
  tx: Executor,
  campsiteId: string,
  checkIn: string,
  checkOut: string,
  now: Date = new Date(),
) {
  await tx
    .update(bookings)
    .set({ status: "expired" })
    .where(
      and(
        eq(bookings.campsiteId, campsiteId),
        eq(bookings.status, "pending"),
        lte(bookings.holdExpiresAt, now),
        lt(bookings.checkInDate, checkOut),
        gt(bookings.checkOutDate, checkIn),
      ),
    );
}

/**
 * A campsite that has never had units (the spec's "unit count defaults to 1")
 * gets its one unit here, so that every booking holds a unit and the
 * exclusion constraint covers it. Called under the campsite's lock.
 */
async function ensureUnits(tx: Tx, campsiteId: string) {
  const existing = await tx
    .select({ id: campsiteUnits.id })
    .from(campsiteUnits)
    .where(eq(campsiteUnits.campsiteId, campsiteId))
    .limit(1);
  if (existing.length === 0) await tx.insert(campsiteUnits).values({ campsiteId, name: "Site 1" });
}

/**
 * Takes a campsite's units one transaction at a time, until it ends. Two
 * bookings inserted at once for one unit each wait on the other's row under
 * the exclusion constraint, a deadlock PostgreSQL breaks only after a second;
 * in turn, the second simply finds the unit taken. `alsoLock` are further
 * advisory locks the caller needs, taken in the same round trip, after it.
 */
async function lockCampsiteUnits(tx: Tx, campsiteId: string, alsoLock: string[] = []) {
  const keys = [`units:${campsiteId}`, ...alsoLock];
  const locks = keys.map((key) => sql`pg_advisory_xact_lock(hashtext(${key}))`);
  await tx.execute(sql`select ${sql.join(locks, sql`, `)}`);
}

/** The campsite's units free for every night of the stay, per the database now. */
export async function freeUnits(
  tx: Executor,
  campsiteId: string,
  checkIn: string,
  checkOut: string,
  now: Date = new Date(),
  exceptBookingId?: string,
) {
  const input = await loadAvailabilityInput(
    tx,
    campsiteId,
    checkIn,
    checkOut,
    now,
    exceptBookingId,
  );
  return freeUnitsForStay(input, checkIn, checkOut);
}

type StayOfUnits = {
  campsiteId: string;
  checkIn: string;
  checkOut: string;
  exceptBookingId?: string;
  /** The saved 'Auto-block after booking', when the caller has read the settings already. */
  changeoverNights?: number;
};

/**
 * Locks the campsite's units (and `alsoLock`) and answers the units free for
 * every night of the stay, `preferredUnitId` first; 409 when there is none.
 */
export async function lockFreeUnits(
  tx: Tx,
  stay: StayOfUnits,
  now: Date,
  { preferredUnitId, alsoLock }: { preferredUnitId?: string; alsoLock?: string[] } = {},
): Promise<string[]> {
  await lockCampsiteUnits(tx, stay.campsiteId, alsoLock);
  // A pending booking whose hold ran out is still in the exclusion constraint's way:
  // the reading marks those of the stay expired as it reads.
  const load = () =>
    loadAvailabilityInput(
      tx,
      stay.campsiteId,
      stay.checkIn,
      stay.checkOut,
      now,
      stay.exceptBookingId,
      { changeoverNights: stay.changeoverNights, expireStaleHolds: true },
    );
  let input = await load();
  if (!input.hasAnyUnits) {
    await ensureUnits(tx, stay.campsiteId);
    input = await load();
  }
  const units = freeUnitsForStay(input, stay.checkIn, stay.checkOut);
  if (units.length === 0) throw unavailable();
  if (preferredUnitId && units.includes(preferredUnitId))
    units.unshift(...units.splice(units.indexOf(preferredUnitId), 1));
  return units;
}

/**
 * Runs `attempt` with each free unit in turn inside a savepoint, until one
 * is accepted by the exclusion constraint. Returns its result, or throws 409.
 * A booking being moved (`exceptBookingId`) may keep its own unit's nights.
 */
export async function withFreeUnit<T>(
  tx: Tx,
  stay: StayOfUnits,
  attempt: (sp: Tx, unitId: string) => Promise<T>,
  now: Date = new Date(),
  preferredUnitId?: string,
): Promise<T> {
  for (const unitId of await lockFreeUnits(tx, stay, now, { preferredUnitId })) {
    try {
      return await tx.transaction((sp) => attempt(sp, unitId));
    } catch (error) {
      // Taken in the meantime by a racing booking: try the next unit.
      if (pgErrorCode(error) !== EXCLUSION_VIOLATION) throw error;
    }
  }
  throw unavailable();
}

/** Who asks for a hold: the client address the hoarding limits count (none in service tests). */
export type HoldOrigin = { clientAddress?: string };

/**
 * POST /api/bookings: a pending booking holding a free unit for 5 minutes,
 * priced on the server, with the secret that alone may change it (decision
 * 0012). A code and a card reserve their use and credit with the hold. 409
 * when no unit is free (or the last one went in the meantime), 429 past the
 * hoarding limits, never a 500.
 */
export async function createBooking(
  db: Executor,
  request: BookingRequest,
  now: Date = new Date(),
  { clientAddress }: HoldOrigin = {},
): Promise<PendingBooking & { holdSecret: string }> {
  // Bad input is refused before anything is counted or locked.
  const priced = await priceRequest(db, request, now);
  const guestAnswers = askedAnswers(priced.settings, request.answers);
  const stay = { ...request, changeoverNights: priced.settings.autoBlockAfterBooking };
  const hold = { secret: newHoldSecret(), clientAddress, now };
  const alsoLock = clientAddress ? [holdLimitsLock(clientAddress)] : [];
  const row = await retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const units = await lockFreeUnits(tx, stay, now, { alsoLock });
      const inserted = await holdFirstFreeUnit(units, (unitId) =>
        insertHold(tx, unitId, { ...request, guestAnswers }, priced, hold),
      );
      // Counted once the camper has a unit: the losers of a race never held anything.
      if (clientAddress)
        await checkHoldLimits(tx, { clientAddress, heldId: inserted.id }, priced.settings, now);
      return reserveCredit(tx, inserted, request, priced.quote.lines, now);
    }),
  );
  return { ...toPendingBooking(row, priced.campsite.name), holdSecret: hold.secret };
}

/**
 * The answers to the farm's questions, as the booking keeps them; a required
 * one left blank (or an answer too long) is a 400 naming its field.
 */
export function askedAnswers(
  settings: Pick<Settings, "bookingQuestions">,
  given: Record<string, string> = {},
  options: { required?: boolean } = {},
): GuestAnswer[] {
  const { answers, problems } = answersTo(settings.bookingQuestions, given, options);
  const [first] = Object.values(problems);
  if (first) throw invalid(first, { fieldErrors: problems });
  return answers;
}

/** The first unit the exclusion constraint lets the hold have; 409 when it takes none. */
export async function holdFirstFreeUnit<T>(
  units: string[],
  insert: (unitId: string) => Promise<T | undefined>,
): Promise<T> {
  for (const unitId of units) {
    const held = await insert(unitId);
    if (held) return held;
  }
  throw unavailable();
}

type BookingRow = typeof bookings.$inferSelect;

/** Inserts the camper's hold on `unitId`; undefined when the unit is taken. */
async function insertHold(
  tx: Tx,
  unitId: string,
  request: BookingRequest & { guestAnswers: GuestAnswer[] },
  { campsite, quote, discountCode, prepaidCard, settings }: PricedStay,
  hold: { secret: string; clientAddress?: string; now: Date },
): Promise<BookingRow | undefined> {
  return insertBooking(tx, {
    depositTerms: depositTermsFor(settings, request.checkIn, farmToday(hold.now)),
    guestAnswers: request.guestAnswers,
    guestFirstName: request.firstName,
    guestLastName: request.lastName,
    guestEmail: request.email,
    guestPhone: request.phone ?? null,
    numberOfGuests: request.guests,
    numberOfDogs: request.dogs ?? 0,
    priceLines: quote.lines,
    gstAmountCents: quote.gstAmountCents,
    campsiteId: campsite.id,
    campsiteUnitId: unitId,
    checkInDate: request.checkIn,
    checkOutDate: request.checkOut,
    status: "pending",
    totalAmountCents: quote.subtotalCents,
    discountCodeId: discountCode?.id ?? null,
    discountAmountCents: quote.discountAmountCents,
    prepaidCardId: prepaidCard?.id ?? null,
    prepaidAmountUsedCents: quote.prepaidAmountCents,
    finalAmountCents: quote.finalAmountCents,
    holdExpiresAt: holdExpiresAt(hold.now),
    holdSecretHash: hashHoldSecret(hold.secret),
    guestToken: newGuestToken(),
    clientAddress: hold.clientAddress ?? null,
  });
}

/**
 * Inserts a booking with a fresh reference; undefined when the exclusion
 * constraint says its unit is taken. ON CONFLICT DO NOTHING stands in for a
 * savepoint (two round trips fewer): a row not inserted was refused either
 * for its unit or for a 6-digit reference another booking already has, which
 * gets the next number.
 */
export async function insertBooking(
  tx: Tx,
  values: Omit<typeof bookings.$inferInsert, "bookingReference">,
): Promise<BookingRow | undefined> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const reference = bookingReference(Date.now(), attempt * 7919);
    const [inserted] = await tx
      .insert(bookings)
      .values({ ...values, bookingReference: reference })
      .onConflictDoNothing()
      .returning();
    if (inserted) return inserted;
    if (!(await referenceTaken(tx, reference))) return undefined;
  }
  throw new Error("no free booking reference after 20 tries");
}

async function referenceTaken(tx: Tx, reference: string): Promise<boolean> {
  const found = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.bookingReference, reference))
    .limit(1);
  return found.length > 0;
}

/**
 * Prices a new hold again under the code's and card's row locks, counting
 * the other live holds' claims: only a hold that got its unit takes the locks,
 * so campers racing for a unit do not queue on a shared code. A code or card
 * that no longer applies refuses the whole hold (400), and nothing is kept.
 */
async function reserveCredit(
  tx: Tx,
  row: BookingRow,
  request: BookingRequest,
  lines: PriceLine[],
  now: Date,
) {
  if (!request.discountCode && !request.prepaidCardNumber) return row;
  await lockCredit(tx, request);
  const { quote } = await priceWithCredit(tx, request, lines, { now, exceptBookingId: row.id });
  if (
    quote.discountAmountCents === row.discountAmountCents &&
    quote.prepaidAmountCents === row.prepaidAmountUsedCents
  )
    return row;
  const [updated] = await tx
    .update(bookings)
    .set({
      discountAmountCents: quote.discountAmountCents,
      prepaidAmountUsedCents: quote.prepaidAmountCents,
      finalAmountCents: quote.finalAmountCents,
      gstAmountCents: quote.gstAmountCents,
    })
    .where(eq(bookings.id, row.id))
    .returning();
  return updated ?? row;
}

export function toPendingBooking(
  row: typeof bookings.$inferSelect,
  campsiteName: string,
): PendingBooking {
  return {
    id: row.id,
    bookingReference: row.bookingReference,
    status: row.status,
    holdExpiresAt: (row.holdExpiresAt ?? new Date(0)).toISOString(),
    campsiteName,
    checkIn: row.checkInDate,
    checkOut: row.checkOutDate,
    nights: nightsBetween(row.checkInDate, row.checkOutDate),
    guests: row.numberOfGuests,
    dogs: row.numberOfDogs,
    lines: row.priceLines,
    gstAmountCents: row.gstAmountCents,
    totalAmountCents: row.totalAmountCents,
    discountAmountCents: row.discountAmountCents,
    prepaidAmountUsedCents: row.prepaidAmountUsedCents,
    finalAmountCents: row.finalAmountCents,
    paymentPlan: paymentPlan(row.depositTerms, row),
  };
}

/** The sweeper's job: every pending booking whose hold ran out holds nothing any more. */
export async function expireStaleHolds(db: Executor, now: Date = new Date()): Promise<number> {
  const rows = await db
    .update(bookings)
    .set({ status: "expired" })
    .where(and(eq(bookings.status, "pending"), lte(bookings.holdExpiresAt, now)))
    .returning({ id: bookings.id });
  return rows.length;
}

/** A booking with its campsite's name, for the payment steps. */
export async function findBookingWithCampsite(db: Executor, bookingId: string) {
  const [row] = await db
    .select({ booking: bookings, campsiteName: campsites.name })
    .from(bookings)
    .innerJoin(campsites, eq(campsites.id, bookings.campsiteId))
    .where(eq(bookings.id, bookingId));
  return row;
}
