// Sign-in, sign-up, sign-out and password reset for the /login screens.
// Each call goes through Better Auth's own request handler (not its bare
// server functions), so its rate limits and origin checks apply exactly as
// they do to /api/auth, and its Set-Cookie headers are handed back to the page.
import { type Auth, CLIENT_ADDRESS_HEADER, inProcessMark } from "#server/auth.ts";
import type { Executor } from "#server/db/client.ts";
import { hasAdminRole, signOutHeaders } from "./admin-access";

export type AuthCallResult =
  | { ok: true; body: Record<string, unknown>; headers: Headers }
  | { ok: false; status: number; message: string; retryAfterSeconds?: number };

/** Request headers worth forwarding: the session cookie, the origin, the browser. */
const forwarded = ["cookie", "origin", "referer", "user-agent"];

/**
 * `clientAddress` is the client's IP as the server sees it (trusted proxies
 * applied); Better Auth's per-address rate limits count it.
 */
export async function callAuth(
  auth: Auth,
  request: Request,
  path: string,
  body: Record<string, unknown>,
  clientAddress?: string,
): Promise<AuthCallResult> {
  const headers = new Headers({ "content-type": "application/json" });
  for (const name of forwarded) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (clientAddress) headers.set(CLIENT_ADDRESS_HEADER, clientAddress);
  inProcessMark(headers);
  const url = new URL(`/api/auth${path}`, request.url);
  const response = await auth.handler(
    new Request(url, { method: "POST", headers, body: JSON.stringify(body) }),
  );
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    const message = authErrorMessage(response.status, json);
    // Better Auth says when to try again in its own header; pages pass it on as Retry-After.
    const retry = Number(response.headers.get("x-retry-after"));
    const retryAfterSeconds = Number.isFinite(retry) && retry > 0 ? retry : undefined;
    return { ok: false, status: response.status, message, retryAfterSeconds };
  }
  const out = new Headers();
  for (const cookie of response.headers.getSetCookie()) out.append("Set-Cookie", cookie);
  return { ok: true, body: json, headers: out };
}

function authErrorMessage(status: number, json: Record<string, unknown>): string {
  if (status === 429) return "Too many attempts. Please wait a minute and try again.";
  if (typeof json.message === "string" && json.message) return json.message;
  return "An unexpected error occurred.";
}

export type SignInOutcome =
  | { kind: "admin"; headers: Headers; email: string }
  | { kind: "not-admin"; headers: Headers }
  /** The password was right and the account has two-factor on: the code comes next (decision 0018). */
  | { kind: "two-factor"; headers: Headers }
  | {
      kind: "failed";
      status: number;
      message: string;
      retryAfterSeconds?: number;
      /** The two-factor challenge is gone (expired, used up): start again with the password. */
      challengeEnded?: boolean;
    };

type SignInDeps = { auth: Auth; db: Executor; clientAddress?: string };

/**
 * Signs in with email and password. A user without the admin row is signed
 * out again at once (spec 6): only administrators keep a session. With
 * two-factor on, Better Auth gives no session yet, only the challenge cookie.
 */
export async function signInAdmin(
  deps: SignInDeps,
  request: Request,
  credentials: { email: string; password: string },
): Promise<SignInOutcome> {
  const result = await callAuth(
    deps.auth,
    request,
    "/sign-in/email",
    { email: credentials.email, password: credentials.password, rememberMe: true },
    deps.clientAddress,
  );
  if (result.ok && result.body.twoFactorRedirect === true) {
    return { kind: "two-factor", headers: result.headers };
  }
  return admitSignedIn(deps, result);
}

/**
 * The outcome of a call that ends in a session (the password, or the second
 * step's code): kept for the owner and staff, ended at once for anyone else.
 */
export async function admitSignedIn(
  deps: SignInDeps,
  result: AuthCallResult,
): Promise<SignInOutcome> {
  if (!result.ok) {
    const { status, message, retryAfterSeconds } = result;
    return { kind: "failed", status, message, retryAfterSeconds };
  }
  const user = result.body.user as { id: string; email: string } | undefined;
  if (user && (await hasAdminRole(deps.db, user.id))) {
    return { kind: "admin", headers: result.headers, email: user.email };
  }
  // End the session that was just created: send its cookie back to sign-out.
  const cookie = sessionCookieHeader(result.headers);
  const cleared = await signOutHeaders(deps.auth, new Headers({ cookie })).catch(
    () => new Headers(),
  );
  return { kind: "not-admin", headers: cleared };
}

/** "name=value; name2=value2" from Set-Cookie headers, as a browser would send them back. */
function sessionCookieHeader(setCookies: Headers): string {
  return setCookies
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Sign-up: the account exists once its email is confirmed (the link goes to the site root). */
export async function signUp(
  auth: Auth,
  request: Request,
  input: { email: string; password: string },
  clientAddress?: string,
): Promise<AuthCallResult> {
  const body = {
    email: input.email,
    password: input.password,
    name: input.email.split("@")[0] ?? input.email,
    callbackURL: "/",
  };
  return callAuth(auth, request, "/sign-up/email", body, clientAddress);
}

/** Sends the reset link by email (through the outbox); answers the same whether or not the account exists. */
export async function requestPasswordReset(
  auth: Auth,
  request: Request,
  email: string,
  clientAddress?: string,
) {
  const body = { email, redirectTo: "/reset-password" };
  return callAuth(auth, request, "/request-password-reset", body, clientAddress);
}

export async function resetPassword(
  auth: Auth,
  request: Request,
  input: { token: string; newPassword: string },
  clientAddress?: string,
) {
  return callAuth(auth, request, "/reset-password", input, clientAddress);
}
