// Why an admin change to the catalogue (campsites, discount codes, prepaid
// cards) was refused: a message the administrator can act on, a stable code,
// and the form field it concerns, if any.

export type CatalogueErrorCode = "not_found" | "conflict" | "in_use" | "invalid";

export class CatalogueError extends Error {
  constructor(
    message: string,
    readonly code: CatalogueErrorCode,
    readonly field?: string,
  ) {
    super(message);
    this.name = "CatalogueError";
  }
}

/** True when a query failed on a unique constraint (SQLSTATE 23505), on PGlite and PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.cause?.code === "23505" || e?.code === "23505";
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Refuses an id that cannot be a row's id, before it reaches the database. */
export function assertRowId(id: string, notFoundMessage: string): void {
  if (!UUID.test(id)) throw new CatalogueError(notFoundMessage, "not_found");
}
