// Every refund goes back by the way the money came, in the amounts the ledger
// says each way paid (issue 29): a property test over generated histories. A
// stay is paid by some mix of a discount code, prepaid credit and card (or
// wholly by prepaid credit, with the $0 placeholder payment), then changed
// both ways by the camper and by the farm, partly refunded in the card
// provider's dashboard, disputed and won or lost, and often cancelled, by the
// camper under the policy they accepted or by the farm. After each step the
// money that moved is read from the ledger and held against what the test
// works out by itself from the rules (stated at each step below); a history
// that breaks them fails with its seed and its steps.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAY_STARTED } from "#domain/rules/cancellation-policy.ts";
import { addDays, farmToday, nightsBetween } from "#domain/rules/dates.ts";
import { bookings, payments, prepaidCards, user } from "#server/db/schema.ts";
import { createTestProvider } from "#server/payments/test-checkout.ts";
import { policyOffered } from "#server/services/accepted-policy.ts";
import { createBooking } from "#server/services/bookings.ts";
import { closeDispute, openDispute } from "#server/services/payments/disputes.ts";
import { applyProviderRefund } from "#server/services/payments/provider-refunds.ts";
import { startPayment } from "#server/services/payments/start.ts";
import { completeTestCheckout } from "#server/services/payments/test-checkout-session.ts";
import { saveSettings } from "#server/services/settings.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import {
  createCampsite,
  createDiscountCode,
  createPrepaidCard,
} from "#server/testing/factories.ts";
import { expectLedgerAgrees, ledgerOf } from "#server/testing/ledger-check.ts";
import { present } from "#server/testing/present.ts";
import { refusal } from "#server/testing/refusal.ts";
import { cancelAsFarm } from "./cancel";
import { changeBooking } from "./change";
import { cancelOwnBooking } from "./guest-cancel";
import { changeOwnStay } from "./guest-change";
import { payByLink } from "./payment-link";

const database = setupTestDatabase();
const db = () => database().db;
const checkout = {
  provider: createTestProvider("http://127.0.0.1:9"),
  publicUrl: "http://127.0.0.1:9",
};
const owner = { id: "owner-refund-histories", role: "owner" as const };
beforeAll(async () => {
  await db().insert(user).values({ id: owner.id, name: "Owner", email: "owner@example.com" });
});
afterAll(() => expectLedgerAgrees(db()));

/** The first history's seed; history n has seed SEED + n, so any one can be run again alone. */
const SEED = 20310303;
const HISTORIES = 56;
/** 10 am in Queensland on Monday 3 March 2031: every stay is booked and paid then. */
const BOOKED = new Date("2031-03-03T00:00:00Z");
/** Every stay arrives this many days after it was booked. */
const ARRIVAL_DAYS = 40;
/** $50.00 a night, every night: no weekend rate, no season, no fees. */
const NIGHT_CENTS = 5000;
/** Days before arrival that a step may happen on: either side of 7 and 14 days' notice. */
const DAYS = [39, 30, 21, 15, 14, 13, 9, 8, 7, 6, 4, 2, 1];

/** 10 am at the farm, `days` before `checkIn`: the clock each step is run with. */
const daysBefore = (checkIn: string, days: number) =>
  new Date(`${addDays(checkIn, -days)}T00:00:00Z`);

/** A small seeded generator (mulberry32), so a failing history can be run again. */
function random(seed: number) {
  let state = seed >>> 0;
  return (below: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 2 ** 32) * below);
  };
}

type Policy = { refunds: "by-notice" | "none"; fullRefundDays: number; latePercent: number };
type Code = "none" | "fixed" | "percent";
type GiveBack = "refund" | "credit" | "keep";
type Collect = "link" | "recorded" | "on-arrival";

type Step =
  /** The camper changes the stay's nights on their page (arrival kept). */
  | { kind: "camper-change"; days: number; nights: number }
  /** The farm changes the stay's nights; a cheaper one is given back so, a dearer one collected so. */
  | { kind: "farm-change"; days: number; nights: number; giveBack: GiveBack; collect: Collect }
  /** The farm refunds part of the newest card payment in the provider's dashboard. */
  | { kind: "provider-refund"; days: number; part: number }
  /** The card holder's bank disputes the newest card payment; the farm wins or loses. */
  | { kind: "dispute"; days: number; won: boolean };

