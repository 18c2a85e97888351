// Authentication by Better Auth: email and password, email verification,
// password reset, database sessions in httpOnly cookies, rate limits and
// two-factor sign-in (TOTP with recovery codes; decision 0018).
// Admin rights are a row in user_roles (see services/admin-access.ts).
import { randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type BetterAuthPlugin, betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { twoFactor } from "better-auth/plugins/two-factor";
import { siteConfig } from "#content/site.ts";
import { controlCharacterMessage, pathOfUnplainText } from "#domain/forms/plain-text.ts";
import type { Database } from "#server/db/client.ts";
import {
  account,
  rateLimit,
  session,
  twoFactor as twoFactorTable,
  user,
  verification,
} from "#server/db/schema.ts";
import { enqueueEmail } from "#server/services/email-outbox.ts";
import { type Env, env, publicUrl, trustedOrigins } from "./config";

/**
 * The header that carries the client's address to Better Auth: set by the
 * server from Express's trusted-proxy resolution, replacing anything a client
 * sent, so every rate limit counts the real client (server/http/client-address.ts).
 */
export const CLIENT_ADDRESS_HEADER = "x-rcs-client-address";

/**
 * Better Auth reads its own bodies, before the API's NUL guard: a control
 * character in any field (a name, a reset token) is refused here with the
 * schemas' words, so none reaches the database or Better Auth's error log.
 */
const refuseControlCharacters = createAuthMiddleware(async (ctx) => {
  // Passwords keep every character: they are only ever hashed, never stored or shown.
  const { password, newPassword, currentPassword, ...checked } = (ctx.body ?? {}) as Record<
    string,
    unknown
  >;
  const path = pathOfUnplainText(checked);
  if (!path) return;
  const field = path.replace(/^body\.?/, "") || "body";
  throw new APIError("BAD_REQUEST", {
    message: controlCharacterMessage(field),
    code: "invalid_input",
  });
});

/**
 * Better Auth's body checks let some wrong types through to the database (a
 * null name is a 500 whose log line carries the email): the one profile field
 * the site lets a person change is checked here first.
 */
const refuseMalformedProfile = createAuthMiddleware(async (ctx) => {
  if (ctx.path !== "/update-user") return;
  const { name, ...rest } = (ctx.body ?? {}) as Record<string, unknown>;
  const onlyAName =
    typeof name === "string" &&
    name.trim() !== "" &&
    name.length <= 100 &&
    !Object.keys(rest).length;
  if (onlyAName) return;
  throw new APIError("BAD_REQUEST", {
    message: "Only your name can be changed here: 1 to 100 characters.",
    code: "invalid_input",
  });
});

/**
 * A secret of this process that marks Better Auth requests made by the site's
 * own pages (services/account-auth.ts), which never leave the process.
 */
export const IN_PROCESS_HEADER = "x-rcs-in-process";
const inProcessSecret = randomBytes(32).toString("hex");
export const inProcessMark = (headers: Headers) => headers.set(IN_PROCESS_HEADER, inProcessSecret);

/**
 * Two-factor is set up, used and removed only through the site's own pages,
 * which write the audit log (decision 0018). app.ts refuses its paths over
 * HTTP; this refuses them again inside Better Auth, on the path as Better Auth
 * itself resolves it, for any request the site did not make.
 */
const twoFactorInProcessOnly = {
  id: "two-factor-in-process-only",
  onRequest: async (request) => {
    const path = new URL(request.url).pathname.toLowerCase();
    if (!path.includes("/two-factor")) return;
    if (request.headers.get(IN_PROCESS_HEADER) === inProcessSecret) return;
    return {
      response: Response.json({ message: "Not found.", code: "not_found" }, { status: 404 }),
    };
  },
} satisfies BetterAuthPlugin;

export function createAuth(db: Database, e: Env = env()) {
  const site = siteConfig();
  return betterAuth({
    appName: `${site.farmName} Station`,
    baseURL: publicUrl(e),
    basePath: "/api/auth",
    secret: authSecret(e),
    trustedOrigins: trustedOrigins(e),
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user, session, account, verification, rateLimit, twoFactor: twoFactorTable },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      sendResetPassword: async ({ user: u, url }) => {
        await enqueueEmail(db, {
          kind: "password-reset",
          to: u.email,
          subject: `Reset your ${site.farmName} Station password`,
          text: `Someone asked to reset the password of this account.\n\nChoose a new password here: ${url}\n\nIf it was not you, ignore this email.`,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      sendVerificationEmail: async ({ user: u, url }) => {
        await enqueueEmail(db, {
          kind: "email-verification",
          to: u.email,
          subject: `Confirm your ${site.farmName} Station account`,
          text: `Please confirm your email address by opening this link: ${url}`,
        });
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: e.NODE_ENV !== "test",
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 10 },
        "/sign-up/email": { window: 60, max: 5 },
        "/request-password-reset": { window: 60, max: 5 },
        // A code is guessed like a password: the same 10 a minute per address
        // (the plugin's own 3 in 10 s would also throttle setting it up).
        "/two-factor/*": { window: 60, max: 10 },
      },
    },
    plugins: [
      // Our pages never ask to trust a device: every sign-in asks for the code.
      twoFactor({ issuer: `${site.farmName} Station` }),
      twoFactorInProcessOnly,
    ],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        await refuseControlCharacters(ctx);
        await refuseMalformedProfile(ctx);
      }),
    },
    advanced: {
      useSecureCookies: publicUrl(e).startsWith("https://"),
      // The header carries the client as every limit counts it (client-address.ts): an
      // IPv6 client by its network, with the same prefix here.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER], ipv6Subnet: e.IPV6_CLIENT_PREFIX },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * AUTH_SECRET, or a random secret generated once and kept in the data folder.
 * Written whole beside it, then linked into place, which fails if it is there:
 * of two processes starting at once, both use the one linked first.
 */
export function authSecret(e: Env): string {
  if (e.AUTH_SECRET) return e.AUTH_SECRET;
  const file = path.resolve(e.DATA_DIR, "auth-secret");
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    const draft = `${file}.${process.pid}`;
    writeFileSync(draft, randomBytes(32).toString("hex"), { mode: 0o600 });
    try {
      linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") keepFirst(file, draft);
    } finally {
      rmSync(draft, { force: true });
    }
  }
  return readFileSync(file, "utf8").trim();
}

/** Where the folder takes no hard links: the draft's secret, unless a file is there already. */
function keepFirst(file: string, draft: string) {
  try {
    writeFileSync(file, readFileSync(draft), { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}
