// Prepaid card numbers: 'PC', the last 8 digits of the time in milliseconds,
// then 4 uppercase alphanumerics from a cryptographic source (amendment 2.8).

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** PC + 8 digits + 4 uppercase letters or digits. */
export const CARD_NUMBER_PATTERN = /^PC\d{8}[A-Z0-9]{4}$/;

/** A uniform index below `n` from Web Crypto, which the browser and Node both have. */
function randomIndex(n: number): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n; // rejection sampling: no modulo bias
  const word = new Uint32Array(1);
  for (;;) {
    globalThis.crypto.getRandomValues(word);
    const value = word[0] ?? limit;
    if (value < limit) return value % n;
  }
}

export function generateCardNumber(nowMs: number = Date.now(), pick = randomIndex): string {
  const digits = String(Math.trunc(nowMs)).slice(-8).padStart(8, "0");
  let suffix = "";
  for (let i = 0; i < 4; i++) suffix += ALPHANUMERIC[pick(ALPHANUMERIC.length)];
  return `PC${digits}${suffix}`;
}
