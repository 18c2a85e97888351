// The server application: the /api endpoints, Better Auth, and the React
// Router request handler, as one Express app. server/web-process.ts serves it (through
// Vite in development, from the build in production).
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { createRequestHandler } from "@react-router/express";
import { toNodeHandler } from "better-auth/node";
import express from "express";
// biome-ignore lint/style/noRestrictedImports: React Router's own request handler, the one @react-router/express wraps, renders a page to keep (page-cache.ts)
import { createRequestHandler as createPageRenderer } from "react-router";
import { keptPublicPaths } from "#content/public-pages.ts";
import { siteConfig } from "#content/site.ts";
import { readQuery } from "#domain/rules/booking-query.ts";
import { lapsedPaymentLinks } from "#server/bookings/index.ts";
import { closeDatabase } from "#server/db/index.ts";
import { closeLiveUpdates } from "#server/http/admin-operations.ts";
import {
  closeAvailabilityCaches,
  followedAvailabilityOf,
  pageCacheOf,
  publicPageCacheOf,
} from "#server/http/availability-answers.ts";
import { clientOf, retryAfterOn429, stampClientAddress } from "#server/http/client-address.ts";
import { contentSecurityPolicy, inlineScriptHashes } from "#server/http/content-security-policy.ts";
import { withCriticalCss } from "#server/http/critical-css.ts";
import { apiRouter } from "#server/http/index.ts";
import { sendKeptAvailability } from "#server/http/kept-availability.ts";
import { noStore } from "#server/http/no-store.ts";
import { cachedPages, pathOnly, sendKeptPage } from "#server/http/page-cache.ts";
import {
  type PageRequest,
  pageThreadOn,
  renderedOffThread,
  stopPageThread,
} from "#server/http/page-thread.ts";
import { refuseForeignPageWrites } from "#server/http/same-origin.ts";
import { serveUploads } from "#server/http/uploads.ts";
import { bookingReminderWorker } from "#server/services/booking-reminders.ts";
import {
  documentCatchUp,
  emailOutboxWorker,
  rateLimitPruner,
} from "#server/services/booking-workers.ts";
import { calendarFeedSyncWorker } from "#server/services/channel-sync/worker.ts";
import { balanceCharger } from "#server/services/payments/balance-charges.ts";
import { holdSweeper } from "#server/services/payments/sweeper.ts";
import { waitlistWorker } from "#server/services/waitlist.ts";
import { UPLOADS_PATH } from "#server/storage/photo-storage.ts";
import { env, publicUrl } from "./config";
import { type AppContext, forgetAppContext, getAppContext } from "./context";
import { log } from "./log";
import { startWorkers, type Worker } from "./workers";

const workers: Worker[] = [
  holdSweeper,
  lapsedPaymentLinks,
  emailOutboxWorker,
  calendarFeedSyncWorker,
  bookingReminderWorker,
  rateLimitPruner,
  documentCatchUp,
  waitlistWorker,
  balanceCharger,
];

export const app = express();
app.disable("x-powered-by");

// Two-factor sign-in goes only through the site's own pages, which call
// Better Auth in-process and write the audit log (decision 0018); over HTTP
// its endpoints do not exist, so no one can enable, use or remove it unrecorded.
app.all("/api/auth/two-factor/{*splat}", (_req, res) => {
  res.status(404).json({ message: "Not found.", code: "not_found" });
});
// Better Auth reads the raw body itself, so it is mounted before any body parser.
app.all("/api/auth/{*splat}", stampClientAddress, retryAfterOn429, async (req, res) => {
  const { auth } = await getAppContext();
  return toNodeHandler(auth)(req, res);
});
app.use("/api", apiRouter());
// Uploaded photos (campsite pictures), served from the configured photo store.
app.use(UPLOADS_PATH, serveUploads());

// The back office and its sign-in screens show one person's data: never cached.
app.use(["/admin", "/login", "/forgot-password", "/reset-password"], noStore);

// In production the database opens (PGlite compiles its WebAssembly) while
// React Router's build below loads; start() waits for the same opening, and
// ends the process if it fails.
if (env().NODE_ENV === "production") getAppContext().catch(() => {});

// The build itself, not a function returning it: given a function, React
// Router derives its routes again on every request (meant for reloads).
const build = await import("virtual:react-router/server-build");

