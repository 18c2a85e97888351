// The public pages' words as the farm publishes them (issue 30, item 2), by
// version like the FAQ and the farm's details; the first-run words are
// content/'s. A page reads its content through here: the published texts
// where they still fit the page, the first-run words elsewhere.
import { type EditablePage, editablePages, type PageContent } from "#content/page-texts.ts";
import {
  type PageTexts,
  pageTextsSchema,
  textFieldsOf,
  textsOf,
  withTexts,
} from "#domain/forms/page-texts.ts";
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

const pieceOf = (page: EditablePage): ContentPiece<PageTexts> => ({
  key: `page:${page}`,
  schema: pageTextsSchema,
});

/** The page's content as the public reads it now. */
export async function livePage<K extends EditablePage>(
  db: Executor,
  page: K,
): Promise<PageContent<K>> {
  const { defaults, fixed } = editablePages[page];
  return withTexts(defaults, await liveContent(db, pieceOf(page)), fixed) as PageContent<K>;
}

export async function publishPage(
  db: Database,
  actor: AuditActor,
  page: EditablePage,
  texts: PageTexts,
): Promise<void> {
  const { name, defaults, fixed } = editablePages[page];
  const before = textsOf(await livePage(db, page), fixed);
  const changed = textFieldsOf(defaults, fixed)
    .filter((f) => JSON.stringify(texts[f.path]) !== JSON.stringify(before[f.path]))
    .map((f) => f.label);
  await publishContent(db, actor, pieceOf(page), texts, { page, pageName: name, changed });
}

/** Publishes an earlier version again; false when there is no such version. */
export function restorePage(
  db: Database,
  actor: AuditActor,
  page: EditablePage,
  versionId: string,
) {
  return restoreContent(db, pieceOf(page), versionId, (texts) =>
    publishPage(db, actor, page, texts),
  );
}

export function pageHistory(
  db: Executor,
  page: EditablePage,
): Promise<ContentVersion<PageTexts>[]> {
  return contentHistory(db, pieceOf(page));
}
