import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FolderInUse, lockFolder } from "./folder-lock";

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

afterEach(() => {
  for (const child of children.splice(0)) child.kill();
  rmSync(lockFile, { force: true });
});

describe("one process at a time on an embedded database's folder", () => {
  it("writes its pid, refuses a second lock in the same process, and lets go", async () => {
    const release = await lockFolder(folder);
    expect(readFileSync(lockFile, "utf8")).toBe(String(process.pid));
    await expect(lockFolder(folder, 0)).rejects.toBeInstanceOf(FolderInUse);
    release();
    expect(existsSync(lockFile)).toBe(false);
    (await lockFolder(folder))();
  });

  it("waits for a running holder, says which when it gives up, and goes on once it ends", async () => {
    const holder = await otherProcess();
    writeFileSync(lockFile, String(holder.pid));
    await expect(lockFolder(folder, 300)).rejects.toThrow(
      `is in use by process ${holder.pid}. Stop that process`,
    );
    const waiting = lockFolder(folder, 20_000);
    holder.kill();
    const release = await waiting;
    expect(readFileSync(lockFile, "utf8")).toBe(String(process.pid));
    release();
  });

  it("takes over the lock of a process that has ended", async () => {
    const gone = await otherProcess();
    gone.kill();
    await once(gone, "exit");
    writeFileSync(lockFile, String(gone.pid));
    const release = await lockFolder(folder, 0);
    expect(readFileSync(lockFile, "utf8")).toBe(String(process.pid));
    release();
  });

  it("takes over a lock whose pid now belongs to a process started after it was written", async () => {
    const newcomer = await otherProcess();
    writeFileSync(lockFile, String(newcomer.pid));
    const anHourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(lockFile, anHourAgo, anHourAgo);
    (await lockFolder(folder, 0))();
  });

  it("takes over a lock of this pid from an earlier life (a container's pid 1), and an empty one", async () => {
    writeFileSync(lockFile, String(process.pid));
    (await lockFolder(folder, 0))();
    writeFileSync(lockFile, "");
    (await lockFolder(folder, 0))();
  });

  it("does not remove a lock that another process holds when it lets go", async () => {
    const release = await lockFolder(folder);
    const other = await otherProcess();
    writeFileSync(lockFile, String(other.pid));
    release();
    expect(readFileSync(lockFile, "utf8")).toBe(String(other.pid));
  });
});

process.on("exit", () => rmSync(root, { recursive: true, force: true }));
