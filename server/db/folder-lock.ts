// One process at a time on an embedded database's folder. PGlite keeps no lock
// of its own: a second process opening the same files aborts, or worse,
// writes over the first's (a server restarted while the last one still
// flushes, admin:create beside a running server). The holder's pid is kept in
// `<folder>.lock`, created exclusively; whoever comes next waits for that
// process to end, and takes over a lock whose process is gone.
import { linkSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

const POLL_MS = 100;

export class FolderInUse extends Error {
  constructor(folder: string, holder: number) {
    super(
      `The embedded database in ${folder} is in use by process ${holder}. Stop that process (or wait for it to finish) and start again.`,
    );
    this.name = "FolderInUse";
  }
}

const isCode = (error: unknown, code: string) => (error as NodeJS.ErrnoException).code === code;

/** The folders this process holds. */
const held = new Set<string>();

/** When process `pid` started, ms since the epoch, where Linux's /proc says so. */
function startedAt(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const ticks = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]);
    const boot = Number(readFileSync("/proc/stat", "utf8").match(/^btime (\d+)$/m)?.[1]);
    // Clock ticks are hundredths of a second on every Linux Node runs on.
    return Number.isFinite(ticks) && boot ? boot * 1000 + ticks * 10 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the lock's process is still running: a process of its pid that
 * started after the lock was written (a pid used again after a restart, in a
 * container most of all) is someone else.
 */
function holding(pid: number, file: string): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if (isCode(error, "ESRCH")) return false;
  }
  const started = startedAt(pid);
  try {
    return started === undefined || started <= statSync(file).mtimeMs + 1000;
  } catch {
    return false; // the lock is gone meanwhile
  }
}

function holderOf(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, "utf8"), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : 0;
  } catch (error) {
    if (isCode(error, "ENOENT")) return undefined;
    throw error;
  }
}

/**
 * Moves a lock whose process `dead` is gone out of the way. Another process
 * may have done so and locked the folder meanwhile: a lock of anyone else's
 * taken by mistake is put back.
 */
function clearStale(file: string, dead: number) {
  const aside = `${file}.${process.pid}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if (isCode(error, "ENOENT")) return;
    throw error;
  }
  try {
    if (holderOf(aside) !== dead) linkSync(aside, file);
  } catch (error) {
    if (!isCode(error, "EEXIST")) throw error;
  } finally {
    rmSync(aside, { force: true });
  }
}

/**
 * Locks `folder` for this process, waiting up to `waitMs` for a running
 * holder to end. Resolves to the function that lets it go.
 */
export async function lockFolder(folder: string, waitMs = 30_000): Promise<() => void> {
  const file = `${folder}.lock`;
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: "wx" });
      held.add(file);
      return () => {
        held.delete(file);
        if (holderOf(file) === process.pid) rmSync(file, { force: true });
      };
    } catch (error) {
      if (!isCode(error, "EEXIST")) throw error;
    }
    const holder = holderOf(file);
    if (holder === undefined) continue;
    if (held.has(file)) throw new FolderInUse(folder, holder);
    if (holder === 0) {
      // An empty lock is one being written: it is stale only if it stays empty.
      await sleep(POLL_MS);
      if (holderOf(file) !== 0) continue;
    }
    if (!holder || holder === process.pid || !holding(holder, file)) {
      clearStale(file, holder);
      continue;
    }
    if (Date.now() >= deadline) throw new FolderInUse(folder, holder);
    await sleep(POLL_MS);
  }
}
