// The back office's heaviest pages, rendered off the server's thread (issue
// 32, item 3, decision 0033): a three-year report reads tens of thousands of
// bookings, works out its figures and renders about 200 KB of HTML, and every
// step of that on the server's thread is time the home page's visitors wait.
// On PostgreSQL, the production build hands such a request to one worker
// thread (page-worker.ts) running the same app on the same database, and
// sends what it answers, already compressed. PGlite lives on the server's
// thread and cannot be shared, and development runs the TypeScript sources:
// there the page is rendered here, as every other page is.
import { existsSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import path from "node:path";
import { Worker, type WorkerOptions } from "node:worker_threads";
import type { NextFunction, Request, Response } from "express";
import { log } from "#server/log.ts";

/** What the page thread needs of a request to render it as the server's thread would. */
export type PageRequest = {
  url: string;
  method: string;
  headers: [string, string][];
  clientAddress: string;
  cspNonce?: string;
};

export type PageJob = PageRequest & { id: number };

/** A rendered page: its headers in order (a Set-Cookie each), its body as it is sent. */
export type RenderedPage = { status: number; headers: [string, string][]; body: Uint8Array };

export type PageAnswer = { id: number } & (RenderedPage | { error: string });

/** Asked of the thread while it has work, and answered at once by a thread that is not stuck. */
export const PING = "ping";
export const PONG = "pong";
/** What the thread says once it has loaded the app: until then it is starting, not stuck. */
export const READY = "ready";

type Waiting = { resolve: (page: RenderedPage) => void; reject: (error: Error) => void };

/**
 * How long the thread is kept with nothing to render: it holds a copy of the
 * app (about 100 MB), and the owner runs reports now and then.
 */
const IDLE_MS = 15 * 60_000;

/**
 * How often the thread is pinged while it has work. A page waiting on the
 * database leaves its event loop free to answer; one that leaves
 * `UNANSWERED_PINGS` unanswered is stuck in its own code, and is replaced.
 */
const PING_MS = 15_000;
const UNANSWERED_PINGS = 2;

/**
 * How long the thread has to load the app before it counts as stuck. A build
 * loads in about a second; a busy machine takes longer, and pings are not
 * answered meanwhile.
 */
const STARTUP_MS = 60_000;

/** One worker thread and the pages it is rendering. */
export class PageThread {
  readonly #worker: Worker;
  readonly #waiting = new Map<number, Waiting>();
  readonly #idleMs: number;
  readonly #pingMs: number;
  readonly #startupMs: number;
  readonly #startedAt = Date.now();
  #ready = false;
  #idle: NodeJS.Timeout | undefined;
  #watchdog: NodeJS.Timeout | undefined;
  #unanswered = 0;
  #next = 0;
  #ended = false;
  #failedAt: number | undefined;

  /**
   * `options`: how to start it (a test runs the TypeScript source through
   * tsx); `idleMs`: how long it waits for work before it stops; `pingMs`: how
   * often it is pinged; `startupMs`: how long it has to load the app.
   */
  constructor(
    file: string,
    options: WorkerOptions = {},
    { idleMs = IDLE_MS, pingMs = PING_MS, startupMs = STARTUP_MS } = {},
  ) {
    this.#idleMs = idleMs;
    this.#pingMs = pingMs;
    this.#startupMs = startupMs;
    // The database knows the thread by this, and opens a small pool for it (server/db/index.ts).
    const workerData = { ...options.workerData, pageThread: true };
    this.#worker = new Worker(file, { ...options, workerData });
    this.#worker.unref();
    this.#worker.on("message", (answer: PageAnswer | typeof PONG | typeof READY) => {
      if (answer === READY) {
        this.#ready = true;
        return;
      }
      if (answer === PONG) {
        this.#unanswered = 0;
        return;
      }
      const waiting = this.#waiting.get(answer.id);
      this.#waiting.delete(answer.id);
      if ("error" in answer) waiting?.reject(new Error(`the page thread failed: ${answer.error}`));
      else waiting?.resolve(answer);
      if (this.#waiting.size === 0) this.#stopWhenIdle();
    });
    this.#worker.on("error", (error) => {
      log.error({ err: error }, "the page thread failed");
      this.#failedAt ??= Date.now();
      this.#end(error);
    });
    this.#worker.on("exit", () => this.#end(new Error("the page thread stopped")));
  }

  /** False once the thread failed or stopped: a new one takes its place. */
  get running(): boolean {
    return !this.#ended;
  }

  /** When the thread failed (crashed or got stuck), if it did: not merely stopped. */
  get failedAt(): number | undefined {
    return this.#failedAt;
  }

  render(request: PageRequest): Promise<RenderedPage> {
    if (this.#ended) return Promise.reject(new Error("the page thread stopped"));
    clearTimeout(this.#idle);
    this.#watchdog ??= setInterval(() => this.#ping(), this.#pingMs).unref();
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id } satisfies PageJob);
    });
  }

  /**
   * Pings still unanswered after two rounds mean the thread is stuck; so does a
   * start too long. Two, as the thread runs at the lowest priority and a busy
   * machine can keep it waiting for the processor through one.
   */
  #ping() {
    if (!this.#ready) {
      if (Date.now() - this.#startedAt < this.#startupMs) return;
      this.#fail("the page thread did not load the app in time: it is replaced");
      return;
    }
    if (this.#unanswered < UNANSWERED_PINGS) {
      this.#unanswered++;
      this.#worker.postMessage(PING);
      return;
    }
    // Judged after this turn's messages are read: a server's thread that was held up runs
    // its timers before it reads an answer that came meanwhile.
    setImmediate(() => {
      if (this.#unanswered >= UNANSWERED_PINGS && !this.#ended)
        this.#fail("the page thread answers nothing: it is replaced");
    });
  }

  #fail(message: string) {
    log.error(message);
    this.#failedAt ??= Date.now();
    void this.stop();
  }

  async stop(): Promise<void> {
    this.#end(new Error("the page thread stopped"));
    await this.#worker.terminate();
  }

  #stopWhenIdle() {
    clearInterval(this.#watchdog);
    this.#watchdog = undefined;
    this.#unanswered = 0;
    clearTimeout(this.#idle);
    this.#idle = setTimeout(() => void this.stop(), this.#idleMs).unref();
  }

  #end(error: Error) {
    clearTimeout(this.#idle);
    clearInterval(this.#watchdog);
    this.#ended = true;
    for (const waiting of this.#waiting.values()) waiting.reject(error);
    this.#waiting.clear();
  }
}

/** The built worker, beside the server build it loads. */
const builtWorker = () => path.resolve("build/page-worker.js");

/** How long pages stay on the server's thread after the page thread failed. */
const AFTER_FAILURE_MS = 60_000;

const store = globalThis as unknown as { __pageThread?: PageThread };

/**
 * The running thread of a production build on PostgreSQL, started on the
 * first such page; none on PGlite or without the build, nor for a minute
 * after one failed (a build that cannot load is not loaded for every page).
 */
export function pageThreadOn(databaseUrl: string | undefined): PageThread | undefined {
  if (databaseUrl === undefined || !existsSync(builtWorker())) return undefined;
  const last = store.__pageThread;
  if (last?.running) return last;
  const failedAt = last?.failedAt;
  if (failedAt !== undefined && Date.now() - failedAt < AFTER_FAILURE_MS) return undefined;
  store.__pageThread = new PageThread(builtWorker());
  return store.__pageThread;
}

/** The request's headers as pairs, repeated ones each on their own. */
function headerPairs(headers: IncomingHttpHeaders): [string, string][] {
  return Object.entries(headers).flatMap(([name, value]) =>
    value === undefined ? [] : [value].flat().map((v): [string, string] => [name, v]),
  );
}

/**
 * Middleware for the reads of the heavy pages: rendered on the page thread,
 * where there is one, and sent from here. `request` completes what the thread
 * needs (the full address, the client, the nonce). A thread that cannot
 * render leaves the page to the app on this thread, slower but answered.
 */
export function renderedOffThread(options: {
  thread: () => Promise<PageThread | undefined>;
  request: (req: Request, res: Response) => Omit<PageRequest, "method" | "headers">;
}) {
  return async (req: Request, res: Response, next: NextFunction) => {
    let page: RenderedPage;
    try {
      const thread = await options.thread();
      if (!thread) return next();
      page = await thread.render({
        ...options.request(req, res),
        method: req.method,
        headers: headerPairs(req.headers),
      });
    } catch (error) {
      log.warn({ err: error }, "the page thread failed: the page is rendered here");
      return next();
    }
    res.status(page.status);
    for (const [name, value] of page.headers) res.append(name, value);
    // Node sends no body to a HEAD.
    res.end(page.body);
  };
}

/** Ends the page thread (the server's graceful stop). */
export async function stopPageThread(): Promise<void> {
  const thread = store.__pageThread;
  store.__pageThread = undefined;
  await thread?.stop();
}
