// The code an authenticator app would show now for a two-factor secret as
// the account page shows it (base32), computed with Better Auth's own OTP
// helper so the tests agree with the server on digits and period (30 s).
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";

export function totpNow(base32Secret: string): Promise<string> {
  return createOTP(base32.decode(base32Secret.toUpperCase())).totp();
}

/** A code that is not the current one (nor the neighbouring windows'). */
export async function wrongTotp(base32Secret: string): Promise<string> {
  const right = Number(await totpNow(base32Secret));
  return String((right + 500_000) % 1_000_000).padStart(6, "0");
}
