import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sendKeptJson } from "./kept-body";

let server: Server;
let base: string;
let answer: { nights: string[] };

beforeEach(async () => {
  answer = { nights: Array.from({ length: 365 }, (_, i) => `2031-01-${i}`) };
  const app = express();
  app.use(compression());
  app.get("/answer", (req, res) => sendKeptJson(req, res, answer));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  server.close();
});

const ask = (encoding: string) =>
  fetch(`${base}/answer`, { headers: { "accept-encoding": encoding } });

describe("an answer's JSON kept with the answer", () => {
  it("is sent in the encoding asked for, once compressed", async () => {
    for (const encoding of ["br", "gzip", "identity"]) {
      const res = await ask(encoding);
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(res.headers.get("content-encoding")).toBe(encoding === "identity" ? null : encoding);
      expect(await res.json()).toEqual(answer);
    }
  });

  it("is written once per answer: the same answer sends the same bytes, a new one its own", async () => {
    const first = await (await ask("br")).json();
    answer.nights.push("changed in place");
    expect(await (await ask("br")).json()).toEqual(first);
    answer = { nights: ["a new answer"] };
    expect(await (await ask("br")).json()).toEqual(answer);
  });
});
