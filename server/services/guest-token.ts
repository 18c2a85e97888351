// The secret of a guest's own links (their invoice, their booking page): 192
// random bits, kept as is so the reminder email can carry the link again.
// Replacing it revokes every link sent before.
import { randomBytes } from "node:crypto";

export function newGuestToken(): string {
  return randomBytes(24).toString("base64url");
}

/** A token as links carry it; anything else is no token at all. */
export const looksLikeGuestToken = (value: string) => /^[A-Za-z0-9_-]{32,64}$/.test(value);
