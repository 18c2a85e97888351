// Test-only: `count` past bookings of one campsite of their own, guests named
// "Pager Guest <n>", in DATA_DIR's database (before its server opens it), for
// a list longer than a page.
import { closeDatabase, getDatabase } from "#server/db/index.ts";
import { createCampsite, insertBooking } from "#server/testing/factories.ts";

const count = Number(process.argv[2]);
if (!Number.isInteger(count) || count < 1) throw new Error("usage: many-bookings.ts <count>");
const { db } = await getDatabase();
const camp = await createCampsite(db, { name: "Paging Paddock" });
for (let i = 0; i < count; i++) {
  await insertBooking(db, camp, {
    bookingReference: `BK7${String(i).padStart(5, "0")}`,
    guestFirstName: "Pager",
    guestLastName: `Guest ${i}`,
    status: "expired",
    createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
    checkInDate: "2025-03-01",
    checkOutDate: "2025-03-02",
  });
}
await closeDatabase();
