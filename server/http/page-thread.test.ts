// The page thread renders what the server's thread hands it, as the app would
// here: status, headers (each cookie its own), the body compressed as the
// client asked; a page it cannot render is left to the app on this thread.
import type { Server } from "node:http";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PageThread, renderedOffThread } from "./page-thread";

const file = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
let thread: PageThread;
let server: Server;
let base: string;

type Timing = { idleMs?: number; pingMs?: number; startupMs?: number };

/** The TypeScript source of the build's page-worker.js, on a stand-in for the server build. */
const startThread = (timing?: Timing, app = "../testing/page-renderer.ts") =>
  new PageThread(
    file("../testing/typescript-worker.mjs"),
    { workerData: { source: new URL("./page-worker.ts", import.meta.url).href, app: file(app) } },
    timing,
  );

const asked = (path: string, headers: [string, string][] = []) => ({
  url: `http://farm.test${path}`,
  method: "GET",
  headers,
  clientAddress: "203.0.113.9",
  cspNonce: "n0nce",
});

beforeAll(async () => {
  thread = startThread();
  const app = express();
  app.get(
    ["/page", "/fails"],
    renderedOffThread({
      thread: async () => thread,
      request: (req) => ({ url: `http://farm.test${req.originalUrl}`, clientAddress: "client" }),
    }),
  );
  app.use((_req, res) => {
    res.send("rendered here");
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});

afterAll(async () => {
  await thread?.stop();
  await new Promise((resolve) => server?.close(resolve));
});

describe("the page thread", () => {
  it("renders what it is handed, every cookie on its own", async () => {
    const page = await thread.render(asked("/page?range=this-month", [["cookie", "session=abc"]]));
    expect(page.status).toBe(200);
    expect(Buffer.from(page.body).toString()).toContain(
      "<p>GET /page?range=this-month for 203.0.113.9 (n0nce) with session=abc</p>",
    );
    expect(page.headers.filter(([name]) => name === "set-cookie")).toEqual([
      ["set-cookie", "first=1; Path=/"],
      ["set-cookie", "second=2; Path=/"],
    ]);
    expect(page.headers).toContainEqual(["content-type", "text/html; charset=utf-8"]);
  });

  it("compresses the page as the client asked, and keeps the status", async () => {
    const page = await thread.render(asked("/gone", [["accept-encoding", "gzip, br"]]));
    expect(page.status).toBe(404);
    expect(page.headers).toContainEqual(["content-encoding", "br"]);
    expect(page.headers).toContainEqual(["vary", "Accept-Encoding"]);
    const html = brotliDecompressSync(page.body).toString();
    expect(html).toContain("<p>GET /gone for 203.0.113.9");
    expect(page.body.length).toBeLessThan(html.length / 10);
  });

  it("answers a failure in the renderer's words", async () => {
    await expect(thread.render(asked("/fails"))).rejects.toThrow(/the renderer broke/);
  });

  it("sends the thread's page through the middleware, and leaves a failure to this thread", async () => {
    const res = await fetch(`${base}/page`, { headers: { cookie: "session=abc" } });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual(["first=1; Path=/", "second=2; Path=/"]);
    expect(await res.text()).toContain("<p>GET /page for client (undefined) with session=abc</p>");
    const failed = await fetch(`${base}/fails`);
    expect(await failed.text()).toBe("rendered here");
  });

  it("refuses new pages once stopped, and is no longer running", async () => {
    const stopped = startThread();
    await stopped.stop();
    expect(stopped.running).toBe(false);
    await expect(stopped.render(asked("/page"))).rejects.toThrow(/stopped/);
  });

  it("stops once it has had nothing to render for a while", async () => {
    const idle = startThread({ idleMs: 50 });
    expect((await idle.render(asked("/page"))).status).toBe(200);
    expect(idle.running).toBe(true);
    await vi.waitFor(() => expect(idle.running).toBe(false), { timeout: 5_000 });
  });

  it("is replaced when it answers nothing, and a page waiting on it falls back", async () => {
    const stuck = startThread({ pingMs: 100 });
    await expect(stuck.render(asked("/spin"))).rejects.toThrow(/stopped/);
    expect(stuck.running).toBe(false);
    expect(stuck.failedAt).toBeTypeOf("number");
  });

  it("is replaced when it does not load the app in time", async () => {
    const never = startThread(
      { pingMs: 100, startupMs: 500 },
      "../testing/page-renderer-never-loads.ts",
    );
    await expect(never.render(asked("/page"))).rejects.toThrow(/stopped/);
    expect(never.failedAt).toBeTypeOf("number");
  });

  it("is not replaced while a page waits on something outside it", async () => {
    // Three pings while the page waits, every half a second; the thread's start (tsx
    // compiling the sources here) has its own allowance.
    const waiting = startThread({ pingMs: 500 });
    expect((await waiting.render(asked("/slow"))).status).toBe(200);
    expect(waiting.running).toBe(true);
    expect(waiting.failedAt).toBeUndefined();
    await waiting.stop();
  });
});
