// Background workers (hold sweeper, email outbox, calendar feed sync): each
// runs on an interval, never overlapping itself, and logs its failures.

import type { AppContext } from "./context";
import { log } from "./log";

export type Worker = {
  name: string;
  intervalMs: number;
  run: (ctx: AppContext) => Promise<void>;
};

export function startWorkers(ctx: AppContext, workers: Worker[]): () => Promise<void> {
  const running = new Set<Promise<void>>();
  const timers = workers.map((worker) => {
    let busy = false;
    const tick = () => {
      if (busy) return;
      busy = true;
      const job = worker
        .run(ctx)
        .catch((error) => log.error({ err: error, worker: worker.name }, "worker failed"))
        .finally(() => {
          busy = false;
          running.delete(job);
        });
      running.add(job);
    };
    const timer = setInterval(tick, worker.intervalMs);
    timer.unref();
    setTimeout(tick, 0).unref();
    return timer;
  });
  return async () => {
    for (const t of timers) clearInterval(t);
    await Promise.allSettled([...running]);
  };
}
