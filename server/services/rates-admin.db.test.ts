import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { baseRatesFormSchema, extraFormSchema, seasonFormSchema } from "#domain/forms/rates.ts";
import { auditLog, campsiteExtras, campsiteSeasons, campsites, user } from "#server/db/schema.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { createCampsite } from "#server/testing/factories.ts";
import {
  addExtra,
  addSeason,
  deleteExtra,
  deleteSeason,
  ratesOverview,
  saveBaseRates,
  setExtraActive,
  updateExtra,
  updateSeason,
} from "./rates-admin";

const database = setupTestDatabase();
const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";

async function anAdmin() {
  const id = `admin-${Math.random().toString(36).slice(2)}`;
  await database()
    .db.insert(user)
    .values({ id, name: "Owner", email: `${id}@example.com` });
  return { id };
}

const ratesForm = (overrides: Record<string, string> = {}) =>
  baseRatesFormSchema.parse({
    pricePerNight: "45",
    weekendPrice: "60",
    baseOccupancy: "2",
    extraGuestFee: "10",
    petFee: "7.50",
    maxDogs: "2",
    longWeekendRule: "on",
    longWeekendMinimumNights: "3",
    ...overrides,
  });

const seasonForm = (overrides: Record<string, string> = {}) =>
  seasonFormSchema.parse({
    name: "Christmas school holidays",
    startDate: "2026-12-20",
    endDate: "2027-01-26",
    nightPrice: "75",
    weekendPrice: "",
    minimumNights: "5",
    ...overrides,
  });

const extraForm = (overrides: Record<string, string> = {}) =>
  extraFormSchema.parse({
    name: "Firewood",
    price: "12",
    per: "night",
    maxQuantity: "3",
    ...overrides,
  });

async function auditOf(action: string, entityId: string) {
  return database()
    .db.select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));
}

async function seasonsOf(campsiteId: string) {
  return database()
    .db.select()
    .from(campsiteSeasons)
    .where(eq(campsiteSeasons.campsiteId, campsiteId));
}

describe("the prices and fees", () => {
  it("are stored in cents with the long-weekend minimum, and the change is audited", async () => {
    const { db } = database();
    const admin = await anAdmin();
    const campsite = await createCampsite(db, { capacity: 6 });
    await saveBaseRates(db, admin, campsite.id, ratesForm());
    const overview = await ratesOverview(db, campsite.id);
    expect(overview.rates).toEqual({
      nightPriceCents: 4500,
      weekendPriceCents: 6000,
      baseOccupancy: 2,
      extraGuestFeeCents: 1000,
      petFeeCents: 750,
      maxDogs: 2,
      longWeekendMinimumNights: 3,
    });
    const [entry] = await auditOf("campsite.rates_updated", campsite.id);
    expect(entry?.actorUserId).toBe(admin.id);
    expect(entry?.details).toMatchObject({
      changes: { pricePerNightCents: { from: 5000, to: 4500 }, weekendPriceCents: { to: 6000 } },
    });

    await saveBaseRates(
      db,
      admin,
      campsite.id,
      ratesForm({ longWeekendRule: "", weekendPrice: "" }),
    );
    const after = await ratesOverview(db, campsite.id);
    expect(after.rates).toMatchObject({ weekendPriceCents: null, longWeekendMinimumNights: null });
  });

  it("refuses more guests included than the campsite takes, saving nothing", async () => {
    const { db } = database();
    const admin = await anAdmin();
    const campsite = await createCampsite(db, { capacity: 4 });
    await expect(
      saveBaseRates(db, admin, campsite.id, ratesForm({ baseOccupancy: "5" })),
    ).rejects.toMatchObject({
      refusal: "invalid",
      fieldErrors: {
        baseOccupancy: "Guests included cannot be more than the 4 guests this campsite takes.",
      },
    });
    const [row] = await db.select().from(campsites).where(eq(campsites.id, campsite.id));
    expect(row).toMatchObject({
      pricePerNightCents: 5000,
      weekendPriceCents: null,
      petFeeCents: 0,
    });
    expect(await auditOf("campsite.rates_updated", campsite.id)).toEqual([]);
  });

  it("names the campsite when it does not exist or its id is malformed", async () => {
    const { db } = database();
    const admin = await anAdmin();
    for (const id of [NO_SUCH_ID, "not-a-uuid"]) {
      await expect(saveBaseRates(db, admin, id, ratesForm())).rejects.toMatchObject({
        refusal: "invalid",
        fieldErrors: { campsiteId: "This campsite no longer exists. Reload the page." },
      });
      await expect(ratesOverview(db, id)).rejects.toMatchObject({ refusal: "not_found" });
    }
  });
});

