// The waitlist of full dates (issue 31, item 3). A camper who finds a
// campsite full for a stay leaves an email; whenever the stay is free again
// (a cancellation, a move, an expired hold, a block removed: the worker reads
// the calendar, not the commands), those waiting are emailed in the order they
// joined, with a link to step 1 for those dates. Nothing is promised or held.
// Once told, an entry waits again when the stay is full again; it ends when
// the camper stops its emails or its check-in day comes.
import { randomBytes } from "node:crypto";
import { and, asc, count, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { siteConfig } from "#content/site.ts";
import { formatDay } from "#domain/format/dates.ts";
import { fieldErrorsOf } from "#domain/forms/form-fields.ts";
import { type WaitlistInput, waitlistSchema } from "#domain/forms/waitlist.ts";
import { stayIsFree } from "#domain/rules/availability.ts";
import { DEFAULT_GUESTS, shareLink } from "#domain/rules/booking-query.ts";
import { addDays, farmToday, nightsBetween } from "#domain/rules/dates.ts";
import type { Database, Executor } from "#server/db/client.ts";
import { campsites, waitlistEntries } from "#server/db/schema.ts";
import { conflict, invalid } from "#server/errors.ts";
import type { Worker } from "#server/workers.ts";
import { loadAvailabilityInput, requireActiveCampsite } from "./availability";
import { enqueueEmail } from "./email-outbox";
import { type RateLimitRule, spendRateLimit } from "./rate-limit";
import { getSettings } from "./settings";

export const WAITLIST_RATE_LIMIT: RateLimitRule = {
  name: "waitlist-join",
  max: 10,
  windowSeconds: 10 * 60,
};
/** Stays one email may wait for at once. */
export const MAX_WAITING_PER_EMAIL = 10;
export const WAITLIST_EMAIL_KIND = "waitlist-free";
export const STAY_IS_FREE = "Those dates are free now: book them instead.";
/** Stays the worker reads in one run; the rest wait for the next. */
const STAYS_PER_RUN = 200;

/** Told of a stay within this long, a camper is not told again: a hold let go frees it in minutes. */
export const TOLD_AGAIN_AFTER_HOURS = 24;

type Stay = { campsiteId: string; checkInDate: string; checkOutDate: string };

const sameStay = (stay: Stay) =>
  and(
    eq(waitlistEntries.campsiteId, stay.campsiteId),
    eq(waitlistEntries.checkInDate, stay.checkInDate),
    eq(waitlistEntries.checkOutDate, stay.checkOutDate),
    isNull(waitlistEntries.leftAt),
  );

async function isFree(db: Executor, stay: Stay, now: Date, changeoverNights: number) {
  const lastNight = addDays(stay.checkOutDate, -1);
  const input = await loadAvailabilityInput(
    db,
    stay.campsiteId,
    stay.checkInDate,
    lastNight,
    now,
    undefined,
    { changeoverNights },
  );
  return stayIsFree(input, stay.checkInDate, stay.checkOutDate);
}

/**
 * Puts the camper on the waitlist of a stay that cannot be booked now.
 * Refused when the dates are free (book them), past or beyond the booking
 * window, or the email waits for too many stays; joining twice is once.
 */
export async function joinWaitlist(
  db: Database,
  raw: unknown,
  clientAddress: string,
  now: Date = new Date(),
): Promise<WaitlistInput> {
  await spendRateLimit(db, WAITLIST_RATE_LIMIT, clientAddress);
  const parsed = waitlistSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    throw invalid(Object.values(fieldErrors).join(" "), { fieldErrors });
  }
  const input = parsed.data;
  await requireActiveCampsite(db, input.campsiteId);
  const settings = await getSettings(db);
  const today = farmToday(now);
  if (input.checkIn <= today) throw invalid("Choose a check-in after today.", { field: "checkIn" });
  if (input.checkIn > addDays(today, settings.maxAdvanceBooking))
    throw invalid("Those dates are not open for booking yet.", { field: "checkIn" });
  if (nightsBetween(input.checkIn, input.checkOut) > settings.maximumNightStay)
    throw invalid(`A stay booked online is at most ${settings.maximumNightStay} nights.`, {
      field: "checkOut",
    });
  const stay = {
    campsiteId: input.campsiteId,
    checkInDate: input.checkIn,
    checkOutDate: input.checkOut,
  };
  if (await isFree(db, stay, now, settings.autoBlockAfterBooking)) throw conflict(STAY_IS_FREE);
  await db.transaction(async (tx) => {
    // One at a time per email, so the cap holds against a burst.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`waitlist:${input.email}`}))`);
    const [waiting] = await tx
      .select({ n: count() })
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.email, input.email),
          isNull(waitlistEntries.leftAt),
          gt(waitlistEntries.checkInDate, today),
        ),
      );
    if ((waiting?.n ?? 0) >= MAX_WAITING_PER_EMAIL)
      throw conflict(
        `An email can wait for at most ${MAX_WAITING_PER_EMAIL} stays at once. Stop the emails of one you no longer need first.`,
      );
    await tx
      .insert(waitlistEntries)
      .values({ ...stay, email: input.email, token: randomBytes(24).toString("base64url") })
      .onConflictDoNothing();
  });
  return input;
}