type Ending =
  | { kind: "none" }
  | { kind: "camper-cancel"; days: number }
  | { kind: "farm-cancel"; days: number; refund: "full" | "partial" | "none"; part: number };

type Plan = {
  seed: number;
  /** The policy the camper accepted when paying: the one that applies to the stay. */
  policy: Policy;
  /** The farm's settings from the day after: they must not apply to this stay. */
  later: Policy;
  code: Code;
  /** Prepaid credit on the camper's card; 0: no prepaid card. */
  prepaidCents: number;
  nights: number;
  steps: Step[];
  ending: Ending;
};

/** One generated history: what is paid with, then one to three steps, then the ending. */
function planOf(seed: number): Plan {
  const pick = random(seed);
  const policy = (): Policy => ({
    refunds: pick(5) === 0 ? "none" : "by-notice",
    fullRefundDays: [7, 14][pick(2)] ?? 7,
    latePercent: [0, 50, 33][pick(3)] ?? 0,
  });
  const first = policy();
  const later = policy();
  const code = (["none", "fixed", "percent"] as const)[pick(3)] ?? "none";
  // None, part of the stay (odd cents, so shares round), or all of it (the $0 placeholder).
  const prepaidCents = [0, 2000 + 125 * pick(9), 2000 + 125 * pick(9), 100_000][pick(4)] ?? 0;
  let nights = 2 + pick(4);
  const start = nights;
  // The ending's day first (0: arrival day), then the steps' days on or before it.
  const cancelDay = [...DAYS, 0][pick(DAYS.length + 1)] ?? 0;
  const stepDays = DAYS.filter((d) => d >= cancelDay);
  const count = 1 + pick(3);
  const days = Array.from({ length: count }, () => stepDays[pick(stepDays.length)] ?? 1).sort(
    (a, b) => b - a,
  );
  const steps: Step[] = [];
  let disputed = false;
  for (const day of days) {
    const kind = pick(9);
    if (kind === 7 && !disputed) {
      disputed = true;
      steps.push({ kind: "dispute", days: day, won: pick(2) === 0 });
      continue;
    }
    if (kind === 8) {
      steps.push({ kind: "provider-refund", days: day, part: (1 + pick(9)) / 10 });
      continue;
    }
    // Two to six nights, never the same: a change is dearer or cheaper.
    const by = (1 + pick(2)) * (pick(2) ? 1 : -1);
    let to = Math.min(6, Math.max(2, nights + by));
    if (to === nights) to = nights === 2 ? 3 : nights - 1;
    nights = to;
    if (kind < 3) steps.push({ kind: "camper-change", days: day, nights: to });
    else {
      const giveBack = (["refund", "credit", "keep"] as const)[pick(3)] ?? "refund";
      steps.push({
        kind: "farm-change",
        days: day,
        nights: to,
        // Credit needs a prepaid card to put it on.
        giveBack: giveBack === "credit" && prepaidCents === 0 ? "refund" : giveBack,
        collect: (["link", "recorded", "on-arrival"] as const)[pick(3)] ?? "link",
      });
    }
  }
  const end = pick(10);
  const ending: Ending =
    end < 6
      ? { kind: "camper-cancel", days: cancelDay }
      : end < 8
        ? {
            kind: "farm-cancel",
            days: cancelDay,
            refund: (["full", "partial", "none"] as const)[pick(3)] ?? "full",
            part: (1 + pick(9)) / 10,
          }
        : { kind: "none" };
  return { seed, policy: first, later, code, prepaidCents, nights: start, steps, ending };
}

// --- The rules, worked out apart from the code under test. ---

/**
 * The policy's share (decision 0015): a full refund when cancelled at least
 * `fullRefundDays` before arrival (on or before check-in minus N, farm days),
 * the late share after that, nothing under "no refunds".
 */
function shareOf(policy: Policy, days: number) {
  if (policy.refunds === "none") return 0;
  return days >= policy.fullRefundDays ? 100 : policy.latePercent;
}
const percentOf = (cents: number, percent: number) => Math.round((cents * percent) / 100);

/** The code's discount on the nights: $10.00 off, or 10% to the cent, never more than the nights. */
function discountOf(code: Code, nightsCents: number) {
  if (code === "none") return 0;
  return Math.min(nightsCents, code === "fixed" ? 1000 : percentOf(nightsCents, 10));
}

