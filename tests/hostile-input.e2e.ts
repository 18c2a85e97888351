// Hostile input: control characters typed into every public and admin write
// endpoint and form action. Each must answer 400 naming the field (or the 404
// of a row that cannot exist), never a 5xx, and store nothing; an address
// with a control character is refused before any route; a body that is not a
// form is refused by every form action; the server's log never repeats what a
// guest typed. A server of its own, logging at info, so
// its output can be read and its database opened afterwards.

import { rmSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import { type SQL, sql } from "drizzle-orm";
import { UNSAFE_decodeViaTurboStream as decodeTurboStream } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { controlCharacterMessage } from "#domain/forms/plain-text.ts";
import { addDays } from "#domain/rules/dates.ts";
import { openDatabase } from "#server/db/client.ts";
import { ADDRESS_HAS_CONTROL } from "#server/http/plain-input.ts";
import { testAccounts } from "#tests/support/accounts.ts";
import { freshDataDir } from "#tests/support/data-template.ts";
import { payBody } from "#tests/support/policy.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";

/** Typed into the free-text fields: it must reach neither the log nor the database. */
const MARKER = "guest-typed-marker-7f3a";

// What domain/forms/plain-text.ts refuses: every C0 control and DEL in
// one-line text; multi-line text keeps tab, newline and carriage return.
const NUL = "\u0000";
const ONE_LINE = [...Array.from({ length: 32 }, (_, c) => String.fromCharCode(c)), "\u007f"];
const MULTI_LINE = ONE_LINE.filter((c) => !"\t\n\r".includes(c));
/** What each field gets in the table tests; the fuzz draws from all of them. */
const SAMPLE_ONE_LINE = [NUL, "\u0001", "\u007f", "\n"];
const SAMPLE_MULTI_LINE = [NUL, "\u001b", "\u007f", "\u000b"];

const CONTROL = /control character/;
/** For answers checked by status only. */
const ANY = /./;

type Values = Record<string, unknown>;
type Fields = Record<string, RegExp>;

type Target = {
  label: string;
  /** json: our API; auth: Better Auth's; form: a route action; raw: a body of bytes. */
  kind: "json" | "auth" | "form" | "raw";
  method?: "POST" | "PUT" | "PATCH" | "DELETE";
  headers?: Record<string, string>;
  path: string;
  admin?: boolean;
  /** A request that would be accepted: the character put in is its only fault. */
  base: Values;
  /** The fields that must refuse a control character, with the message they answer. */
  fields: Fields;
  multiline?: string[];
  /** The characters to try, when not all of them. */
  controls?: string[];
  /** 400 unless the target's row cannot exist (404). */
  status?: number;
  /** Our API and the actions name the field; Better Auth and raw bodies answer a status. */
  named?: boolean;
  /** The key named instead of the field (the bulk prompt has one message for the form). */
  errorKey?: string;
  /** Another field a refusal may name too (a broken date also fails the dates' order). */
  alsoNamed?: string;
  contentType?: string;
};

const json = (path: string, base: Values, fields: Fields, more: Partial<Target> = {}): Target => ({
  label: `${more.method ?? "POST"} ${path}`,
  kind: "json",
  path,
  base,
  fields,
  ...more,
});

const auth = (path: string, base: Values, field: string, more: Partial<Target> = {}): Target => ({
  label: `POST ${path}`,
  kind: "auth",
  path,
  base,
  fields: { [field]: ANY },
  named: false,
  ...more,
});

const form = (path: string, base: Values, fields: Fields, more: Partial<Target> = {}): Target => ({
  label: `${path} ${base.intent ?? ""}`.trim(),
  kind: "form",
  path,
  base,
  fields,
  ...more,
});

let server: RunningServer;
const dataDir = freshDataDir("rcs-hostile-");
let adminCookie = "";

// Every rate limit counts the client, and contact messages count each attempt,
// valid or not: each request comes from an address of its own behind the
// loopback proxy (TRUST_PROXY's default), so a refusal stays a 400, not a 429.
let clients = 0;
function nextClient(): string {
  clients += 1;
  return `198.18.${(clients >> 8) & 255}.${clients & 255}`;
}

/** Places between two letters or digits: trimming or splitting a list cannot drop what goes there. */
function innerPositions(value: string): number[] {
  const alnum = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);
  const spots: number[] = [];
  for (let i = 1; i < value.length; i++) if (alnum(value[i - 1]) && alnum(value[i])) spots.push(i);
  if (spots.length === 0) throw new Error(`no inner position in ${JSON.stringify(value)}`);
  return spots;
}

const insertAt = (value: string, at: number, text: string) =>
  value.slice(0, at) + text + value.slice(at);

const controlsFor = (target: Target, field: string) =>
  target.controls ?? (target.multiline?.includes(field) ? MULTI_LINE : ONE_LINE);

function send(target: Target, values: Values, multipart = false): Promise<Response> {
  const body = { ...target.base, ...values };
  const headers: Record<string, string> = {
    origin: server.baseURL,
    "x-forwarded-for": nextClient(),
    ...target.headers,
  };
  if (target.admin) headers.cookie = adminCookie;
  let payload: string | FormData | URLSearchParams;
  if (target.kind === "raw") {
    headers["content-type"] = target.contentType ?? "application/octet-stream";
    payload = String(body.body);
  } else if (target.kind === "form" && multipart) {
    payload = new FormData();
    for (const [k, v] of Object.entries(body)) payload.append(k, String(v));
  } else if (target.kind === "form") {
    payload = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)]));
  } else {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  // A script reaches a route action through React Router's data request (`.data`).
  const url = `${server.baseURL}${target.path}${target.kind === "form" ? ".data" : ""}`;
  return fetch(url, {
    method: target.method ?? "POST",
    headers,
    body: payload,
    redirect: "manual",
  });
}

