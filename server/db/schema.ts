// The whole data model (spec section 3 plus what the amendments need).
// Money is integer cents; a date without a time is a `yyyy-MM-dd` string
// in the farm's timezone. The double-booking exclusion constraint and the
// live-update trigger live in the hand-written migration 0001.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { adminRoles } from "#domain/rules/admin-roles.ts";
import type { GuestAnswer } from "#domain/rules/booking-questions.ts";
import type { AcceptedPolicy } from "#domain/rules/cancellation-policy.ts";
import type { DepositTerms } from "#domain/rules/deposits.ts";
import type { Invoice } from "#domain/rules/invoice.ts";
import { ledgerCauses, ledgerKinds, ledgerMethods } from "#domain/rules/ledger.ts";
import type { PriceLine } from "#domain/rules/rates.ts";
import {
  bookingOrigins,
  bookingStatuses,
  discountTypes,
  disputeStatuses,
  paymentStatuses,
} from "#domain/rules/statuses.ts";
import type { PaidStayChange } from "#domain/rules/stay-change.ts";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const day = (name: string) => date(name, { mode: "string" });

// ---------------------------------------------------------------- catalogue

export const campsites = pgTable(
  "campsites",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    location: text("location").notNull().default(""),
    description: text("description").notNull().default(""),
    pricePerNightCents: integer("price_per_night_cents").notNull(),
    capacity: integer("capacity").notNull(),
    quantity: integer("quantity").notNull().default(1),
    amenities: text("amenities").array().notNull().default(sql`'{}'::text[]`),
    images: text("images").array().notNull().default(sql`'{}'::text[]`),
    isActive: boolean("is_active").notNull().default(true),
    // Secret token of the campsite's exported calendar feed; regenerating it revokes the old URL.
    feedToken: text("feed_token").unique(),
    // The rates beside the nightly price (domain/rules/rates.ts); seasons and extras are tables.
    weekendPriceCents: integer("weekend_price_cents"),
    baseOccupancy: integer("base_occupancy"),
    extraGuestFeeCents: integer("extra_guest_fee_cents").notNull().default(0),
    petFeeCents: integer("pet_fee_cents").notNull().default(0),
    maxDogs: integer("max_dogs").notNull().default(0),
    longWeekendMinimumNights: integer("long_weekend_minimum_nights"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("campsites_price_non_negative", sql`${t.pricePerNightCents} >= 0`),
    check("campsites_capacity_positive", sql`${t.capacity} >= 1`),
    check("campsites_quantity_positive", sql`${t.quantity} >= 1`),
    check(
      "campsites_rates_valid",
      sql`coalesce(${t.weekendPriceCents}, 0) >= 0 and coalesce(${t.baseOccupancy}, 1) >= 1
        and ${t.extraGuestFeeCents} >= 0 and ${t.petFeeCents} >= 0 and ${t.maxDogs} >= 0
        and coalesce(${t.longWeekendMinimumNights}, 1) >= 1`,
    ),
  ],
);

/**
 * A season of a campsite: its nights from start to end date (both included)
 * have their own price and minimum stay. Seasons of one campsite never
 * overlap: the exclusion constraint `campsite_seasons_no_overlap` (migration 0004).
 */
export const campsiteSeasons = pgTable(
  "campsite_seasons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    campsiteId: uuid("campsite_id")
      .notNull()
      .references(() => campsites.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    startDate: day("start_date").notNull(),
    endDate: day("end_date").notNull(),
    nightPriceCents: integer("night_price_cents").notNull(),
    weekendPriceCents: integer("weekend_price_cents"),
    minimumNights: integer("minimum_nights").notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    check("campsite_seasons_dates_ordered", sql`${t.endDate} >= ${t.startDate}`),
    check(
      "campsite_seasons_values",
      sql`${t.nightPriceCents} >= 0 and coalesce(${t.weekendPriceCents}, 0) >= 0 and ${t.minimumNights} >= 1`,
    ),
    index("campsite_seasons_campsite_idx").on(t.campsiteId, t.startDate),
  ],
);

