// Reports worked out off the server's thread (issue 32, item 3): on
// PostgreSQL, the production build sends a report's figures to one worker
// thread (report-worker.ts) and renders what it answers, so a long report no
// longer holds up the pages other people are waiting for. PGlite lives on the
// server's thread and cannot be shared, and development runs the TypeScript
// sources: both work the figures out here, in steps (betweenOtherWork).
import { existsSync } from "node:fs";
import path from "node:path";
import { Worker, type WorkerOptions } from "node:worker_threads";
import type { ReportPreset, ReportRange } from "#domain/api/admin-reports.ts";
import { env } from "#server/config.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { AppError, type Refusal } from "#server/errors.ts";
import { log } from "#server/log.ts";
import { loadReport, type Report, type ReportFigures, reportFigures } from "./reports";

export type ReportJob = {
  id: number;
  url: string;
  preset: ReportPreset;
  range: ReportRange;
  /** The instant the report is for, epoch ms. */
  now: number;
};

/** What the thread could not do: a refusal keeps its words and fields. */
type Failure = {
  message: string;
  refusal?: Refusal;
  code?: string;
  fieldErrors?: AppError["fieldErrors"];
  retryAfterSeconds?: number;
};

export type ReportJobAnswer = { id: number } & ({ figures: ReportFigures } | { error: Failure });

export function refusalOf(error: unknown): Failure {
  if (error instanceof AppError) {
    const { message, refusal, code, fieldErrors, retryAfterSeconds } = error;
    return { message, refusal, code, fieldErrors, retryAfterSeconds };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

const errorOf = (failure: Failure): Error =>
  failure.refusal
    ? new AppError(failure.refusal, failure.message, {
        code: failure.code,
        fieldErrors: failure.fieldErrors,
        retryAfterSeconds: failure.retryAfterSeconds,
      })
    : new Error(`the report thread failed: ${failure.message}`);

/** The built worker, beside the server build that `npm run serve` loads the same way. */
const builtWorker = () => path.resolve("build/report-worker.js");

type Waiting = { resolve: (figures: ReportFigures) => void; reject: (error: Error) => void };

/** One worker thread and the reports it is working out. */
export class ReportThread {
  readonly #worker: Worker;
  readonly #waiting = new Map<number, Waiting>();
  #next = 0;
  #ended = false;

  /** `options`: how to start it (a test runs the TypeScript source through tsx). */
  constructor(file: string, options: WorkerOptions = {}) {
    this.#worker = new Worker(file, options);
    this.#worker.unref();
    this.#worker.on("message", (answer: ReportJobAnswer) => {
      const waiting = this.#waiting.get(answer.id);
      this.#waiting.delete(answer.id);
      if ("figures" in answer) waiting?.resolve(answer.figures);
      else waiting?.reject(errorOf(answer.error));
    });
    this.#worker.on("error", (error) => {
      log.error({ err: error }, "the report thread failed");
      this.#end(error);
    });
    this.#worker.on("exit", () => this.#end(new Error("the report thread stopped")));
  }

  /** False once the thread failed or stopped: a new one takes its place. */
  get running(): boolean {
    return !this.#ended;
  }

  figures(job: Omit<ReportJob, "id">): Promise<ReportFigures> {
    if (this.#ended) return Promise.reject(new Error("the report thread stopped"));
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      this.#worker.postMessage({ ...job, id } satisfies ReportJob);
    });
  }

  async stop(): Promise<void> {
    await this.#worker.terminate();
  }

  #end(error: Error) {
    this.#ended = true;
    for (const waiting of this.#waiting.values()) waiting.reject(error);
    this.#waiting.clear();
  }
}

const store = globalThis as unknown as { __reportThread?: ReportThread };

/** The running thread, started on the first report; none where it cannot serve. */
function reportThread(): ReportThread | undefined {
  if (env().NODE_ENV !== "production" || !existsSync(builtWorker())) return undefined;
  if (!store.__reportThread?.running) store.__reportThread = new ReportThread(builtWorker());
  return store.__reportThread;
}

/** The report of a range, its figures worked out on the report thread where there is one. */
export function loadReportOffThread(
  database: DatabaseHandle,
  preset: ReportPreset,
  range: ReportRange,
  now: Date = new Date(),
): Promise<Report> {
  const { url } = database;
  const thread = url ? reportThread() : undefined;
  const here = () => reportFigures(database.db, preset, range, now);
  const onThread = async () => {
    if (!thread || !url) return here();
    try {
      return await thread.figures({ url, preset, range, now: now.getTime() });
    } catch (error) {
      if (error instanceof AppError) throw error;
      // A thread that cannot work leaves the report to this one, slower but answered.
      log.warn({ err: error }, "the report thread failed: the report is worked out here");
      return here();
    }
  };
  return loadReport(database.db, preset, range, now, onThread);
}

/** Ends the report thread (the server's graceful stop). */
export async function stopReportThread(): Promise<void> {
  const thread = store.__reportThread;
  store.__reportThread = undefined;
  await thread?.stop();
}