describe("seasons", () => {
  it("are added, edited and deleted, each change audited", async () => {
    const { db } = database();
    const admin = await anAdmin();
    const campsite = await createCampsite(db);
    const season = await addSeason(db, admin, campsite.id, seasonForm());
    expect(season).toMatchObject({ name: "Christmas school holidays", nightPriceCents: 7500 });
    expect(await auditOf("campsite_season.created", season.id)).toHaveLength(1);

    // Moving a season over its own old nights is no overlap.
    const moved = await updateSeason(
      db,
      admin,
      campsite.id,
      season.id,
      seasonForm({ startDate: "2026-12-18", weekendPrice: "90" }),
    );
    expect(moved).toMatchObject({ startDate: "2026-12-18", weekendPriceCents: 9000 });
    expect(await auditOf("campsite_season.updated", season.id)).toHaveLength(1);

    await deleteSeason(db, admin, campsite.id, season.id);
    expect(await seasonsOf(campsite.id)).toEqual([]);
    expect(await auditOf("campsite_season.deleted", season.id)).toHaveLength(1);
  });

  it("may not overlap: the refusal names the season it overlaps, and nothing is saved", async () => {
    const { db } = database();
    const admin = await anAdmin();
    const campsite = await createCampsite(db);
    const christmas = await addSeason(db, admin, campsite.id, seasonForm());
    const overlap = seasonForm({ name: "Summer", startDate: "2027-01-26", endDate: "2027-02-28" });
    await expect(addSeason(db, admin, campsite.id, overlap)).rejects.toMatchObject({
      refusal: "invalid",
      code: "season_overlap",
      message: "This season overlaps 'Christmas school holidays'.",
      fieldErrors: { startDate: "This season overlaps 'Christmas school holidays'." },
    });
    expect(await seasonsOf(campsite.id)).toHaveLength(1);
    const created = await db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "campsite_season.created"),
          sql`${auditLog.details}->>'campsiteId' = ${campsite.id}`,
        ),
      );
    expect(created.map((e) => e.entityId)).toEqual([christmas.id]);

    // The day after is free; moving it back over Christmas is refused the same way.
    const summer = await addSeason(
      db,
      admin,
      campsite.id,
      seasonForm({ name: "Summer", startDate: "2027-01-27", endDate: "2027-02-28" }),
    );
    await expect(
      updateSeason(
        db,
        admin,
        campsite.id,
        summer.id,
        seasonForm({ name: "Summer", endDate: "2027-02-28", startDate: "2027-01-01" }),
      ),
    ).rejects.toMatchObject({ message: "This season overlaps 'Christmas school holidays'." });
    const [kept] = await db.select().from(campsiteSeasons).where(eq(campsiteSeasons.id, summer.id));
    expect(kept?.startDate).toBe("2027-01-27");
  });

  it("of another campsite may share nights, but cannot be changed from this one", async () => {
    const { db } = database();
    const admin = await anAdmin();
    const here = await createCampsite(db);
    const there = await createCampsite(db);
    await addSeason(db, admin, here.id, seasonForm());
    const theirs = await addSeason(db, admin, there.id, seasonForm());
    for (const seasonId of [theirs.id, NO_SUCH_ID, "1; drop table"]) {
      await expect(
        updateSeason(db, admin, here.id, seasonId, seasonForm({ nightPrice: "1" })),
      ).rejects.toMatchObject({
        refusal: "invalid",
        fieldErrors: { seasonId: "This season no longer exists. Reload the page." },
      });
      await expect(deleteSeason(db, admin, here.id, seasonId)).rejects.toMatchObject({
        fieldErrors: { seasonId: expect.any(String) },
      });
    }
    expect((await seasonsOf(there.id)).map((s) => s.nightPriceCents)).toEqual([7500]);
  });
});