/** What the ledger says one booking's money did: per payment, and on the prepaid card. */
type Books = {
  paid: Map<string, number>;
  refunded: Map<string, number>;
  /** What a dispute took back through the bank (open or lost); nothing once won. */
  disputed: Map<string, number>;
  prepaidIn: number;
  prepaidBack: number;
  cardBalance: number;
};

async function booksOf(bookingId: string, cardId: string | null): Promise<Books> {
  const books: Books = {
    paid: new Map(),
    refunded: new Map(),
    disputed: new Map(),
    prepaidIn: 0,
    prepaidBack: 0,
    cardBalance: 0,
  };
  const add = (map: Map<string, number>, id: string, cents: number) =>
    map.set(id, (map.get(id) ?? 0) + cents);
  for (const e of await ledgerOf(db(), bookingId)) {
    if (e.kind === "prepaid") {
      if (e.amountCents > 0) books.prepaidIn += e.amountCents;
      else books.prepaidBack -= e.amountCents;
      continue;
    }
    const id = present(e.paymentId, "the payment of a ledger entry");
    if (e.kind === "payment") add(books.paid, id, e.amountCents);
    if (e.kind === "refund") add(books.refunded, id, -e.amountCents);
    if (e.kind === "dispute") add(books.disputed, id, -e.amountCents);
  }
  if (cardId) {
    const [card] = await db().select().from(prepaidCards).where(eq(prepaidCards.id, cardId));
    books.cardBalance = present(card, "the prepaid card").balanceCents;
  }
  return books;
}

/** What is left of each payment: what it paid less what went back, by a refund or by the bank. */
function leftOf(books: Books) {
  const left = new Map<string, number>();
  for (const [id, paid] of books.paid)
    left.set(id, paid - (books.refunded.get(id) ?? 0) - (books.disputed.get(id) ?? 0));
  return left;
}
const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);
/** The prepaid credit the booking holds: what the card paid less what it got back (decision 0009). */
const heldOf = (books: Books) => Math.max(0, books.prepaidIn - books.prepaidBack);

/**
 * What a cancellation can give back of each payment: what is left of it, less
 * the card money a change already put on the prepaid card (more credited than
 * the card paid), taken from the newest payment first.
 */
function cancellableLeftOf(order: string[], books: Books) {
  const left = leftOf(books);
  let given = Math.max(0, books.prepaidBack - books.prepaidIn);
  for (const id of [...order].reverse()) {
    const taken = Math.min(given, Math.max(0, left.get(id) ?? 0));
    left.set(id, (left.get(id) ?? 0) - taken);
    given -= taken;
  }
  return left;
}

/**
 * `cents` spread over the payments newest first, each giving back at most
 * what is left of it: the test's own reading of "by the way the money came,
 * the latest money first" (domain/rules/refunds.ts).
 */
function newestFirst(order: string[], left: Map<string, number>, cents: number) {
  const parts = new Map<string, number>();
  let rest = cents;
  for (const id of [...order].reverse()) {
    const part = Math.min(rest, Math.max(0, left.get(id) ?? 0));
    if (part > 0) parts.set(id, part);
    rest -= part;
  }
  if (rest > 0) throw new Error(`the payments hold ${cents - rest}, not ${cents}`);
  return parts;
}

type Moves = {
  /** Back to each payment. */
  refunds?: Map<string, number>;
  /** Back on the prepaid card. */
  prepaidBack?: number;
  /** A new payment, and its amount. */
  newPayment?: number;
  /** Taken back by a dispute (net of one won). */
  disputed?: Map<string, number>;
};

/** One history run: the stay, the test's own account of its payments, and the story so far. */
class History {
  readonly story: string[] = [];
  /** The booking's payments in the order their money came (the ledger's first entry of each). */
  readonly order: string[] = [];
  /** Prepaid credit the farm chose to put on the card for a cheaper stay: card money, not the card's. */
  farmCredit = 0;
  bookingId = "";
  token = "";
  cardId: string | null = null;
  checkIn = "";
  siteId = "";
  books: Books | undefined;

  constructor(readonly plan: Plan) {}

  get where() {
    return `history ${this.plan.seed} (${JSON.stringify({ ...this.plan, steps: undefined, ending: undefined })}): ${this.story.join(" → ")}`;
  }

  async booking() {
    const [row] = await db().select().from(bookings).where(eq(bookings.id, this.bookingId));
    return present(row, "the booking");
  }

  /** The booking's payments, as its rows say (for the provider's ids only). */
  async paymentRows() {
    return db().select().from(payments).where(eq(payments.bookingId, this.bookingId));
  }

