import { describe, expect, it } from "vitest";
import { defaultSettings } from "#domain/forms/settings.ts";
import type { Database } from "#server/db/client.ts";
import { user } from "#server/db/schema.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { pageChanges } from "./page-changes";
import { publishPage } from "./page-texts";
import { saveAllSettings } from "./settings-admin";
import { addSiteEvent, allSiteEvents, removeSiteEvent } from "./site-events";

const database = setupTestDatabase();
const owner = { id: "owner" };

/** The paths whose date `step` changed. */
async function datedBy(db: Database, step: () => Promise<unknown>): Promise<string[]> {
  const before = await pageChanges(db);
  await step();
  const after = await pageChanges(db);
  return after
    .filter((page, i) => page.changed?.getTime() !== before[i]?.changed?.getTime())
    .map((page) => page.path)
    .sort();
}

describe("when the public pages changed", () => {
  it("is the newest publication of what each page shows; a page never changed has no date", async () => {
    const { db } = database();
    await db.insert(user).values({ id: owner.id, name: "Olive", email: "o@example.com" });
    expect((await pageChanges(db)).every((page) => page.changed === undefined)).toBe(true);

    const about = () => publishPage(db, owner, "about", { title: "About the farm" });
    expect(await datedBy(db, about)).toEqual(["/about"]);
    const event = {
      title: "Night sky",
      startsOn: "2031-04-04",
      endsOn: "2031-04-04",
      time: "8pm",
      description: "Telescopes by the fire.",
      pictureId: null,
    };
    expect(await datedBy(db, () => addSiteEvent(db, owner, event))).toEqual(["/", "/events"]);
    const [added] = await allSiteEvents(db);
    const removed = () => removeSiteEvent(db, owner, added?.id ?? "");
    expect(await datedBy(db, removed)).toEqual(["/", "/events"]);
    // Settings the pages do not show, or saved as they were, date nothing.
    await saveAllSettings(db, owner, defaultSettings);
    const holds = { ...defaultSettings, maxLiveHoldsPerClient: 4 };
    expect(await datedBy(db, () => saveAllSettings(db, owner, holds))).toEqual([]);
    const policy = { ...holds, cancellationRefunds: "none" as const };
    expect(await datedBy(db, () => saveAllSettings(db, owner, policy))).toEqual([
      "/faq",
      "/policies",
    ]);
    expect(await datedBy(db, () => saveAllSettings(db, owner, policy))).toEqual([]);
  });
});
