import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { aboutPage } from "#content/about.ts";
import { campingPage } from "#content/camping.ts";
import { myBookingPage } from "#content/my-booking.ts";
import { siteConfig, takePublishedFarmDetails } from "#content/site.ts";
import { type FarmDetails, farmDetailsSchema } from "#domain/forms/farm-details.ts";
import { parseForm } from "#domain/forms/form-fields.ts";
import { textsOf } from "#domain/forms/page-texts.ts";
import { defaultSettings } from "#domain/forms/settings.ts";
import { auditLog, user } from "#server/db/schema.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { faqForPage, faqHistory, publishFaq, restoreFaq, whatToBring } from "./faq";
import {
  farmDetailsHistory,
  loadFarmDetails,
  publishFarmDetails,
  restoreFarmDetails,
} from "./farm-details";
import { livePage, pageHistory, publishPage, restorePage } from "./page-texts";
import { saveAllSettings } from "./settings-admin";
import { addSiteEvent, removeSiteEvent, upcomingSiteEvents } from "./site-events";

const database = setupTestDatabase();
const owner = { id: "owner" };

afterEach(() => takePublishedFarmDetails(undefined));

async function withOwner() {
  const { db } = database();
  await db
    .insert(user)
    .values({ id: owner.id, name: "Olive Owner", email: "owner@example.com" })
    .onConflictDoNothing();
  return db;
}

const details = (change: Partial<Record<keyof FarmDetails, string>>): FarmDetails => {
  const form = {
    farmName: "Rocky Creek",
    legalName: "Rocky Creek Station Pty Ltd",
    phone: "(07) 5550 1234",
    email: "hello@rockycreek.example",
    notificationEmail: "bookings@rockycreek.example",
    street: "83 Rocky Creek Road",
    locality: "Woolooga",
    region: "Queensland",
    postcode: "4570",
    mapUrl: "",
    abn: "",
    facebookUrl: "",
    instagramUrl: "",
    bookingListingUrl: "https://listing.example.com/rocky",
    ...change,
  };
  const parsed = parseForm(farmDetailsSchema, form);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.data;
};