  /**
   * Reads the ledger after a step and holds what moved against `expected`:
   * each payment's refunds, the prepaid card's (its balance with it), a new
   * payment, disputes; then the invariants that hold after any step.
   */
  async expectMoved(expected: Moves, { wholeRefund = false } = {}) {
    const before = present(this.books, "the books before the step");
    const after = await booksOf(this.bookingId, this.cardId);
    const fresh = [...after.paid.keys()].filter((id) => !this.order.includes(id));
    const name = (id: string) => {
      const i = this.order.indexOf(id);
      return i >= 0 ? `payment ${i + 1}` : "the new payment";
    };
    const delta = (a: Map<string, number>, b: Map<string, number>) =>
      Object.fromEntries(
        [...new Set([...a.keys(), ...b.keys()])]
          .map((id) => [name(id), (a.get(id) ?? 0) - (b.get(id) ?? 0)] as const)
          .filter(([, cents]) => cents !== 0),
      );
    const named = (map: Map<string, number> = new Map()) =>
      Object.fromEntries([...map].filter(([, c]) => c !== 0).map(([id, c]) => [name(id), c]));
    expect(
      {
        refunded: delta(after.refunded, before.refunded),
        prepaidBack: after.prepaidBack - before.prepaidBack,
        prepaidIn: after.prepaidIn - before.prepaidIn,
        cardBalance: after.cardBalance - before.cardBalance,
        newPayments: fresh.map((id) => after.paid.get(id)),
        paidAgain: delta(
          new Map([...after.paid].filter(([id]) => !fresh.includes(id))),
          before.paid,
        ),
        disputed: delta(after.disputed, before.disputed),
      },
      this.where,
    ).toEqual({
      refunded: named(expected.refunds),
      prepaidBack: expected.prepaidBack ?? 0,
      prepaidIn: 0,
      cardBalance: expected.prepaidBack ?? 0,
      newPayments: expected.newPayment === undefined ? [] : [expected.newPayment],
      paidAgain: {},
      disputed: named(expected.disputed),
    });
    this.order.push(...fresh);
    this.books = after;
    this.expectNeverMoreBack(after, wholeRefund);
  }

  /**
   * After any step: no payment has had back more than it paid, by refunds and
   * by the bank together; the prepaid card no more than it paid (plus what the
   * farm chose to put on it); the camper no more than they paid, in all, and
   * after a whole refund exactly that.
   */
  expectNeverMoreBack(books: Books, wholeRefund: boolean) {
    for (const [id, paid] of books.paid) {
      const refunded = books.refunded.get(id) ?? 0;
      const disputed = books.disputed.get(id) ?? 0;
      expect(
        refunded + disputed,
        `${this.where}: payment ${this.order.indexOf(id) + 1} paid ${paid}, got back ${refunded} by refunds and ${disputed} through a dispute`,
      ).toBeLessThanOrEqual(paid);
    }
    expect(books.prepaidBack, `${this.where}: the prepaid card`).toBeLessThanOrEqual(
      books.prepaidIn + this.farmCredit,
    );
    const paid = sum(books.paid.values()) + books.prepaidIn;
    const back = sum(books.refunded.values()) + sum(books.disputed.values()) + books.prepaidBack;
    if (wholeRefund)
      expect({ back }, `${this.where}: a whole refund gives back all that was paid`).toEqual({
        back: paid,
      });
    else expect(back, `${this.where}: all that went back`).toBeLessThanOrEqual(paid);
  }
}

