// When each public page last changed, for the sitemap's `lastmod` (issue 30,
// item 6): the newest publication of what the page is made of. A page the
// farm never changed has no date: its words are the release's.
import { inArray, max } from "drizzle-orm";
import { pageSeo } from "#content/seo.ts";
import type { SettingKey } from "#domain/forms/settings.ts";
import type { Executor } from "#server/db/client.ts";
import { auditLog, settings, siteContentVersions } from "#server/db/schema.ts";

type PublicPage = keyof typeof pageSeo;

/** What a page shows besides its own words ("page:<name>") and the farm's details in its footer. */
type Source = "faq" | "policy" | "events" | "pictures";

const sourcesOf: Record<PublicPage, Source[]> = {
  home: ["events"],
  // A hero from the media library gives way to the built one when it is removed.
  about: ["pictures"],
  gallery: ["pictures"],
  brangus: ["pictures"],
  camping: ["pictures"],
  faq: ["faq", "policy"],
  policies: ["policy"],
  pettingZoo: [],
  contact: [],
  events: ["events", "pictures"],
};

/** The settings the FAQ's and the Terms' cancellation words are written from. */
const POLICY_SETTINGS: SettingKey[] = [
  "cancellationRefunds",
  "fullRefundDaysBeforeArrival",
  "lateCancellationRefundPercent",
];

/** When one of these was last done: removals leave no row behind but their entry in the audit log. */
const lastAudited = (db: Executor, actions: string[]) =>
  db
    .select({ at: max(auditLog.createdAt) })
    .from(auditLog)
    .where(inArray(auditLog.action, actions));

const latest = (...dates: (Date | null | undefined)[]) =>
  dates.reduce<Date | undefined>((a, b) => (b && (!a || b > a) ? b : a), undefined);

/** Each public page's path with the time it last changed, where the farm has changed it. */
export async function pageChanges(db: Executor): Promise<{ path: string; changed?: Date }[]> {
  const [versions, [policy], [events], [pictures]] = await Promise.all([
    db
      .select({ key: siteContentVersions.key, at: max(siteContentVersions.createdAt) })
      .from(siteContentVersions)
      .groupBy(siteContentVersions.key),
    db
      .select({ at: max(settings.updatedAt) })
      .from(settings)
      .where(inArray(settings.key, POLICY_SETTINGS)),
    lastAudited(db, ["site_event.added", "site_event.changed", "site_event.removed"]),
    lastAudited(db, ["media_picture.added", "media_picture.moved", "media_picture.removed"]),
  ]);
  const published = new Map(versions.map((v) => [v.key, v.at]));
  const sources: Record<Source, Date | null | undefined> = {
    faq: published.get("faq"),
    policy: policy?.at,
    events: events?.at,
    pictures: pictures?.at,
  };
  return (Object.keys(pageSeo) as PublicPage[]).map((page) => ({
    path: pageSeo[page].path,
    changed: latest(
      published.get(`page:${page}`),
      published.get("farm-details"),
      ...sourcesOf[page].map((source) => sources[source]),
    ),
  }));
}
