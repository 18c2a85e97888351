// One process at a time on an embedded database's folder. PGlite keeps no lock
// of its own: a second process opening the same files aborts, or worse,
// writes over the first's (a server restarted while the last one still
// flushes, admin:create beside a running server). The lock is a file beside
// the folder naming its holder; whoever comes next waits for that process to
// end, and takes over a lock whose process is gone (decision 0035).
import { randomUUID } from "node:crypto";
import { linkSync, readFileSync, readlinkSync, rmSync, statSync, writeFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

const POLL_MS = 100;
/** A takeover takes milliseconds: a guard older than this was left by a process that died. */
const GUARD_STALE_MS = 10_000;

export class FolderInUse extends Error {
  constructor(folder: string, holder: number) {
    super(
      `The embedded database in ${folder} is in use by process ${holder}. Stop that process (or wait for it to finish) and start again.`,
    );
    this.name = "FolderInUse";
  }
}

/**
 * Who holds a lock, without any clock: a pid names a process only together
 * with when it started (in ticks since boot, from /proc), that boot and the
 * pid namespace. Where /proc is not (macOS, Windows), the pid alone.
 */
type Holder = { pid: number; start?: string; boot?: string; ns?: string; token: string };

const isCode = (error: unknown, code: string) => (error as NodeJS.ErrnoException).code === code;

function readOr(read: () => string): string | undefined {
  try {
    return read().trim();
  } catch {
    return undefined;
  }
}

/** When process `pid` started, in clock ticks since boot, as Linux counts it. */
export function startOf(pid: number): string | undefined {
  const stat = readOr(() => readFileSync(`/proc/${pid}/stat`, "utf8"));
  return stat?.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
}

const thisBoot = () => readOr(() => readFileSync("/proc/sys/kernel/random/boot_id", "utf8"));
const thisNamespace = () => readOr(() => readlinkSync("/proc/self/ns/pid"));

function me(): Holder {
  const pid = process.pid;
  return { pid, start: startOf(pid), boot: thisBoot(), ns: thisNamespace(), token: randomUUID() };
}

/** The lock's text, as written; undefined when there is none. */
function lockText(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    if (isCode(error, "ENOENT")) return undefined;
    throw error;
  }
}

function parse(text: string): Holder | undefined {
  try {
    const holder = JSON.parse(text) as Holder;
    return Number.isInteger(holder.pid) && holder.pid > 0 ? holder : undefined;
  } catch {
    return undefined;
  }
}

type Verdict = "mine" | "running" | "gone";

/**
 * Whether a lock's holder still runs. A lock written on another boot is gone;
 * one from another pid namespace (another container on the same volume) cannot
 * be told apart, so it counts as running.
 */
function verdictOn(holder: Holder | undefined, self: Holder): Verdict {
  if (!holder) return "gone"; // not a lock this code wrote whole
  if (holder.boot && self.boot && holder.boot !== self.boot) return "gone";
  if (holder.ns && self.ns && holder.ns !== self.ns) return "running";
  const start = holder.start && self.start !== undefined ? startOf(holder.pid) : undefined;
  if (start !== undefined) {
    if (start !== holder.start) return "gone";
    return holder.pid === self.pid ? "mine" : "running";
  }
  // No /proc, or not for that process (another user's, hidden): its pid alone.
  if (holder.pid === self.pid) return "gone"; // a pid of an earlier life
  try {
    process.kill(holder.pid, 0);
    return "running";
  } catch (error) {
    return isCode(error, "ESRCH") ? "gone" : "running";
  }
}

/** Creates the lock whole or not at all: written aside, then linked into place. */
function create(file: string, text: string): boolean {
  const draft = `${file}.${process.pid}.${randomUUID()}`;
  writeFileSync(draft, text);
  try {
    linkSync(draft, file);
    return true;
  } catch (error) {
    if (isCode(error, "EEXIST")) return false;
    throw error;
  } finally {
    rmSync(draft, { force: true });
  }
}

/**
 * Removes a lock whose holder is gone, if it still says what `stale` says.
 * Takeovers go one at a time through a guard file, so a lock written
 * meanwhile by another process is never the one removed. False while another
 * process's takeover is under way.
 */
function takeOver(file: string, stale: string): boolean {
  const guard = `${file}.takeover`;
  if (!create(guard, String(process.pid))) {
    const written = statSync(guard, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
    if (Math.abs(Date.now() - written) > GUARD_STALE_MS) rmSync(guard, { force: true });
    return false;
  }
  try {
    if (lockText(file) === stale) rmSync(file, { force: true });
    return true;
  } finally {
    rmSync(guard, { force: true });
  }
}

/**
 * Locks `folder` for this process, waiting up to `waitMs` for a running
 * holder to end. Resolves to the function that lets it go, once.
 */
export async function lockFolder(folder: string, waitMs = 30_000): Promise<() => void> {
  const file = `${folder}.lock`;
  const self = me();
  const text = JSON.stringify(self);
  const deadline = Date.now() + waitMs;
  while (!create(file, text)) {
    const found = lockText(file);
    if (found === undefined) continue;
    const holder = parse(found);
    const verdict = verdictOn(holder, self);
    if (verdict === "mine") throw new FolderInUse(folder, self.pid);
    if (verdict === "gone" && takeOver(file, found)) continue;
    if (verdict === "running" && Date.now() >= deadline)
      throw new FolderInUse(folder, holder?.pid ?? 0);
    await sleep(POLL_MS);
  }
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    if (lockText(file) === text) rmSync(file, { force: true });
  };
}