/** The stay, paid by the plan's mix, with the policy accepted; checked against what each way paid. */
async function payForStay(h: History) {
  const { plan } = h;
  const site = await createCampsite(db(), { pricePerNightCents: NIGHT_CENTS });
  const code =
    plan.code === "none"
      ? undefined
      : await createDiscountCode(
          db(),
          plan.code === "fixed"
            ? { discountType: "fixed_amount", discountValue: 1000 }
            : { discountType: "percentage", discountValue: 10 },
        );
  const card = plan.prepaidCents
    ? await createPrepaidCard(db(), { balanceCents: plan.prepaidCents })
    : undefined;
  await saveSettings(db(), settingsOf(plan.policy));
  const checkIn = addDays(farmToday(BOOKED), ARRIVAL_DAYS);
  const made = await createBooking(
    db(),
    {
      campsiteId: site.id,
      checkIn,
      checkOut: addDays(checkIn, plan.nights),
      guests: 2,
      firstName: "Sam",
      lastName: "Drover",
      email: "sam.drover@example.com",
      ...(code ? { discountCode: code.code } : {}),
      ...(card ? { prepaidCardNumber: card.cardNumber } : {}),
    },
    BOOKED,
  );
  const offered = await policyOffered(db(), checkIn, BOOKED);
  const deps = { ...checkout, now: BOOKED };
  const { url } = await startPayment(db(), made.id, made.holdSecret, {
    ...deps,
    accepted: { policy: offered.words, termsVersion: offered.termsVersion },
  });
  const session = url.split("/test-checkout/")[1];
  if (session) expect(await completeTestCheckout(db(), session, deps)).toBe("paid");
  // The farm changes its policy the next day: the stay keeps the one accepted.
  await saveSettings(db(), settingsOf(plan.later));

  h.bookingId = made.id;
  h.cardId = card?.id ?? null;
  h.checkIn = checkIn;
  h.siteId = site.id;
  h.token = present((await h.booking()).guestToken, "the booking's token");
  const due = NIGHT_CENTS * plan.nights - discountOf(plan.code, NIGHT_CENTS * plan.nights);
  const prepaid = Math.min(plan.prepaidCents, due);
  h.story.push(
    `${plan.nights} nights paid ${due - prepaid} by card, ${prepaid} prepaid, code ${plan.code}`,
  );
  // Paid: the card what is left after the code and the credit (none entered for the $0
  // placeholder), the prepaid card the rest, its balance down by as much.
  const books = await booksOf(h.bookingId, h.cardId);
  expect(
    {
      card: [...books.paid.values()],
      prepaid: books.prepaidIn,
      balance: books.cardBalance,
    },
    h.where,
  ).toEqual({
    card: due - prepaid > 0 ? [due - prepaid] : [],
    prepaid,
    balance: card ? plan.prepaidCents - prepaid : 0,
  });
  h.order.push(...books.paid.keys());
  h.books = books;
}

const settingsOf = (p: Policy) => ({
  cancellationRefunds: p.refunds,
  fullRefundDaysBeforeArrival: p.fullRefundDays,
  lateCancellationRefundPercent: p.latePercent,
});

let client = 0;
const nextClient = () => `2001:db8::${(++client).toString(16)}`;

/** The stay's price before and after a change to `nights`, as the booking's rules price it. */
async function priced(h: History, nights: number) {
  const row = await h.booking();
  const kept = row.priceLines
    .filter((l) => l.kind === "kept")
    .reduce((s, l) => s + l.amountCents, 0);
  const nightsCents = NIGHT_CENTS * nights;
  const discount = h.plan.code === "none" ? 0 : discountOf(h.plan.code, nightsCents);
  return {
    row,
    oldDue: row.totalAmountCents - row.discountAmountCents,
    newTotal: nightsCents + kept,
    discount,
    newDue: nightsCents + kept - discount,
  };
}

/**
 * The camper changes the stay's nights (decision 0019), arrival kept.
 * Cheaper: the policy's share of what the stay costs less (rounded to the
 * cent) goes back, to the card payments first (newest first, at most what is
 * left of them), then to the prepaid card (at most the credit it holds); the
 * rest is kept. Dearer: the camper pays the new price less the prepaid credit
 * by card, and every earlier payment gets back all that is left of it.
 */
