// The secret a hold is created with (decision 0012): handed once to the
// browser that made it, kept only as a hash, and asked for by every request
// that changes or pays the hold, so a booking id alone changes nothing.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export function newHoldSecret(): string {
  return randomBytes(24).toString("base64url");
}

export function hashHoldSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export function holdSecretMatches(secret: string, hash: string | null): boolean {
  if (!hash) return false;
  const given = Buffer.from(hashHoldSecret(secret), "hex");
  const kept = Buffer.from(hash, "hex");
  return given.length === kept.length && timingSafeEqual(given, kept);
}
