// PostgreSQL error codes the services turn into answers a person can act on.
// Drizzle wraps driver errors, so the code may sit on a `cause`.

export const EXCLUSION_VIOLATION = "23P01";
export const UNIQUE_VIOLATION = "23505";
export const CHECK_VIOLATION = "23514";

export function pgErrorCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The constraint a violation names, when the driver reports it. */
export function pgConstraint(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && depth < 5; depth++) {
    const name = (e as { constraint?: unknown }).constraint;
    if (typeof name === "string") return name;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
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
