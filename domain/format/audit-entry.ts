// An audit entry in the owner's words (issue "The front desk", item 7): the log
// keeps ids, cents and field codes as JSON; the screen names the record that
// changed, shows money as dollars and each change as "Weekend price: none -> $65.00".
// The names of the rows an entry points at are found by the reader of the log
// and handed in as `AuditNames`; what is no longer there reads as "since deleted".

import { formatDay, formatFarmDateTime } from "./dates";
import { formatMoney } from "./money";
import { truncate } from "./text";

/**
 * What the reader of the log found of the rows entries name, by
 * `auditNameKey(type, id)`: a campsite's name; a booking's reference and, as
 * `more`, its guest; a person's name and email.
 */
export type AuditNames = Readonly<Record<string, { name: string; more?: string }>>;

export const auditNameKey = (type: string, id: string) => `${type}:${id}`;

/** The record an entry is about, and where the back office shows it. */
export type AuditRecord = { text: string; href: string | null };

type Details = Record<string, unknown>;
type Change = { from: unknown; to: unknown };

const ARROW = "->";
const MAX_VALUE = 120;

/** Field labels as the forms name them; any other key reads from its camelCase. */
const LABELS: Record<string, string> = {
  // campsites and their rates
  pricePerNightCents: "Price per night",
  weekendPriceCents: "Weekend price",
  baseOccupancy: "Guests included",
  extraGuestFeeCents: "Extra guest fee",
  petFeeCents: "Pet fee",
  maxDogs: "Maximum dogs",
  longWeekendMinimumNights: "Long weekend minimum stay",
  capacity: "Maximum guests",
  quantity: "Spots",
  isActive: "Active",
  nightPriceCents: "Nightly price",
  minimumNights: "Minimum stay",
  priceCents: "Price",
  maxQuantity: "Maximum quantity",
  campsiteUnitId: "Unit",
  nightsCount: "Nights",
  // discount codes and prepaid cards
  discountType: "Discount type",
  discountValue: "Discount",
  minimumAmountCents: "Minimum amount",
  usedCount: "Times used",
  balanceCents: "Balance",
  count: "Cards",
  // bookings
  previousStatus: "Status before",
  refundedCents: "Refunded",
  prepaidCreditReturnedCents: "Prepaid credit returned",
  discountCodeUseReturned: "Discount code use returned",
  notifiedGuest: "Guest emailed",
  checkIn: "Check-in",
  checkOut: "Check-out",
  cardCents: "Card",
  replacedCents: "Card payment replaced",
  creditCents: "Prepaid credit",
  keptCents: "Kept",
  percent: "Refund",
  chargeId: "Stripe charge",
  eventId: "Stripe event",
  disputeId: "Stripe dispute",
  amountCents: "Amount",
  dueBy: "Evidence due by",
  // people, messages and email
  sessionsEnded: "Sessions ended",
  roleGranted: "Role granted",
  passwordSet: "Password set",
  lastError: "Last error",
  sentAt: "Sent at",
  // settings
  defaultNightlyRateCents: "Default nightly rate",
  maxAdvanceBooking: "Maximum advance booking (days)",
  autoBlockAfterBooking: "Auto-block after booking (nights)",
  notificationEmails: "Notification emails",
  maxLiveHoldsPerClient: "Holds per visitor at once",
  holdsPerClientPerHour: "Holds per visitor per hour",
  maxHeldNightsPerClient: "Held nights per visitor",
  wrongCodesPerHour: "Wrong codes an hour, all visitors",
  cancellationRefunds: "Cancellation refunds",
  fullRefundDaysBeforeArrival: "Days before arrival for a full refund",
  lateCancellationRefundPercent: "Refund after that",
  bookingQuestions: "Questions at booking",
};

/**
 * Ids and copies the record already names (or that mean nothing to a person):
 * not repeated as lines.
 */
const UNSHOWN = new Set([
  "id",
  "createdAt",
  "campsiteId",
  "bookingReference",
  "cardNumber",
  "paymentId",
  "invitationId",
  "emailId",
  "cardIds",
]);