async function camperChange(h: History, step: Extract<Step, { kind: "camper-change" }>) {
  const now = daysBefore(h.checkIn, step.days);
  const { row, oldDue, newDue } = await priced(h, step.nights);
  const request = {
    checkIn: row.checkInDate,
    checkOut: addDays(row.checkInDate, step.nights),
    guests: row.numberOfGuests,
    dogs: row.numberOfDogs,
  };
  const books = present(h.books, "the books");
  const left = leftOf(books);
  const cardLeft = sum(left.values());
  if (newDue < oldDue) {
    const share = shareOf(h.plan.policy, step.days);
    // A balance never paid (due on arrival) is cleared first: only money paid goes back.
    const unpaid = Math.max(0, row.finalAmountCents - cardLeft);
    const owed = percentOf(oldDue - newDue - Math.min(oldDue - newDue, unpaid), share);
    const card = Math.min(owed, cardLeft);
    const credit = Math.min(owed - card, heldOf(books));
    h.story.push(
      `camper: ${step.nights} nights ${step.days} days ahead (cheaper by ${oldDue - newDue}, ${share}%: ${card} to the card, ${credit} prepaid)`,
    );
    const answer = await changeOwnStay(db(), h.token, request, nextClient(), {
      ...checkout,
      now,
    });
    expect(answer.kind, h.where).toBe("changed");
    await h.expectMoved({ refunds: newestFirst(h.order, left, card), prepaidBack: credit });
  } else {
    const pays = newDue - row.prepaidAmountUsedCents;
    h.story.push(
      `camper: ${step.nights} nights ${step.days} days ahead (dearer: pays ${pays}, ${cardLeft} back)`,
    );
    const deps = { ...checkout, now };
    const answer = await changeOwnStay(db(), h.token, request, nextClient(), deps);
    if (answer.kind !== "pay") throw new Error(`${h.where}: expected to pay`);
    const session = present(answer.url.split("/test-checkout/")[1], "the session");
    expect(await completeTestCheckout(db(), session, deps), h.where).toBe("paid");
    await h.expectMoved({ refunds: left, newPayment: pays });
  }
  const changed = await h.booking();
  expect(nightsBetween(changed.checkInDate, changed.checkOutDate), h.where).toBe(step.nights);
}

/**
 * The farm changes the stay's nights (issue 28). The new price keeps the
 * code and what earlier changes kept; the prepaid credit stays taken up to
 * what the stay now costs, and what it no longer covers goes back on the card.
 * Against what the payments hold (less refunds and disputes): a dearer stay's
 * balance is collected (by link, paid at once; recorded in cash; or left for
 * arrival); what was paid over a cheaper one is refunded newest payment first,
 * put on the prepaid card, or kept.
 */
async function farmChange(h: History, step: Extract<Step, { kind: "farm-change" }>) {
  const now = daysBefore(h.checkIn, step.days);
  const { row, newTotal, discount } = await priced(h, step.nights);
  const prepaidNow = Math.min(row.prepaidAmountUsedCents, newTotal - discount);
  const newFinal = newTotal - discount - prepaidNow;
  const books = present(h.books, "the books");
  const left = leftOf(books);
  const balance = newFinal - sum(left.values());
  const dearer = newFinal > row.finalAmountCents;
  const collect = balance > 0 && dearer ? step.collect : undefined;
  const giveBack = balance < 0 ? step.giveBack : undefined;
  const returned = row.prepaidAmountUsedCents - prepaidNow;
  h.story.push(
    `farm: ${step.nights} nights ${step.days} days ahead (balance ${balance}${collect ? `, ${collect}` : ""}${giveBack ? `, ${giveBack}` : ""}${returned ? `, ${returned} credit not needed` : ""})`,
  );
  await changeBooking(
    db(),
    owner,
    h.bookingId,
    {
      campsiteId: h.siteId,
      checkIn: row.checkInDate,
      checkOut: addDays(row.checkInDate, step.nights),
      guests: row.numberOfGuests,
      dogs: row.numberOfDogs,
      extras: [],
      overrideRules: false,
      overrideReason: "",
      version: row.calendarSequence,
      reference: "",
      keepReason: "Agreed on the phone",
      giveBack: step.giveBack,
      collect: step.collect,
      method: "cash",
    },
    { ...checkout, now },
  );
  const over = Math.max(0, -balance);
  if (giveBack === "credit") h.farmCredit += over;
  if (collect === "link") {
    const deps = { ...checkout, now };
    const { url } = await payByLink(db(), h.token, nextClient(), deps);
    const session = present(url.split("/test-checkout/")[1], "the session");
    expect(await completeTestCheckout(db(), session, deps), h.where).toBe("paid");
  }
  await h.expectMoved({
    refunds: giveBack === "refund" ? newestFirst(h.order, left, over) : undefined,
    prepaidBack: returned + (giveBack === "credit" ? over : 0),
    newPayment: collect === "link" || collect === "recorded" ? balance : undefined,
  });
}

/** The newest card payment with money left, none taken back by a dispute (a provider's payment). */
async function newestCardPayment(h: History) {
  const rows = await h.paymentRows();
  const books = present(h.books, "the books");
  const left = leftOf(books);
  for (const id of [...h.order].reverse()) {
    const row = rows.find((p) => p.id === id);
    if (row?.provider === "test" && (left.get(id) ?? 0) > 0 && !books.disputed.has(id))
      return { row, left: left.get(id) ?? 0, refunded: books.refunded.get(id) ?? 0 };
  }
  return undefined;
}

