// Several web processes on one host (decision 0034): node:cluster's primary
// holds the port and hands each new connection to a process in turn; each
// process is server/web-process.ts, the whole site. Nothing the site keeps
// lives only in one process (sessions, holds, limits and changes are in the
// database), so they serve alike. The primary serves nothing itself.
import cluster, { type Worker } from "node:cluster";
import { log } from "#server/log.ts";

/** What a web process tells the supervisor once its database is open and migrated. */
export const WEB_PROCESS_READY = "web process ready";
/** What the supervisor asks a ready process every few seconds; it answers the same. */
export const WEB_PROCESS_PING = "web process ping";
/**
 * More ended processes than this within a minute is a fault, not bad luck:
 * each next start waits twice as long as the one before.
 */
const RESTARTS_PER_MINUTE = 5;
const RESTART_DELAY_MS = 1000;
/**
 * The longest wait between starts. Processes that keep ending (the database
 * away, say) are started no more often than this, and the others serve
 * meanwhile: the server never stops for it, and comes back whole on its own.
 */
const MAX_RESTART_DELAY_MS = 30_000;
/** Beyond each process's own 10 s for requests in flight. */
const STOP_DEADLINE_MS = 20_000;

/** Unanswered pings, beside the time, before a process counts as stuck. */
const PINGS_UNANSWERED = 3;

/**
 * Asks a ready process, from time to time, to answer from its event loop. One
 * that has not answered for `stuckMs` (a loop that never yields, a process
 * stopped) still takes its share of connections: it is ended, to be replaced.
 * Time is the monotonic clock's, and pings must have gone unanswered too, so
 * neither a step of the wall clock nor a pause of the supervisor's own ends a
 * process that answers. Returns the function that stops the pings.
 */
function watch(worker: Worker, index: number, stuckMs: number): () => void {
  let heard = performance.now();
  let unanswered = 0;
  worker.on("message", () => {
    heard = performance.now();
    unanswered = 0;
  });
  const timer = setInterval(
    () => {
      if (performance.now() - heard < stuckMs || unanswered < PINGS_UNANSWERED) {
        if (worker.isConnected()) worker.send(WEB_PROCESS_PING);
        unanswered++;
        return;
      }
      clearInterval(timer);
      log.error({ process: index, seconds: stuckMs / 1000 }, "a web process stopped answering");
      worker.process.kill("SIGKILL");
    },
    Math.min(5_000, stuckMs / 4),
  );
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Runs `count` web processes. The first starts alone and migrates the
 * database; the others start once it is ready. A process that ends is
 * replaced, later each time when they keep ending; one that cannot start the
 * first time ends the server with its code, as a single process would. Only
 * the first runs the background workers (`workers`), as a single process does.
 * A process that stops answering for `stuckMs` is ended and replaced. SIGTERM
 * and SIGINT are passed on, and the primary exits when every process has
 * finished.
 */
export function superviseWebProcesses(count: number, workers: "on" | "off", stuckMs: number) {
  let ready = false;
  let stopping = false;
  const restarts: number[] = [];
  /** The pings of ready processes, stopped with the server: a draining process is not stuck. */
  const watchers = new Set<() => void>();

  const stop = (code: number, signal: NodeJS.Signals = "SIGTERM") => {
    if (stopping) return;
    stopping = true;
    for (const unwatch of watchers) unwatch();
    const running = Object.values(cluster.workers ?? {}).filter(
      (w): w is Worker => w !== undefined && !w.isDead(),
    );
    if (running.length === 0) process.exit(code);
    let left = running.length;
    for (const worker of running) {
      worker.once("exit", () => --left === 0 && process.exit(code));
      worker.process.kill(signal);
    }
    setTimeout(() => process.exit(code || 1), STOP_DEADLINE_MS).unref();
  };

  const replace = (index: number) => {
    const now = performance.now();
    restarts.push(now);
    while (restarts.length > 0 && (restarts[0] ?? now) < now - 60_000) restarts.shift();
    const over = restarts.length - RESTARTS_PER_MINUTE;
    const delay = Math.min(MAX_RESTART_DELAY_MS, RESTART_DELAY_MS * 2 ** Math.max(0, over));
    if (over > 0)
      log.error(
        { restarts: restarts.length, seconds: delay / 1000 },
        "web processes keep ending: waiting longer before starting another",
      );
    setTimeout(() => stopping || start(index), delay);
  };

  const start = (index: number) => {
    const worker = cluster.fork({ WORKERS: index === 0 ? workers : "off" });
    // A connection handed to a process that has just ended fails here, not in the supervisor.
    worker.on("error", (error) => log.warn({ err: error, process: index }, "web process channel"));
    worker.on("message", (message) => {
      if (message !== WEB_PROCESS_READY || stopping) return;
      const unwatch = watch(worker, index, stuckMs);
      watchers.add(unwatch);
      worker.once("exit", () => {
        unwatch();
        watchers.delete(unwatch);
      });
      if (ready) return;
      ready = true;
      for (let i = 1; i < count; i++) start(i);
    });
    worker.on("exit", (code, signal) => {
      if (stopping) return;
      if (!ready) {
        stop(code || 1);
        return;
      }
      log.error({ process: index, code, signal }, "a web process ended: starting another");
      replace(index);
    });
  };

  log.info({ processes: count }, "serving from several web processes");
  start(0);
  process.on("SIGTERM", () => stop(0, "SIGTERM"));
  process.on("SIGINT", () => stop(0, "SIGINT"));
}
