import { describe, expect, it } from "vitest";
import type { PendingBooking } from "./booking-api";
import {
  type BookingRequestBody,
  findHeldBooking,
  forgetHeldBooking,
  type HeldBooking,
  saveHeldBooking,
} from "./booking-session";

function memoryStore() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

const request: BookingRequestBody = {
  campsiteId: "site-1",
  checkIn: "2026-12-01",
  checkOut: "2026-12-03",
  guests: 2,
  firstName: "Sam",
  lastName: "Camper",
  email: "sam@example.com",
};

const held = (keepUntil: number): HeldBooking => ({
  booking: { id: "b1", bookingReference: "BK123456" } as PendingBooking,
  holdSecret: "the-secret",
  keepUntil,
  request,
});

describe("the held booking kept in the tab", () => {
  const stay = { campsiteId: "site-1", checkIn: "2026-12-01", checkOut: "2026-12-03", guests: 2 };

  it("is found again for the same stay while it may still hold its unit", () => {
    const store = memoryStore();
    saveHeldBooking(held(10_000), store);
    expect(findHeldBooking(stay, 9_999, store)).toMatchObject({
      booking: { id: "b1" },
      holdSecret: "the-secret",
    });
    expect(findHeldBooking(stay, 10_000, store)).toBeUndefined();
  });

  it("is not used for another stay", () => {
    const store = memoryStore();
    saveHeldBooking(held(10_000), store);
    expect(findHeldBooking({ ...stay, guests: 3 }, 0, store)).toBeUndefined();
    expect(findHeldBooking({ ...stay, checkOut: "2026-12-04" }, 0, store)).toBeUndefined();
    expect(findHeldBooking({ ...stay, campsiteId: "site-2" }, 0, store)).toBeUndefined();
    expect(findHeldBooking({ ...stay, dogs: 1 }, 0, store)).toBeUndefined();
  });

  it("counts the dogs of the stay: none is the same as 0", () => {
    const store = memoryStore();
    saveHeldBooking(held(10_000), store);
    expect(findHeldBooking({ ...stay, dogs: 0 }, 0, store)).toBeDefined();
    saveHeldBooking({ ...held(10_000), request: { ...request, dogs: 2 } }, store);
    expect(findHeldBooking({ ...stay, dogs: 2 }, 0, store)).toBeDefined();
    expect(findHeldBooking({ ...stay, dogs: 1 }, 0, store)).toBeUndefined();
  });

  it("is gone once forgotten, and survives garbage in storage", () => {
    const store = memoryStore();
    saveHeldBooking(held(10_000), store);
    forgetHeldBooking(store);
    expect(findHeldBooking(stay, 0, store)).toBeUndefined();
    store.setItem("rocky-creek.held-booking", "{not json");
    expect(findHeldBooking(stay, 0, store)).toBeUndefined();
  });
});

describe("a kept booking that cannot be asked about", () => {
  const stay = { campsiteId: "site-1", checkIn: "2026-12-01", checkOut: "2026-12-03", guests: 2 };

  it("is ignored without its secret, as an older page kept it", () => {
    const store = memoryStore();
    const { holdSecret: _, ...withoutSecret } = held(10_000);
    store.setItem("rocky-creek.held-booking", JSON.stringify(withoutSecret));
    expect(findHeldBooking(stay, 0, store)).toBeUndefined();
  });
});
