// A report's figures worked out on the report thread are the figures worked
// out here, and a range the rules refuse is refused there in the same words.
// The thread opens the database by its address: PostgreSQL only.
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "#server/errors.ts";
import { setupTestDatabase, testingPostgres } from "#server/testing/database.ts";
import { createCampsite, insertBooking } from "#server/testing/factories.ts";
import { reportFigures } from "./reports";
import { ReportThread } from "./reports-off-thread";

const database = setupTestDatabase();
const june = { from: "2026-06-01", to: "2026-06-30" };
const now = new Date("2026-06-15T02:00:00Z");
let thread: ReportThread;

beforeAll(async () => {
  if (!testingPostgres()) return;
  const { db } = database();
  const creek = await createCampsite(db, { name: "Creekside Camp", quantity: 2 });
  await insertBooking(db, creek, { checkInDate: "2026-06-05", checkOutDate: "2026-06-08" });
  await insertBooking(db, creek, {
    checkInDate: "2026-06-28",
    checkOutDate: "2026-07-02",
    status: "confirmed",
  });
  // The TypeScript source of the build's report-worker.js.
  const source = new URL("./report-worker.ts", import.meta.url).href;
  thread = new ReportThread(
    fileURLToPath(new URL("../testing/typescript-worker.mjs", import.meta.url)),
    {
      workerData: { source },
    },
  );
});

afterAll(async () => {
  await thread?.stop();
});

describe.runIf(testingPostgres())("the report thread", () => {
  const job = (range: { from: string; to: string }) => ({
    url: database().url ?? "",
    preset: "custom" as const,
    range,
    now: now.getTime(),
  });

  it("works out the figures this thread works out", async () => {
    const figures = await thread.figures(job(june));
    expect(figures.total.nightsSold).toBe(6);
    expect(figures).toEqual(await reportFigures(database().db, "custom", june, now));
  });

  it("refuses a range the rules refuse, in their words", async () => {
    const backwards = { from: "2026-06-30", to: "2026-06-01" };
    const here = await reportFigures(database().db, "custom", backwards, now).catch((e) => e);
    const there = await thread.figures(job(backwards)).catch((e) => e);
    expect(here).toBeInstanceOf(AppError);
    expect(there).toBeInstanceOf(AppError);
    expect(there).toMatchObject({
      message: here.message,
      refusal: here.refusal,
      code: here.code,
      fieldErrors: here.fieldErrors,
    });
  });

  it("answers no more once stopped", async () => {
    await thread.stop();
    expect(thread.running).toBe(false);
    await expect(thread.figures(job(june))).rejects.toThrow("the report thread stopped");
  });
});
