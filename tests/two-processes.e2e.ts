// Two app processes sharing one PostgreSQL database and one S3-compatible
// object store (s3rver on loopback), as a farm that outgrew one machine runs
// them. Raced as campers and an attacker would, the guarantees of decision
// 0012 and the exclusion constraint hold across processes, not only within
// one; a photo uploaded through one is served by the other, from neither's
// disk. Runs when TEST_DATABASE_URL names a PostgreSQL server (the test script
// sets it when one answers on 127.0.0.1:5432).

import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { farmDetailsOf, siteConfig, takePublishedFarmDetails } from "#content/site.ts";
import { farmDetailsSchema } from "#domain/forms/farm-details.ts";
import { parseForm } from "#domain/forms/form-fields.ts";
import { siteEventSchema } from "#domain/forms/site-event.ts";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import { createAuth } from "#server/auth.ts";
import { type DatabaseHandle, openDatabase } from "#server/db/client.ts";
import { pageThreadConnectionName } from "#server/db/index.ts";
import { rowsOf } from "#server/db/rows.ts";
import { bookings, discountCodes, payments, prepaidCards } from "#server/db/schema.ts";
import { createOrPromoteAdmin } from "#server/services/admin-accounts.ts";
import { liveFaq, publishFaq } from "#server/services/faq.ts";
import { publishFarmDetails } from "#server/services/farm-details.ts";
import { reportFigures } from "#server/services/reports.ts";
import { addSiteEvent } from "#server/services/site-events.ts";
import { adminQuery, databaseUrl, dropDatabase } from "#server/testing/database-templates.ts";
import {
  createCampsite,
  createDiscountCode,
  createPrepaidCard,
} from "#server/testing/factories.ts";
import { startObjectStore, type TestObjectStore } from "#server/testing/object-store.ts";
import { cameraJpeg } from "#server/testing/photos.ts";
import { present } from "#server/testing/present.ts";
import { testAccounts } from "#tests/support/accounts.ts";
import { payBody } from "#tests/support/policy.ts";
import { type RunningServer, spawnServer } from "#tests/support/spawn-server.ts";

const serverUrl = process.env.TEST_DATABASE_URL;
const name = `rcs_e2e_${randomBytes(5).toString("hex")}`;
const dataDirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), "rcs-two-")));
const servers: RunningServer[] = [];
let database: DatabaseHandle;
const db = () => database.db;

let store: TestObjectStore | undefined;

