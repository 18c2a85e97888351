// The catalogue screens' loaders and actions against a real database: every
// write needs an administrator (no session: /login; a non-admin: 403) and
// changes nothing otherwise; bad input answers 400 with the field's message,
// from the same schema the browser uses; a change is audited with its actor.
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createAuth } from "#server/auth.ts";
import { env } from "#server/config.ts";
import { theRow } from "#server/db/rows.ts";
import { auditLog, campsites, discountCodes, prepaidCards, userRoles } from "#server/db/schema.ts";
import { createOrPromoteAdmin } from "#server/services/admin-accounts.ts";
import { getSettings } from "#server/services/settings.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { action as campsitesAction } from "./campsites";
import { action as discountCodesAction } from "./discount-codes";
import { loader as paymentsExport } from "./payments-export";
import { action as prepaidCardsAction } from "./prepaid-cards";
import { action as settingsAction } from "./settings";

const database = setupTestDatabase();
const origin = "http://localhost:3000";
let auth: ReturnType<typeof createAuth>;
let adminCookie = "";
let adminId = "";
let camperCookie = "";

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

async function signIn(email: string, password: string) {
  const response = await auth.api.signInEmail({
    body: { email, password },
    headers: new Headers({ origin }),
    asResponse: true,
  });
  expect(response.status).toBe(200);
  return cookieOf(response);
}

beforeAll(async () => {
  const { db } = database();
  auth = createAuth(db, {
    ...env(),
    PUBLIC_URL: origin,
    AUTH_SECRET: "a-test-secret-that-is-long-enough-to-use-0123",
  });
  const admin = await createOrPromoteAdmin(
    { db, auth },
    {
      email: "owner@example.com",
      password: "owner-password-1",
    },
  );
  adminId = admin.userId;
  adminCookie = await signIn("owner@example.com", "owner-password-1");
  // A confirmed account without the admin row.
  const camper = await createOrPromoteAdmin(
    { db, auth },
    {
      email: "camper@example.com",
      password: "camper-password-1",
    },
  );
  await db.delete(userRoles).where(eq(userRoles.userId, camper.userId));
  camperCookie = await signIn("camper@example.com", "camper-password-1");
});

/** Loader and action arguments; each route types them its own way, so they are cast. */
type Args = never;

function args(path: string, cookie: string | null, form?: Record<string, string>): Args {
  let body: FormData | undefined;
  if (form) {
    body = new FormData();
    for (const [k, v] of Object.entries(form)) body.set(k, v);
  }
  const request = new Request(`${origin}${path}`, {
    method: form ? "POST" : "GET",
    headers: { origin, ...(cookie ? { cookie } : {}) },
    body,
  });
  const { db } = database();
  return { request, params: {}, context: { db, auth, cspNonce: "" } } as Args;
}

/** What a loader or action answered or threw: its status, and its data when it has some. */
async function outcome(run: () => Promise<unknown>) {
  try {
    return answer(await run());
  } catch (thrown) {
    return answer(thrown);
  }
}

function answer(value: unknown): {
  status: number;
  data?: Record<string, unknown>;
  location?: string | null;
} {
  if (value instanceof Response) {
    return { status: value.status, location: value.headers.get("location") };
  }
  const v = value as { type?: string; data?: Record<string, unknown>; init?: { status?: number } };
  if (v?.type === "DataWithResponseInit") return { status: v.init?.status ?? 200, data: v.data };
  return { status: 200, data: value as Record<string, unknown> };
}

const campsiteForm = {
  intent: "create",
  name: "Action Flats",
  location: "By the dam",
  pricePerNight: "40",
  capacity: "4",
  quantity: "2",
  amenities: "",
  images: "",
  isActive: "on",
};

const campsiteCount = async (name: string) =>
  theRow(
    await database().db.select({ n: count() }).from(campsites).where(eq(campsites.name, name)),
    "a count",
  ).n;

describe("who may change the catalogue", () => {
  it("refuses a visitor without a session, changing nothing", async () => {
    const result = await outcome(() =>
      campsitesAction(args("/admin/campsites", null, campsiteForm)),
    );
    // Refused before anything is read, and sent to sign in.
    expect(result.location).toBe("/login");
    expect(await campsiteCount("Action Flats")).toBe(0);
  });

  it("answers a signed-in non-admin 403 'Access Denied' on every screen, changing nothing", async () => {
    const attempts = [
      () => campsitesAction(args("/admin/campsites", camperCookie, campsiteForm)),
      () =>
        discountCodesAction(
          args("/admin/discount-codes", camperCookie, {
            intent: "delete",
            id: crypto.randomUUID(),
          }),
        ),
      () =>
        prepaidCardsAction(
          args("/admin/prepaid-cards", camperCookie, { intent: "bulk", count: "5", balance: "50" }),
        ),
      () =>
        settingsAction(
          args("/admin/settings", camperCookie, { intent: "save-settings", minimumNightStay: "9" }),
        ),
      () => paymentsExport(args("/admin/payments/export", camperCookie)),
    ];
    for (const attempt of attempts) {
      const result = await outcome(attempt);
      expect(result.status).toBe(403);
      expect(result.data).toMatchObject({ title: "Access Denied" });
    }
    const { db } = database();
    expect(await campsiteCount("Action Flats")).toBe(0);
    expect(theRow(await db.select({ n: count() }).from(prepaidCards), "a count").n).toBe(0);
  });
});