/** "weekendPriceCents" -> "Weekend price"; an unknown "someNewFlag" -> "Some new flag". */
export function auditFieldLabel(key: string): string {
  const known = LABELS[key];
  if (known) return known;
  const words = key
    .replace(/(Cents|Id)$/, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * One value as read: cents as dollars, yes/no, "none" for nothing, days and
 * instants in words, lists joined, a nested object as "label value" pairs.
 * `siblings` are the fields beside it (a discount's value is cents or percent by its type).
 */
export function auditValueText(key: string, value: unknown, siblings: Details = {}): string {
  if (value === null || value === undefined || value === "") return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number") return numberText(key, value, siblings);
  if (typeof value === "string") return stringText(value);
  if (Array.isArray(value))
    return value.length === 0 ? "none" : value.map((v) => auditValueText(key, v)).join(", ");
  if (typeof value === "object") return nestedText(value as Details);
  return String(value);
}

function numberText(key: string, value: number, siblings: Details): string {
  if (key.endsWith("Cents")) return formatMoney(value);
  if (key === "discountValue")
    return siblings.discountType === "fixed_amount" ? formatMoney(value) : `${value}%`;
  if (/(^p|P)ercent$/.test(key)) return `${value}%`;
  return String(value);
}

function stringText(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDay(value, { weekday: false });
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) && !Number.isNaN(Date.parse(value)))
    return formatFarmDateTime(value);
  if (value === "fixed_amount") return "fixed amount";
  return truncate(value, MAX_VALUE);
}

/** { added: 1, deactivated: 0 } -> "added 1, deactivated 0"; deeper levels in brackets. */
function nestedText(object: Details): string {
  const parts = Object.entries(object)
    .filter(([key]) => !UNSHOWN.has(key))
    .map(([key, value]) => {
      const text = auditValueText(key, value, object);
      const shown = value !== null && typeof value === "object" ? `(${text})` : text;
      return `${auditFieldLabel(key).toLowerCase()} ${shown}`;
    });
  return parts.length === 0 ? "none" : parts.join(", ");
}

/** "Weekend price: none -> $65.00" */
export function auditChangeLine(
  key: string,
  change: Change,
  siblings: Partial<Change> = {},
): string {
  const from = auditValueText(key, change.from, asDetails(siblings.from));
  const to = auditValueText(key, change.to, asDetails(siblings.to));
  return `${auditFieldLabel(key)}: ${from} ${ARROW} ${to}`;
}

/**
 * The details as lines: a `changes` map, a before/after or from/to pair, as one
 * line per changed field; anything else as "Label: value". Ids of campsites and
 * units read as their names from `names`.
 */
export function auditDetailLines(details: Details, names: AuditNames = {}): string[] {
  if (isObject(details.before) && isObject(details.after))
    return [...pairLines(details.before, details.after), ...fieldLines(details, names, PAIR_KEYS)];
  if (isObject(details.from) && isObject(details.to))
    return [...pairLines(details.from, details.to), ...fieldLines(details, names, FROM_TO_KEYS)];
  if (isObject(details.before))
    return [...fieldLines(details.before, names), ...fieldLines(details, names, PAIR_KEYS)];
  return fieldLines(details, names);
}

const PAIR_KEYS = new Set(["before", "after"]);
const FROM_TO_KEYS = new Set(["from", "to"]);

function fieldLines(details: Details, names: AuditNames, skip = new Set<string>()): string[] {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(details)) {
    if (UNSHOWN.has(key) || skip.has(key)) continue;
    if (key === "changes" && isObject(value)) lines.push(...changeLines(value));
    else lines.push(`${auditFieldLabel(key)}: ${idOrValueText(key, value, details, names)}`);
  }
  return lines;
}

/** A unit's id reads as its name, or says it is gone. */
function idOrValueText(key: string, value: unknown, details: Details, names: AuditNames): string {
  if (key === "campsiteUnitId" && typeof value === "string")
    return names[auditNameKey("unit", value)]?.name ?? "a unit since deleted";
  if (key === "campsiteUnitId" && value === null) return "the whole campsite";
  return auditValueText(key, value, details);
}

function changeLines(changes: Details): string[] {
  const lines = Object.entries(changes)
    .filter((entry): entry is [string, Change] => isObject(entry[1]) && "to" in entry[1])
    .map(([key, change]) => auditChangeLine(key, change));
  return lines.length === 0 ? ["Nothing changed"] : lines;
}

/** The fields of `after` that differ from `before`, each as a change line. */
function pairLines(before: Details, after: Details): string[] {
  const lines = Object.keys(after)
    .filter((key) => !UNSHOWN.has(key))
    .filter((key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null))
    .map((key) =>
      auditChangeLine(key, { from: before[key], to: after[key] }, { from: before, to: after }),
    );
  return lines.length === 0 ? ["Nothing changed"] : lines;
}

function isObject(value: unknown): value is Details {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function asDetails(value: unknown): Details {
  return isObject(value) ? value : {};
}
