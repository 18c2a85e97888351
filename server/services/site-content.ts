// The farm's own words, published by version (issue 30, decision 0029): each
// publication of a piece of the public site is kept whole with who published
// it and when; the newest of a key is live; Restore publishes an old one again.
import { desc, eq } from "drizzle-orm";
import type { Database, Executor } from "#server/db/client.ts";
import { siteContentVersions, user } from "#server/db/schema.ts";
import { type AuditActor, recordAudit } from "./audit-log";

/** The pieces of the site kept by version. */
export type SiteContentKey = "farm-details" | "faq";

export type ContentVersion = {
  id: string;
  body: unknown;
  authorName: string | null;
  createdAt: Date;
};

/** The newest published body of `key`, or undefined while the defaults stand. */
export async function liveContent(db: Executor, key: SiteContentKey): Promise<unknown> {
  const [row] = await db
    .select({ body: siteContentVersions.body })
    .from(siteContentVersions)
    .where(eq(siteContentVersions.key, key))
    .orderBy(desc(siteContentVersions.createdAt))
    .limit(1);
  return row?.body;
}

/** Every published version of `key`, newest first (at most `limit`). */
export function contentHistory(
  db: Executor,
  key: SiteContentKey,
  limit = 50,
): Promise<ContentVersion[]> {
  return db
    .select({
      id: siteContentVersions.id,
      body: siteContentVersions.body,
      authorName: user.name,
      createdAt: siteContentVersions.createdAt,
    })
    .from(siteContentVersions)
    .leftJoin(user, eq(user.id, siteContentVersions.authorUserId))
    .where(eq(siteContentVersions.key, key))
    .orderBy(desc(siteContentVersions.createdAt))
    .limit(limit);
}

/** Publishes `body` as the live version of `key`, with its audit record. */
export async function publishContent(
  db: Database,
  actor: AuditActor,
  key: SiteContentKey,
  body: unknown,
  details: Record<string, unknown> = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(siteContentVersions)
      .values({ key, body, authorUserId: actor?.id ?? null })
      .returning({ id: siteContentVersions.id });
    await recordAudit(tx, actor, "site.published", { type: key, id: row?.id }, details);
  });
}

/** The body of one published version of `key`, to publish again. */
export async function versionBody(
  db: Executor,
  key: SiteContentKey,
  versionId: string,
): Promise<unknown> {
  const [row] = await db
    .select({ key: siteContentVersions.key, body: siteContentVersions.body })
    .from(siteContentVersions)
    .where(eq(siteContentVersions.id, versionId))
    .limit(1);
  return row?.key === key ? row.body : undefined;
}