describe("extras", () => {
  it("are added, edited, deactivated and deleted, each change audited", async () => {
    const { db } = database();
    const admin = await anAdmin();
    const campsite = await createCampsite(db);
    const extra = await addExtra(db, admin, campsite.id, extraForm());
    expect(extra).toEqual({
      id: extra.id,
      name: "Firewood",
      priceCents: 1200,
      per: "night",
      maxQuantity: 3,
      isActive: true,
    });
    const edited = await updateExtra(
      db,
      admin,
      campsite.id,
      extra.id,
      extraForm({ name: "Firewood bundle", per: "stay", price: "15" }),
    );
    expect(edited).toMatchObject({ name: "Firewood bundle", per: "stay", priceCents: 1500 });
    const inactive = await setExtraActive(db, admin, campsite.id, extra.id, false);
    expect(inactive.isActive).toBe(false);
    expect((await ratesOverview(db, campsite.id)).extras).toEqual([inactive]);
    await deleteExtra(db, admin, campsite.id, extra.id);
    expect(await db.select().from(campsiteExtras).where(eq(campsiteExtras.id, extra.id))).toEqual(
      [],
    );
    for (const action of ["created", "updated", "deactivated", "deleted"]) {
      const entries = await auditOf(`campsite_extra.${action}`, extra.id);
      expect(
        entries.map((e) => e.actorUserId),
        action,
      ).toEqual([admin.id]);
    }
  });

  it("of another campsite cannot be changed from this one", async () => {
    const { db } = database();
    const admin = await anAdmin();
    const here = await createCampsite(db);
    const there = await createCampsite(db);
    const theirs = await addExtra(db, admin, there.id, extraForm());
    for (const change of [
      () => updateExtra(db, admin, here.id, theirs.id, extraForm({ price: "0" })),
      () => setExtraActive(db, admin, here.id, theirs.id, false),
      () => deleteExtra(db, admin, here.id, theirs.id),
      () => deleteExtra(db, admin, here.id, "x"),
    ]) {
      await expect(change()).rejects.toMatchObject({
        refusal: "invalid",
        fieldErrors: { extraId: "This extra no longer exists. Reload the page." },
      });
    }
    expect((await ratesOverview(db, there.id)).extras).toEqual([theirs]);
  });
});

describe("the coming long weekends", () => {
  it("lists the next four with the shortest stay that may include them", async () => {
    const { db } = database();
    const admin = await anAdmin();
    const campsite = await createCampsite(db);
    await saveBaseRates(db, admin, campsite.id, ratesForm({ longWeekendMinimumNights: "3" }));
    await addSeason(db, admin, campsite.id, seasonForm({ minimumNights: "5" }));
    const { longWeekends } = await ratesOverview(
      db,
      campsite.id,
      new Date("2026-06-01T00:00:00+10:00"),
    );
    expect(longWeekends).toHaveLength(4);
    // The King's Birthday weekend: Friday to Sunday nights, the rule's 3 nights.
    expect(longWeekends[0]).toEqual({
      firstNight: "2026-10-02",
      lastNight: "2026-10-04",
      nights: 3,
      minimumNights: 3,
    });
    // Christmas falls in the season, whose 5 nights are longer.
    expect(longWeekends[1]).toMatchObject({ firstNight: "2026-12-23", minimumNights: 5 });
  });
});
