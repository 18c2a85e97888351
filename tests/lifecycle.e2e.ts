import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/client.ts";
import { campsites } from "#server/db/schema.ts";
import { spawnServer } from "#tests/support/spawn-server.ts";

const dataDir = mkdtempSync(path.join(tmpdir(), "rcs-lifecycle-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const countCampsites = async () => {
  const handle = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
  const [row] = await handle.db.select({ n: count() }).from(campsites);
  return { handle, n: row?.n ?? 0 };
};

describe("the server's life on embedded defaults", () => {
  it("seeds a fresh data folder, stops cleanly on SIGTERM, and keeps its data across a restart", async () => {
    const first = await spawnServer(dataDir);
    expect(await first.stop()).toBe(0);

    // The database was closed cleanly: it opens again with the demo data in it.
    const afterFirst = await countCampsites();
    expect(afterFirst.n).toBe(3);
    await afterFirst.handle.db.insert(campsites).values({
      name: "Added between restarts",
      pricePerNightCents: 4000,
      capacity: 4,
    });
    await afterFirst.handle.close();

    // A second start finds the data and does not seed again.
    const second = await spawnServer(dataDir);
    const health = await fetch(`${second.baseURL}/api/health`).then((r) => r.json());
    expect(health).toMatchObject({ status: "ok" });
    expect(await second.stop()).toBe(0);
    const afterSecond = await countCampsites();
    expect(afterSecond.n).toBe(4);
    await afterSecond.handle.close();
    // Two cold starts of the server and two of the database: slow on a busy machine.
  }, 240_000);

  it("refuses to start with an invalid environment, naming the variable", async () => {
    await expect(spawnServer(dataDir, { PORT: "not-a-port" })).rejects.toThrow(/PORT/);
  }, 120_000);
});