/** A `.data` answer, decoded as the browser decodes it. */
async function decoded<T>(res: Response): Promise<T> {
  const stream = await decodeTurboStream(res.body as ReadableStream<Uint8Array>, globalThis);
  await stream.done;
  return stream.value as T;
}

type ApiAnswer = {
  error?: string;
  code?: string;
  details?: { fieldErrors?: Record<string, string> };
};
type ActionAnswer = { data?: { ok?: boolean; fieldErrors?: Record<string, string> } };

/**
 * Why an answer is not the refusal the target promises for the control
 * characters in `typed` (field name to the value sent); undefined when it is.
 */
async function problemOf(target: Target, res: Response, typed: Record<string, string>) {
  const status = target.status ?? 400;
  if (res.status !== status) return `answered ${res.status}: ${(await res.text()).slice(0, 300)}`;
  const named = target.named ?? (target.kind === "json" || target.kind === "form");
  if (!named || status !== 400) return undefined;
  const names = Object.keys(typed);
  let fieldErrors: Record<string, string>;
  if (target.kind === "json") {
    const body = (await res.json()) as ApiAnswer;
    if (body.code !== "invalid_input" || !body.error) return `answered ${JSON.stringify(body)}`;
    fieldErrors = body.details?.fieldErrors ?? {};
    // A NUL anywhere in a JSON body is refused before any schema (server/http/plain-input.ts).
    if (names.some((n) => typed[n]?.includes(NUL))) {
      const [field = "", ...more] = Object.keys(fieldErrors);
      const message = controlCharacterMessage(field);
      const ok = typed[field]?.includes(NUL) && more.length === 0;
      return ok && body.error === message && fieldErrors[field] === message
        ? undefined
        : `the NUL refusal answered ${JSON.stringify(body)}`;
    }
  } else {
    const answer = (await decoded<ActionAnswer>(res)).data;
    if (answer?.ok !== false) return `the action answered ${JSON.stringify(answer)}`;
    fieldErrors = answer.fieldErrors ?? {};
  }
  const expected = target.errorKey ? [target.errorKey] : names;
  const keys = Object.keys(fieldErrors);
  const stray = keys.filter((k) => !expected.includes(k) && k !== target.alsoNamed);
  if (!keys.some((k) => expected.includes(k)) || stray.length > 0) {
    return `named ${JSON.stringify(fieldErrors)}, not ${expected}`;
  }
  // One field broken: the answer says so in that field's own words.
  const [only] = names;
  const message = fieldErrors[target.errorKey ?? only ?? ""] ?? "";
  if (names.length === 1 && only && !target.fields[only]?.test(message)) {
    return `${only}: ${JSON.stringify(message)} is not ${target.fields[only]}`;
  }
  return undefined;
}

/** Each field of each target with each sample character, put in its middle; the problems. */
async function refusalsOf(targets: Target[]): Promise<string[]> {
  const problems: string[] = [];
  for (const target of targets) {
    for (const field of Object.keys(target.fields)) {
      const samples = target.multiline?.includes(field) ? SAMPLE_MULTI_LINE : SAMPLE_ONE_LINE;
      for (const control of samples.filter((c) => controlsFor(target, field).includes(c))) {
        const value = String(target.base[field]);
        const spots = innerPositions(value);
        const typed = { [field]: insertAt(value, spots[spots.length >> 1] as number, control) };
        const problem = await problemOf(target, await send(target, typed), typed);
        if (problem) problems.push(`${target.label} ${JSON.stringify(typed)}: ${problem}`);
      }
    }
  }
  return problems;
}

type Availability = { unavailableDates: string[]; today: string; minimumNightStay: number };

async function availability(campsiteId: string): Promise<Availability> {
  const res = await fetch(`${server.baseURL}/api/campsites/${campsiteId}/availability`);
  expect(res.status).toBe(200);
  return (await res.json()) as Availability;
}

/** The nights of the campsite's minimum stay from the first day on or after `from` that has them free. */
function freeNights(open: Availability, from: string): string[] {
  const nightsFrom = (d: string) =>
    Array.from({ length: open.minimumNightStay }, (_, i) => addDays(d, i));
  let checkIn = from;
  while (nightsFrom(checkIn).some((n) => open.unavailableDates.includes(n))) {
    checkIn = addDays(checkIn, 1);
  }
  return nightsFrom(checkIn);
}