/** Something sold with a stay of a campsite: per stay or per night, up to a quantity. */
export const campsiteExtras = pgTable(
  "campsite_extras",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    campsiteId: uuid("campsite_id")
      .notNull()
      .references(() => campsites.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    priceCents: integer("price_cents").notNull(),
    per: text("per", { enum: ["stay", "night"] }).notNull(),
    maxQuantity: integer("max_quantity").notNull().default(1),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check("campsite_extras_per", sql`${t.per} in ('stay', 'night')`),
    check("campsite_extras_values", sql`${t.priceCents} >= 0 and ${t.maxQuantity} >= 1`),
    index("campsite_extras_campsite_idx").on(t.campsiteId),
  ],
);

/** One bookable spot of a campsite; a campsite of quantity N has N units. */
export const campsiteUnits = pgTable(
  "campsite_units",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    campsiteId: uuid("campsite_id")
      .notNull()
      .references(() => campsites.id),
    name: text("name").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    feedToken: text("feed_token").unique(),
    createdAt: createdAt(),
  },
  (t) => [index("campsite_units_campsite_idx").on(t.campsiteId)],
);

/** External calendar feeds imported as blocked nights (channel sync). */
export const calendarFeeds = pgTable("calendar_feeds", {
  id: uuid("id").primaryKey().defaultRandom(),
  campsiteId: uuid("campsite_id")
    .notNull()
    .references(() => campsites.id),
  campsiteUnitId: uuid("campsite_unit_id").references(() => campsiteUnits.id),
  name: text("name").notNull(),
  url: text("url").notNull(),
  isActive: boolean("is_active").notNull().default(true),
  etag: text("etag"),
  lastModified: text("last_modified"),
  lastSyncedAt: timestamp("last_synced_at", { withTimezone: true }),
  lastError: text("last_error"),
  consecutiveFailures: integer("consecutive_failures").notNull().default(0),
  nightsCount: integer("nights_count").notNull().default(0),
  /** When the sync worker next takes this feed; pushed back after failures and while claimed. */
  nextSyncAt: timestamp("next_sync_at", { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
});

/**
 * A night closed to bookings. No campsite means every campsite; a unit narrows it to one spot.
 * Manual blocks have no feed; imported ones name their feed and the event's UID.
 */
export const blockedDates = pgTable(
  "blocked_dates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    blockedDate: day("blocked_date").notNull(),
    campsiteId: uuid("campsite_id").references(() => campsites.id),
    campsiteUnitId: uuid("campsite_unit_id").references(() => campsiteUnits.id),
    reason: text("reason").notNull().default("Manually blocked"),
    calendarFeedId: uuid("calendar_feed_id").references(() => calendarFeeds.id, {
      onDelete: "cascade",
    }),
    externalUid: text("external_uid"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("blocked_dates_one_per_scope")
      .on(t.blockedDate, t.campsiteId, t.campsiteUnitId, t.calendarFeedId)
      .nullsNotDistinct(),
    index("blocked_dates_date_idx").on(t.blockedDate),
    index("blocked_dates_feed_idx").on(t.calendarFeedId),
  ],
);

// ------------------------------------------------------------ money rules

export const discountCodes = pgTable(
  "discount_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull().unique(),
    description: text("description").notNull().default(""),
    discountType: text("discount_type", { enum: discountTypes }).notNull(),
    /** Whole percent for `percentage`, cents for `fixed_amount`. */
    discountValue: integer("discount_value").notNull(),
    minimumAmountCents: integer("minimum_amount_cents").notNull().default(0),
    usageLimit: integer("usage_limit"),
    usedCount: integer("used_count").notNull().default(0),
    validFrom: day("valid_from").notNull(),
    validUntil: day("valid_until"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check("discount_codes_code_uppercase", sql`${t.code} = upper(${t.code})`),
    check("discount_codes_type", sql`${t.discountType} in ('percentage', 'fixed_amount')`),
    check(
      "discount_codes_value_range",
      sql`${t.discountValue} >= 0 and (${t.discountType} <> 'percentage' or ${t.discountValue} <= 100)`,
    ),
    check("discount_codes_minimum_non_negative", sql`${t.minimumAmountCents} >= 0`),
    check(
      "discount_codes_usage_limit_positive",
      sql`${t.usageLimit} is null or ${t.usageLimit} >= 1`,
    ),
    check(
      "discount_codes_within_usage_limit",
      sql`${t.usedCount} >= 0 and (${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit})`,
    ),
  ],
);

export const prepaidCards = pgTable(
  "prepaid_cards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    cardNumber: text("card_number").notNull().unique(),
    balanceCents: integer("balance_cents").notNull(),
    originalBalanceCents: integer("original_balance_cents").notNull(),
    issuedTo: text("issued_to"),
    isActive: boolean("is_active").notNull().default(true),
    /** The last day it can be used: a gift voucher's, three years on as Australian law asks; none for the farm's own. */
    expiresOn: date("expires_on", { mode: "string" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("prepaid_cards_balance_non_negative", sql`${t.balanceCents} >= 0`),
    check("prepaid_cards_original_non_negative", sql`${t.originalBalanceCents} >= 0`),
    check("prepaid_cards_number_uppercase", sql`${t.cardNumber} = upper(${t.cardNumber})`),
  ],
);

// ---------------------------------------------------------------- bookings

/**
 * What the desk's search looks in: the guest's names, email and the reference,
 * as one text. The search and its trigram index use this same expression.
 */
export const bookingSearchText = (t: {
  guestFirstName: AnyPgColumn;
  guestLastName: AnyPgColumn;
  guestEmail: AnyPgColumn;
  bookingReference: AnyPgColumn;
}) =>
  sql`(${t.guestFirstName} || ' ' || ${t.guestLastName} || ' ' || ${t.guestEmail} || ' ' || ${t.bookingReference})`;

/** The day a deposit booking's balance is due: its terms' days before the check-in. */
export const balanceDueDay = (t: { checkInDate: unknown; depositTerms: unknown }) =>
  sql`${t.checkInDate} - ((${t.depositTerms}->>'daysBefore')::int)`;

export const bookings = pgTable(
  "bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingReference: text("booking_reference").notNull().unique(),
    guestFirstName: text("guest_first_name").notNull(),
    guestLastName: text("guest_last_name").notNull(),
    guestEmail: text("guest_email").notNull(),
    guestPhone: text("guest_phone"),
    numberOfGuests: integer("number_of_guests").notNull(),
    numberOfDogs: integer("number_of_dogs").notNull().default(0),
    /** What the stay cost, line by line, when it was priced: a later rate change never changes it. */
    priceLines: jsonb("price_lines").$type<PriceLine[]>().notNull().default([]),
    /** GST included in the amount due before prepaid credit; 0 when the farm is not registered. */
    gstAmountCents: integer("gst_amount_cents").notNull().default(0),
    campsiteId: uuid("campsite_id")
      .notNull()
      .references(() => campsites.id),
    // Every booking holds one unit: the exclusion constraint is over units.
    campsiteUnitId: uuid("campsite_unit_id")
      .notNull()
      .references(() => campsiteUnits.id),
    checkInDate: day("check_in_date").notNull(),
    checkOutDate: day("check_out_date").notNull(),
    status: text("status", { enum: bookingStatuses }).notNull().default("pending"),
    totalAmountCents: integer("total_amount_cents").notNull(),
    discountCodeId: uuid("discount_code_id").references(() => discountCodes.id, {
      onDelete: "set null",
    }),
    discountAmountCents: integer("discount_amount_cents").notNull().default(0),
    prepaidCardId: uuid("prepaid_card_id").references(() => prepaidCards.id, {
      onDelete: "set null",
    }),
    prepaidAmountUsedCents: integer("prepaid_amount_used_cents").notNull().default(0),
    finalAmountCents: integer("final_amount_cents").notNull(),
    /** While pending, the unit is held until this instant; later the hold is void. */
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    /** SHA-256 of the secret handed to the browser that made the hold: only it may change it. */
    holdSecretHash: text("hold_secret_hash"),
    /** The client address (as TRUST_PROXY resolves it) that made the hold, for the hoarding limit. */
    clientAddress: text("client_address"),
    /**
     * The secret of the guest's own links (the invoice, later the booking page):
     * random, never the id or reference; replacing it revokes the old links.
     */
    guestToken: text("guest_token").unique(),
    /** The stay's calendar event version: each change the camper makes raises it (RFC 5545 SEQUENCE). */
    calendarSequence: integer("calendar_sequence").notNull().default(0),
    /** A card dispute on the booking's payment: open, won or lost (null when none). */
    disputeStatus: text("dispute_status", { enum: disputeStatuses }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** When the farm marked the guest arrived, and left (the Today screen); null until then. */
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }),
    checkedOutAt: timestamp("checked_out_at", { withTimezone: true }),
    /** Where the booking was made: the public flow, or the farm's front desk (phone, gate). */
    origin: text("origin", { enum: bookingOrigins }).notNull().default("online"),
    /** A front-desk hold awaiting its payment link lapsed, and the guest was told. */
    lapseNoticeAt: timestamp("lapse_notice_at", { withTimezone: true }),
    /** The farm's private note on the booking; never shown to the guest. */
    farmNote: text("farm_note").notNull().default(""),
    /** The guest's answers to the farm's questions at booking, as asked then. */
    guestAnswers: jsonb("guest_answers").$type<GuestAnswer[]>().notNull().default([]),
    /** The cancellation policy and Terms the camper accepted before paying (issue 29). */
    acceptedPolicy: jsonb("accepted_policy").$type<AcceptedPolicy>(),
    /** A deposit now and the balance on its due day (issue 31), as the rule read when it was made; null: paid in full. */
    depositTerms: jsonb("deposit_terms").$type<DepositTerms>(),
    /** The provider's customer whose card the camper let the farm keep for the balance. */
    savedCard: text("saved_card"),
    /**
     * The balance the camper agreed to have charged to that card (the total
     * less the deposit, when it was paid): the most it is charged; more owed
     * after a dearer change by the farm is paid by link or on arrival.
     */
    balanceAgreedCents: integer("balance_agreed_cents"),
    /** Charges of the balance to the kept card that failed, and when to try again (null: not to). */
    balanceAttempts: integer("balance_attempts").notNull().default(0),
    balanceRetryAt: timestamp("balance_retry_at", { withTimezone: true }),
    /** The balance was paid (or nothing was left to charge): the worker leaves the booking alone. */
    balanceClosedAt: timestamp("balance_closed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("bookings_dates_ordered", sql`${t.checkOutDate} > ${t.checkInDate}`),
    check("bookings_guests_positive", sql`${t.numberOfGuests} >= 1`),
    check("bookings_dogs_non_negative", sql`${t.numberOfDogs} >= 0`),
    check(
      "bookings_status",
      sql`${t.status} in ('pending', 'paid', 'confirmed', 'expired', 'refunded', 'cancelled')`,
    ),
    check(
      "bookings_amounts_non_negative",
      sql`${t.totalAmountCents} >= 0 and ${t.discountAmountCents} >= 0 and ${t.prepaidAmountUsedCents} >= 0 and ${t.finalAmountCents} >= 0`,
    ),
    check(
      "bookings_final_amount",
      sql`${t.finalAmountCents} = ${t.totalAmountCents} - ${t.discountAmountCents} - ${t.prepaidAmountUsedCents}`,
    ),
    index("bookings_campsite_dates_idx").on(t.campsiteId, t.checkInDate, t.checkOutDate),
    // Availability reads the stays that end after a day: the farm's history
    // ends before it, so the read stays as quick as the years add up.
    index("bookings_campsite_check_out_idx").on(t.campsiteId, t.checkOutDate),
    // The Bookings list pages newest first by (created_at, reference), with a status filter or not.
    index("bookings_created_idx").on(t.createdAt, t.bookingReference),
    index("bookings_status_created_idx").on(t.status, t.createdAt, t.bookingReference),
    // The desk's search: a piece of a name, email or reference, through trigrams (pg_trgm;
    // migration 0012 gives its expression a finer histogram, so the planner can tell a rare name).
    index("bookings_search_idx").using("gin", sql`(${bookingSearchText(t)}) gin_trgm_ops`),
    // The stays with a night in a period (Today, dashboard, calendar, reports), however old.
    index("bookings_nights_idx")
      .using("gist", sql`daterange(${t.checkInDate}, ${t.checkOutDate})`)
      .where(sql`${t.status} in ('pending', 'paid', 'confirmed')`),
    // The balance worker: bookings with a deposit still to charge, by the day their balance is due.
    index("bookings_balance_due_idx")
      .on(sql`(${balanceDueDay(t)})`)
      .where(
        sql`${t.depositTerms} is not null and ${t.balanceClosedAt} is null and ${t.status} in ('confirmed', 'paid')`,
      ),
    // Reports: the bookings ended (cancelled or refunded) on a day.
    index("bookings_ended_idx")
      .on(sql`coalesce(${t.cancelledAt}, ${t.updatedAt})`)
      .where(sql`${t.status} in ('cancelled', 'refunded')`),
    index("bookings_client_address_idx").on(t.clientAddress, t.status),
    // The sweeper's front-desk holds that ran out and whose guest is not yet told: the few, not every expired one.
    index("bookings_lapsed_idx")
      .on(t.id)
      .where(
        sql`${t.origin} = 'front-desk' and ${t.status} = 'expired' and ${t.lapseNoticeAt} is null`,
      ),
    check("bookings_origin", sql`${t.origin} in ('online', 'front-desk')`),
    check(
      "bookings_dispute_status",
      sql`${t.disputeStatus} is null or ${t.disputeStatus} in ('open', 'won', 'lost')`,
    ),
  ],
);

export const prepaidCardTransactionTypes = ["debit", "credit", "other"] as const;

export const prepaidCardTransactions = pgTable(
  "prepaid_card_transactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    prepaidCardId: uuid("prepaid_card_id")
      .notNull()
      .references(() => prepaidCards.id, { onDelete: "cascade" }),
    transactionType: text("transaction_type", { enum: prepaidCardTransactionTypes }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    description: text("description").notNull().default(""),
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "prepaid_card_transactions_type",
      sql`${t.transactionType} in ('debit', 'credit', 'other')`,
    ),
    index("prepaid_card_transactions_card_idx").on(t.prepaidCardId),
  ],
);

export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id),
    /** "stripe" or "test" (the built-in test checkout). */
    provider: text("provider").notNull(),
    stripeSessionId: text("stripe_session_id").notNull().unique(),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    guestEmail: text("guest_email").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    status: text("status", { enum: paymentStatuses }).notNull().default("pending"),
    refundedAmountCents: integer("refunded_amount_cents").notNull().default(0),
    sessionExpiresAt: timestamp("session_expires_at", { withTimezone: true }),
    /** The provider's page for the open session: a second start answers it again. */
    sessionUrl: text("session_url"),
    /** What the provider captured, which is what an automatic refund gives back. */
    capturedAmountCents: integer("captured_amount_cents"),
    /** The provider's charge, named by its refund and dispute events. */
    chargeId: text("charge_id"),
    disputeId: text("dispute_id"),
    /** Its card dispute: open (the charge cannot be refunded), won, or lost (the bank took the money back). */
    disputeStatus: text("dispute_status", { enum: disputeStatuses }),
    /** A payment the farm recorded (cash, EFTPOS, bank transfer): its receipt or transfer reference. */
    reference: text("reference"),
    /** A payment of what a booking still owes (after the farm changed it, or took it unpaid), not of the whole stay. */
    forBalance: boolean("for_balance").notNull().default(false),
    /** For a payment that changes a paid stay (stay-change.ts): the stay it pays for. */
    stayChange: jsonb("stay_change").$type<PaidStayChange>(),
    /** This succeeded payment is owed back in full (it could not be honoured, or a change replaced it): the sweeper retries. */
    refundOwedAt: timestamp("refund_owed_at", { withTimezone: true }),
    /** Why it is owed back: a name of REFUND_REASONS, the words the guest is told. */
    refundOwedReason: text("refund_owed_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("payments_amount_non_negative", sql`${t.amountCents} >= 0`),
    check(
      "payments_refund_within_amount",
      sql`${t.refundedAmountCents} >= 0 and ${t.refundedAmountCents} <= ${t.amountCents}`,
    ),
    check(
      "payments_dispute_status",
      sql`${t.disputeStatus} is null or ${t.disputeStatus} in ('open', 'won', 'lost')`,
    ),
    index("payments_booking_idx").on(t.bookingId),
    index("payments_charge_idx").on(t.chargeId),
    // The Payments search: a payment or session id by its start (pattern_ops: LIKE 'pi_3N%').
    index("payments_intent_idx").on(t.stripePaymentIntentId.op("text_pattern_ops")),
    index("payments_session_prefix_idx").on(t.stripeSessionId.op("text_pattern_ops")),
    // The Payments screen: newest first, the month's takings, and refunds by the day they were made.
    index("payments_created_idx").on(t.createdAt, t.id),
    index("payments_refunded_idx").on(t.updatedAt).where(sql`${t.refundedAmountCents} > 0`),
    // The sweeper's checkouts past their expiry, every 30 s, without reading every payment.
    index("payments_pending_expiry_idx").on(t.sessionExpiresAt).where(sql`${t.status} = 'pending'`),
    // The sweeper's refunds to retry: the few owed back, oldest turn first.
    index("payments_owed_idx")
      .on(t.updatedAt)
      .where(sql`${t.status} = 'succeeded' and ${t.refundOwedAt} is not null`),
  ],
);

