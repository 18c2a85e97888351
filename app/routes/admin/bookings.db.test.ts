import { beforeAll, describe, expect, it } from "vitest";
import { NO_BOOKING_PAGE } from "#server/services/admin-bookings/page-link.ts";
import { type Caller, outcome, setupAdminRouteCalls } from "#server/testing/admin-route-calls.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { createCampsite, insertBooking } from "#server/testing/factories.ts";
import { auditEntries, queuedEmails } from "#server/testing/queued.ts";
import { action } from "./bookings";

const database = setupTestDatabase();
const { args, adminId, staffId } = setupAdminRouteCalls(database);
let site: Awaited<ReturnType<typeof createCampsite>>;

beforeAll(async () => {
  site = await createCampsite(database().db, { name: "Creekside Camp", quantity: 4 });
});

const sendLink = (bookingId: string, caller: Caller = "admin") =>
  outcome(() => action(args("/admin/bookings", caller, { intent: "send-page-link", bookingId })));
const linksOf = (id: string) => queuedEmails(database().db, id, "booking-page-link");
const auditOf = (id: string) => auditEntries(database().db, id, "booking.page_link_sent");

describe("Send booking page link", () => {
  it("is sent by the owner and by staff, each audited under their own name", async () => {
    for (const [caller, who, checkInDate] of [
      ["admin", adminId, "2032-04-01"],
      ["staff", staffId, "2032-04-10"],
    ] as const) {
      const booking = await insertBooking(database().db, site, {
        status: "paid",
        checkInDate,
        guestEmail: `${caller}.guest@example.com`,
      });
      const answer = await sendLink(booking.id, caller);
      expect(answer.status, caller).toBe(200);
      expect(answer.data).toMatchObject({
        intent: "send-page-link",
        ok: true,
        toast: {
          kind: "success",
          title: "Booking page link sent",
          description: `The link to their booking page is on its way to ${caller}.guest@example.com.`,
        },
      });
      expect(await linksOf(booking.id)).toHaveLength(1);
      const [entry] = await auditOf(booking.id);
      expect(entry?.actorUserId).toBe(who());
    }
  });

  it("refuses a booking with no page with 409 and the reason, sending nothing", async () => {
    const booking = await insertBooking(database().db, site, {
      status: "pending",
      holdExpiresAt: new Date(Date.now() + 60_000),
      checkInDate: "2032-05-01",
      checkOutDate: "2032-05-03",
    });
    const answer = await sendLink(booking.id);
    expect(answer.status).toBe(409);
    expect(answer.data).toMatchObject({
      ok: false,
      toast: { kind: "error", description: NO_BOOKING_PAGE },
    });
    expect(await linksOf(booking.id)).toEqual([]);
    expect(await auditOf(booking.id)).toEqual([]);
  });

  it("answers bad input 400 and a caller without a role 403, sending nothing", async () => {
    const booking = await insertBooking(database().db, site, {
      status: "confirmed",
      checkInDate: "2032-06-01",
      checkOutDate: "2032-06-03",
    });
    expect((await sendLink("not-a-uuid")).status).toBe(400);
    expect((await sendLink(booking.id, "camper")).status).toBe(403);
    expect((await sendLink(booking.id, null)).location).toBe("/login");
    expect(await linksOf(booking.id)).toEqual([]);
  });
});
