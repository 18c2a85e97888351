// The farm's own words, published by version (issue 30, decision 0029): each
// publication of a piece of the public site — the farm's details, the FAQ — is
// kept whole with who published it and when; the newest of a piece is live;
// Restore publishes an old one again.
import { desc, eq } from "drizzle-orm";
import { isRowId } from "#domain/forms/row-id.ts";
import type { z } from "#domain/forms/zod.ts";
import type { Database, Executor } from "#server/db/client.ts";
import { siteContentVersions, user } from "#server/db/schema.ts";
import { log } from "#server/log.ts";
import { type AuditActor, recordAudit } from "./audit-log";

/** A piece of the site kept by version: its key and the schema its body keeps to. */
export type ContentPiece<T> = {
  key: "farm-details" | "faq" | `page:${string}`;
  schema: z.ZodType<T>;
};

export type ContentVersion<T> = {
  id: string;
  body: T;
  authorName: string | null;
  createdAt: Date;
};

/** A stored body as the piece reads it; one an older release wrote that no longer reads is skipped. */
function readBody<T>(piece: ContentPiece<T>, body: unknown): T | undefined {
  if (body === undefined) return undefined;
  const parsed = piece.schema.safeParse(body);
  if (!parsed.success)
    log.warn({ key: piece.key, issues: parsed.error.issues }, "unreadable site content");
  return parsed.success ? parsed.data : undefined;
}

/** The piece as last published, or undefined while its first-run words stand. */
export async function liveContent<T>(db: Executor, piece: ContentPiece<T>): Promise<T | undefined> {
  const [row] = await db
    .select({ body: siteContentVersions.body })
    .from(siteContentVersions)
    .where(eq(siteContentVersions.key, piece.key))
    .orderBy(desc(siteContentVersions.createdAt))
    .limit(1);
  return readBody(piece, row?.body);
}

/** The piece's published versions, newest first (at most `limit`). */
export async function contentHistory<T>(
  db: Executor,
  piece: ContentPiece<T>,
  limit = 50,
): Promise<ContentVersion<T>[]> {
  const rows = await db
    .select({
      id: siteContentVersions.id,
      body: siteContentVersions.body,
      authorName: user.name,
      createdAt: siteContentVersions.createdAt,
    })
    .from(siteContentVersions)
    .leftJoin(user, eq(user.id, siteContentVersions.authorUserId))
    .where(eq(siteContentVersions.key, piece.key))
    .orderBy(desc(siteContentVersions.createdAt))
    .limit(limit);
  return rows.flatMap(({ body, ...version }) => {
    const read = readBody(piece, body);
    return read === undefined ? [] : [{ ...version, body: read }];
  });
}

/** Publishes `body` as the piece's live version, with its audit record (`details`). */
export async function publishContent<T>(
  db: Database,
  actor: AuditActor,
  piece: ContentPiece<T>,
  body: T,
  details: Record<string, unknown> = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(siteContentVersions)
      .values({ key: piece.key, body, authorUserId: actor?.id ?? null })
      .returning({ id: siteContentVersions.id });
    await recordAudit(tx, actor, "site.published", { type: piece.key, id: row?.id }, details);
  });
}

/** One published version of the piece, to publish again; undefined when there is none. */
export async function contentVersion<T>(
  db: Executor,
  piece: ContentPiece<T>,
  versionId: string,
): Promise<T | undefined> {
  if (!isRowId(versionId)) return undefined;
  const [row] = await db
    .select({ key: siteContentVersions.key, body: siteContentVersions.body })
    .from(siteContentVersions)
    .where(eq(siteContentVersions.id, versionId))
    .limit(1);
  return row?.key === piece.key ? readBody(piece, row.body) : undefined;
}

/** Publishes an earlier version of the piece again through `publish`; false when there is none. */
export async function restoreContent<T>(
  db: Executor,
  piece: ContentPiece<T>,
  versionId: string,
  publish: (body: T) => Promise<void>,
): Promise<boolean> {
  const body = await contentVersion(db, piece, versionId);
  if (body === undefined) return false;
  await publish(body);
  return true;
}