// The campsite list and the marketing pages are the same for every visitor:
// rendered once per change of the data, in production (in development the code
// changes too). A marketing page keeps only its critical CSS inline.
const renderPage = createPageRenderer(build, env().NODE_ENV);
const production = env().NODE_ENV === "production";
const publicOrigin = new URL(publicUrl(env())).origin;
const keptPages = {
  render: (url: string) =>
    renderOnThisThread({
      url: `${publicOrigin}${url}`,
      method: "GET",
      headers: [],
      clientAddress: "page cache",
    }),
  policy: (html: string) =>
    contentSecurityPolicy(siteConfig(), { hashes: inlineScriptHashes(html) }),
};
/** The campsite list and a campsite's flow, kept by the query they read. */
const bookingPages = {
  paths: production ? ["/bookings"] : [],
  addressOf: (path: string, query: URLSearchParams) => {
    const read = readQuery(query);
    return read ? `${path}?${read}` : path;
  },
};
/** The marketing pages, which read no query. */
const publicPages = { paths: production ? keptPublicPaths : [], addressOf: pathOnly };
app.use(
  cachedPages({
    ...keptPages,
    ...bookingPages,
    cache: async () => pageCacheOf((await getAppContext()).database),
    // The list is islands with its critical CSS; the flow (`?campsite=`) has no inline stylesheet.
    finish: withCriticalCss,
  }),
  cachedPages({
    ...keptPages,
    ...publicPages,
    cache: async () => publicPageCacheOf((await getAppContext()).database),
    finish: withCriticalCss,
  }),
);

// A page's form posted from another site is refused before the router reads it.
app.use(refuseForeignPageWrites());

/** The nonce server/web-process.ts gave this response's inline scripts (none in development). */
const nonceOf = (res: express.Response) =>
  typeof res.locals.cspNonce === "string" ? res.locals.cspNonce : undefined;

/** The reads of the back office's heaviest pages: Reports, its CSV and the accountant's files. */
const HEAVY_PAGES = [
  "/admin/reports",
  "/admin/reports.data",
  "/admin/reports/export",
  "/admin/reports/accounts",
];
app.get(
  HEAVY_PAGES,
  renderedOffThread({
    thread: async () =>
      production ? pageThreadOn((await getAppContext()).database.url) : undefined,
    request: (req, res) => ({
      // The configured origin, not the Host header: the thread renders the path Express routed.
      url: `${publicOrigin}${req.originalUrl}`,
      clientAddress: clientOf(req),
      cspNonce: nonceOf(res),
    }),
  }),
);

app.use(
  createRequestHandler({
    build,
    getLoadContext: async (req, res) => ({
      ...(await getAppContext()),
      // The client's address (behind the trusted proxies), for rate limits in actions.
      clientAddress: clientOf(req),
      cspNonce: nonceOf(res),
    }),
  }),
);

/**
 * Renders a request on this thread with the app's context: a page to keep,
 * or one the page thread (page-worker.ts) was handed. It follows the farm's
 * changes as start() does, so the page thread's pages show what the owner published.
 */
export async function renderOnThisThread(request: PageRequest): Promise<globalThis.Response> {
  const context = await getAppContext();
  publicPageCacheOf(context.database);
  const { url, method, headers, clientAddress, cspNonce } = request;
  return renderPage(new Request(url, { method, headers }), { ...context, clientAddress, cspNonce });
}

declare module "react-router" {
  interface AppLoadContext {
    /** The client's IP address as Express sees it (trust proxy applied). */
    clientAddress: string;
  }
}

const globalStore = globalThis as unknown as { __stopWorkers?: () => Promise<void> };

let started: AppContext | undefined;

/**
 * A kept availability answer or page, sent before Express sees the request
 * (kept-availability.ts, page-cache.ts), once the app has kept it.
 */
export const sendKeptAnswer = (
  req: IncomingMessage,
  res: ServerResponse,
  headers: OutgoingHttpHeaders,
): boolean => {
  const database = started?.database;
  return (
    sendKeptAvailability(database && followedAvailabilityOf(database), req, res, headers) ||
    (database !== undefined &&
      (sendKeptPage(bookingPages, pageCacheOf(database), req, res, headers) ||
        sendKeptPage(publicPages, publicPageCacheOf(database), req, res, headers)))
  );
};

/** Opens the database (migrating it) and starts the background workers. */
export async function start(): Promise<void> {
  const ctx = await getAppContext();
  started = ctx;
  // Follow the database's changes from the start: the farm's details published
  // through another process reach this one's emails and pages too.
  publicPageCacheOf(ctx.database);
  if (env().WORKERS === "on" && !globalStore.__stopWorkers) {
    globalStore.__stopWorkers = startWorkers(ctx, workers);
  }
}

/** Stops the workers and closes the database; the last step of a graceful shutdown. */
export async function stop(): Promise<void> {
  await globalStore.__stopWorkers?.();
  globalStore.__stopWorkers = undefined;
  started = undefined;
  await closeLiveUpdates();
  await closeAvailabilityCaches();
  await stopPageThread();
  forgetAppContext();
  await closeDatabase();
  log.info("stopped");
}
