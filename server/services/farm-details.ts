// The farm's details as the owner publishes them (issue 30, item 1), held by
// every app process in memory so that siteConfig() stays a plain call for
// every page, email, invoice and feed. Each process reads them at start and
// again whenever the database announces a publication (server/http/availability-answers.ts).

import { farmDetailsOf, siteConfig, takePublishedFarmDetails } from "#content/site.ts";
import { type FarmDetails, farmDetailsSchema } from "#domain/forms/farm-details.ts";
import { isRowId } from "#domain/forms/row-id.ts";
import type { Database, Executor } from "#server/db/client.ts";
import { log } from "#server/log.ts";
import type { AuditActor } from "./audit-log";
import { contentHistory, liveContent, publishContent, versionBody } from "./site-content";

const KEY = "farm-details";

/** A stored body read as details; a body an older release wrote that no longer reads is skipped. */
function asDetails(body: unknown): FarmDetails | undefined {
  if (body === undefined) return undefined;
  const parsed = farmDetailsSchema.safeParse(body);
  if (!parsed.success)
    log.warn({ issues: parsed.error.issues }, "published farm details unreadable");
  return parsed.success ? parsed.data : undefined;
}

/** Reads the published details into this process's siteConfig(). */
export async function loadFarmDetails(db: Executor): Promise<void> {
  takePublishedFarmDetails(asDetails(await liveContent(db, KEY)));
}

/** Publishes the owner's details and uses them in this process at once. */
export async function publishFarmDetails(
  db: Database,
  actor: AuditActor,
  details: FarmDetails,
): Promise<void> {
  const before = farmDetailsOf(siteConfig());
  const changed = (Object.keys(details) as (keyof FarmDetails)[]).filter(
    (field) => details[field] !== before[field],
  );
  await publishContent(db, actor, KEY, details, { changed });
  await loadFarmDetails(db);
}

/** Publishes an earlier version again; false when there is no such version. */
export async function restoreFarmDetails(
  db: Database,
  actor: AuditActor,
  versionId: string,
): Promise<boolean> {
  const details = isRowId(versionId) ? asDetails(await versionBody(db, KEY, versionId)) : undefined;
  if (!details) return false;
  await publishFarmDetails(db, actor, details);
  return true;
}

export type FarmDetailsVersion = {
  id: string;
  details: FarmDetails;
  authorName: string | null;
  createdAt: Date;
};

/** The published versions, newest first, as the back office lists them. */
export async function farmDetailsHistory(db: Executor): Promise<FarmDetailsVersion[]> {
  const versions = await contentHistory(db, KEY);
  return versions.flatMap(({ body, ...version }) => {
    const details = asDetails(body);
    return details ? [{ ...version, details }] : [];
  });
}
