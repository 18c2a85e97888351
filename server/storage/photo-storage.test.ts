import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { serveFromDisk } from "#server/http/uploads.ts";
import { localDiskStorage } from "./photo-storage";
import { detectPhotoType } from "./photo-type";
import { BodyTooLargeError, readLimited } from "./read-limited";

const root = mkdtempSync(path.join(tmpdir(), "rcs-uploads-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]);
const webp = new TextEncoder().encode("RIFF\u0000\u0000\u0000\u0000WEBPVP8 ");
const avif = Uint8Array.from([0, 0, 0, 0x1c, ...new TextEncoder().encode("ftypavif")]);

describe("telling a photo by its bytes", () => {
  it("recognises JPEG, PNG, WebP and AVIF", () => {
    expect(detectPhotoType(jpeg)).toEqual({ contentType: "image/jpeg", extension: "jpg" });
    expect(detectPhotoType(png)).toEqual({ contentType: "image/png", extension: "png" });
    expect(detectPhotoType(webp)).toEqual({ contentType: "image/webp", extension: "webp" });
    expect(detectPhotoType(avif)).toEqual({ contentType: "image/avif", extension: "avif" });
  });

  it("refuses SVG, HTML and anything else, whatever it is called", () => {
    const text = (s: string) => new TextEncoder().encode(s);
    expect(detectPhotoType(text('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'))).toBe(
      null,
    );
    expect(detectPhotoType(text("<html><script>alert(1)</script>"))).toBe(null);
    expect(detectPhotoType(new Uint8Array())).toBe(null);
    expect(detectPhotoType(Uint8Array.from([0xff, 0xd8]))).toBe(null);
  });
});

describe("photos on local disk", () => {
  it("saves under a random name and serves the same bytes back at the returned URL", async () => {
    const storage = localDiskStorage(root);
    const small = Uint8Array.from([1, 2, 3]);
    const files = [
      { suffix: "", bytes: png },
      { suffix: "-480", bytes: small },
    ];
    const url = await storage.save("campsites", files, {
      contentType: "image/png",
      extension: "png",
    });
    expect(url).toMatch(/^\/uploads\/campsites\/[0-9a-f]{24}\.png$/);
    const other = await storage.save("campsites", files, {
      contentType: "image/png",
      extension: "png",
    });
    expect(other).not.toBe(url);
    const stored = path.join(root, url.replace("/uploads/", ""));
    expect(readFileSync(stored)).toEqual(Buffer.from(png));
    expect(readFileSync(stored.replace(/\.png$/, "-480.png"))).toEqual(Buffer.from(small));

    const app = express();
    app.use("/uploads", serveFromDisk(root));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const res = await fetch(`${base}${url}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      expect(res.headers.get("cache-control")).toContain("immutable");
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(png);
      expect((await fetch(`${base}/uploads/campsites/`)).status).toBe(404);
      expect((await fetch(`${base}/uploads/../etc/passwd`)).status).toBe(404);
    } finally {
      server.close();
    }
  });

  it("refuses a folder name that could leave the uploads folder", async () => {
    const storage = localDiskStorage(root);
    await expect(
      storage.save("../escape", [{ suffix: "", bytes: png }], {
        contentType: "image/png",
        extension: "png",
      }),
    ).rejects.toThrow("invalid upload folder");
  });
});

describe("reading an upload with a size limit", () => {
  const streamOf = (...chunks: number[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const size of chunks) controller.enqueue(new Uint8Array(size).fill(7));
        controller.close();
      },
    });

  it("reads a body up to the limit", async () => {
    const bytes = await readLimited(streamOf(3, 4), 7);
    expect(bytes).toHaveLength(7);
  });

  it("stops as soon as the body passes the limit", async () => {
    await expect(readLimited(streamOf(5, 5), 7)).rejects.toBeInstanceOf(BodyTooLargeError);
  });
});