async function adminBookings(search = ""): Promise<{ id: string; status: string }[]> {
  const query = new URLSearchParams({ status: "all", search });
  const res = await fetch(`${server.baseURL}/api/admin/bookings?${query}`, {
    headers: { cookie: adminCookie },
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { bookings: { id: string; status: string }[] };
  return body.bookings;
}

/** An admin screen's loader data, read as the browser reads it. */
async function screenData<T>(screen: string): Promise<T> {
  const res = await fetch(`${server.baseURL}/admin/${screen}.data`, {
    headers: { cookie: adminCookie },
  });
  expect(res.status).toBe(200);
  return (await decoded<Record<string, { data: T }>>(res))[`routes/admin/${screen}`]?.data as T;
}

/** The lines of the server's output that hold `text`, for a readable failure. */
const logLinesWith = (text: string) =>
  server
    .output()
    .split("\n")
    .filter((line) => line.includes(text))
    .map((line) => line.slice(0, 300));

/** Every write the test knows, each with a request that would be accepted. */
function targetsFor(s: {
  campsiteId: string;
  stay: { checkIn: string; checkOut: string };
  today: string;
  booking: string;
  code: { id: string; code: string };
  card: { id: string };
  settings: Record<string, unknown>;
}): Target[] {
  const stay = { campsiteId: s.campsiteId, checkIn: s.stay.checkIn, checkOut: s.stay.checkOut };
  const stayFields = { campsiteId: /Choose a campsite/, checkIn: /yyyy-MM-dd/, checkOut: ANY };
  const payWith = { discountCode: "WELCOME10", prepaidCardNumber: "PC00000003DEMO" };
  const admin = { admin: true };
  const { email, password } = testAccounts.admin;
  const campsite = {
    name: `Hostile ${MARKER}`,
    location: `Creek bend ${MARKER}`,
    description: `Shade trees\n${MARKER} and a fire pit`,
    pricePerNight: "55",
    capacity: "12",
    quantity: "1",
    amenities: `Firepit, Water${MARKER}`,
    images: "/uploads/campsites/hostile.webp",
    isActive: "on",
  };
  const discountCode = {
    code: "HOSTILE10",
    description: `Ten off ${MARKER}`,
    discountType: "percentage",
    discountValue: "10",
    minimumAmount: "20.00",
    usageLimit: "100",
    validFrom: s.today,
    validUntil: addDays(s.today, 90),
    isActive: "on",
  };
  const message = { name: `Jo ${MARKER}`, email: `${MARKER}@example.com`, message: `Hi ${MARKER}` };
  const messageFields = { name: CONTROL, email: /valid email/, message: CONTROL };
  // The saved settings as the screen posts them: dollars, and "on" for a switch that is on.
  const settings = Object.fromEntries(
    Object.entries(s.settings).flatMap(([key, value]) => {
      if (key === "defaultNightlyRateCents")
        return [["defaultNightlyRate", `${Number(value) / 100}`]];
      if (typeof value === "boolean") return value ? [[key, "on"]] : [];
      return [[key, String(value)]];
    }),
  );
  // The body is read before the booking is looked up: a refusal is a 400, its absence a 404.
  const unknownBooking = "00000000-0000-4000-8000-000000000000";
  const held = { headers: { "x-hold-secret": "not-the-secret" } };
  // Hidden ids: a control character makes an id no row has.
  const ids = [
    ["/admin/campsites", "set-active", s.campsiteId, {}],
    ["/admin/campsites", "update", s.campsiteId, campsite],
    ["/admin/discount-codes", "set-active", s.code.id, {}],
    ["/admin/discount-codes", "delete", s.code.id, {}],
    ["/admin/discount-codes", "update", s.code.id, { ...discountCode, code: s.code.code }],
    ["/admin/prepaid-cards", "set-active", s.card.id, {}],
    ["/admin/prepaid-cards", "delete", s.card.id, {}],
    ["/admin/prepaid-cards", "update", s.card.id, {}],
  ] as const;

  return [
    // ---- the public API
    json("/api/contact", message, messageFields, { multiline: ["message"] }),
    json(
      "/api/quote",
      { ...stay, guests: 2, ...payWith },
      { ...stayFields, discountCode: CONTROL, prepaidCardNumber: CONTROL },
      { alsoNamed: "checkOut" },
    ),
    json(
      "/api/discount-codes/validate",
      { code: "WELCOME10", bookingAmount: 20_000 },
      { code: CONTROL },
    ),
    json("/api/prepaid-cards/validate", { cardNumber: "PC00000001DEMO" }, { cardNumber: CONTROL }),
    json(
      "/api/bookings",
      {
        ...stay,
        guests: 2,
        firstName: `Jo ${MARKER}`,
        lastName: `Camper ${MARKER}`,
        email: `${MARKER}@example.com`,
        phone: "0400 123 456",
        ...payWith,
      },
      {
        ...stayFields,
        firstName: CONTROL,
        lastName: CONTROL,
        email: /valid email/,
        phone: CONTROL,
        discountCode: CONTROL,
        prepaidCardNumber: CONTROL,
      },
      { alsoNamed: "checkOut" },
    ),
    json(
      `/api/bookings/${unknownBooking}`,
      payWith,
      { discountCode: CONTROL, prepaidCardNumber: CONTROL },
      { ...held, method: "PATCH" },
    ),
    json("/api/payments/verify", { sessionId: `cs_test_${MARKER}` }, { sessionId: CONTROL }),
    // No body is read here: the NUL guard alone refuses what one carries.
    json(
      `/api/bookings/${unknownBooking}/payment`,
      { note: MARKER },
      { note: CONTROL },
      { ...held, controls: [NUL] },
    ),
    json(
      `/api/bookings/${unknownBooking}`,
      { note: MARKER },
      { note: CONTROL },
      { ...held, method: "DELETE", controls: [NUL] },
    ),
    {
      label: "POST /api/webhooks/stripe (no Stripe key: 404)",
      kind: "raw",
      path: "/api/webhooks/stripe",
      base: { body: `{"id":"evt_${MARKER}"}` },
      fields: { body: ANY },
      status: 404,
      contentType: "application/json",
    },
    // ---- Better Auth's own endpoints answer in their own shape: a status
    auth("/api/auth/sign-in/email", { email, password }, "email"),
    auth(
      "/api/auth/sign-up/email",
      { name: "Jo Camper", email: `${MARKER}@example.com`, password: "long-enough-pass" },
      "email",
    ),
    auth("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" }, "email"),
    // A NUL in the token is a known fault (below); the others are an unknown token.
    auth(
      "/api/auth/reset-password",
      { token: "hostileToken", newPassword: "long-enough-pass" },
      "token",
      {
        controls: ONE_LINE.filter((c) => c !== NUL),
      },
    ),
    // ---- the public forms' actions
    form("/contact", message, messageFields, { multiline: ["message"] }),
    form("/login", { intent: "sign-in", email, password }, { email: /valid email/ }),
    form(
      "/login",
      {
        intent: "sign-up",
        email: `${MARKER}@example.com`,
        password: "long-enough-pass",
        confirmPassword: "long-enough-pass",
      },
      { email: /valid email/ },
    ),
    form("/forgot-password", { email }, { email: /valid email/ }),
    form(
      "/reset-password",
      { token: "hostileToken", password: "long-enough-pass", confirmPassword: "long-enough-pass" },
      { token: ANY },
      { controls: ONE_LINE.filter((c) => c !== NUL), named: false },
    ),
    form("/test-checkout/cs_test_unknown", { intent: "pay" }, { intent: ANY }, { status: 404 }),
    // ---- the admin API
    json(
      `/api/admin/bookings/${s.booking}/cancel`,
      { refund: "none", notifyGuest: false },
      {
        refund: /expected one of/,
      },
      admin,
    ),
    json(
      `/api/admin/bookings/${s.booking}/notification`,
      { note: MARKER },
      { note: CONTROL },
      {
        ...admin,
        controls: [NUL],
      },
    ),
    json(
      "/api/admin/blocked-dates",
      { date: s.stay.checkIn, campsiteId: s.campsiteId, blocked: true },
      { date: /yyyy-MM-dd/, campsiteId: /campsite id/ },
      { ...admin, method: "PUT" },
    ),
    // ---- the admin screens' actions
    form(
      "/admin/campsites",
      { intent: "create", ...campsite },
      {
        name: CONTROL,
        location: CONTROL,
        description: CONTROL,
        pricePerNight: /amount of 0 or more/,
        capacity: /whole number/,
        amenities: CONTROL,
        images: /control character|web address/,
      },
      { ...admin, multiline: ["description"] },
    ),
    form(
      "/admin/campsites",
      { intent: "update", id: s.campsiteId, ...campsite },
      { name: CONTROL, description: CONTROL },
      { ...admin, multiline: ["description"] },
    ),
    form(
      "/admin/discount-codes",
      { intent: "create", ...discountCode },
      {
        code: /only letters, numbers/,
        description: CONTROL,
        discountValue: /whole number from 0 to 100/,
        minimumAmount: /amount of 0 or more/,
        usageLimit: /whole number/,
        validFrom: /must be a date/,
        validUntil: /must be a date/,
      },
      admin,
    ),
    form(
      "/admin/discount-codes",
      { intent: "update", ...discountCode, id: s.code.id, code: s.code.code },
      { description: CONTROL },
      admin,
    ),
    form(
      "/admin/prepaid-cards",
      { intent: "create", cardNumber: "PC12345678AB12", initialBalance: "50", issuedTo: MARKER },
      { cardNumber: /Card number must be PC/, initialBalance: /amount/, issuedTo: CONTROL },
      admin,
    ),
    form(
      "/admin/prepaid-cards",
      { intent: "update", id: s.card.id, issuedTo: `Jo ${MARKER}`, isActive: "on" },
      { issuedTo: CONTROL },
      admin,
    ),
    form(
      "/admin/prepaid-cards",
      { intent: "bulk", count: "10", balance: "25" },
      { count: /valid numbers/, balance: /valid numbers/ },
      { ...admin, errorKey: "form" },
    ),
    form(
      "/admin/settings",
      {
        intent: "save-settings",
        ...settings,
      },
      { defaultNightlyRate: /amount/, maxAdvanceBooking: /whole number/ },
      admin,
    ),
    form(
      "/admin/calendar",
      { date: s.stay.checkIn, campsiteId: s.campsiteId, blocked: "true" },
      { date: /yyyy-MM-dd/, campsiteId: /UUID/i, blocked: /expected one of/ },
      admin,
    ),
    form(
      "/admin/bookings",
      { intent: "cancel", bookingId: s.booking, refund: "none" },
      { bookingId: /UUID/i, refund: /expected one of/ },
      admin,
    ),
    form(
      "/admin/bookings",
      { intent: "email", bookingId: s.booking },
      { bookingId: /UUID/i },
      admin,
    ),
    form(
      `/admin/campsites/${s.campsiteId}/calendars`,
      // Port 9 on loopback: were the feed ever added, reading it would fail at once.
      { intent: "add-feed", name: `Airbnb ${MARKER}`, url: "http://127.0.0.1:9/feed.ics" },
      { name: CONTROL, url: CONTROL },
      admin,
    ),
    form(
      `/admin/campsites/${s.campsiteId}/rates`,
      {
        intent: "add-season",
        name: `Season ${MARKER}`,
        startDate: "2030-01-01",
        endDate: "2030-01-05",
        nightPrice: "60",
        minimumNights: "2",
      },
      { name: CONTROL },
      admin,
    ),
    form(
      `/admin/campsites/${s.campsiteId}/rates`,
      { intent: "add-extra", name: `Extra ${MARKER}`, price: "10", per: "stay", maxQuantity: "1" },
      { name: CONTROL },
      admin,
    ),
    {
      label: "POST /admin/campsites/photos",
      kind: "raw",
      path: "/admin/campsites/photos",
      admin: true,
      base: { body: `not a photo ${MARKER}` },
      fields: { body: ANY },
      contentType: "image/jpeg",
    },
    ...ids.map(([screen, intent, id, rest]) =>
      form(
        screen,
        { ...rest, intent, id, isActive: "true" },
        { id: ANY },
        {
          ...admin,
          label: `${screen} ${intent} (id)`,
          status: 404,
        },
      ),
    ),
  ];
}

let targets: Target[] = [];
let campsiteId = "";
let nights: string[] = [];
let bookingsBefore: { id: string; status: string }[] = [];
/** The booking held for the test checkout's page: the one booking these tests make. */
let heldBookingId = "";
/** A paid booking of the demo data, and the farm's day. */
let paidBooking = "";
let today = "";

beforeAll(async () => {
  // Before the server starts: the embedded database allows one process at a time.
  server = await spawnServer(dataDir, { LOG_LEVEL: "info", WORKERS: "off" });
  const signIn = await fetch(`${server.baseURL}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.baseURL },
    body: JSON.stringify(testAccounts.admin),
  });
  expect(signIn.status).toBe(200);
  adminCookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

  const { campsites } = (await (await fetch(`${server.baseURL}/api/campsites`)).json()) as {
    campsites: { id: string; capacity: number }[];
  };
  campsiteId = campsites.find((c) => c.capacity >= 2)?.id ?? "";
  // A stay whose nights are all free: had any refusal let a booking or a
  // block through, one of them would be taken at the end.
  const open = await availability(campsiteId);
  nights = freeNights(open, addDays(open.today, 30));
  const checkIn = nights[0] as string;

  bookingsBefore = await adminBookings();
  const { codes } = await screenData<{ codes: { id: string; code: string }[] }>("discount-codes");
  const { cards } = await screenData<{ cards: { id: string }[] }>("prepaid-cards");
  const { settings } = await screenData<{ settings: Record<string, unknown> }>("settings");
  const booking = bookingsBefore.find((b) => b.status === "paid")?.id;
  const [code] = codes;
  const [card] = cards;
  if (!campsiteId || !booking || !code || !card) throw new Error("the demo data is missing");
  paidBooking = booking;
  today = open.today;
  targets = targetsFor({
    campsiteId,
    stay: { checkIn, checkOut: addDays(checkIn, nights.length) },
    today: open.today,
    booking,
    code,
    card,
    settings,
  });

  // The base requests are sound: the stay with the code and card is priced.
  const quote = await send(targets[1] as Target, {});
  expect(quote.status, await quote.clone().text()).toBe(200);
}, 90_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a control character in a field", () => {
  it("is refused by every JSON endpoint with 400 naming the field", async () => {
    expect(await refusalsOf(targets.filter((t) => t.kind !== "form"))).toEqual([]);
  });

  it("is refused by every form action with 400 and the field's error", async () => {
    expect(await refusalsOf(targets.filter((t) => t.kind === "form"))).toEqual([]);
  });

  it("in the current password is a wrong password, not a fault", async () => {
    // A password keeps every character. Better Auth allows 3 password changes
    // in 10 seconds per client: one request. The new password is the same.
    const { password } = testAccounts.admin;
    const changePassword = form(
      "/admin/settings",
      { intent: "change-password", newPassword: password, confirmPassword: password },
      { currentPassword: /^Your current password is not correct$/ },
      { admin: true },
    );
    const typed = { currentPassword: insertAt(password, 3, NUL) };
    const res = await send(changePassword, typed);
    expect(await problemOf(changePassword, res, typed)).toBeUndefined();
  });

  it("in a JSON key, or unescaped in the JSON text, is refused too", async () => {
    const inKey = await send(targets[0] as Target, { [`na${NUL}me`]: "x" });
    expect(inKey.status).toBe(400);
    expect(await inKey.json()).toMatchObject({
      code: "invalid_input",
      details: { fieldErrors: { body: expect.stringMatching(CONTROL) } },
    });
    const raw = await fetch(`${server.baseURL}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": nextClient() },
      body: `{"name":"Jo\u0001","email":"jo@example.com","message":"hi"}`,
    });
    expect(raw.status).toBe(400);
    expect(((await raw.json()) as ApiAnswer).code).toBe("bad_body");
  });

  it("in a nested object (a held booking's guest details) is refused too", async () => {
    const patch = targets.find((t) => t.method === "PATCH") as Target;
    const guest = { firstName: "Jo", lastName: "Camper", email: "jo@example.com" };
    for (const firstName of ["J\u0001o", `J${NUL}o`]) {
      const res = await send(patch, { guest: { ...guest, firstName } });
      expect(res.status, JSON.stringify(firstName)).toBe(400);
      const body = (await res.json()) as ApiAnswer;
      const field = firstName.includes(NUL) ? "guest.firstName" : "guest";
      expect(body.details?.fieldErrors?.[field], JSON.stringify(body)).toMatch(CONTROL);
    }
  });

  it("is shown beside the field on the contact page without JavaScript", async () => {
    const res = await fetch(`${server.baseURL}/contact`, {
      method: "POST",
      headers: { origin: server.baseURL, "x-forwarded-for": nextClient() },
      body: new URLSearchParams({ name: `Jo${NUL}`, email: "jo@example.com", message: "hi" }),
    });
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain('id="contact-name-error"');
    expect(page).toContain("Your name has a character that cannot be used here");
  });
});

