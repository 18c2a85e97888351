// /api/admin: the back office's machine endpoints for daily operations
// (spec 7.4): the dashboard, bookings, the calendar and the live-update
// stream. adminGuard (mounted on all of /api/admin in http/index.ts) answers
// 401 without a session and 403 without a role before any of these run; the
// dashboard (takings) and refunds are the owner's (decision 0017).
import { Router } from "express";
import { z } from "zod";
import { bookingFilters } from "#domain/api/admin-bookings.ts";
import { cancelBookingSchema } from "#domain/forms/cancel-booking.ts";
import { plainText } from "#domain/forms/plain-text.ts";
import { isMonth } from "#domain/rules/calendar-month.ts";
import { farmMonth } from "#domain/rules/dates.ts";
import { BOOKING_REFERENCE_PATTERN } from "#domain/rules/reference.ts";
import { cancelAsFarm } from "#server/bookings/index.ts";
import { getAppContext } from "#server/context.ts";
import { getBookingDetails } from "#server/services/admin-bookings/details.ts";
import { listBookings } from "#server/services/admin-bookings/list.ts";
import { sendBookingNotification } from "#server/services/admin-bookings/notify.ts";
import { loadCalendar, setDayBlocked } from "#server/services/calendar.ts";
import { loadDashboard } from "#server/services/dashboard.ts";
import { adminApiGuard, adminUserOf, ownerOnlyApi } from "./admin-guard";
import { parseBody, parseInput } from "./errors";
import { createLiveUpdates, type LiveUpdates } from "./live-updates";

const globalStore = globalThis as unknown as { __liveUpdates?: LiveUpdates };

/** This process's live-update streams, shared across development reloads. */
export function liveUpdates(): LiveUpdates {
  if (!globalStore.__liveUpdates) {
    const live = createLiveUpdates(async () => (await getAppContext()).database);
    globalStore.__liveUpdates = live;
    // End the streams as soon as a shutdown starts, so open connections do not hold it up.
    for (const signal of ["SIGTERM", "SIGINT"] as const)
      process.once(signal, () => void live.close());
  }
  return globalStore.__liveUpdates;
}

/** Ends the live streams and stops listening; part of a graceful stop. */
export async function closeLiveUpdates(): Promise<void> {
  const live = globalStore.__liveUpdates;
  globalStore.__liveUpdates = undefined;
  await live?.close();
}

/** 401/403 for every /api/admin request without an administrator's session. */
export const adminGuard = adminApiGuard(getAppContext);

const uuid = z.uuid("That is not a booking id.");
/** A page of the bookings starts after (or ends before) a booking, named by its reference. */
const pageCursor = z
  .string()
  .regex(BOOKING_REFERENCE_PATTERN, "Give a page as a booking reference, such as BK123456.");
const bookingQuery = z.object({
  search: z
    .string()
    .max(100, "Search for at most 100 characters.")
    .refine(...plainText("The search"))
    .optional(),
  status: z
    .enum(
      bookingFilters,
      "Choose a status filter: all, confirmed, paid, pending, expired, cancelled or refunded.",
    )
    .optional(),
  after: pageCursor.optional(),
  before: pageCursor.optional(),
});

const calendarQuery = z.object({
  month: z.string().refine(isMonth, "Choose a month as yyyy-MM.").optional(),
  campsiteId: z.uuid("That is not a campsite id.").optional(),
});

export const blockInput = z.object({
  date: z.string(),
  campsiteId: z.uuid("That is not a campsite id.").nullable().default(null),
  blocked: z.boolean("Say whether the day should be blocked (true) or open (false)."),
});

export function adminOperationsRouter(): Router {
  const router = Router();

  router.get("/live", (req, res, next) => liveUpdates().handler(req, res, next));

  router.get("/dashboard", ownerOnlyApi, async (_req, res) => {
    const { db } = await getAppContext();
    res.set("Cache-Control", "no-store").json(await loadDashboard(db));
  });

  router.get("/bookings", async (req, res) => {
    const query = parseInput(bookingQuery, req.query);
    const { db } = await getAppContext();
    res.set("Cache-Control", "no-store").json(await listBookings(db, query));
  });

  router.get("/bookings/:id", async (req, res) => {
    const id = parseInput(uuid, req.params.id);
    const { db } = await getAppContext();
    res.set("Cache-Control", "no-store").json({ booking: await getBookingDetails(db, id) });
  });

  router.post("/bookings/:id/cancel", async (req, res) => {
    const id = parseInput(uuid, req.params.id);
    const input = parseBody(cancelBookingSchema, req);
    const { db } = await getAppContext();
    res.json(await cancelAsFarm(db, adminUserOf(res), id, input));
  });

  router.post("/bookings/:id/notification", async (req, res) => {
    const id = parseInput(uuid, req.params.id);
    const { db } = await getAppContext();
    res.json(await sendBookingNotification(db, adminUserOf(res), id));
  });

  router.get("/calendar", async (req, res) => {
    const query = parseInput(calendarQuery, req.query);
    const { db } = await getAppContext();
    const month = query.month ?? farmMonth();
    res
      .set("Cache-Control", "no-store")
      .json(await loadCalendar(db, { month, campsiteId: query.campsiteId ?? null }));
  });

  router.put("/blocked-dates", async (req, res) => {
    const input = parseBody(blockInput, req);
    const { db } = await getAppContext();
    res.json(await setDayBlocked(db, adminUserOf(res), input));
  });

  return router;
}
