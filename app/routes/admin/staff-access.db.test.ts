// Who may do what in the back office (decision 0017), over every admin route
// module: a staff member gets 403 'Owner Only' from each owner-only loader and
// action and nothing changes; staff keep Today, Bookings (no refunds), the
// Calendar and the Timeline, and their changes are audited under their own name. A new module
// must be classified here, so a screen cannot be added without deciding.
import { readdirSync } from "node:fs";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import { theRow } from "#server/db/rows.ts";
import {
  auditLog,
  bookings,
  campsites,
  discountCodes,
  prepaidCards,
  settings,
  siteContentVersions,
  siteEvents,
  staffInvitations,
  userRoles,
} from "#server/db/schema.ts";
import { camperAccount, outcome, setupAdminRouteCalls } from "#server/testing/admin-route-calls.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { createCampsite, insertBooking } from "#server/testing/factories.ts";
import * as accountsExport from "./accounts-export";
import * as auditLogScreen from "./audit-log";
import * as bookingsScreen from "./bookings";
import * as calendarScreen from "./calendar";
import * as campsitePhotos from "./campsite-photos";
import * as campsitesScreen from "./campsites";
import * as calendarsScreen from "./campsites.$campsiteId.calendars";
import * as ratesScreen from "./campsites.$campsiteId.rates";
import * as dashboardScreen from "./dashboard";
import * as discountCodesScreen from "./discount-codes";
import * as layout from "./layout";
import * as messagesScreen from "./messages";
import * as paymentsScreen from "./payments";
import * as paymentsExport from "./payments-export";
import * as cardTransactions from "./prepaid-card-transactions";
import * as prepaidCardsScreen from "./prepaid-cards";
import * as prepaidCardsExport from "./prepaid-cards-export";
import * as prepaidCardsPrint from "./prepaid-cards-print";
import * as reportsScreen from "./reports";
import * as reportsExport from "./reports-export";
import * as settingsScreen from "./settings";
import * as staffScreen from "./staff";
import * as timelineScreen from "./timeline";
import * as todayScreen from "./today";
import * as waitlistScreen from "./waitlist";
import * as websiteScreen from "./website";
import * as websiteEventsScreen from "./website.events";
import * as websiteFaqScreen from "./website.faq";
import * as websitePagesScreen from "./website.pages";
import * as websitePicturesScreen from "./website.pictures";

const database = setupTestDatabase();
const { args, staffId, signIn } = setupAdminRouteCalls(database);

type Handler = (a: never) => Promise<unknown> | unknown;
type OwnerRoute = {
  file: string;
  path: string;
  loader?: Handler;
  action?: Handler;
  /** What an owner would post: without the guard the action would act on it. */
  form?: Record<string, string>;
};

const campsiteId = () => theCampsite.id;
let theCampsite: Awaited<ReturnType<typeof createCampsite>>;

