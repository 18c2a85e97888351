import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readQuery } from "#domain/rules/booking-query.ts";
import { ChangeCache } from "#server/services/availability-cache.ts";
import { type CachedPage, cachedPages, pathOnly, sendKeptPage } from "./page-cache";

const html = (n: number) =>
  `<!doctype html><p>${"Campsites ".repeat(100)}${n}</p><script>go()</script>`;

let server: Server;
let base: string;
let cache: ChangeCache<CachedPage | undefined>;
let renders: string[];
let status: number;
/** Answers sent before the app, as server/web-process.ts sends them. */
let beforeApp: number;

beforeEach(async () => {
  cache = new ChangeCache<CachedPage | undefined>();
  cache.startHearing();
  renders = [];
  status = 200;
  beforeApp = 0;
  const app = express();
  app.use(
    cachedPages({
      paths: ["/faq"],
      addressOf: pathOnly,
      cache: async () => cache,
      render: async (url) => {
        renders.push(url);
        return new Response(html(renders.length), { headers: { "content-type": "text/html" } });
      },
      policy: () => "script-src 'self'",
      finish: async (page) => page.replace("<p>", "<p data-finished>"),
    }),
    cachedPages({
      paths: ["/bookings"],
      addressOf: (path, query) => `${path}?${readQuery(query)}`,
      cache: async () => cache,
      render: async (url) => {
        renders.push(url);
        return new Response(html(renders.length), {
          status,
          headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
        });
      },
      policy: (page) => `script-src 'self' (${page.length} characters)`,
    }),
  );
  app.use((_req, res) => {
    res.status(200).send("rendered by the app");
  });
  const faq = { paths: ["/faq"], addressOf: pathOnly };
  server = createServer((req, res) => {
    if (sendKeptPage(faq, cache, req, res, { "X-Every-Answer": "yes" })) beforeApp++;
    else app(req, res);
  }).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  server.close();
});

describe("pages kept until the data changes", () => {
  it("renders a page once and sends the kept copy, compressed, with its own policy", async () => {
    const first = await fetch(`${base}/bookings`, { headers: { "accept-encoding": "br" } });
    const second = await fetch(`${base}/bookings`, { headers: { "accept-encoding": "gzip" } });
    expect(await first.text()).toBe(html(1));
    expect(await second.text()).toBe(html(1));
    expect(renders).toEqual(["/bookings?"]);
    expect(first.headers.get("content-encoding")).toBe("br");
    expect(second.headers.get("content-encoding")).toBe("gzip");
    expect(first.headers.get("content-security-policy")).toBe(
      `script-src 'self' (${html(1).length} characters)`,
    );
    expect(first.headers.get("cache-control")).toBe("no-store");
  });

  it("keeps each page by the query it reads, whatever else the address says, and renders again after a change", async () => {
    await fetch(`${base}/bookings?campsite=a`);
    await fetch(`${base}/bookings?campsite=b`);
    await fetch(`${base}/bookings?utm_source=advert&campsite=a&fbclid=x`);
    await fetch(`${base}/bookings?guests=3&checkIn=2031-05-01&campsite=a`);
    await fetch(`${base}/bookings?campsite=a&checkIn=2031-05-01&guests=3&guests=9&dogs=banana`);
    expect(renders).toEqual([
      "/bookings?campsite=a",
      "/bookings?campsite=b",
      "/bookings?campsite=a&checkIn=2031-05-01&guests=3",
    ]);
    cache.clear();
    expect(await (await fetch(`${base}/bookings?campsite=a&utm_medium=x`)).text()).toBe(html(4));
  });

  it("keeps a page that reads no query by its path, finished once, answered 304 while the same", async () => {
    const first = await fetch(`${base}/faq?made-up=1`);
    await fetch(`${base}/faq?made-up=2`);
    expect(renders).toEqual(["/faq"]);
    expect(await first.text()).toBe(html(1).replace("<p>", "<p data-finished>"));
    expect(first.headers.get("cache-control")).toBe("no-cache");
    const etag = first.headers.get("etag") ?? "";
    const again = await fetch(`${base}/faq`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    cache.clear();
    expect((await fetch(`${base}/faq`, { headers: { "if-none-match": etag } })).status).toBe(200);
  });

  it("leaves the page to the app while changes are not heard, or when it is not a plain 200", async () => {
    cache.stopHearing();
    expect(await (await fetch(`${base}/bookings`)).text()).toBe("rendered by the app");
    expect(renders).toEqual([]);
    cache.startHearing();
    status = 404;
    expect(await (await fetch(`${base}/bookings`)).text()).toBe("rendered by the app");
    status = 200;
    expect(await (await fetch(`${base}/bookings`)).text()).toBe(html(2));
  });

  it("never answers another address, or a form sent to this one", async () => {
    expect(await (await fetch(`${base}/events`)).text()).toBe("rendered by the app");
    const posted = await fetch(`${base}/bookings`, { method: "POST" });
    expect(await posted.text()).toBe("rendered by the app");
    expect(renders).toEqual([]);
  });

  it("sends a kept page before the app sees the request, with what every answer carries", async () => {
    const rendered = await fetch(`${base}/faq`);
    expect([beforeApp, rendered.headers.get("x-every-answer")]).toEqual([0, null]);
    const kept = await fetch(`${base}/faq?utm_source=x`, { headers: { "accept-encoding": "br" } });
    expect(beforeApp).toBe(1);
    expect(await kept.text()).toBe(await rendered.text());
    expect(kept.headers.get("x-every-answer")).toBe("yes");
    expect(kept.headers.get("content-security-policy")).toBe("script-src 'self'");
    expect(kept.headers.get("content-encoding")).toBe("br");
    const etag = kept.headers.get("etag") ?? "";
    const same = await fetch(`${base}/faq`, { headers: { "if-none-match": etag } });
    expect([same.status, same.headers.get("x-every-answer"), beforeApp]).toEqual([304, "yes", 2]);
    // Not a read, or not kept yet: the app answers.
    expect((await fetch(`${base}/faq`, { method: "POST" })).status).toBe(200);
    cache.clear();
    await fetch(`${base}/faq`);
    expect([beforeApp, renders]).toEqual([2, ["/faq", "/faq"]]);
  });
});
