// For tests: a real HTTP server on loopback that serves calendar feeds the way
// listings do, and misbehaves on request (errors, huge bodies, silence).
// Every request is recorded so a test can count them and read their headers.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { addDays } from "#domain/rules/dates.ts";

export type FeedRoute = (req: IncomingMessage, res: ServerResponse) => void;

export type FeedServer = {
  url: (path: string) => string;
  route: (path: string, handler: FeedRoute) => void;
  requests: { path: string; headers: IncomingMessage["headers"] }[];
  close: () => Promise<void>;
};

export async function startFeedServer(): Promise<FeedServer> {
  const routes = new Map<string, FeedRoute>();
  const requests: FeedServer["requests"] = [];
  const sockets = new Set<import("node:net").Socket>();
  const server = createServer((req, res) => {
    const [path = "/"] = (req.url ?? "/").split("?");
    requests.push({ path, headers: req.headers });
    const handler = routes.get(path);
    if (!handler) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    handler(req, res);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    route: (path, handler) => routes.set(path, handler),
    requests,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * Serves a calendar text with an ETag, answering 304 when the client already
 * has it, except (as Express does) to a request that says Cache-Control: no-cache.
 */
export function serveCalendar(text: () => string, etag?: () => string): FeedRoute {
  return (req, res) => {
    const tag = etag?.();
    const noCache = /(?:^|,)\s*no-cache\s*(?:,|$)/.test(req.headers["cache-control"] ?? "");
    if (tag && !noCache && req.headers["if-none-match"] === tag) {
      res.writeHead(304, { etag: tag }).end();
      return;
    }
    res
      .writeHead(200, {
        "content-type": "text/calendar; charset=utf-8",
        ...(tag ? { etag: tag } : {}),
      })
      .end(text());
  };
}

/** yyyyMMdd of the farm day `offset` days after `day`. */
export const icsDay = (day: string, offset = 0) => addDays(day, offset).replaceAll("-", "");

export const calendar = (prodId: string, body: string[], extra: string[] = []) =>
  [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${prodId}`,
    "CALSCALE:GREGORIAN",
    ...extra,
    ...body,
    "END:VCALENDAR",
    "",
  ].join("\r\n");

export const vevent = (lines: string[]) => ["BEGIN:VEVENT", ...lines, "END:VEVENT"].join("\r\n");