beforeAll(async () => {
  if (!serverUrl) return;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = databaseUrl(serverUrl, name);
  database = await openDatabase({ url, maxConnections: 5 });
  await createOrPromoteAdmin({ db: db(), auth: createAuth(db()) }, testAccounts.admin);
  store = await startObjectStore();
  // One after the other: the first applies the migrations.
  for (const dir of dataDirs)
    servers.push(await spawnServer(dir, { DATABASE_URL: url, ...store.env }));
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await store?.stop();
  await database?.close();
  if (serverUrl) await dropDatabase(serverUrl, name);
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** The session cookie of the farm's administrator, signed in on `server`. */
async function adminCookie(server: RunningServer): Promise<string> {
  const signIn = await fetch(`${server.baseURL}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.baseURL },
    body: JSON.stringify(testAccounts.admin),
  });
  expect(signIn.status).toBe(200);
  return signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** The request of camper `n`, to one process or the other, from an address of their own. */
function asCamper(
  n: number,
  pathname: string,
  init: { method: string; body?: unknown; secret?: string },
) {
  const server = present(servers[n % 2], "an app process");
  return fetch(`${server.baseURL}${pathname}`, {
    method: init.method,
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      ...(init.secret && { "x-hold-secret": init.secret }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

const stay = (campsiteId: string, fromToday: number) => {
  const checkIn = addDays(farmToday(), fromToday);
  return { campsiteId, checkIn, checkOut: addDays(checkIn, 2), guests: 1 };
};
const guest = (n: number) => ({
  firstName: "Racing",
  lastName: `Camper${n}`,
  email: `camper${n}@example.com`,
});

type Held = { booking: { id: string; checkIn: string }; holdSecret: string };

/** Pay's request for a held booking: its policy accepted as step 3 states it. */
const startPayment = async (n: number, held: Held, campsiteId: string) =>
  asCamper(n, `/api/bookings/${held.booking.id}/payment`, {
    method: "POST",
    secret: held.holdSecret,
    body: await payBody(campsiteId, held.booking.checkIn, present(servers[0], "a process").baseURL),
  });

/** Pays a held booking on the built-in test checkout, as its page's Pay button does. */
async function pay(n: number, held: Held, campsiteId: string) {
  const start = await startPayment(n, held, campsiteId);
  expect(start.status).toBe(200);
  const { url } = (await start.json()) as { url: string };
  const page = new URL(url);
  const paid = await fetch(url, {
    method: "POST",
    headers: { origin: page.origin, "content-type": "application/x-www-form-urlencoded" },
    body: "intent=pay",
    redirect: "manual",
  });
  expect(paid.headers.get("location")).toMatch(/^\/booking-success\?session_id=/);
}

/** `count` campers asking at once for holds of `body`; the holds they got and every status. */
async function race(count: number, body: (n: number) => unknown) {
  const answers = await Promise.all(
    Array.from({ length: count }, async (_, n) => {
      const res = await asCamper(n, "/api/bookings", { method: "POST", body: body(n) });
      return { n, status: res.status, body: (await res.json()) as Held & { code?: string } };
    }),
  );
  return {
    held: answers.filter((a) => a.status === 201),
    statuses: answers.map((a) => a.status),
    codes: answers.filter((a) => a.status !== 201).map((a) => a.body.code),
  };
}

describe.skipIf(!serverUrl)("two app processes on one PostgreSQL database", () => {
  it("give the last unit to exactly one of 1,000 racing campers", async () => {
    const site = await createCampsite(db(), { quantity: 1 });
    const { held, statuses } = await race(1000, (n) => ({ ...stay(site.id, 30), ...guest(n) }));
    expect(held).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(999);
    const rows = await db().select().from(bookings).where(eq(bookings.campsiteId, site.id));
    expect(rows).toHaveLength(1);
  }, 120_000);

  it("charge nobody for a $20 card or a 3-use code that 40 campers race for", async () => {
    const site = await createCampsite(db(), { quantity: 40, pricePerNightCents: 5000 });
    const card = await createPrepaidCard(db(), { balanceCents: 2000 });
    const code = await createDiscountCode(db(), { usageLimit: 3 });
    for (const [credit, expected] of [
      [{ prepaidCardNumber: card.cardNumber }, 1],
      [{ discountCode: code.code }, 3],
    ] as const) {
      const { held, codes } = await race(40, (n) => ({
        ...stay(site.id, 40),
        ...guest(n),
        ...credit,
      }));
      expect(held).toHaveLength(expected);
      expect(new Set(codes)).toEqual(
        new Set(["prepaidCardNumber" in credit ? "invalid_prepaid_card" : "invalid_discount_code"]),
      );
      for (const { n, body } of held) await pay(n, body, site.id);
    }
    const paid = await db().select().from(payments);
    expect(paid.filter((p) => p.status === "succeeded")).toHaveLength(4);
    expect(paid.filter((p) => p.refundedAmountCents > 0 || p.status === "refunded")).toEqual([]);
    const [after] = await db().select().from(prepaidCards).where(eq(prepaidCards.id, card.id));
    expect(after?.balanceCents).toBe(0);
    const [used] = await db().select().from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(used?.usedCount).toBe(3);
  }, 120_000);

  it("refuse one client's fourth live hold, whichever process it asks", async () => {
    const site = await createCampsite(db(), { quantity: 10 });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const server = present(servers[i % 2], "an app process");
      const res = await fetch(`${server.baseURL}/api/bookings`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.200" },
        body: JSON.stringify({ ...stay(site.id, 60 + i * 3), ...guest(i) }),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it("answer two payment starts at once with one session, and never revive an ended hold", async () => {
    const site = await createCampsite(db(), { quantity: 1 });
    const { held } = await race(1, (n) => ({ ...stay(site.id, 80), ...guest(n) }));
    const { body } = present(held[0], "the hold");
    const starts = await Promise.all(
      [0, 1].map((n) =>
        startPayment(n, body, site.id).then((r) => r.json() as Promise<{ url: string }>),
      ),
    );
    expect(starts[1]?.url).toBe(starts[0]?.url);
    expect(
      await db().select().from(payments).where(eq(payments.bookingId, body.booking.id)),
    ).toHaveLength(1);

    await db()
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, body.booking.id));
    const again = await startPayment(1, body, site.id);
    expect(again.status).toBe(409);
    expect((await again.json()).code).toBe("hold_expired");
  });

  it("serve a photo uploaded through one process from the other, from neither's disk", async () => {
    const [uploader, other] = servers as [RunningServer, RunningServer];
    const cookie = await adminCookie(uploader);
    const upload = await fetch(`${uploader.baseURL}/admin/campsites/photos`, {
      method: "POST",
      headers: { cookie, "content-type": "image/jpeg", origin: uploader.baseURL },
      body: Buffer.from(await cameraJpeg({ width: 1200, height: 900 })),
    });
    expect(upload.status).toBe(201);
    const { url } = (await upload.json()) as { url: string };
    expect(url).toMatch(/^\/uploads\/campsites\/[0-9a-f]{24}\.webp$/);
    for (const file of [url, url.replace(".webp", "-480.webp")]) {
      const res = await fetch(`${other.baseURL}${file}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/webp");
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.format).toBe("webp");
      // Re-encoded: the phone's EXIF, with its GPS position, is gone.
      expect(meta.exif).toBeUndefined();
    }
    for (const dir of dataDirs) expect(existsSync(path.join(dir, "uploads"))).toBe(false);
  });

  it("render a report on either process's page thread, with the figures counted here", async () => {
    const today = farmToday();
    const range = { from: addDays(today, -30), to: addDays(today, 60) };
    const { total } = await reportFigures(db(), "custom", range);
    expect(total.nightsSold).toBeGreaterThan(0);
    const nights = (n: number) => n.toLocaleString("en-AU");
    for (const server of servers) {
      const cookie = await adminCookie(server);
      const res = await fetch(`${server.baseURL}/admin/reports?from=${range.from}&to=${range.to}`, {
        headers: { cookie },
      });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("Sales by campsite");
      expect(html).toContain(`${nights(total.nightsSold)} of ${nights(total.availableUnitNights)}`);
      // A move within the back office asks for the route's data; the CSV is a download.
      const data = await fetch(
        `${server.baseURL}/admin/reports.data?from=${range.from}&to=${range.to}`,
        { headers: { cookie, "accept-encoding": "br" } },
      );
      expect(data.headers.get("content-encoding")).toBe("br");
      expect(await data.text()).toContain('"nightsSold"');
      const csv = await fetch(
        `${server.baseURL}/admin/reports/export?from=${range.from}&to=${range.to}`,
        { headers: { cookie } },
      );
      expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename=".+\.csv"$/);
    }
    // Rendered on each process's page thread, which reads through connections of its own.
    const connections = await db().execute(
      sql`select application_name as name from pg_stat_activity where datname = current_database()`,
    );
    const names = rowsOf<{ name: string }>(connections).map((row) => row.name);
    for (const server of servers)
      expect(names).toContain(pageThreadConnectionName(server.child.pid ?? 0));
  });

  it("show an FAQ answer, an event and a gallery picture the owner adds on both within 5 seconds", async () => {
    const page = async (n: number, path: string) =>
      (await fetch(`${present(servers[n], "an app process").baseURL}${path}`)).text();
    const says = (html: string, text: string | RegExp) =>
      typeof text === "string" ? html.includes(text) : text.test(html);
    const paths = ["/", "/faq", "/events", "/gallery"];
    // Both keep the pages first, as they would between changes.
    for (const n of [0, 1]) for (const path of paths) await page(n, path);

    const [first, ...rest] = await liveFaq(db());
    if (!first) throw new Error("the FAQ has no questions");
    await publishFaq(db(), null, [{ ...first, answer: "Yes, and the creek is warm." }, ...rest]);
    const event = parseForm(siteEventSchema, {
      title: "Bush Poetry Breakfast",
      startsOn: addDays(farmToday(), 1),
      time: "7am to 9am",
      description: "Damper, billy tea and verse by the creek.",
    });
    if (!event.ok) throw new Error(JSON.stringify(event.errors));
    await addSiteEvent(db(), null, event.data);
    const [uploader] = servers as [RunningServer, RunningServer];
    const picture = new FormData();
    picture.set("intent", "add-picture");
    picture.set("alt", "Mist rising from the creek at dawn");
    picture.set("caption", "Sunrise over the creek");
    picture.set(
      "photo",
      new File([new Uint8Array(await cameraJpeg({ width: 1200, height: 900 }))], "creek.jpg", {
        type: "image/jpeg",
      }),
    );
    const added = await fetch(`${uploader.baseURL}/admin/website/pictures`, {
      method: "POST",
      headers: { cookie: await adminCookie(uploader), origin: uploader.baseURL },
      body: picture,
    });
    expect(added.status).toBeLessThan(400);

    const expected: [string, string | RegExp][] = [
      ["/faq", "Yes, and the creek is warm."],
      ["/events", "Bush Poetry Breakfast"],
      ["/", /Next at the farm[\s\S]*Bush Poetry Breakfast/],
      ["/gallery", 'alt="Mist rising from the creek at dawn"'],
    ];
    for (const n of [0, 1])
      for (const [path, text] of expected)
        await expect
          .poll(async () => says(await page(n, path), text), {
            message: `${path} on process ${n} says ${text}`,
            timeout: 5_000,
            interval: 200,
          })
          .toBe(true);
  });

  it("show the farm's details published through either process on both within 5 seconds", async () => {
    const home = async (n: number) =>
      (await fetch(`${present(servers[n], "an app process").baseURL}/`)).text();
    // Both keep the home page first, as they would between changes.
    for (const n of [0, 1]) expect(await home(n)).toContain('"telephone":"+61755501234"');
    const details = parseForm(farmDetailsSchema, {
      ...farmDetailsOf(siteConfig({})),
      phone: "0499 111 222",
      bookingListingUrl: "https://listing.example.com/rocky",
    });
    if (!details.ok) throw new Error(JSON.stringify(details.errors));
    await publishFarmDetails(db(), null, details.data);
    for (const n of [0, 1]) {
      await expect
        .poll(async () => (await home(n)).includes('"telephone":"+61499111222"'), {
          timeout: 5_000,
          interval: 200,
        })
        .toBe(true);
    }
    takePublishedFarmDetails(undefined);
  });
});
