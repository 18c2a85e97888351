// The environment, validated once at start. A bad variable stops the process
// with a message that names it; nothing else in the server reads process.env.

import { availableParallelism } from "node:os";
import { z } from "zod";
import { isValidAbn } from "#domain/rules/abn.ts";

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    /** Public origin of the site, used in emails, payment return URLs and auth. */
    PUBLIC_URL: optionalText.pipe(z.url().optional()),
    /** PostgreSQL connection string; when unset, embedded PGlite under DATA_DIR. */
    DATABASE_URL: optionalText.pipe(z.url().optional()),
    DATA_DIR: z.string().default("./data"),
    /** Secret for signing sessions; generated and kept in DATA_DIR when unset. */
    AUTH_SECRET: optionalText.pipe(z.string().min(32).optional()),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    /** Only for tests: point the Stripe SDK at a local fake, e.g. http://127.0.0.1:12111 */
    STRIPE_API_BASE: optionalText.pipe(z.url().optional()),
    /** SMTP server, e.g. smtp://user:pass@mail.example.com:587; when unset mail stays in the outbox. */
    SMTP_URL: optionalText.pipe(z.url().optional()),
    MAIL_FROM: z.string().default("Rocky Creek Station <bookings@rockycreekstation.example>"),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    /**
     * Which proxies in front of the app may tell the client's address
     * (X-Forwarded-For): `loopback` (nginx or Caddy on the same machine, the
     * default), `false` (clients connect directly), a number of hops (a cloud
     * load balancer), or addresses and CIDR ranges separated by commas.
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .default("loopback")
      .transform((v): boolean | number | string =>
        v === "false" || v === "" ? false : /^\d+$/.test(v) ? Number(v) : v,
      )
      .refine((v) => v !== "true", "trusting every proxy lets any client choose its address"),
    /**
     * How many leading bits of an IPv6 address make one client for every rate
     * limit: 64, a household's or phone's network (each gets a /64 and many
     * addresses in it); 128 where visitors share one /64 (a hosted network).
     */
    IPV6_CLIENT_PREFIX: z.coerce.number().int().min(32).max(128).default(64),
    /**
     * Calendar feeds on loopback or private addresses, and over plain http:
     * allowed outside production (tests, local development), refused in it.
     */
    CALENDAR_FEEDS_ALLOW_LOCAL: z.enum(["true", "false"]).optional(),
    /**
     * Photos in an S3-compatible object store (AWS S3, Cloudflare R2, Backblaze,
     * MinIO) instead of DATA_DIR; S3_BUCKET turns it on. S3_ENDPOINT is for
     * stores other than AWS; without the key pair the SDK's own credential
     * chain is used; S3_PUBLIC_URL is where the bucket is public (a CDN), and
     * without it the app serves the photos itself under /uploads.
     */
    S3_BUCKET: optionalText,
    S3_REGION: z.string().trim().default("us-east-1"),
    S3_ENDPOINT: optionalText.pipe(z.url().optional()),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: z
      .enum(["true", "false"])
      .optional()
      .transform((v) => (v === undefined ? undefined : v === "true")),
    S3_PUBLIC_URL: optionalText.pipe(z.url().optional()),
    /** The business on tax invoices: its ABN (checked), and whether it is registered for GST. */
    SITE_ABN: optionalText.refine((v) => v === undefined || isValidAbn(v), {
      message: "is not a valid ABN (11 digits that pass the ATO's check)",
    }),
    SITE_GST_REGISTERED: z.enum(["true", "false"]).optional(),
    /** Background workers (hold sweeper, outbox, feed sync); off in some tests. */
    WORKERS: z.enum(["on", "off"]).default("on"),
    /**
     * How many web processes serve the site (production on PostgreSQL): one
     * per core, at most 4, when unset. The embedded database opens in one
     * process only.
     */
    WEB_PROCESSES: optionalText.pipe(
      z.coerce.number<string | undefined>().int().min(1).max(64).optional(),
    ),
    /** How long one of several web processes may not answer before it is ended and replaced. */
    WEB_PROCESS_STUCK_SECONDS: optionalText.pipe(
      z.coerce.number<string | undefined>().int().min(2).max(600).default(30),
    ),
  })
  .refine((env) => (env.WEB_PROCESSES ?? 1) === 1 || Boolean(env.DATABASE_URL), {
    message: "more than one web process needs DATABASE_URL: the embedded database opens in one",
    path: ["WEB_PROCESSES"],
  })
  .refine((env) => Boolean(env.STRIPE_SECRET_KEY) === Boolean(env.STRIPE_WEBHOOK_SECRET), {
    message: "set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or neither",
    path: ["STRIPE_WEBHOOK_SECRET"],
  })
  .refine((env) => Boolean(env.S3_ACCESS_KEY_ID) === Boolean(env.S3_SECRET_ACCESS_KEY), {
    message: "set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither",
    path: ["S3_SECRET_ACCESS_KEY"],
  })
  .transform((env) => ({
    ...env,
    CALENDAR_FEEDS_ALLOW_LOCAL: env.CALENDAR_FEEDS_ALLOW_LOCAL
      ? env.CALENDAR_FEEDS_ALLOW_LOCAL === "true"
      : env.NODE_ENV !== "production",
  }));

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map(
    (i) => `  ${i.path.join(".") || "environment"}: ${i.message}`,
  );
  throw new ConfigError(`Invalid environment:\n${lines.join("\n")}`);
}

let cached: Env | undefined;

/** The validated environment of this process; exits with a clear message when it is invalid. */
export function env(): Env {
  if (!cached) {
    try {
      cached = parseEnv(process.env);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      console.error(error.message);
      process.exit(1);
    }
  }
  return cached;
}

/**
 * The origins a browser may send cookie-authenticated writes from: the
 * configured PUBLIC_URL alone, or, with none set, the server's own port on
 * localhost, 127.0.0.1 and [::1], so a newcomer can sign in at any of them.
 */
export function trustedOrigins(e: Env = env()): string[] {
  if (e.PUBLIC_URL) return [new URL(e.PUBLIC_URL).origin];
  return ["localhost", "127.0.0.1", "[::1]"].map((host) => `http://${host}:${e.PORT}`);
}

/** One per core by default, up to this many: each holds its own pools of connections. */
const DEFAULT_WEB_PROCESSES_AT_MOST = 4;

/**
 * The web processes to run: one per core (at most 4) in production on
 * PostgreSQL unless WEB_PROCESSES says otherwise; one on the embedded database
 * and in development (Vite's middleware reloads one process).
 */
export function webProcesses(e: Env = env()): number {
  if (e.NODE_ENV !== "production" || !e.DATABASE_URL) return 1;
  return e.WEB_PROCESSES ?? Math.min(availableParallelism(), DEFAULT_WEB_PROCESSES_AT_MOST);
}

export function publicUrl(e: Env = env()): string {
  return (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
}