describe("the administrator's changes", () => {
  it("creates a campsite and records who did it", async () => {
    const result = await outcome(() =>
      campsitesAction(args("/admin/campsites", adminCookie, campsiteForm)),
    );
    expect(result).toMatchObject({
      status: 200,
      data: { ok: true, toast: { title: "Campsite created successfully" } },
    });
    const { db } = database();
    const created = theRow(
      await db.select().from(campsites).where(eq(campsites.name, "Action Flats")),
      "the created campsite",
    );
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.entityId, created.id));
    expect(entry).toMatchObject({ action: "campsite.created", actorUserId: adminId });
  });

  it("answers bad input with 400 and the field's message, changing nothing", async () => {
    const code = await outcome(() =>
      discountCodesAction(
        args("/admin/discount-codes", adminCookie, {
          intent: "create",
          code: "TOOMUCH",
          discountType: "percentage",
          discountValue: "150",
          validFrom: "2031-01-01",
        }),
      ),
    );
    expect(code).toMatchObject({
      status: 400,
      data: {
        ok: false,
        fieldErrors: { discountValue: "Percentage must be a whole number from 0 to 100" },
        toast: { title: "Failed to save discount code" },
      },
    });
    const { db } = database();
    expect(await db.select().from(discountCodes).where(eq(discountCodes.code, "TOOMUCH"))).toEqual(
      [],
    );

    const bulk = await outcome(() =>
      prepaidCardsAction(
        args("/admin/prepaid-cards", adminCookie, { intent: "bulk", count: "0", balance: "50" }),
      ),
    );
    expect(bulk).toMatchObject({
      status: 400,
      data: { toast: { title: "Please enter valid numbers" } },
    });

    const settings = await outcome(() =>
      settingsAction(
        args("/admin/settings", adminCookie, {
          intent: "save-settings",
          defaultNightlyRate: "50",
          minimumNightStay: "0",
          maxAdvanceBooking: "365",
        }),
      ),
    );
    expect(settings).toMatchObject({
      status: 400,
      data: {
        fieldErrors: {
          minimumNightStay: "Minimum night stay must be a whole number from 1 to 365",
        },
      },
    });
    expect((await getSettings(db)).minimumNightStay).toBe(2);

    const unknownId = await outcome(() =>
      campsitesAction(
        args("/admin/campsites", adminCookie, { ...campsiteForm, intent: "set-active", id: "x" }),
      ),
    );
    expect(unknownId).toMatchObject({ status: 404 });
  });

  it("saves all settings, audited, for the booking engine", async () => {
    const result = await outcome(() =>
      settingsAction(
        args("/admin/settings", adminCookie, {
          intent: "save-settings",
          defaultNightlyRate: "55",
          minimumNightStay: "3",
          maxAdvanceBooking: "200",
          notificationEmails: "on",
          maxLiveHoldsPerClient: "2",
          holdsPerClientPerHour: "20",
          cancellationRefunds: "by-notice",
          fullRefundDaysBeforeArrival: "14",
          lateCancellationRefundPercent: "25",
        }),
      ),
    );
    expect(result).toMatchObject({
      status: 200,
      data: { ok: true, toast: { title: "Settings saved" } },
    });
    const { db } = database();
    expect(await getSettings(db)).toMatchObject({
      defaultNightlyRateCents: 5500,
      minimumNightStay: 3,
      maxAdvanceBooking: 200,
      allowInstantBooking: false,
      notificationEmails: true,
      bookingReminders: false,
      maxLiveHoldsPerClient: 2,
      holdsPerClientPerHour: 20,
      cancellationRefunds: "by-notice",
      fullRefundDaysBeforeArrival: 14,
      lateCancellationRefundPercent: 25,
    });
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "settings.saved"));
    expect(entry?.actorUserId).toBe(adminId);
  });

  it("downloads the payments CSV for an administrator", async () => {
    const response = (await paymentsExport(
      args("/admin/payments/export?q=x", adminCookie) as never,
    )) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect((await response.text()).replace(/^\uFEFF/, "").split("\n")[0]).toBe(
      "Payment ID,Checkout session,Booking,Guest,Guest email,Campsite,Amount,Refunded,Currency,Status,Date",
    );
  });
});

describe("changing the account's password on the Settings screen", () => {
  it("needs the current password, then signs the other sessions out", async () => {
    const { db } = database();
    await createOrPromoteAdmin(
      { db, auth },
      {
        email: "manager@example.com",
        password: "manager-password-1",
      },
    );
    const cookie = await signIn("manager@example.com", "manager-password-1");
    const otherDevice = await signIn("manager@example.com", "manager-password-1");
    const change = (currentPassword: string, newPassword: string, confirmPassword = newPassword) =>
      outcome(() =>
        settingsAction(
          args("/admin/settings", cookie, {
            intent: "change-password",
            currentPassword,
            newPassword,
            confirmPassword,
          }),
        ),
      );

    expect(await change("manager-password-1", "new-password-22", "other-password")).toMatchObject({
      status: 400,
      data: { fieldErrors: { confirmPassword: "Passwords do not match" } },
    });
    expect(await change("not-my-password", "new-password-22")).toMatchObject({
      status: 400,
      data: { fieldErrors: { currentPassword: "Your current password is not correct" } },
    });
    expect(await change("manager-password-1", "new-password-22")).toMatchObject({
      status: 200,
      data: { ok: true, toast: { title: "Password changed" } },
    });

    const old = await auth.api.signInEmail({
      body: { email: "manager@example.com", password: "manager-password-1" },
      headers: new Headers({ origin }),
      asResponse: true,
    });
    expect(old.status).toBe(401);
    await signIn("manager@example.com", "new-password-22");
    const stale = await auth.api.getSession({ headers: new Headers({ cookie: otherDevice }) });
    expect(stale).toBeNull();
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "account.password_changed"));
    expect(entry).toBeDefined();
  });
});