const ownerRoutes: OwnerRoute[] = [
  {
    file: "campsites.tsx",
    path: "/admin/campsites",
    ...campsitesScreen,
    form: {
      intent: "create",
      name: "Staff Flats",
      location: "By the dam",
      pricePerNight: "40",
      capacity: "4",
      quantity: "2",
      amenities: "",
      images: "",
      isActive: "on",
    },
  },
  {
    file: "campsite-photos.ts",
    path: "/admin/campsites/photos",
    action: campsitePhotos.action,
    form: { photo: "x" },
  },
  {
    file: "campsites.$campsiteId.calendars.tsx",
    path: "/admin/campsites/:id/calendars",
    ...calendarsScreen,
    form: {
      intent: "add-feed",
      name: "Airbnb",
      url: "https://example.com/a.ics",
      campsiteUnitId: "",
    },
  },
  {
    file: "campsites.$campsiteId.rates.tsx",
    path: "/admin/campsites/:id/rates",
    ...ratesScreen,
    form: {
      intent: "save-prices",
      pricePerNight: "1",
      weekendPricePerNight: "",
      guestFee: "",
      dogFee: "",
    },
  },
  { file: "payments.tsx", path: "/admin/payments", ...paymentsScreen },
  { file: "payments-export.ts", path: "/admin/payments/export", ...paymentsExport },
  {
    file: "discount-codes.tsx",
    path: "/admin/discount-codes",
    ...discountCodesScreen,
    form: {
      intent: "create",
      code: "STAFF50",
      discountType: "percentage",
      discountValue: "50",
      isActive: "on",
    },
  },
  {
    file: "prepaid-cards.tsx",
    path: "/admin/prepaid-cards",
    ...prepaidCardsScreen,
    form: { intent: "bulk", count: "5", balance: "50" },
  },
  { file: "prepaid-cards-export.ts", path: "/admin/prepaid-cards/export", ...prepaidCardsExport },
  { file: "waitlist.tsx", path: "/admin/waitlist", ...waitlistScreen },
  { file: "prepaid-cards-print.tsx", path: "/admin/prepaid-cards/print", ...prepaidCardsPrint },
  {
    file: "prepaid-card-transactions.ts",
    path: "/admin/prepaid-cards/:id/transactions",
    ...cardTransactions,
  },
  {
    file: "settings.tsx",
    path: "/admin/settings",
    ...settingsScreen,
    form: { intent: "save-settings", minimumNightStay: "9" },
  },
  {
    file: "messages.tsx",
    path: "/admin/messages",
    ...messagesScreen,
    form: { intent: "resend", emailId: crypto.randomUUID(), status: "failed" },
  },
  {
    file: "staff.tsx",
    path: "/admin/staff",
    ...staffScreen,
    form: { intent: "invite", email: "friend@example.com" },
  },
  { file: "audit-log.tsx", path: "/admin/audit-log", ...auditLogScreen },
  { file: "reports.tsx", path: "/admin/reports", ...reportsScreen },
  { file: "reports-export.ts", path: "/admin/reports/export", ...reportsExport },
  {
    file: "accounts-export.ts",
    path: "/admin/reports/accounts?file=ledger&range=this-month",
    ...accountsExport,
  },
  {
    file: "website.tsx",
    path: "/admin/website",
    ...websiteScreen,
    form: {
      intent: "publish-details",
      farmName: "Staff Creek",
      legalName: "Staff Creek Pty Ltd",
      phone: "(07) 5550 1234",
      email: "staff@example.com",
      notificationEmail: "staff@example.com",
      street: "1 Road",
      locality: "Town",
      region: "Queensland",
      postcode: "4570",
      bookingListingUrl: "https://listing.example.com/",
    },
  },
  {
    file: "website.faq.tsx",
    path: "/admin/website/faq",
    ...websiteFaqScreen,
    form: { intent: "publish-faq", "question-0": "Who?", "policy-0": "on" },
  },
  {
    file: "website.pages.tsx",
    path: "/admin/website/pages/about",
    ...websitePagesScreen,
    form: {
      intent: "publish-page",
      title: "Staff's",
      subtitle: "Words",
      paragraphs: "Not by staff.",
    },
  },
  {
    file: "website.events.tsx",
    path: "/admin/website/events",
    ...websiteEventsScreen,
    form: {
      intent: "add-event",
      title: "Staff party",
      startsOn: "2031-01-01",
      time: "all day",
      description: "Not by staff.",
    },
  },
  {
    file: "website.pictures.tsx",
    path: "/admin/website/pictures",
    ...websitePicturesScreen,
    form: { intent: "move-up", id: crypto.randomUUID() },
  },
];

/** Modules staff may use, each tested below or guarded by the same requireAdmin* as before. */
const staffModules = [
  "today.tsx",
  "today-print.tsx",
  "bookings.tsx",
  // The front desk: overrides and refunds are refused inside the commands (server/bookings).
  "bookings.new.tsx",
  "bookings.change.tsx",
  "calendar.tsx",
  "timeline.tsx",
  "dashboard.tsx", // staff are sent on to Today: it shows the takings
  "invoice.tsx",
  "invoice-pdf.ts",
  "layout.tsx",
  "logout.ts",
  "catch-all.tsx",
  "account.tsx", // each person's own two-factor: tested in account.db.test.ts
];

/** Row counts of everything the owner-only actions could change. */
async function snapshot() {
  const { db } = database();
  const n = async (table: PgTable) =>
    theRow(await db.select({ n: count() }).from(table), "a count").n;
  return {
    audit: await n(auditLog),
    campsites: await n(campsites),
    codes: await n(discountCodes),
    cards: await n(prepaidCards),
    settings: await n(settings),
    invitations: await n(staffInvitations),
    siteContent: await n(siteContentVersions),
    events: await n(siteEvents),
    price: theRow(
      await db
        .select({ p: campsites.pricePerNightCents })
        .from(campsites)
        .where(eq(campsites.id, campsiteId())),
      "the campsite",
    ).p,
  };
}

function callAs(route: OwnerRoute, kind: "loader" | "action", caller: "staff" | "admin") {
  const handler = route[kind];
  if (!handler) throw new Error(`${route.file} has no ${kind}`);
  const url = route.path.replace(":id", campsiteId());
  const a = args(url, caller, kind === "action" ? (route.form ?? { intent: "x" }) : undefined) as {
    params: Record<string, string>;
  };
  a.params = { campsiteId: campsiteId(), id: crypto.randomUUID(), page: "about" };
  return outcome(() => Promise.resolve(handler(a as never)));
}