/** Every card-provider event applied, so a replayed webhook changes nothing. */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Refund and dispute events that came before the payment they are about was
 * known (issue 29): kept, with what they said, and applied once it is.
 */
export const parkedProviderEvents = pgTable(
  "parked_provider_events",
  {
    eventId: text("event_id").primaryKey(),
    eventType: text("event_type").notNull(),
    chargeId: text("charge_id").notNull(),
    paymentIntentId: text("payment_intent_id"),
    /** The event as the handler read it (ChargeRefunded or DisputeReport). */
    report: jsonb("report").$type<Record<string, unknown>>().notNull(),
    parkedAt: createdAt(),
  },
  (t) => [index("parked_provider_events_intent_idx").on(t.paymentIntentId)],
);

// ------------------------------------------------------- farm operations

/** Messages from the public contact form; the Messages screen answers and ticks them off. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
    /** When an administrator dealt with it; null while it waits for an answer. */
    handledAt: timestamp("handled_at", { withTimezone: true }),
    /** When a reply last went to the sender through the outbox. */
    repliedAt: timestamp("replied_at", { withTimezone: true }),
  },
  // The screen's default list and the sidebar's count read only the unhandled ones.
  (t) => [
    index("contact_messages_unhandled_idx").on(t.createdAt).where(sql`${t.handledAt} is null`),
  ],
);

