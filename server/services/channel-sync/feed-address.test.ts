import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  feedAddressProblem,
  isPublicAddress,
  NOT_HTTPS,
  NOT_PUBLIC,
  publicOnlyLookup,
} from "./feed-address";
import { fetchFeed } from "./fetch-feed";

const strict = { allowLocal: false };

describe("which feed addresses a production server reads", () => {
  it("only public internet addresses", () => {
    for (const address of ["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111"])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "224.0.0.1",
      "not-an-address",
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it("refuses plain http, localhost and private literals before connecting", () => {
    expect(feedAddressProblem("http://calendar.example.com/a.ics", strict)).toBe(NOT_HTTPS);
    expect(feedAddressProblem("https://localhost/a.ics", strict)).toBe(NOT_PUBLIC);
    expect(feedAddressProblem("https://127.0.0.1:8443/a.ics", strict)).toBe(NOT_PUBLIC);
    expect(feedAddressProblem("https://[::1]/a.ics", strict)).toBe(NOT_PUBLIC);
    expect(feedAddressProblem("https://169.254.169.254/latest/meta-data", strict)).toBe(NOT_PUBLIC);
    expect(feedAddressProblem("https://calendar.example.com/a.ics", strict)).toBeNull();
    expect(feedAddressProblem("http://127.0.0.1:4000/a.ics", { allowLocal: true })).toBeNull();
  });
});

describe("reading a feed under the production policy", () => {
  let base = "";
  const server = createServer((req, res) => {
    if (req.url === "/redirect") {
      res.writeHead(302, { location: "/a.ics" }).end();
      return;
    }
    res
      .writeHead(200, { "content-type": "text/calendar" })
      .end("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n");
  });
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  const read = (url: string, allowLocal: boolean) =>
    fetchFeed(url, { timeoutMs: 5_000, maxBytes: 10_000, policy: { allowLocal } });

  it("never connects to the server's own network", async () => {
    await expect(read(`https://${base}/a.ics`, false)).rejects.toThrow(NOT_PUBLIC);
    await expect(read(`http://${base}/a.ics`, false)).rejects.toThrow(NOT_HTTPS);
  });

  it("refuses, at lookup, a name that resolves to a private address", async () => {
    const looked = await new Promise<Error | null>((resolve) =>
      publicOnlyLookup("localhost", {}, (error) => resolve(error)),
    );
    expect(looked?.message).toBe(NOT_PUBLIC);
  });

  it("follows redirects itself, hop by hop", async () => {
    expect((await read(`http://${base}/redirect`, true)).kind).toBe("fetched");
  });
});
