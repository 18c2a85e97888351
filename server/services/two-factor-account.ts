// Turning two-factor sign-in on and off from one's own account page
// (decision 0018), through Better Auth's two-factor plugin called in-process
// with the person's session cookie. On: the password gives a new authenticator
// secret; the first right code turns it on and the recovery codes are read
// once to be shown. Off: the password again. Both are in the audit log.
import type { Auth } from "#server/auth.ts";
import type { Executor } from "#server/db/client.ts";
import { AppError, conflict, invalid } from "#server/errors.ts";
import { type AuthCallResult, callAuth } from "./account-auth";
import { recordAudit } from "./audit-log";

type Deps = { auth: Auth; db: Executor; clientAddress?: string };
type Person = { id: string; twoFactorEnabled: boolean };

/** Better Auth's refusals in the account page's words, with the field they are about. */
const WORDS: Record<string, string> = {
  "Invalid password": "That password is not right.",
  "Invalid code": "That code is not right. Check your authenticator app and try again.",
  "TOTP is already enabled": "Two-factor sign-in is on already.",
};

function refusal(result: Extract<AuthCallResult, { ok: false }>, field: string): AppError | Error {
  if (result.status === 429) {
    return new AppError("rate_limited", result.message, {
      retryAfterSeconds: result.retryAfterSeconds ?? 60,
    });
  }
  if (result.status >= 400 && result.status < 500) {
    return invalid(WORDS[result.message] ?? result.message, { field });
  }
  return new Error(`two-factor call failed with ${result.status}`);
}

/** Step 1: the password checked, a new secret (not yet in force) as its otpauth:// address. */
export async function startTwoFactor(
  deps: Deps,
  request: Request,
  person: Person,
  password: string,
): Promise<{ totpURI: string }> {
  if (person.twoFactorEnabled)
    throw conflict(WORDS["TOTP is already enabled"] ?? "", "two_factor_on");
  const result = await callAuth(
    deps.auth,
    request,
    "/two-factor/enable",
    { password },
    deps.clientAddress,
  );
  if (!result.ok) throw refusal(result, "password");
  return { totpURI: String(result.body.totpURI) };
}

/**
 * Step 2: a right code from the app turns two-factor on (Better Auth replaces
 * the session, so its cookie goes back to the browser); the recovery codes
 * are read here, to be shown this once.
 */
export async function confirmTwoFactor(
  deps: Deps,
  request: Request,
  person: Person,
  code: string,
): Promise<{ recoveryCodes: string[]; headers: Headers }> {
  if (person.twoFactorEnabled)
    throw conflict(WORDS["TOTP is already enabled"] ?? "", "two_factor_on");
  const result = await callAuth(
    deps.auth,
    request,
    "/two-factor/verify-totp",
    { code },
    deps.clientAddress,
  );
  if (!result.ok) throw refusal(result, "code");
  await recordAudit(deps.db, { id: person.id }, "two_factor.enabled", {
    type: "user",
    id: person.id,
  });
  const codes = await deps.auth.api.viewBackupCodes({ body: { userId: person.id } });
  return { recoveryCodes: codes.backupCodes, headers: result.headers };
}

/** Turns two-factor off with the password; the new session's cookie goes back. */
export async function disableTwoFactor(
  deps: Deps,
  request: Request,
  person: Person,
  password: string,
): Promise<{ headers: Headers }> {
  if (!person.twoFactorEnabled)
    throw conflict("Two-factor sign-in is off already.", "two_factor_off");
  const result = await callAuth(
    deps.auth,
    request,
    "/two-factor/disable",
    { password },
    deps.clientAddress,
  );
  if (!result.ok) throw refusal(result, "password");
  await recordAudit(deps.db, { id: person.id }, "two_factor.disabled", {
    type: "user",
    id: person.id,
  });
  return { headers: result.headers };
}