describe("a control character in the address", () => {
  const addresses = () => [
    "/api/campsites/%00/availability",
    `/api/campsites/${campsiteId}/availability?from=2030-01-01%01`,
    `/api/admin/bookings?search=${MARKER}%00`,
    "/api/admin/calendar?month=2030-01%1B",
    `/admin/bookings?search=${MARKER}%00`,
    `/admin/bookings?q=${MARKER}%1f`,
    "/admin/payments?q=%7F",
    "/admin/payments/export?q=%0a",
    "/admin/prepaid-cards/print?ids=%00",
    "/admin/campsites/%00/calendars",
    "/bookings?checkIn=2030-01-01%00",
    "/camping/search?checkIn=%09",
    "/test-checkout/%00",
    "/api/calendar/%00.ics",
    "/api/auth/verify-email?token=%00",
    "/uploads/%00.webp",
    "/contact%0d%0a",
    "/%00",
  ];

  it("is answered 400 before any route, page or loader", async () => {
    for (const address of addresses()) {
      for (const method of ["GET", "POST"]) {
        const res = await fetch(`${server.baseURL}${address}`, {
          method,
          headers: { cookie: adminCookie, origin: server.baseURL },
          redirect: "manual",
        });
        expect(res.status, `${method} ${address}`).toBe(400);
        expect(await res.text(), `${method} ${address}`).toBe(ADDRESS_HAS_CONTROL);
      }
    }
  });

  it("or a header, sent raw, is refused by the HTTP parser", async () => {
    const statusLine = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(new URL(server.baseURL).port), "127.0.0.1", () => {
          socket.end(request);
        });
        let reply = "";
        socket.on("data", (d) => (reply += d));
        socket.on("end", () => resolve(reply.split("\r\n")[0] ?? ""));
        socket.on("error", reject);
      });
    const refused = "HTTP/1.1 400 Bad Request";
    const inPath = "GET /api/campsites/\u0001 HTTP/1.1\r\nHost: x\r\n\r\n";
    expect(await statusLine(inPath)).toBe(refused);
    const inHeader = `DELETE /api/bookings/${campsiteId} HTTP/1.1\r\nHost: x\r\nX-Hold-Secret: a\u0001b\r\n\r\n`;
    expect(await statusLine(inHeader)).toBe(refused);
  });
});

