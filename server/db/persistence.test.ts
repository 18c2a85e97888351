import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client";
import { bookings, campsites, campsiteUnits } from "./schema";
import { seedIfEmpty } from "./seed";

const dataDir = mkdtempSync(path.join(tmpdir(), "rcs-pglite-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
afterAll(() => rmSync(`${dataDir}.lock`, { force: true }));

describe("the embedded database on disk", () => {
  it("seeds an empty database once and keeps the data across a restart", async () => {
    const first = await openDatabase({ dataDir });
    expect(await seedIfEmpty(first.db)).toBe(true);
    const [sites] = await first.db.select({ n: count() }).from(campsites);
    const [units] = await first.db.select({ n: count() }).from(campsiteUnits);
    const [stays] = await first.db.select({ n: count() }).from(bookings);
    // A second opening in the same process is refused before it touches the files.
    await expect(openDatabase({ dataDir })).rejects.toThrow(/is in use by process/);
    await first.close();

    expect(sites?.n).toBe(3);
    expect(units?.n).toBe(13);
    expect(stays?.n).toBeGreaterThan(5);

    const reopened = await openDatabase({ dataDir });
    expect(await seedIfEmpty(reopened.db)).toBe(false);
    const [again] = await reopened.db.select({ n: count() }).from(bookings);
    expect(again?.n).toBe(stays?.n);
    await reopened.close();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
    // Opening a database on disk twice and seeding it is slow on a busy machine.
  }, 90_000);
});
