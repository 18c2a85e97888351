// The thread that works out a report's figures (issue 32, item 3): a
// three-year report reads and counts tens of thousands of bookings, about
// 0.4 s of the server's thread that every other request waited behind. Here it
// has a small pool of its own on the same PostgreSQL. Built as
// build/report-worker.js; reports-off-thread.ts sends it the work.
import { parentPort } from "node:worker_threads";
import { type DatabaseHandle, openDatabase } from "#server/db/client.ts";
import { reportFigures } from "./reports";
import { type ReportJob, type ReportJobAnswer, refusalOf } from "./reports-off-thread";

const port = parentPort;
if (!port) throw new Error("report-worker.ts runs as a worker thread");

let database: Promise<DatabaseHandle> | undefined;

port.on("message", async (job: ReportJob) => {
  let answer: ReportJobAnswer;
  try {
    database ??= openDatabase({ url: job.url, maxConnections: 2 }, { migrate: false });
    const { db } = await database.catch((error) => {
      database = undefined;
      throw error;
    });
    answer = {
      id: job.id,
      figures: await reportFigures(db, job.preset, job.range, new Date(job.now)),
    };
  } catch (error) {
    answer = { id: job.id, error: refusalOf(error) };
  }
  port.postMessage(answer);
});