/** A partial refund made in the provider's dashboard: that payment gets back exactly that, nothing else moves. */
async function providerRefund(h: History, step: Extract<Step, { kind: "provider-refund" }>) {
  const target = await newestCardPayment(h);
  if (!target || target.left <= 100) {
    h.story.push("dashboard: no card payment to refund part of");
    return;
  }
  const cents = 100 * Math.max(1, Math.floor(step.part * Math.floor((target.left - 1) / 100)));
  h.story.push(`dashboard: ${cents} of payment ${h.order.indexOf(target.row.id) + 1}`);
  await applyProviderRefund(
    db(),
    {
      chargeId: `ch_${target.row.id}`,
      paymentIntentId: target.row.stripePaymentIntentId,
      eventId: `evt_refund_${h.plan.seed}_${h.story.length}`,
      eventType: "charge.refunded",
      amountRefundedCents: target.refunded + cents,
      fullyRefunded: false,
    },
    daysBefore(h.checkIn, step.days),
  );
  await h.expectMoved({ refunds: new Map([[target.row.id, cents]]) });
}

/** A dispute of what is left of the newest card payment: nothing is refunded; a lost one takes it back. */
async function dispute(h: History, step: Extract<Step, { kind: "dispute" }>) {
  const target = await newestCardPayment(h);
  if (!target) {
    h.story.push("dispute: no card payment to dispute");
    return;
  }
  h.story.push(
    `dispute of ${target.left} of payment ${h.order.indexOf(target.row.id) + 1}, ${step.won ? "won" : "lost"}`,
  );
  const report = (status: string) => ({
    eventId: `evt_${h.plan.seed}_${status}`,
    eventType: status === "needs_response" ? "charge.dispute.created" : "charge.dispute.closed",
    chargeId: `ch_${target.row.id}`,
    paymentIntentId: target.row.stripePaymentIntentId,
    disputeId: `dp_${h.plan.seed}`,
    status,
    reason: "fraudulent",
    amountCents: target.left,
    dueBy: null,
  });
  expect(await openDispute(db(), report("needs_response")), h.where).toBe("dispute_opened");
  expect(await closeDispute(db(), report(step.won ? "won" : "lost")), h.where).toBe(
    "dispute_closed",
  );
  await h.expectMoved({
    disputed: new Map([[target.row.id, step.won ? 0 : target.left]]),
  });
}

/**
 * The camper cancels on their page under the policy they accepted (decision
 * 0015): the policy's share of what is left of the card payments (rounded to
 * the cent, spread newest first) and the same share of the prepaid credit the
 * booking holds (debits less credits on the card's ledger, rounded apart).
 * On the day of arrival it is refused and nothing moves.
 */
async function camperCancel(h: History, days: number) {
  const now = daysBefore(h.checkIn, days);
  const books = present(h.books, "the books");
  if (days === 0) {
    h.story.push("camper cancels on arrival day: refused");
    const error = await refusal(
      cancelOwnBooking(db(), h.token, nextClient(), { ...checkout, now }),
    );
    expect(error.message, h.where).toBe(STAY_STARTED);
    await h.expectMoved({});
    return;
  }
  const share = shareOf(h.plan.policy, days);
  const left = cancellableLeftOf(h.order, books);
  const card = percentOf(sum(left.values()), share);
  const credit = percentOf(heldOf(books), share);
  h.story.push(
    `camper cancels ${days} days ahead (${share}%: ${card} to the card, ${credit} prepaid)`,
  );
  await cancelOwnBooking(db(), h.token, nextClient(), { ...checkout, now });
  await h.expectMoved(
    { refunds: newestFirst(h.order, left, card), prepaidBack: credit },
    { wholeRefund: share === 100 },
  );
}

/**
 * The farm cancels (decision 0009): "full" gives back all that is left of
 * the payments and the prepaid credit held; "partial" the amount typed, off
 * the payments newest first, the credit staying spent; "none" nothing.
 */
