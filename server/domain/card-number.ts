// Prepaid card numbers: 'PC', the last 8 digits of the time in milliseconds,
// then 4 uppercase alphanumerics from a cryptographic source (amendment 2.8).
import { randomInt } from "node:crypto";

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

export const CARD_NUMBER_PATTERN = /^PC\d{8}[A-Z0-9]{4}$/;

export function generateCardNumber(nowMs: number = Date.now(), pick = randomInt): string {
  const digits = String(Math.trunc(nowMs)).slice(-8).padStart(8, "0");
  let suffix = "";
  for (let i = 0; i < 4; i++) suffix += ALPHANUMERIC[pick(ALPHANUMERIC.length)];
  return `PC${digits}${suffix}`;
}