/** The entry of an unsubscribe link, while it still waits; undefined otherwise. */
export async function waitlistEntryOf(db: Executor, token: string) {
  const [entry] = await db
    .select({
      campsiteName: campsites.name,
      checkInDate: waitlistEntries.checkInDate,
      checkOutDate: waitlistEntries.checkOutDate,
      email: waitlistEntries.email,
      leftAt: waitlistEntries.leftAt,
    })
    .from(waitlistEntries)
    .innerJoin(campsites, eq(campsites.id, waitlistEntries.campsiteId))
    .where(eq(waitlistEntries.token, token));
  return entry;
}

/** Stops an entry's emails; false when the link names none. */
export async function leaveWaitlist(db: Executor, token: string, now: Date = new Date()) {
  const left = await db
    .update(waitlistEntries)
    .set({ leftAt: now })
    .where(and(eq(waitlistEntries.token, token), isNull(waitlistEntries.leftAt)))
    .returning({ id: waitlistEntries.id });
  return left.length > 0 || (await waitlistEntryOf(db, token)) !== undefined;
}

/**
 * Emails those waiting for every stay that is free now, in the order they
 * joined, and sets waiting again those told of a stay that is full again.
 * Returns how many were emailed. Safe to run from several processes at once.
 */
export async function tellWaitlist(db: Database, now: Date = new Date()): Promise<number> {
  const today = farmToday(now);
  const stays = await staysToCheck(db, today);
  if (stays.length === 0) return 0;
  const { autoBlockAfterBooking } = await getSettings(db);
  const toldBefore = new Date(now.getTime() - TOLD_AGAIN_AFTER_HOURS * 3_600_000);
  let told = 0;
  for (const stay of stays) {
    told += await db.transaction(async (tx) => {
      const key = `waitlist:${stay.campsiteId}:${stay.checkInDate}:${stay.checkOutDate}`;
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
      if (await isFree(tx, stay, now, autoBlockAfterBooking)) return tellWaiting(tx, stay, now);
      // Full again: those told a while ago wait again; those told just now are not told twice.
      await tx
        .update(waitlistEntries)
        .set({ toldAt: null })
        .where(and(sameStay(stay), lt(waitlistEntries.toldAt, toldBefore)));
      return 0;
    });
  }
  return told;
}

/** Where the last run stopped: each run checks the next stays, and starts over after the last. */
let checkedUpTo: Stay | undefined;

/** The next STAYS_PER_RUN stays still to come that someone waits for, after the last run's. */
async function staysToCheck(db: Executor, today: string): Promise<Stay[]> {
  const after = checkedUpTo;
  const stays = await db
    .selectDistinct({
      campsiteId: waitlistEntries.campsiteId,
      checkInDate: waitlistEntries.checkInDate,
      checkOutDate: waitlistEntries.checkOutDate,
    })
    .from(waitlistEntries)
    .innerJoin(campsites, eq(campsites.id, waitlistEntries.campsiteId))
    .where(
      and(
        isNull(waitlistEntries.leftAt),
        gt(waitlistEntries.checkInDate, today),
        eq(campsites.isActive, true),
        after &&
          sql`(${waitlistEntries.checkInDate}, ${waitlistEntries.campsiteId}, ${waitlistEntries.checkOutDate}) > (${after.checkInDate}, ${after.campsiteId}, ${after.checkOutDate})`,
      ),
    )
    .orderBy(
      asc(waitlistEntries.checkInDate),
      asc(waitlistEntries.campsiteId),
      asc(waitlistEntries.checkOutDate),
    )
    .limit(STAYS_PER_RUN);
  checkedUpTo = stays.length === STAYS_PER_RUN ? stays.at(-1) : undefined;
  return stays;
}