async function farmCancel(h: History, ending: Extract<Ending, { kind: "farm-cancel" }>) {
  const now = daysBefore(h.checkIn, ending.days);
  const books = present(h.books, "the books");
  const left = cancellableLeftOf(h.order, books);
  const cardLeft = sum(left.values());
  const kind = ending.refund === "partial" && cardLeft < 100 ? "full" : ending.refund;
  const typed = 100 * Math.max(1, Math.floor((ending.part * cardLeft) / 100));
  const card = kind === "full" ? cardLeft : kind === "partial" ? typed : 0;
  const credit = kind === "full" ? heldOf(books) : 0;
  h.story.push(`farm cancels, ${kind} refund (${card} to the card, ${credit} prepaid)`);
  await cancelAsFarm(
    db(),
    owner,
    h.bookingId,
    {
      refund: kind === "partial" ? { kind, amountCents: typed } : { kind },
      notifyGuest: false,
    },
    { ...checkout, now },
  );
  await h.expectMoved(
    { refunds: newestFirst(h.order, left, card), prepaidBack: credit },
    { wholeRefund: kind === "full" },
  );
}

async function runHistory(plan: Plan) {
  const h = new History(plan);
  await payForStay(h);
  for (const step of plan.steps) {
    if (step.kind === "camper-change") await camperChange(h, step);
    if (step.kind === "farm-change") await farmChange(h, step);
    if (step.kind === "provider-refund") await providerRefund(h, step);
    if (step.kind === "dispute") await dispute(h, step);
  }
  if (plan.ending.kind === "camper-cancel") await camperCancel(h, plan.ending.days);
  if (plan.ending.kind === "farm-cancel") await farmCancel(h, plan.ending);
  return h;
}

describe("refunds over generated histories", () => {
  for (let n = 0; n < HISTORIES; n++) {
    const plan = planOf(SEED + n);
    it(`history ${plan.seed}: ${plan.steps.map((s) => s.kind).join(", ")}, ${plan.ending.kind}`, async () => {
      await runHistory(plan);
    });
  }
});

// The smallest histories the property found wrong, kept as they are: each
// fails until the product is fixed.
describe("the smallest histories that once failed", () => {
  const quiet: Policy = { refunds: "by-notice", fullRefundDays: 7, latePercent: 0 };

  it("a card payment the bank took back in a lost dispute is not refunded again when the camper cancels", async () => {
    // $100.00 by card; the card holder's bank disputes it and the farm loses:
    // the bank has given the $100.00 back. The camper then cancels 39 days
    // ahead (a full refund): nothing is left of the card payment to refund.
    // The product refunds the $100.00 again (livePayments counts a payment's
    // amount less its refunds, never what a lost dispute took), so the card
    // gets back $200.00 for the $100.00 it paid.
    await runHistory({
      seed: 1,
      policy: quiet,
      later: quiet,
      code: "none",
      prepaidCents: 0,
      nights: 2,
      steps: [{ kind: "dispute", days: 39, won: false }],
      ending: { kind: "camper-cancel", days: 39 },
    });
  });

  it("prepaid credit the farm gave for a cheaper stay is not refunded again when the camper cancels in full", async () => {
    // Three nights, $130.00 by card and $20.00 prepaid. The farm makes it two
    // nights and puts the $50.00 paid over on the prepaid card. The camper
    // then cancels 39 days ahead (a full refund): $150.00 was paid and $50.00
    // has gone back, so $100.00 is owed. The product refunds the whole
    // $130.00 card payment and nothing prepaid (the card's ledger nets the
    // $50.00 credit against the $20.00 debit and stops at 0), $180.00 back in
    // all: the $30.00 of the credit above the prepaid debit goes back twice.
    await runHistory({
      seed: 2,
      policy: quiet,
      later: quiet,
      code: "none",
      prepaidCents: 2000,
      nights: 3,
      steps: [
        {
          kind: "farm-change",
          days: 39,
          nights: 2,
          giveBack: "credit",
          collect: "link",
        },
      ],
      ending: { kind: "camper-cancel", days: 39 },
    });
  });

  it("a night the farm added to be paid on arrival is not refunded when the camper takes it off again", async () => {
    // Two nights paid by card; the farm adds a third, its $50.00 to be paid
    // on arrival. The camper then shortens the stay back to two nights, 39
    // days ahead (100%): the night was never paid, so nothing goes back and
    // nothing is owed. (The card got $50.00 back for a night never paid, and
    // the booking owed it again.)
    await runHistory({
      seed: 3,
      policy: quiet,
      later: quiet,
      code: "none",
      prepaidCents: 0,
      nights: 2,
      steps: [
        { kind: "farm-change", days: 39, nights: 3, giveBack: "refund", collect: "on-arrival" },
        { kind: "camper-change", days: 39, nights: 2 },
      ],
      ending: { kind: "none" },
    });
  });
});