export const emailStatuses = ["pending", "sent", "failed"] as const;

/** Every outgoing email, written in the transaction that caused it and sent by the outbox worker. */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    /**
     * [{ filename, contentType, content, encoding? }]: text content as is (a
     * calendar file), binary content in base64 with `encoding: "base64"` (a PDF).
     */
    attachments: jsonb("attachments")
      .$type<{ filename: string; contentType: string; content: string; encoding?: "base64" }[]>()
      .notNull()
      .default([]),
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    /** The order emails were queued in, inside one transaction too: one booking's go out in it. */
    queueOrder: bigserial("queue_order", { mode: "number" }).notNull(),
    status: text("status", { enum: emailStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("email_outbox_booking_idx").on(t.bookingId),
  ],
);

/** Saved settings (amendment 2.9), one JSON value per key, validated by the settings service. */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: updatedAt(),
});

export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorUserId: text("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created_at_idx").on(t.createdAt),
    // The audit log screen filters by person and by action, newest first.
    index("audit_log_actor_idx").on(t.actorUserId, t.createdAt),
    index("audit_log_action_idx").on(t.action, t.createdAt),
  ],
);

/**
 * The money ledger (issue 29, decision 0027): one append-only row per movement
 * of a booking's money (or of a gift voucher's sale, decision 0031), signed from the farm's side, with its way, its reason,
 * the GST inside it and the farm's day. The figures of Payments, Reports and
 * the exports are sums of it; migration 0014 refuses updates and deletes.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The booking whose money moved, or else the gift voucher sold (exactly one). */
    bookingId: uuid("booking_id").references(() => bookings.id),
    giftVoucherId: uuid("gift_voucher_id").references((): AnyPgColumn => giftVouchers.id),
    paymentId: uuid("payment_id").references(() => payments.id),
    kind: text("kind", { enum: ledgerKinds }).notNull(),
    method: text("method", { enum: ledgerMethods }).notNull(),
    cause: text("cause", { enum: ledgerCauses }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    gstCents: integer("gst_cents").notNull(),
    farmDay: date("farm_day", { mode: "string" }).notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    /** The provider's own id of what moved (a dispute), when it has one. */
    providerRef: text("provider_ref"),
    createdAt: createdAt(),
  },
  (t) => [
    check("ledger_entries_one_owner", sql`num_nonnulls(${t.bookingId}, ${t.giftVoucherId}) = 1`),
    index("ledger_entries_day_idx").on(t.farmDay),
    index("ledger_entries_booking_idx").on(t.bookingId),
    index("ledger_entries_voucher_idx").on(t.giftVoucherId),
    index("ledger_entries_payment_idx").on(t.paymentId),
  ],
);