async function tellWaiting(tx: Executor, stay: Stay, now: Date): Promise<number> {
  const waiting = await tx
    .select({
      id: waitlistEntries.id,
      email: waitlistEntries.email,
      token: waitlistEntries.token,
      campsiteName: campsites.name,
    })
    .from(waitlistEntries)
    .innerJoin(campsites, eq(campsites.id, waitlistEntries.campsiteId))
    .where(and(sameStay(stay), isNull(waitlistEntries.toldAt)))
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
  for (const entry of waiting) {
    await enqueueEmail(tx, freeStayEmail(stay, entry));
    await tx.update(waitlistEntries).set({ toldAt: now }).where(eq(waitlistEntries.id, entry.id));
  }
  return waiting.length;
}

function freeStayEmail(stay: Stay, entry: { email: string; token: string; campsiteName: string }) {
  const site = siteConfig();
  const stepOne = shareLink(site.siteUrl, {
    campsiteId: stay.campsiteId,
    checkIn: stay.checkInDate,
    checkOut: stay.checkOutDate,
    guests: DEFAULT_GUESTS,
  });
  const dates = `${formatDay(stay.checkInDate)} to ${formatDay(stay.checkOutDate)}`;
  return {
    kind: WAITLIST_EMAIL_KIND,
    to: entry.email,
    replyTo: site.email,
    subject: `${entry.campsiteName} is free for your dates at ${site.farmName} Station`,
    text: [
      `Good news: ${entry.campsiteName} can be booked again for ${dates}.`,
      "",
      `Book it here: ${stepOne}`,
      "",
      "Nothing is held for you: the first camper to book the dates gets them, and others on the waitlist are told too.",
      "",
      `You asked to hear about these dates on our waitlist. To stop these emails: ${site.siteUrl}${waitlistLeavePath(entry.token)}`,
    ].join("\n"),
  };
}

export const waitlistLeavePath = (token: string) => `/waitlist/${encodeURIComponent(token)}`;

export const waitlistWorker: Worker = {
  name: "waitlist",
  intervalMs: 10_000,
  run: async ({ db }) => {
    await tellWaitlist(db);
  },
};

/** The waitlist as the owner reads it: each stay still to come, with those waiting in the order they joined. */
export async function waitlistByStay(db: Executor, now: Date = new Date()) {
  const rows = await db
    .select({
      campsiteId: waitlistEntries.campsiteId,
      campsiteName: campsites.name,
      checkInDate: waitlistEntries.checkInDate,
      checkOutDate: waitlistEntries.checkOutDate,
      email: waitlistEntries.email,
      joinedAt: waitlistEntries.createdAt,
      toldAt: waitlistEntries.toldAt,
    })
    .from(waitlistEntries)
    .innerJoin(campsites, eq(campsites.id, waitlistEntries.campsiteId))
    .where(and(isNull(waitlistEntries.leftAt), gt(waitlistEntries.checkInDate, farmToday(now))))
    .orderBy(
      asc(waitlistEntries.checkInDate),
      asc(campsites.name),
      asc(waitlistEntries.checkOutDate),
      asc(waitlistEntries.createdAt),
    );
  const stays = new Map<string, Stay & { campsiteName: string; waiting: typeof rows }>();
  for (const row of rows) {
    const key = `${row.campsiteId}|${row.checkInDate}|${row.checkOutDate}`;
    const stay = stays.get(key) ?? { ...row, waiting: [] };
    stay.waiting.push(row);
    stays.set(key, stay);
  }
  return [...stays.values()].map(({ campsiteName, checkInDate, checkOutDate, waiting }) => ({
    campsiteName,
    checkInDate,
    checkOutDate,
    waiting: waiting.map(({ email, joinedAt, toldAt }) => ({ email, joinedAt, toldAt })),
  }));
}