describe("the owner's screens and actions", () => {
  it("classifies every admin route module as the owner's or also the staff's", () => {
    const dir = path.resolve("app/routes/admin");
    const modules = readdirSync(dir).filter(
      (f) => /\.tsx?$/.test(f) && !f.endsWith(".server.ts") && !f.includes(".test."),
    );
    const known = new Set([...ownerRoutes.map((r) => r.file), ...staffModules]);
    expect(modules.filter((f) => !known.has(f))).toEqual([]);
  });

  it("answers a staff member 403 'Owner Only' from every owner-only loader and action, changing nothing", async () => {
    theCampsite = await createCampsite(database().db, { name: "Guarded Camp" });
    const before = await snapshot();
    for (const route of ownerRoutes) {
      for (const kind of ["loader", "action"] as const) {
        if (!route[kind]) continue;
        const result = await callAs(route, kind, "staff");
        expect(result.status, `${kind} of ${route.file}`).toBe(403);
        expect(result.data, `${kind} of ${route.file}`).toMatchObject({ code: "owner_only" });
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("still lets the owner in (the same calls are not refused)", async () => {
    for (const route of ownerRoutes.filter((r) => r.loader && !r.file.includes("photos"))) {
      const result = await callAs(route, "loader", "admin");
      expect([200, 404], `loader of ${route.file}`).toContain(result.status);
    }
  });
});

describe("what staff may do", () => {
  it("opens Today, Bookings, the Calendar and the Timeline, and is sent from the dashboard to Today", async () => {
    for (const [loader, url] of [
      [todayScreen.loader, "/admin/today"],
      [bookingsScreen.loader, "/admin/bookings"],
      [calendarScreen.loader, "/admin/calendar"],
      [timelineScreen.loader, "/admin/timeline?range=3m"],
    ] as const) {
      expect((await outcome(() => loader(args(url, "staff")))).status, url).toBe(200);
    }
    const dashboard = await outcome(() => dashboardScreen.loader(args("/admin", "staff")));
    expect(dashboard.location).toBe("/admin/today");
    const bookingsPage = await outcome(() =>
      bookingsScreen.loader(args("/admin/bookings", "staff")),
    );
    expect(bookingsPage.data).toMatchObject({ mayRefund: false });
  });

  it("refuses a refund to staff with 403, leaving the booking as it was", async () => {
    const { db } = database();
    const booking = await insertBooking(db, theCampsite, { status: "confirmed" });
    for (const refund of ["full", "partial"]) {
      const result = await outcome(() =>
        bookingsScreen.action(
          args("/admin/bookings", "staff", {
            intent: "cancel",
            bookingId: booking.id,
            refund,
            refundAmount: "5.00",
          }),
        ),
      );
      expect(result.status, refund).toBe(403);
    }
    const [after] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(after?.status).toBe("confirmed");
  });

  it("cancels without a refund, audited under the staff member's name", async () => {
    const { db } = database();
    const booking = await insertBooking(db, theCampsite, {
      status: "confirmed",
      checkInDate: addDays(farmToday(), 30),
    });
    const cancelled = await outcome(() =>
      bookingsScreen.action(
        args("/admin/bookings", "staff", {
          intent: "cancel",
          bookingId: booking.id,
          refund: "none",
        }),
      ),
    );
    expect(cancelled.data).toMatchObject({ ok: true });
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.entityId, booking.id));
    expect(entry).toMatchObject({ action: "booking.cancelled", actorUserId: staffId() });
    const roles = await db.select().from(userRoles).where(eq(userRoles.userId, staffId()));
    expect(roles.map((r) => r.role)).toEqual(["staff"]);
  });
});

describe("a signed-in camper inside /admin", () => {
  it("gets the layout's 'Access Denied' from the screen too, though the layout ended the session first", async () => {
    const cookie = await signIn(camperAccount.email, camperAccount.password);
    // React Router hands one Request to the layout's and the screen's loaders.
    const page = args("/admin/bookings", { cookie });
    const gate = await outcome(() => layout.loader(page));
    expect(gate).toMatchObject({ status: 403, data: { title: "Access Denied" } });
    const screen = await outcome(() => bookingsScreen.loader(page));
    expect(screen).toMatchObject({ status: 403, data: { title: "Access Denied" } });
    // The session has ended: a later request is sent to sign in.
    const later = await outcome(() => bookingsScreen.loader(args("/admin/bookings", { cookie })));
    expect(later).toMatchObject({ status: 302, location: "/login" });
  });
});
