// GET /api/health: 200 when the database answers, 503 when it does not.
import { sql } from "drizzle-orm";
import type { RequestHandler } from "express";
import { getAppContext } from "#server/context.ts";

export const health: RequestHandler = async (_req, res) => {
  const started = performance.now();
  try {
    const { database } = await getAppContext();
    await database.db.execute(sql`select 1`);
    res.set("Cache-Control", "no-store").json({
      status: "ok",
      database: {
        status: "ok",
        kind: database.kind,
        latencyMs: Math.round(performance.now() - started),
      },
    });
  } catch (error) {
    res.status(503).json({
      status: "error",
      database: {
        status: "error",
        message: error instanceof Error ? error.message : String(error),
      },
    });
  }
};
