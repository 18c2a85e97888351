import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FolderInUse, lockFolder, startOf } from "./folder-lock";

const root = mkdtempSync(path.join(tmpdir(), "rcs-folder-lock-"));
const folder = path.join(root, "pglite");
const lockFile = `${folder}.lock`;
const children: ChildProcess[] = [];

/** A process that runs until it is killed, once it has started. */
async function otherProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"]);
  children.push(child);
  await once(child, "spawn");
  return child;
}

/** The lock as this process writes it, taken and let go first. */
const mine: Record<string, unknown> = await (async () => {
  const release = await lockFolder(folder);
  const text = readFileSync(lockFile, "utf8");
  release();
  return JSON.parse(text);
})();

/** Writes the lock this process would, with `changes` made to it. */
const lockLike = (changes: Record<string, unknown>) =>
  writeFileSync(lockFile, JSON.stringify({ ...mine, ...changes }));

/** Writes a lock as `child` would: its pid, and when it started (from /proc). */
function lockOf(child: ChildProcess) {
  lockLike({ pid: child.pid, start: startOf(child.pid ?? 0) });
}

const holderNow = () => JSON.parse(readFileSync(lockFile, "utf8")).pid;

afterEach(() => {
  for (const child of children.splice(0)) child.kill();
  rmSync(lockFile, { force: true });
});

describe("one process at a time on an embedded database's folder", () => {
  it("names this process, refuses a second lock in it, and lets go once", async () => {
    const release = await lockFolder(folder);
    expect(holderNow()).toBe(process.pid);
    await expect(lockFolder(folder, 0)).rejects.toBeInstanceOf(FolderInUse);
    release();
    expect(existsSync(lockFile)).toBe(false);
    const next = await lockFolder(folder);
    release(); // a second call of the first release leaves the next lock alone
    expect(holderNow()).toBe(process.pid);
    next();
  });

  it("waits for a running holder, says which when it gives up, and goes on once it ends", async () => {
    const holder = await otherProcess();
    lockOf(holder);
    await expect(lockFolder(folder, 300)).rejects.toThrow(
      `is in use by process ${holder.pid}. Stop that process`,
    );
    const waiting = lockFolder(folder, 20_000);
    holder.kill();
    const release = await waiting;
    expect(holderNow()).toBe(process.pid);
    release();
  });

  it("takes over the lock of a process that has ended", async () => {
    const gone = await otherProcess();
    lockOf(gone);
    gone.kill();
    await once(gone, "exit");
    (await lockFolder(folder, 0))();
  });

  it("takes over a pid that now belongs to another process, or to this one", async () => {
    const newcomer = await otherProcess();
    lockLike({ pid: newcomer.pid, start: "1" });
    (await lockFolder(folder, 0))();
    lockLike({ start: "1" });
    (await lockFolder(folder, 0))();
  });

  it("takes over a lock of another boot, and one not written whole", async () => {
    const holder = await otherProcess();
    lockOf(holder);
    lockLike({ pid: holder.pid, boot: "another-boot" });
    (await lockFolder(folder, 0))();
    writeFileSync(lockFile, "");
    (await lockFolder(folder, 0))();
  });

  it("waits for a lock written in another pid namespace: its pid means nothing here", async () => {
    lockLike({ pid: 1, ns: "pid:[1]" });
    await expect(lockFolder(folder, 200)).rejects.toThrow("in use by process 1.");
  });

  it("does not remove a lock that another process holds when it lets go", async () => {
    const release = await lockFolder(folder);
    const other = await otherProcess();
    lockOf(other);
    release();
    expect(holderNow()).toBe(other.pid);
  });
});

process.on("exit", () => rmSync(root, { recursive: true, force: true }));
