// GET /api/admin/live: a server-sent-events stream of data changes for the
// admin screens (spec 2.15: "the screen reloads when the bookings data
// changes in real time"). The database announces every change on its
// "data_changed" channel (migration 0001), so a booking made through any app
// process reaches the screens served by every other process. One LISTEN per
// process feeds all of that process's streams.
import type { Request, RequestHandler, Response } from "express";
import type { DatabaseHandle } from "#server/db/client.ts";
import { log } from "#server/log.ts";

export const LIVE_CHANNEL = "data_changed";
/** Comments keep idle proxies from closing the stream. */
const HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting after the stream ends. */
const RETRY_MS = 3_000;

export type DataChange = { table: string; op: string; id: string };

export type LiveUpdates = {
  handler: RequestHandler;
  /** Ends every stream (browsers reconnect elsewhere) and stops listening. */
  close: () => Promise<void>;
  clientCount: () => number;
};

function parseChange(payload: string): DataChange | null {
  try {
    const value = JSON.parse(payload) as Partial<DataChange>;
    if (typeof value.table !== "string" || typeof value.op !== "string") return null;
    return { table: value.table, op: value.op, id: String(value.id ?? "") };
  } catch {
    return null;
  }
}

export function createLiveUpdates(getDatabase: () => Promise<DatabaseHandle>): LiveUpdates {
  const clients = new Set<Response>();
  let listening: Promise<() => Promise<void>> | undefined;
  let closed = false;

  const broadcast = (payload: string) => {
    const change = parseChange(payload);
    if (!change) return;
    const frame = `event: change\ndata: ${JSON.stringify(change)}\n\n`;
    for (const res of clients) res.write(frame);
  };

  const ensureListening = () => {
    listening ??= getDatabase()
      .then((database) => database.listen(LIVE_CHANNEL, broadcast))
      .catch((error) => {
        listening = undefined;
        throw error;
      });
    return listening;
  };

  const handler: RequestHandler = async (req: Request, res: Response, next) => {
    if (closed) {
      res
        .status(503)
        .set("Retry-After", "3")
        .json({ error: "Shutting down.", code: "unavailable" });
      return;
    }
    try {
      await ensureListening();
    } catch (error) {
      next(error);
      return;
    }
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: the compression middleware leaves the stream unbuffered.
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    });
    res.write(`retry: ${RETRY_MS}\n\nevent: ready\ndata: {}\n\n`);
    clients.add(res);
    const heartbeat = setInterval(() => res.write(": ping\n\n"), HEARTBEAT_MS);
    heartbeat.unref();
    req.on("close", () => {
      clearInterval(heartbeat);
      clients.delete(res);
    });
  };

  const close = async () => {
    closed = true;
    for (const res of clients) {
      res.end();
      res.socket?.end();
    }
    clients.clear();
    const pending = listening;
    listening = undefined;
    if (pending) {
      const unlisten = await pending.catch(() => undefined);
      await unlisten?.().catch((error) => log.warn({ err: error }, "could not stop listening"));
    }
  };

  return { handler, close, clientCount: () => clients.size };
}
