// The farm's details as the owner publishes them (issue 30, item 1), held by
// every app process in memory so that siteConfig() stays a plain call for
// every page, email, invoice and feed. Each process reads them at start and
// again whenever the database announces a publication (server/http/availability-answers.ts).
import { farmDetailsOf, siteConfig, takePublishedFarmDetails } from "#content/site.ts";
import { type FarmDetails, farmDetailsSchema } from "#domain/forms/farm-details.ts";
import type { Database, Executor } from "#server/db/client.ts";
import type { AuditActor } from "./audit-log";
import {
  type ContentPiece,
  type ContentVersion,
  contentHistory,
  liveContent,
  publishContent,
  restoreContent,
} from "./site-content";

const piece: ContentPiece<FarmDetails> = { key: "farm-details", schema: farmDetailsSchema };

let loads = 0;

/**
 * Reads the published details into this process's siteConfig(). Reads may
 * overlap (two publications in quick succession): only the last one begun is used.
 */
export async function loadFarmDetails(db: Executor): Promise<void> {
  const load = ++loads;
  const details = await liveContent(db, piece);
  if (load === loads) takePublishedFarmDetails(details);
}

/** Publishes the owner's details, each change in the audit log, and uses them here at once. */
export async function publishFarmDetails(
  db: Database,
  actor: AuditActor,
  details: FarmDetails,
): Promise<void> {
  // Compared with what the database holds, not this process's copy, which may be behind.
  const before = (await liveContent(db, piece)) ?? farmDetailsOf(siteConfig());
  const changes = Object.fromEntries(
    (Object.keys(details) as (keyof FarmDetails)[])
      .filter((field) => details[field] !== before[field])
      .map((field) => [field, { from: before[field], to: details[field] }]),
  );
  await publishContent(db, actor, piece, details, { changes });
  await loadFarmDetails(db);
}

/** Publishes an earlier version again; false when there is no such version. */
export async function restoreFarmDetails(
  db: Database,
  actor: AuditActor,
  versionId: string,
): Promise<boolean> {
  return restoreContent(db, piece, versionId, (details) => publishFarmDetails(db, actor, details));
}

/** The published versions, newest first, as the back office lists them. */
export function farmDetailsHistory(db: Executor): Promise<ContentVersion<FarmDetails>[]> {
  return contentHistory(db, piece);
}