describe("the farm's details", () => {
  it("refuse a phone number nobody can dial, an ABN whose check digits fail, GST without an ABN", () => {
    const refused = parseForm(farmDetailsSchema, {
      ...details({}),
      phone: "12345",
      abn: "51 824 753 557",
      gstRegistered: "on",
    });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.errors.phone).toMatch(/phone number that can be dialled/);
    expect(refused.errors.abn).toMatch(/check digits/);
  });

  it("are used by siteConfig() once published, each change audited, and an old version restores", async () => {
    const db = await withOwner();
    await publishFarmDetails(
      db,
      owner,
      details({ phone: "0412 345 678", abn: "51 824 753 556", gstRegistered: "on" }),
    );
    expect(siteConfig()).toMatchObject({
      phone: "0412 345 678",
      phoneE164: "+61412345678",
      business: { abn: "51824753556", gstRegistered: true },
    });
    await publishFarmDetails(db, owner, details({ phone: "(07) 5550 9999" }));
    expect(siteConfig().phoneE164).toBe("+61755509999");
    expect(siteConfig().business.gstRegistered).toBe(false);

    const history = await farmDetailsHistory(db);
    expect(history.map((v) => [v.body.phone, v.authorName])).toEqual([
      ["(07) 5550 9999", "Olive Owner"],
      ["0412 345 678", "Olive Owner"],
    ]);
    const [latest] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "site.published"))
      .orderBy(sql`created_at desc`)
      .limit(1);
    expect(latest?.details).toMatchObject({
      changes: { phone: { from: "0412 345 678", to: "(07) 5550 9999" } },
    });

    expect(await restoreFarmDetails(db, owner, history[1]?.id ?? "")).toBe(true);
    expect(siteConfig().phone).toBe("0412 345 678");
    expect(await restoreFarmDetails(db, owner, "00000000-0000-4000-8000-000000000000")).toBe(false);

    // Another process reads the same from the database.
    takePublishedFarmDetails(undefined);
    await loadFarmDetails(db);
    expect(siteConfig().phone).toBe("0412 345 678");
  });

  it("are history: a published version is never changed or removed", async () => {
    const db = await withOwner();
    await publishFarmDetails(db, owner, details({}));
    await expect(
      db.execute(sql`update site_content_versions set body = '{}'::jsonb`),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from site_content_versions`)).rejects.toThrow();
    // The owner's account may go; the version stays, by nobody in particular.
    await db.delete(user).where(eq(user.id, owner.id));
    const authors = (await farmDetailsHistory(db)).map((v) => v.authorName);
    expect(authors.length).toBeGreaterThan(0);
    expect(authors.every((name) => name === null)).toBe(true);
  });
});

describe("the FAQ", () => {
  it("answers the cancellation question from the policy the booking engine applies", async () => {
    const db = await withOwner();
    const answer = async () =>
      (await faqForPage(db)).find((e) => e.question === "What is your cancellation policy?")
        ?.answer;
    expect(await answer()).toMatch(
      /^Cancellations made at least 7 days before your arrival date receive a full refund; later cancellations are not refunded/,
    );
    await saveAllSettings(db, owner, {
      ...defaultSettings,
      fullRefundDaysBeforeArrival: 14,
      lateCancellationRefundPercent: 50,
    });
    expect(await answer()).toMatch(/at least 14 days .* receive a 50% refund/);
    await saveAllSettings(db, owner, { ...defaultSettings, cancellationRefunds: "none" });
    expect(await answer()).toBe(
      "Bookings are non-refundable: if you cancel, nothing is paid back.",
    );
    await saveAllSettings(db, owner, defaultSettings);
  });

  it("is published in the owner's order, and restored", async () => {
    const db = await withOwner();
    const first = (await faqForPage(db)).map((e) => e.question);
    await publishFaq(db, owner, [
      { question: "Is there a bath?", answer: "A creek." },
      { question: "Refunds?", answer: null },
    ]);
    expect((await faqForPage(db)).map((e) => e.question)).toEqual(["Is there a bath?", "Refunds?"]);
    expect((await faqForPage(db))[1]?.answer).toMatch(/^Cancellations made at least 7 days/);
    await publishFaq(db, owner, [{ question: "Only this?", answer: null }]);
    const [, previous] = await faqHistory(db);
    expect(await restoreFaq(db, owner, previous?.id ?? "")).toBe(true);
    expect((await faqForPage(db)).map((e) => e.question)).toEqual(["Is there a bath?", "Refunds?"]);
    expect(first).toHaveLength(12);
  });

  it("tells the camper's own page what to bring, as the farm answers it", async () => {
    const db = await withOwner();
    expect(await whatToBring(db)).toBe(myBookingPage.whatToBring);
    const refunds = { question: "Refunds?", answer: null };
    await publishFaq(db, owner, [
      { question: "What should I bring?", answer: "Water and a hat." },
      refunds,
    ]);
    expect(await whatToBring(db)).toBe("Water and a hat.");
    // The question taken out: the first-run answer stands.
    await publishFaq(db, owner, [{ question: "Is there a bath?", answer: "A creek." }, refunds]);
    expect(await whatToBring(db)).toBe(myBookingPage.whatToBring);
  });
});

describe("the farm's events", () => {
  it("drop off the day after they end, soonest first", async () => {
    const db = await withOwner();
    const event = (title: string, startsOn: string, endsOn = startsOn) =>
      addSiteEvent(db, owner, {
        title,
        startsOn,
        endsOn,
        time: "all day",
        description: ".",
        pictureId: null,
      });
    await event("later", "2031-03-01");
    await event("past", "2031-01-10");
    await event("today", "2031-02-01");
    await event("running", "2031-01-15", "2031-02-20");
    const titles = async (today: string) =>
      (await upcomingSiteEvents(db, today)).map((e) => e.title);
    expect(await titles("2031-02-01")).toEqual(["running", "today", "later"]);
    expect(await titles("2031-02-02")).toEqual(["running", "later"]);
    const [running] = await upcomingSiteEvents(db, "2031-02-01");
    expect(running).toMatchObject({ startDate: "2031-01-15", endDate: "2031-02-20" });
    expect(await removeSiteEvent(db, owner, running?.id ?? "")).toBe(true);
    expect(await removeSiteEvent(db, owner, running?.id ?? "")).toBe(false);
    expect(await titles("2031-02-01")).toEqual(["today", "later"]);
  });
});

describe("a page's words", () => {
  it("are the first-run words until published, then the farm's, audited by field, and restored", async () => {
    const db = await withOwner();
    expect(await livePage(db, "about")).toBe(aboutPage);
    const texts = textsOf(aboutPage);
    await publishPage(db, owner, "about", {
      ...texts,
      subtitle: "A weekend by the creek",
      paragraphs: ["Our one paragraph."],
    });
    const live = await livePage(db, "about");
    expect(live.subtitle).toBe("A weekend by the creek");
    expect(live.paragraphs).toEqual(["Our one paragraph."]);
    expect(live.hero).toEqual(aboutPage.hero);
    const [entry] = await db
      .select({ entity: auditLog.entityType, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.entityType, "page:about"));
    expect(entry).toEqual({
      entity: "page:about",
      details: { page: "about", pageName: "About Us", changed: ["Subtitle", "Paragraphs"] },
    });

    await publishPage(db, owner, "about", { ...texts, title: "About the Farm" });
    const [newest, first] = await pageHistory(db, "about");
    expect(newest?.body.title).toBe("About the Farm");
    expect(await restorePage(db, owner, "about", first?.id ?? "")).toBe(true);
    expect((await livePage(db, "about")).subtitle).toBe("A weekend by the creek");
    // A version of another page is not this page's.
    expect(await restorePage(db, owner, "camping", first?.id ?? "")).toBe(false);
    expect((await livePage(db, "camping")).title).toBe(campingPage.title);
  });
});
