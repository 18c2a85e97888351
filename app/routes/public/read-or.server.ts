// The marketing pages read the farm's words from the database; were it to
// fail, a page shows its first-run words rather than an error (decision 0029).
import type { AppLoadContext } from "react-router";
import { type EditablePage, editablePages, type PageContent } from "#content/page-texts.ts";
import { log } from "#server/log.ts";
import { livePage } from "#server/services/page-texts.ts";

type Executor = AppLoadContext["db"];

export async function readOr<T>(read: Promise<T>, fallback: T, what: string): Promise<T> {
  try {
    return await read;
  } catch (error) {
    log.error({ err: error }, `${what} could not be read: the first-run words are shown`);
    return fallback;
  }
}

/** A page's content as the farm published it, or its first-run words when the database fails. */
export function readPage<K extends EditablePage>(db: Executor, page: K): Promise<PageContent<K>> {
  const { defaults, name } = editablePages[page];
  return readOr(livePage(db, page), defaults, `the words of ${name}`);
}
