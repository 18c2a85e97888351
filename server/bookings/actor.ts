// Who runs a booking command. Each command checks its actor's permission
// itself, so the HTTP API and the screens cannot disagree about it.
import type { AdminRole } from "#domain/rules/admin-roles.ts";
import { AppError } from "#server/errors.ts";
import { OWNER_ONLY } from "#server/services/admin-access.ts";

/** A signed-in person of the back office. */
export type StaffActor = { id: string; role: AdminRole };

/** Refuses (403, 'Owner Only') what only the owner may do: overrides and refunds. */
export function requireOwner(actor: StaffActor) {
  if (actor.role !== "owner")
    throw new AppError("forbidden", OWNER_ONLY.description, { code: OWNER_ONLY.code });
}
