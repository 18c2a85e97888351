// The server as it runs on PostgreSQL in production: several web processes
// on one port (decision 0034). They start, serve, are replaced when one ends
// or stops answering (further apart while they keep ending, the database away),
// and stop together; one that cannot start ends the server. Runs when
// TEST_DATABASE_URL names a PostgreSQL server.
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminQuery, databaseUrl, dropDatabase } from "#server/testing/database-templates.ts";
import { childrenOf, type RunningServer, spawnServer, until } from "#tests/support/spawn-server.ts";

const serverUrl = process.env.TEST_DATABASE_URL;
const name = `rcs_e2e_${randomBytes(5).toString("hex")}`;
let dataDir = "";
let server: RunningServer;

const times = (text: string, message: string) => text.split(`"msg":"${message}"`).length - 1;

/** `n` requests for `/bookings`, each on a connection of its own: spread over the processes. */
async function statuses(n: number): Promise<number[]> {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const res = await fetch(`${server.baseURL}/bookings`, { headers: { connection: "close" } });
      await res.arrayBuffer();
      return res.status;
    }),
  );
}

describe.runIf(serverUrl)("several web processes", () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "rcs-web-processes-"));
    await adminQuery(serverUrl ?? "", `CREATE DATABASE ${name}`);
    server = await spawnServer(dataDir, {
      DATABASE_URL: databaseUrl(serverUrl ?? "", name),
      WEB_PROCESSES: "2",
      WEB_PROCESS_STUCK_SECONDS: "5",
      LOG_LEVEL: "info",
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    if (serverUrl) await dropDatabase(serverUrl, name);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("starts two, the second once the first has migrated the database, and both serve", async () => {
    const pid = server.child.pid ?? 0;
    await until(() => times(server.output(), "listening") === 2, 30, "both listening");
    expect(childrenOf(pid)).toHaveLength(2);
    // The second opened the database only after the first had migrated it and was listening.
    const output = server.output();
    expect(output.lastIndexOf('"msg":"database ready"')).toBeGreaterThan(
      output.indexOf('"msg":"listening"'),
    );
    expect(await statuses(8)).toEqual(Array(8).fill(200));
  }, 60_000);

  it("replaces a process that ends, and the site answers meanwhile", async () => {
    const pid = server.child.pid ?? 0;
    const processes = childrenOf(pid);
    expect(processes).toHaveLength(2);
    const [ended, other] = processes as [number, number];
    process.kill(ended, "SIGKILL");
    await until(() => !childrenOf(pid).includes(ended), 10, "the killed process gone");
    expect(await statuses(4)).toEqual(Array(4).fill(200));
    await until(() => childrenOf(pid).length === 2, 20, "a process in its place");
    expect(childrenOf(pid)).toContain(other);
    expect(server.output()).toContain("a web process ended: starting another");
    await until(() => times(server.output(), "listening") === 3, 30, "the new one listening");
    expect(await statuses(8)).toEqual(Array(8).fill(200));
  }, 90_000);

  it("ends a process that stops answering, and starts another", async () => {
    const pid = server.child.pid ?? 0;
    const [stuck, other] = childrenOf(pid) as [number, number];
    process.kill(stuck, "SIGSTOP");
    try {
      await until(() => !childrenOf(pid).includes(stuck), 20, "the stuck process ended");
    } finally {
      if (childrenOf(pid).includes(stuck)) process.kill(stuck, "SIGKILL");
    }
    expect(server.output()).toContain("a web process stopped answering");
    await until(() => times(server.output(), "listening") === 4, 30, "a new one listening");
    expect(childrenOf(pid)).toEqual(expect.arrayContaining([other]));
    expect(childrenOf(pid)).toHaveLength(2);
    expect(await statuses(8)).toEqual(Array(8).fill(200));
  }, 90_000);

  it("keeps serving while the database is away, and is whole again once it is back", async () => {
    const pid = server.child.pid ?? 0;
    const [ended] = childrenOf(pid) as [number, number];
    const listening = times(server.output(), "listening");
    await adminQuery(serverUrl ?? "", `ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    try {
      await adminQuery(
        serverUrl ?? "",
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`,
      );
      process.kill(ended, "SIGKILL");
      // Its replacements cannot open the database and end, one after another, ever further apart.
      await until(
        () =>
          times(
            server.output(),
            "web processes keep ending: waiting longer before starting another",
          ) > 0,
        60,
        "starts spaced out",
      );
      const home = await fetch(`${server.baseURL}/`, { headers: { connection: "close" } });
      expect(home.status).toBe(200);
    } finally {
      await adminQuery(serverUrl ?? "", `ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
    }
    await until(
      () => times(server.output(), "listening") === listening + 1,
      60,
      "a new one listening",
    );
    expect(childrenOf(pid)).toHaveLength(2);
    expect(await statuses(8)).toEqual(Array(8).fill(200));
  }, 150_000);

  it("stops every process on SIGTERM, and exits 0", async () => {
    const children = childrenOf(server.child.pid ?? 0);
    expect(await server.stop()).toBe(0);
    for (const child of children) expect(existsSync(`/proc/${child}`)).toBe(false);
    expect(times(server.output(), "stopped")).toBe(2);
  });
});

describe.runIf(serverUrl)("several web processes on a database that does not answer", () => {
  it("end the server with the first process's failure", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "rcs-web-processes-"));
    try {
      // A port nothing listens on: the first process cannot open the database.
      const nowhere = databaseUrl("postgres://postgres@127.0.0.1:9/postgres", name);
      await expect(spawnServer(dir, { DATABASE_URL: nowhere, WEB_PROCESSES: "2" })).rejects.toThrow(
        /exited early[\s\S]*ECONNREFUSED/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
