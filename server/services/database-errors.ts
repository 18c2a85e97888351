// PostgreSQL error codes the services turn into answers a person can act on.
// Drizzle wraps driver errors, so the code may sit on a `cause`.
import { isRowId } from "#domain/forms/row-id.ts";
import { notFound } from "#server/errors.ts";

export const EXCLUSION_VIOLATION = "23P01";
const UNIQUE_VIOLATION = "23505";

export function pgErrorCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** True when a query failed on a unique constraint, on PGlite and PostgreSQL. */
export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === UNIQUE_VIOLATION;

/** Refuses an id that cannot be a row's id, before it reaches the database. */
export function assertRowId(id: string, notFoundMessage: string): void {
  if (!isRowId(id)) throw notFound(notFoundMessage);
}

export const DEADLOCK_DETECTED = "40P01";
export const SERIALIZATION_FAILURE = "40001";

/**
 * Runs a transaction again when PostgreSQL broke a deadlock by aborting it
 * (two racing bookings can wait on each other through the reference's unique
 * index and the exclusion constraint). The retry starts from a clean slate.
 */
export async function retryOnDeadlock<T>(run: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code = pgErrorCode(error);
      const retryable = code === DEADLOCK_DETECTED || code === SERIALIZATION_FAILURE;
      if (!retryable || attempt >= attempts) throw error;
      await new Promise((r) => setTimeout(r, Math.random() * 20 * attempt));
    }
  }
}
