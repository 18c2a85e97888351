// The second step of signing in (decision 0018): after the password, a person
// with two-factor on sends an authenticator code or one recovery code, with
// the challenge cookie Better Auth set. Only a right code gives a session;
// Better Auth counts wrong ones (per address a minute, per challenge and per
// account), and a recovery code used is written to the audit log.
import type { SignInCode } from "#domain/forms/two-factor.ts";
import type { Auth } from "#server/auth.ts";
import type { Executor } from "#server/db/client.ts";
import { admitSignedIn, callAuth, type SignInOutcome } from "./account-auth";
import { recordAudit } from "./audit-log";

const verifyPath = {
  totp: "/two-factor/verify-totp",
  recovery: "/two-factor/verify-backup-code",
} as const;

export async function verifySignInCode(
  deps: { auth: Auth; db: Executor; clientAddress?: string },
  request: Request,
  input: SignInCode,
): Promise<SignInOutcome> {
  const result = await callAuth(
    deps.auth,
    request,
    verifyPath[input.method],
    { code: input.code },
    deps.clientAddress,
  );
  if (result.ok && input.method === "recovery") {
    const user = result.body.user as { id: string } | undefined;
    if (user) {
      await recordAudit(deps.db, { id: user.id }, "two_factor.recovery_code_used", {
        type: "user",
        id: user.id,
      });
    }
  }
  if (result.ok) return admitSignedIn(deps, result);
  return {
    kind: "failed",
    ...inWords(result.message),
    status: result.status,
    retryAfterSeconds: result.retryAfterSeconds,
  };
}

/** Better Auth's messages as a person at the gate reads them. */
const WORDS: Record<string, { message: string; challengeEnded?: boolean }> = {
  "Invalid code": {
    message: "That code is not right. Check your authenticator app and try again.",
  },
  "Invalid backup code": { message: "That recovery code is not right, or it was used already." },
  "Invalid two factor cookie": {
    message: "This sign-in has timed out. Please enter your email and password again.",
    challengeEnded: true,
  },
  "Too many attempts. Please request a new code.": {
    message: "Too many wrong codes. Please enter your email and password again.",
    challengeEnded: true,
  },
};

function inWords(message: string): { message: string; challengeEnded?: boolean } {
  return WORDS[message] ?? { message };
}
