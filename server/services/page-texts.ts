// The public pages' words as the farm publishes them (issue 30, item 2), by
// version like the FAQ and the farm's details; the first-run words are
// content/'s. A page reads its content through here: the published texts
// where they still fit the page, the first-run words elsewhere.
import { type EditablePage, editablePages, type PageContent } from "#content/page-texts.ts";
import {
  type PageTexts,
  pageTextsSchema,
  pictureFieldsOf,
  textFieldsOf,
  textsOf,
  withPictures,
  withTexts,
} from "#domain/forms/page-texts.ts";
import type { Database, Executor } from "#server/db/client.ts";
import { invalid } from "#server/errors.ts";
import type { AuditActor } from "./audit-log";
import { mediaLibrary } from "./media-library";
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
  return (await livePageWithTexts(db, page)).content;
}

/**
 * The page's content, and its texts as the editor starts from them: the words
 * on the page, and the library pictures chosen for it that are still there.
 */
export async function livePageWithTexts<K extends EditablePage>(db: Executor, page: K) {
  const { defaults, fixed, pictures } = editablePages[page];
  const published = await liveContent(db, pieceOf(page));
  const fields = pictureFieldsOf(pictures);
  const chosen = fields.some((f) => published?.[f.path] !== undefined);
  const library = chosen ? await mediaLibrary(db) : [];
  const content = withPictures(withTexts(defaults, published, fixed), published, fields, library);
  const texts = textsOf(content, fixed);
  for (const field of fields) {
    const id = published?.[field.path];
    if (library.some((p) => p.id === id)) texts[field.path] = id as string;
  }
  return { content: content as PageContent<K>, texts };
}

export async function publishPage(
  db: Database,
  actor: AuditActor,
  page: EditablePage,
  texts: PageTexts,
): Promise<void> {
  const { name, defaults, fixed, pictures } = editablePages[page];
  const { gone } = await withoutGonePictures(db, page, texts);
  if (gone) throw invalid("That picture is no longer in the library", { field: gone.path });
  const pictureFields = pictureFieldsOf(pictures);
  const { texts: before } = await livePageWithTexts(db, page);
  const changed = [...textFieldsOf(defaults, fixed), ...pictureFields]
    .filter((f) => JSON.stringify(texts[f.path]) !== JSON.stringify(before[f.path]))
    .map((f) => f.label);
  await publishContent(db, actor, pieceOf(page), texts, { page, pageName: name, changed });
}

/** The texts without pictures removed from the library since they were chosen, and the first of those. */
async function withoutGonePictures(db: Executor, page: EditablePage, texts: PageTexts) {
  const wanted = pictureFieldsOf(editablePages[page].pictures).filter(
    (f) => texts[f.path] !== undefined,
  );
  if (wanted.length === 0) return { texts, gone: undefined };
  const library = await mediaLibrary(db);
  const gone = wanted.filter((f) => !library.some((p) => p.id === texts[f.path]));
  const kept = { ...texts };
  for (const field of gone) delete kept[field.path];
  return { texts: kept, gone: gone[0] };
}

/** Publishes an earlier version again; false when there is no such version. */
export function restorePage(
  db: Database,
  actor: AuditActor,
  page: EditablePage,
  versionId: string,
) {
  // A picture removed from the library since gives way to the built one.
  return restoreContent(db, pieceOf(page), versionId, async (texts) =>
    publishPage(db, actor, page, (await withoutGonePictures(db, page, texts)).texts),
  );
}

export function pageHistory(
  db: Executor,
  page: EditablePage,
): Promise<ContentVersion<PageTexts>[]> {
  return contentHistory(db, pieceOf(page));
}