describe("a seeded fuzz", () => {
  it("of 600 requests gets no 5xx, only each field's refusal", { timeout: 60_000 }, async () => {
    // A linear congruential generator: the same requests on every run.
    let seed = 0x7f3a;
    const pick = (n: number) => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return Math.floor((seed / 2 ** 32) * n);
    };
    const plan = Array.from({ length: 600 }, () => {
      const target = targets[pick(targets.length)] as Target;
      const names = Object.keys(target.fields);
      const typed: Record<string, string> = {};
      // One to three fields, each with a run of one or two characters at a random inner place.
      for (let count = 1 + pick(Math.min(3, names.length)); Object.keys(typed).length < count; ) {
        const field = names[pick(names.length)] as string;
        const controls = controlsFor(target, field);
        const value = String(target.base[field]);
        const spots = innerPositions(value);
        let run = controls[pick(controls.length)] as string;
        if (pick(2) === 1) run += controls[pick(controls.length)];
        typed[field] = insertAt(value, spots[pick(spots.length)] as number, run);
      }
      return { target, typed, multipart: pick(2) === 1 };
    });

    const byStatus: Record<number, number> = {};
    const problems: string[] = [];
    let next = 0;
    // Four requests at a time: quicker, and still what one small server answers.
    const worker = async () => {
      for (let i = next++; i < plan.length; i = next++) {
        const { target, typed, multipart } = plan[i] as (typeof plan)[number];
        const res = await send(target, typed, multipart);
        byStatus[res.status] = (byStatus[res.status] ?? 0) + 1;
        const problem = await problemOf(target, res, typed);
        if (problem) problems.push(`#${i} ${target.label} ${JSON.stringify(typed)}: ${problem}`);
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    console.info(`hostile-input fuzz: ${plan.length} requests by status`, byStatus);
    expect(Object.keys(byStatus).filter((status) => Number(status) >= 500)).toEqual([]);
    expect(problems.slice(0, 5)).toEqual([]);
    expect(Object.values(byStatus).reduce((a, b) => a + b, 0)).toBe(plan.length);
  });
});

describe("a body that is not a form", () => {
  const unknownToken = "Zm9yZ2VkLXRva2VuLXRoYXQtaXMtbG9uZy1lbm91Z2g";
  const unknownId = "00000000-0000-4000-8000-000000000000";
  const { password } = testAccounts.admin;
  // A 404 is the answer only where no page is: an unknown token or checkout session.
  const noPage = new Set([`/my-booking/${unknownToken}`, "/test-checkout/cs_test_unknown"]);

  /** A booking held on free nights well after the tests' own, and its open test checkout. */
  async function heldCheckout(): Promise<string> {
    const stay = freeNights(await availability(campsiteId), addDays(nights.at(-1) as string, 14));
    const headers = { "content-type": "application/json", "x-forwarded-for": nextClient() };
    const made = await fetch(`${server.baseURL}/api/bookings`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        campsiteId,
        checkIn: stay[0],
        checkOut: addDays(stay.at(-1) as string, 1),
        guests: 2,
        firstName: "Held",
        lastName: "Camper",
        email: "held.camper@example.com",
      }),
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const held = (await made.json()) as { booking: { id: string }; holdSecret: string };
    heldBookingId = held.booking.id;
    const accepted = await payBody(campsiteId, stay[0] as string, server.baseURL);
    const payment = await fetch(`${server.baseURL}/api/bookings/${heldBookingId}/payment`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json", "x-hold-secret": held.holdSecret },
      body: JSON.stringify(accepted),
    });
    expect(payment.status).toBe(200);
    const { url } = (await payment.json()) as { url: string };
    return new URL(url).pathname;
  }

  /**
   * The form actions the other tests do not post to, and a change of password,
   * each with a form it would act on.
   */
  const moreTargets = (checkout: string): Target[] => [
    form(
      "/staff-invitation",
      {
        token: "hostileToken",
        name: `Jo ${MARKER}`,
        password: "long-enough-pass",
        confirmPassword: "long-enough-pass",
      },
      {},
    ),
    form(checkout, { intent: "pay" }, {}),
    form(`/my-booking/${unknownToken}`, { intent: "cancel" }, {}),
    form(
      "/admin/today",
      { bookingId: paidBooking, day: today, mark: "check-in", done: "true" },
      {},
      { admin: true },
    ),
    form(
      "/admin/messages",
      { intent: "set-handled", messageId: unknownId, handled: "true" },
      {},
      { admin: true },
    ),
    form("/admin/staff", { intent: "invite", email: `${MARKER}@example.com` }, {}, { admin: true }),
    form("/admin/account", { intent: "start", password }, {}, { admin: true }),
    form(
      "/admin/settings",
      {
        intent: "change-password",
        currentPassword: password,
        newPassword: `${password}-2`,
        confirmPassword: `${password}-2`,
      },
      {},
      { admin: true },
    ),
    form("/admin/logout", { intent: "logout" }, {}, { admin: true }),
    form("/admin/campsites/photos", {}, {}, { admin: true }),
  ];

  /** Ways a body fails to be a form, most carrying what the form would send in another shape. */
  function notForms(base: Values): { label: string; type?: string; body?: string }[] {
    const fields = Object.entries(base).map(([k, v]) => [k, String(v)]);
    const [name = "intent", value = ""] = fields[0] ?? [];
    const part = `--x\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}`;
    return [
      { label: "JSON", type: "application/json", body: JSON.stringify(base) },
      { label: "plain text", type: "text/plain", body: new URLSearchParams(fields).toString() },
      { label: "no body" },
      // A part cut off before its closing boundary, and bytes that are not parts at all.
      { label: "cut-off multipart", type: "multipart/form-data; boundary=x", body: part },
      { label: "multipart without a boundary", type: "multipart/form-data", body: part },
    ];
  }

  /** What the bodies must leave as it was, read as the screens read it. */
  async function everything() {
    const staff = await screenData<{ members: unknown; invitations: unknown }>("staff");
    return {
      bookings: await adminBookings(),
      codes: (await screenData<{ codes: unknown }>("discount-codes")).codes,
      cards: (await screenData<{ cards: unknown }>("prepaid-cards")).cards,
      settings: (await screenData<{ settings: unknown }>("settings")).settings,
      campsites: (await screenData<{ campsites: unknown }>("campsites")).campsites,
      staff: [staff.members, staff.invitations],
    };
  }

  it("is refused by every form action, as a document POST and a .data request, and changes nothing", {
    timeout: 60_000,
  }, async () => {
    const checkout = await heldCheckout();
    const before = await everything();
    // Each action once, copying its first form here: what the body carries is never read.
    const seen = new Set<string>();
    const all = [...moreTargets(checkout), ...targets.filter((t) => t.kind === "form")].filter(
      (t) => !seen.has(t.path) && seen.add(t.path),
    );
    const statusOf = (t: Target) => (noPage.has(t.path) ? 404 : 400);
    const plan = all.flatMap((target) =>
      notForms(target.base).flatMap((body) =>
        [false, true].map((asData) => ({ target, body, asData })),
      ),
    );
    const problems: string[] = [];
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < plan.length; i = next++) {
        const { target, body, asData } = plan[i] as (typeof plan)[number];
        const headers: Record<string, string> = {
          origin: server.baseURL,
          "x-forwarded-for": nextClient(),
          ...(body.type ? { "content-type": body.type } : {}),
          ...(target.admin ? { cookie: adminCookie } : {}),
        };
        const path = `${target.path}${asData ? ".data" : ""}`;
        const res = await fetch(`${server.baseURL}${path}`, {
          method: "POST",
          headers,
          body: body.body,
          redirect: "manual",
        });
        const text = await res.text();
        if (res.status !== statusOf(target)) {
          problems.push(`${path} ${body.label}: ${res.status} ${text.slice(0, 200)}`);
        }
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    expect(problems).toEqual([]);
    expect(all.length).toBeGreaterThan(20);

    // Nothing was paid, made, changed or deleted, and the admin is still signed in.
    expect(await everything()).toEqual(before);
    expect(before.bookings.find((b) => b.id === heldBookingId)?.status).toBe("pending");
    const page = (await (await fetch(`${server.baseURL}${checkout}`)).text()).replaceAll(
      "<!-- -->",
      "",
    );
    expect(/>Pay \$[\d.,]+ \(test\)</.test(page), "the checkout can still be paid").toBe(true);
  });
});

