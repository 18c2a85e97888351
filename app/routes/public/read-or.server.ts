// The marketing pages read the farm's words from the database; were it to
// fail, a page shows its first-run words rather than an error (decision 0029).
import { log } from "#server/log.ts";

export async function readOr<T>(read: Promise<T>, fallback: T, what: string): Promise<T> {
  try {
    return await read;
  } catch (error) {
    log.error({ err: error }, `${what} could not be read: the first-run words are shown`);
    return fallback;
  }
}
