// The catalogue screens' loaders and actions against a real database: every
// write needs an administrator (no session: /login; a non-admin: 403) and
// changes nothing otherwise; bad input answers 400 with the field's message,
// from the same schema the browser uses; a change is audited with its actor.
// And the Website's Publish refuses what changed meanwhile on its field.
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { aboutPage } from "#content/about.ts";
import { textsOf } from "#domain/forms/page-texts.ts";
import { theRow } from "#server/db/rows.ts";
import {
  auditLog,
  campsites,
  discountCodes,
  prepaidCards,
  siteContentVersions,
} from "#server/db/schema.ts";
import { createOrPromoteAdmin } from "#server/services/admin-accounts.ts";
import { getSettings } from "#server/services/settings.ts";
import { outcome, setupAdminRouteCalls, testOrigin } from "#server/testing/admin-route-calls.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { action as campsitesAction } from "./campsites";
import { action as discountCodesAction } from "./discount-codes";
import { loader as paymentsExport } from "./payments-export";
import { action as prepaidCardsAction } from "./prepaid-cards";
import { action as settingsAction } from "./settings";
import { action as publishPageAction } from "./website.pages";

const database = setupTestDatabase();
const { args, adminId, auth, signIn } = setupAdminRouteCalls(database);

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
      () => campsitesAction(args("/admin/campsites", "camper", campsiteForm)),
      () =>
        discountCodesAction(
          args("/admin/discount-codes", "camper", {
            intent: "delete",
            id: crypto.randomUUID(),
          }),
        ),
      () =>
        prepaidCardsAction(
          args("/admin/prepaid-cards", "camper", { intent: "bulk", count: "5", balance: "50" }),
        ),
      () =>
        settingsAction(
          args("/admin/settings", "camper", { intent: "save-settings", minimumNightStay: "9" }),
        ),
      () => paymentsExport(args("/admin/payments/export", "camper")),
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
      campsitesAction(args("/admin/campsites", "admin", campsiteForm)),
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
    expect(entry).toMatchObject({ action: "campsite.created", actorUserId: adminId() });
  });

  it("answers bad input with 400 and the field's message, changing nothing", async () => {
    const code = await outcome(() =>
      discountCodesAction(
        args("/admin/discount-codes", "admin", {
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
        args("/admin/prepaid-cards", "admin", { intent: "bulk", count: "0", balance: "50" }),
      ),
    );
    expect(bulk).toMatchObject({
      status: 400,
      data: { toast: { title: "Please enter valid numbers" } },
    });

    const settings = await outcome(() =>
      settingsAction(
        args("/admin/settings", "admin", {
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
        args("/admin/campsites", "admin", { ...campsiteForm, intent: "set-active", id: "x" }),
      ),
    );
    expect(unknownId).toMatchObject({ status: 404 });
  });

  it("saves all settings, audited, for the booking engine", async () => {
    const result = await outcome(() =>
      settingsAction(
        args("/admin/settings", "admin", {
          intent: "save-settings",
          defaultNightlyRate: "55",
          minimumNightStay: "3",
          maximumNightStay: "21",
          maxAdvanceBooking: "200",
          autoBlockAfterBooking: "1",
          notificationEmails: "on",
          maxLiveHoldsPerClient: "2",
          holdsPerClientPerHour: "20",
          maxHeldNightsPerClient: "40",
          wrongCodesPerHour: "100",
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
      maximumNightStay: 21,
      maxAdvanceBooking: 200,
      autoBlockAfterBooking: 1,
      notificationEmails: true,
      bookingReminders: false,
      maxLiveHoldsPerClient: 2,
      holdsPerClientPerHour: 20,
      maxHeldNightsPerClient: 40,
      wrongCodesPerHour: 100,
      cancellationRefunds: "by-notice",
      fullRefundDaysBeforeArrival: 14,
      lateCancellationRefundPercent: 25,
    });
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "settings.saved"));
    expect(entry?.actorUserId).toBe(adminId());
  });

  it("downloads the payments CSV for an administrator", async () => {
    const response = (await paymentsExport(
      args("/admin/payments/export?q=x", "admin") as never,
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
      { db, auth: auth() },
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
          args(
            "/admin/settings",
            { cookie },
            {
              intent: "change-password",
              currentPassword,
              newPassword,
              confirmPassword,
            },
          ),
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

    const old = await auth().api.signInEmail({
      body: { email: "manager@example.com", password: "manager-password-1" },
      headers: new Headers({ origin: testOrigin }),
      asResponse: true,
    });
    expect(old.status).toBe(401);
    await signIn("manager@example.com", "new-password-22");
    const stale = await auth().api.getSession({ headers: new Headers({ cookie: otherDevice }) });
    expect(stale).toBeNull();
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "account.password_changed"));
    expect(entry).toBeDefined();
  });
});

describe("a page published with a picture removed from the library meanwhile", () => {
  it("is refused on the picture's field, 400, and nothing is published", async () => {
    const words = Object.fromEntries(
      Object.entries(textsOf(aboutPage)).map(([path, text]) => [
        path,
        Array.isArray(text) ? text.join("\n\n") : text,
      ]),
    );
    const form = { intent: "publish-page", ...words, hero: "00000000-0000-4000-8000-000000000000" };
    // The screen's address names the page: its action reads it from the route's params.
    const call: object = args("/admin/website/pages/about", "admin", form);
    const withPage = { ...call, params: { page: "about" } } as never;
    const result = await outcome(() => publishPageAction(withPage));
    expect(result.status).toBe(400);
    expect(result.data?.fieldErrors).toEqual({ hero: "That picture is no longer in the library" });
    const versions = await database()
      .db.select({ n: count() })
      .from(siteContentVersions)
      .where(eq(siteContentVersions.key, "page:about"));
    expect(versions[0]?.n).toBe(0);
  });
});
