import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "#server/config.ts";
import { serveFromObjectStore } from "#server/http/uploads.ts";
import { startObjectStore, type TestObjectStore } from "#server/testing/object-store.ts";
import { freePort } from "#tests/support/spawn-server.ts";
import { s3PhotoStorage, s3SettingsOf } from "./s3-photo-storage";

const webp = { contentType: "image/webp", extension: "webp" } as const;
const photo = Uint8Array.from([82, 73, 70, 70, 1, 2, 3, 4]);
const narrow = Uint8Array.from([5, 6, 7]);

let store: TestObjectStore;
beforeAll(async () => {
  store = await startObjectStore();
});
afterAll(() => store.stop());

function settings(extra: Record<string, string> = {}) {
  const s3 = s3SettingsOf(parseEnv({ ...store.env, ...extra }));
  if (!s3) throw new Error("S3_BUCKET is set");
  return s3;
}

async function listen(handler: express.RequestHandler) {
  const app = express().use("/uploads", handler);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

describe("S3 settings from the environment", () => {
  it("are off without a bucket, path-style for a custom endpoint, and need both keys or neither", () => {
    expect(s3SettingsOf(parseEnv({}))).toBeUndefined();
    expect(settings()).toMatchObject({ bucket: "farm-photos", forcePathStyle: true });
    expect(s3SettingsOf(parseEnv({ S3_BUCKET: "b" }))).toMatchObject({
      region: "us-east-1",
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(() => parseEnv({ S3_BUCKET: "b", S3_ACCESS_KEY_ID: "id" })).toThrow(
      /S3_SECRET_ACCESS_KEY: set both/,
    );
  });
});

describe("photos in an S3-compatible store", () => {
  it("keeps every file of a photo under one fresh name and reads the bytes back", async () => {
    const storage = s3PhotoStorage(settings());
    const files = [
      { suffix: "", bytes: photo },
      { suffix: "-480", bytes: narrow },
    ];
    const url = await storage.save("campsites", files, webp);
    expect(url).toMatch(/^\/uploads\/campsites\/[0-9a-f]{24}\.webp$/);
    expect(await storage.save("campsites", files, webp)).not.toBe(url);

    const key = url.replace("/uploads/", "");
    const stored = await storage.read(key);
    expect(stored?.contentType).toBe("image/webp");
    expect(new Uint8Array(await bytesOf(stored?.body))).toEqual(photo);
    const copy = await storage.read(key.replace(".webp", "-480.webp"));
    expect(new Uint8Array(await bytesOf(copy?.body))).toEqual(narrow);
  });

  it("answers the store's public address when the bucket has one", async () => {
    const storage = s3PhotoStorage(settings({ S3_PUBLIC_URL: "https://photos.example.com/" }));
    const url = await storage.save("campsites", [{ suffix: "", bytes: photo }], webp);
    expect(url).toMatch(/^https:\/\/photos\.example\.com\/campsites\/[0-9a-f]{24}\.webp$/);
  });

  it("reads only the keys it writes, and nothing for a missing one", async () => {
    const storage = s3PhotoStorage(settings());
    for (const key of ["../etc/passwd", "campsites/notes.txt", "Campsites/x.webp", ""]) {
      expect(await storage.read(key)).toBeNull();
    }
    expect(await storage.read(`campsites/${"0".repeat(24)}.webp`)).toBeNull();
  });
});

describe("GET /uploads from the object store", () => {
  it("serves a stored photo for a year, and 404 for anything else", async () => {
    const s3 = settings();
    const url = await s3PhotoStorage(s3).save("campsites", [{ suffix: "", bytes: photo }], webp);
    const server = await listen(serveFromObjectStore(s3));
    try {
      const res = await fetch(`${server.url}${url}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/webp");
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(photo);
      expect((await fetch(`${server.url}/uploads/campsites/../../secret`)).status).toBe(404);
      expect((await fetch(`${server.url}/uploads/campsites/${"a".repeat(24)}.webp`)).status).toBe(
        404,
      );
    } finally {
      server.close();
    }
  });

  it("answers 503 with Retry-After while the store cannot be reached", async () => {
    const down = settings({ S3_ENDPOINT: `http://127.0.0.1:${await freePort()}` });
    const server = await listen(serveFromObjectStore(down));
    try {
      const res = await fetch(`${server.url}/uploads/campsites/${"b".repeat(24)}.webp`);
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("30");
    } finally {
      server.close();
    }
  });
});

async function bytesOf(body: NodeJS.ReadableStream | undefined): Promise<Buffer> {
  if (!body) throw new Error("no body");
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
