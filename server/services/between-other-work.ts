// Long computations in steps (issue 32, item 3): a generator's yields are
// where the event loop answers other requests, so one owner's three-year
// report does not hold up every visitor's page.
import { setImmediate } from "node:timers/promises";

/** Runs `steps` to its end, letting other work run between each step. */
export async function betweenOtherWork<T>(steps: Generator<void, T, void>): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await setImmediate();
  }
}
