// A web process: serves static files and the app on PORT, and shuts down
// gracefully on SIGTERM/SIGINT. The only one, or one of several that
// server.ts runs (web-processes.ts). Development: Vite middleware with hot
// reload. Production: the build.
import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import { siteConfig } from "#content/site.ts";
import { env, publicUrl } from "#server/config.ts";
import { canonicalizeAddress, defaultHost } from "#server/http/canonical-address.ts";
import { contentSecurityPolicy, inlineScriptHashes } from "#server/http/content-security-policy.ts";
import { refuseControlCharactersInAddress } from "#server/http/plain-input.ts";
import { headersSetBy, loadStaticFiles, type StaticFiles } from "#server/http/static-files.ts";
import { log } from "#server/log.ts";
import { WEB_PROCESS_PING, WEB_PROCESS_READY } from "#server/web-processes.ts";

const config = env();
const production = config.NODE_ENV === "production";
const site = siteConfig();
type AppModule = typeof import("#server/app.ts");

const server = express();
server.disable("x-powered-by");
// Whose X-Forwarded-For to believe: the one place the client's address is resolved.
server.set("trust proxy", config.TRUST_PROXY);
const securityHeaders = helmet({
  // Set below, per response: a nonce for rendered pages, hashes for prerendered ones.
  contentSecurityPolicy: false,
  strictTransportSecurity: publicUrl(config).startsWith("https://"),
  // Not helmet's "no-referrer": with it a browser sends "Origin: null" on a
  // plain form post, and React Router refuses such actions (its CSRF check),
  // so forms would fail without JavaScript. Other sites still get only the origin.
  referrerPolicy: { policy: "strict-origin-when-cross-origin" },
});
// Helmet's headers are the same for every response: worked out once, set in one step.
const securityHeaderValues = headersSetBy(securityHeaders);
server.use(compression());
server.use(refuseControlCharactersInAddress);
server.use((_req, res, next) => {
  res.set(securityHeaderValues);
  next();
});
server.use((req, res, next) => {
  const started = performance.now();
  res.on("finish", () => {
    const ms = Math.round(performance.now() - started);
    log.info(
      { method: req.method, path: req.originalUrl.split("?")[0], status: res.statusCode, ms },
      "request",
    );
  });
  next();
});

// In development Vite injects inline scripts and a websocket; the policy applies to the build.
if (production) {
  server.use((_req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.set("Content-Security-Policy", contentSecurityPolicy(site, { nonce }));
    next();
  });
}

let app: { start(): Promise<void>; stop(): Promise<void> };
let staticFiles: StaticFiles | undefined;
/** Answers kept in memory, sent before Express too, once the app has loaded. */
let keptAnswers: ((req: IncomingMessage, res: ServerResponse) => boolean) | undefined;

if (production) {
  const client = path.resolve("build/client");
  staticFiles = loadStaticFiles(client, {
    common: securityHeaderValues,
    // A prerendered page carries the hashes of its own inline scripts in place of a nonce.
    pageHeaders: (html) => ({
      "Content-Security-Policy": contentSecurityPolicy(site, { hashes: inlineScriptHashes(html) }),
    }),
  });
  // The few files too large to keep in memory are streamed from disk.
  const fromDisk = express.static(client, { maxAge: "1h", index: false, redirect: false });
  const { large } = staticFiles;
  server.use((req, res, next) => (large.has(req.path) ? fromDisk(req, res, next) : next()));
  // The app (React Router, the database) loads while the static pages are already answered.
  const loading: Promise<AppModule> = import(path.resolve("build/server/index.js"));
  // Mounted on an app of its own, so it inherits the settings ('trust proxy') when it comes.
  const mount = express();
  mount.disable("x-powered-by");
  loading
    .then((mod) => {
      mount.use(mod.app);
      keptAnswers = (req, res) => mod.sendKeptAnswer(req, res, securityHeaderValues);
    })
    .catch(() => {});
  mount.use((_req, _res, next) => {
    loading.then(() => next(), next);
  });
  server.use(mount);
  app = {
    start: async () => (await loading).start(),
    stop: async () => (await loading).stop(),
  };
} else {
  const vite = await import("vite").then((v) =>
    v.createServer({ server: { middlewareMode: true }, appType: "custom" }),
  );
  server.use(vite.middlewares);
  const load = () => vite.ssrLoadModule("./server/app.ts") as Promise<AppModule>;
  server.use(async (req, res, next) => {
    try {
      (await load()).app(req, res, next);
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      next(error);
    }
  });
  app = {
    start: async () => (await load()).start(),
    stop: async () => {
      await (await load()).stop();
      await vite.close();
    },
  };
}

// The address is given a usable host and its one spelling first
// (canonical-address.ts); then files of the build are answered before Express
// sees the request (and are not logged).
const siteHost = new URL(publicUrl(config)).host;
const listener = createServer((req, res) => {
  defaultHost(req, siteHost);
  if (canonicalizeAddress(req, res)) return;
  if (staticFiles?.serve(req, res) || keptAnswers?.(req, res)) return;
  server(req, res);
});
const listen = (then?: () => void) =>
  listener.listen(config.PORT, config.HOST, () => {
    log.info({ url: publicUrl(config), mode: config.NODE_ENV }, "listening");
    then?.();
  });
// Alone, the process answers the build's files while the app loads, and requests to the app
// wait for the database. One of several takes connections only once it can serve them all,
// then tells the supervisor, which starts the others once the first has migrated the database.
// A database that cannot open ends the process.
if (cluster.isWorker) {
  await app.start();
  // The supervisor's ping is answered from this event loop: a loop that never yields goes unheard.
  process.on("message", (message) => message === WEB_PROCESS_PING && process.send?.(message));
  listen(() => process.send?.(WEB_PROCESS_READY));
} else {
  listen();
  await app.start();
}
if (production && !config.STRIPE_SECRET_KEY) {
  log.warn(
    "CARD PAYMENTS ARE NOT SET UP: this production server takes bookings through the built-in " +
      "test checkout and no money is taken. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.",
  );
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, "shutting down: finishing requests in flight");
  // Stop accepting connections, let requests in flight finish, then close the database.
  const closed = new Promise<void>((resolve) => listener.close(() => resolve()));
  listener.closeIdleConnections();
  const deadline = setTimeout(() => listener.closeAllConnections(), 10_000);
  deadline.unref();
  await closed;
  await app.stop();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