// Faults this file found, fixed since: each test fails if its fault comes back.
describe("faults found before", () => {
  const post = (to: string, body: Values, cookie?: string) =>
    fetch(`${server.baseURL}${to}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: server.baseURL,
        "x-forwarded-for": nextClient(),
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify(body),
    });

  // /api/auth reads its own bodies, before the JSON NUL guard: its own hook refuses them.
  it("POST /api/auth/reset-password with a NUL in the token answers 400", async () => {
    const res = await post("/api/auth/reset-password", {
      token: `ab${NUL}c`,
      newPassword: "long-enough-pass",
    });
    expect(res.status).toBe(400);
  });

  it("the /reset-password action with a NUL in the token answers 400", async () => {
    const target = targets.find((t) => t.path === "/reset-password") as Target;
    expect((await send(target, { token: `ab${NUL}c` })).status).toBe(400);
  });

  it("POST /api/auth/update-user with a NUL in the name answers 400", async () => {
    expect((await post("/api/auth/update-user", { name: `O${NUL}` }, adminCookie)).status).toBe(
      400,
    );
  });

  // A name with any other control character is refused too, not stored.
  it("POST /api/auth/sign-up/email refuses a control character in the name", async () => {
    const res = await post("/api/auth/sign-up/email", {
      name: "Jo\u0001Camper",
      email: "control-in-name@example.com",
      password: "long-enough-pass",
    });
    expect(res.status).toBe(400);
  });

  // Refused before any insert, so no failed query logs the typed name and email.
  it("a sign-up refused for a NUL does not write the name and email to the log", async () => {
    const typed = "auth-typed-marker-2b9d";
    const res = await post("/api/auth/sign-up/email", {
      name: `${typed}${NUL}`,
      email: `${typed}@example.com`,
      password: "long-enough-pass",
    });
    expect(res.status).toBeLessThan(500);
    await new Promise((r) => setTimeout(r, 200));
    expect(logLinesWith(typed)).toEqual([]);
  });

  // React Router keeps only an action's cookies unless the page passes its Retry-After on.
  it.each<{ path: string; max: number; form: Record<string, string> }>([
    {
      path: "/login",
      max: 10,
      form: { intent: "sign-in", email: "nobody@rockycreek.test", password: "wrong-password" },
    },
    { path: "/forgot-password", max: 5, form: { email: "nobody@rockycreek.test" } },
  ])(
    "$path refused for too many attempts says when to try again, to both kinds of post",
    async ({ path, max, form: fields }) => {
      const client = nextClient();
      const attempt = (to: string) =>
        fetch(`${server.baseURL}${to}`, {
          method: "POST",
          headers: { origin: server.baseURL, "x-forwarded-for": client },
          body: new URLSearchParams(fields),
          redirect: "manual",
        });
      for (let i = 0; i < max; i++) expect((await attempt(path)).status).toBeLessThan(429);
      for (const to of [path, `${path}.data`]) {
        const res = await attempt(to);
        expect(res.status, to).toBe(429);
        expect(Number(res.headers.get("retry-after")), to).toBeGreaterThan(0);
      }
    },
  );

  // The feed and export-URL actions check an id before it reaches a uuid column.
  it.each([
    { intent: "sync-feed", feedId: `x${NUL}` },
    { intent: "remove-feed", feedId: `x${NUL}` },
    { intent: "regenerate-url", kind: "unit", targetId: `x${NUL}` },
  ])("/admin/campsites/:id/calendars $intent with a malformed id answers 404", async (fields) => {
    const calendars = form(`/admin/campsites/${campsiteId}/calendars`, {}, {}, { admin: true });
    expect((await send(calendars, fields)).status).toBe(404);
  });
});

describe("afterwards", () => {
  it("nothing was booked, blocked or cancelled", async () => {
    const { unavailableDates } = await availability(campsiteId);
    expect(unavailableDates.filter((d) => nights.includes(d))).toEqual([]);
    expect(await adminBookings(MARKER)).toEqual([]);
    const bookings = await adminBookings();
    expect(bookings.filter((b) => b.id !== heldBookingId)).toEqual(bookingsBefore);
  });

  it("the log never repeats what a guest typed, and the database holds none of it", async () => {
    expect(await server.stop()).toBe(0);
    // The output is the requests' own: info lines for the refusals are there.
    expect(logLinesWith('"path":"/api/contact","status":400').length).toBeGreaterThan(10);
    expect(logLinesWith('"path":"/admin/campsites.data","status":400').length).toBeGreaterThan(10);
    expect(logLinesWith(MARKER)).toEqual([]);

    const pglite = path.join(dataDir, "pglite");
    const handle = await openDatabase({ dataDir: pglite }, { migrate: false });
    try {
      const count = async (query: SQL) =>
        ((await handle.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]?.n;
      const { rows: tables } = (await handle.db.execute(
        sql`select table_name as name from information_schema.tables
            where table_schema = 'public' and table_type = 'BASE TABLE'`,
      )) as unknown as { rows: { name: string }[] };
      expect(tables.length).toBeGreaterThan(10);
      const holding: string[] = [];
      for (const { name } of tables) {
        const like = `%${MARKER}%`;
        const n = await count(
          sql`select count(*)::int as n from ${sql.identifier(name)} t where t::text like ${like}`,
        );
        if (n) holding.push(name);
      }
      expect(holding).toEqual([]);
      expect(await count(sql`select count(*)::int as n from contact_messages`)).toBe(0);
    } finally {
      await handle.close();
    }
  });
});