/**
 * The invoices and adjustment notes the farm has issued (issue 29, decision
 * 0028): each as it was issued, never changed (a trigger refuses updates and
 * deletes). Sequence 0 is a booking's invoice; 1, 2, ... its adjustment notes.
 */
export const taxDocuments = pgTable(
  "tax_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id),
    sequence: integer("sequence").notNull(),
    number: text("number").notNull().unique(),
    issueDate: date("issue_date", { mode: "string" }).notNull(),
    /** The invoice's total, or the note's change of it (signed). */
    totalCents: integer("total_cents").notNull(),
    /** The GST in the invoice's total, or the note's change of it; null on receipts. */
    gstCents: integer("gst_cents"),
    /** The document as it was issued, as its page and PDF show it. */
    document: jsonb("document").$type<Invoice>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique("tax_documents_booking_sequence").on(t.bookingId, t.sequence)],
);

/**
 * Forms already acted on, by the one-time key each carries (the front desk's
 * 'Take booking'): pressed twice, or sent again before the script, a form is
 * acted on once. Pruned after a few days.
 */
export const formSubmissions = pgTable("form_submissions", {
  key: text("key").primaryKey(),
  createdAt: createdAt(),
});

/** Fixed-window request counters shared by every app process (validation, contact). */
export const requestRateLimits = pgTable("request_rate_limits", {
  key: text("key").primaryKey(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

// -------------------------------------------------------------------- auth
// Better Auth's tables (user, session, account, verification, rateLimit,
// twoFactor); back-office rights come from user_roles (decision 0017).

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  // Better Auth's two-factor plugin: true once the person confirmed their authenticator.
  twoFactorEnabled: boolean("two_factor_enabled").default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("session_user_idx").on(t.userId)],
);

export const account = pgTable("account", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull(),
  providerId: text("provider_id").notNull(),
  userId: text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  accessToken: text("access_token"),
  refreshToken: text("refresh_token"),
  idToken: text("id_token"),
  accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
  refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
  scope: text("scope"),
  password: text("password"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const verification = pgTable("verification", {
  id: text("id").primaryKey(),
  identifier: text("identifier").notNull(),
  value: text("value").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/** Better Auth's two-factor plugin: the TOTP secret and recovery codes, both encrypted by it. */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("two_factor_user_idx").on(t.userId), index("two_factor_secret_idx").on(t.secret)],
);

export const roles = adminRoles;

export const userRoles = pgTable(
  "user_roles",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role", { enum: roles }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.role] }),
    check("user_roles_role_known", sql`${t.role} in ('owner', 'staff')`),
  ],
);

/**
 * The owner's invitations of staff (decision 0017): the link's token is kept
 * only as its SHA-256 hash; a row is used once (accepted_at) or withdrawn
 * (revoked_at), and is worthless after expires_at.
 */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedByUserId: text("invited_by_user_id").references(() => user.id, {
      onDelete: "set null",
    }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedUserId: text("accepted_user_id").references(() => user.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("staff_invitations_email_idx").on(t.email)],
);

/**
 * The farm's own words (issue 30, decision 0029): each published version of a
 * piece of the public site — the farm's details, the FAQ — kept whole, with
 * who published it and when. The newest of a key is live; Restore publishes an
 * old one again. Migration 0019 refuses updates and deletes, and announces
 * every change on "data_changed", so every app process renders its pages again.
 */
export const siteContentVersions = pgTable(
  "site_content_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    key: text("key").notNull(),
    body: jsonb("body").$type<unknown>().notNull(),
    authorUserId: text("author_user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("site_content_versions_key_idx").on(t.key, t.createdAt)],
);

/** The farm's events (issue 30): past ones drop off the public pages by the farm's date. */
export const siteEvents = pgTable(
  "site_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    /** The last day of an event over several days; the first for a one-day event. */
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    /** "8pm to 10pm", as the farm writes it. */
    time: text("time").notNull(),
    description: text("description").notNull(),
    /** Its picture from the media library, or none; a picture removed leaves the event without. */
    pictureId: uuid("picture_id").references(() => mediaPictures.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("site_events_ends_on_idx").on(t.endsOn)],
);

/**
 * The farm's media library (issue 30, item 5): pictures uploaded through the
 * photo pipeline (upright, no location data, WebP sizes), each with its alt
 * text and caption, in the owner's order; the gallery shows them.
 */
export const mediaPictures = pgTable(
  "media_pictures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The largest file's address; the narrower ones carry "-800", "-480" before ".webp". */
    url: text("url").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** Every width stored, the largest first. */
    widths: jsonb("widths").$type<number[]>().notNull(),
    alt: text("alt").notNull(),
    caption: text("caption").notNull(),
    position: integer("position").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("media_pictures_position_idx").on(t.position)],
);

/**
 * The waitlist of full dates (issue 31, item 3): a camper's email for a
 * campsite's stay that could not be booked. While the stay is free, those
 * waiting have been told once (`toldAt`), in the order they joined; when it is
 * full again they wait again. An entry ends when the camper stops its emails
 * or its check-in day comes; it promises and holds nothing.
 */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    campsiteId: uuid("campsite_id")
      .notNull()
      .references(() => campsites.id, { onDelete: "cascade" }),
    checkInDate: date("check_in_date", { mode: "string" }).notNull(),
    checkOutDate: date("check_out_date", { mode: "string" }).notNull(),
    email: text("email").notNull(),
    /** The secret of its unsubscribe link. */
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    /** When it was last told the stay is free; null while it waits. */
    toldAt: timestamp("told_at", { withTimezone: true }),
    /** When the camper stopped its emails. */
    leftAt: timestamp("left_at", { withTimezone: true }),
  },
  (t) => [
    check("waitlist_entries_stay_check", sql`${t.checkOutDate} > ${t.checkInDate}`),
    // One entry per camper and stay; the worker reads the waiting by their dates.
    uniqueIndex("waitlist_entries_one_per_stay_idx")
      .on(t.campsiteId, t.checkInDate, t.checkOutDate, t.email)
      .where(sql`${t.leftAt} is null`),
    index("waitlist_entries_waiting_idx").on(t.checkInDate).where(sql`${t.leftAt} is null`),
  ],
);

/**
 * A gift voucher bought on the public page (issue 31, item 2): paid by card
 * through its own checkout session; once paid it is a prepaid card, emailed
 * to the recipient as a PDF with the buyer's message, and the buyer gets a
 * receipt. An unpaid one ends with its session.
 */
export const giftVouchers = pgTable(
  "gift_vouchers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** "GV" and six digits: what the buyer's receipt and the checkout name it by. */
    reference: text("reference").notNull().unique(),
    amountCents: integer("amount_cents").notNull(),
    buyerName: text("buyer_name").notNull(),
    buyerEmail: text("buyer_email").notNull(),
    recipientName: text("recipient_name").notNull(),
    recipientEmail: text("recipient_email").notNull(),
    message: text("message").notNull().default(""),
    status: text("status", { enum: ["pending", "paid", "expired"] })
      .notNull()
      .default("pending"),
    provider: text("provider").notNull(),
    sessionId: text("session_id").notNull().unique(),
    sessionUrl: text("session_url").notNull(),
    sessionExpiresAt: timestamp("session_expires_at", { withTimezone: true }).notNull(),
    paymentIntentId: text("payment_intent_id"),
    prepaidCardId: uuid("prepaid_card_id").references(() => prepaidCards.id, {
      onDelete: "set null",
    }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("gift_vouchers_amount", sql`${t.amountCents} between 2500 and 50000`),
    index("gift_vouchers_card_idx").on(t.prepaidCardId),
  ],
);
