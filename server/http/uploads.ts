// GET /uploads/*: the stored photos, served back. From local disk by default;
// from the object store when S3 is configured without a public address, so a
// private bucket works and every app machine serves every photo.
import { pipeline } from "node:stream/promises";
import express, { type RequestHandler } from "express";
import { env } from "#server/config.ts";
import { log } from "#server/log.ts";
import { uploadsRoot } from "#server/storage/photo-storage.ts";
import { type S3Settings, s3PhotoStorage, s3SettingsOf } from "#server/storage/s3-photo-storage.ts";

/** Photos never change under a name, so browsers and CDNs keep them for a year. */
const CACHE_FOREVER = "public, max-age=31536000, immutable";

/** Serves the configured store's photos: only files, never listings. */
export function serveUploads(): RequestHandler {
  const s3 = s3SettingsOf(env());
  return s3 ? serveFromObjectStore(s3) : serveFromDisk(uploadsRoot());
}

export function serveFromDisk(root: string): RequestHandler {
  return express.static(root, {
    immutable: true,
    maxAge: "1y",
    index: false,
    redirect: false,
    dotfiles: "deny",
    fallthrough: true,
  });
}

export function serveFromObjectStore(
  settings: S3Settings,
  storage = s3PhotoStorage(settings),
): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let file: Awaited<ReturnType<typeof storage.read>>;
    try {
      file = await storage.read(req.path.replace(/^\//, ""));
    } catch (error) {
      log.error({ err: error }, "reading a photo from the object store failed");
      res.status(503).set("Retry-After", "30").type("text/plain").send("Photo store unavailable");
      return;
    }
    if (!file) return next();
    res.set({ "Content-Type": file.contentType, "Cache-Control": CACHE_FOREVER });
    if (file.size !== undefined) res.set("Content-Length", String(file.size));
    if (req.method === "HEAD") {
      file.body.destroy();
      res.end();
      return;
    }
    await pipeline(file.body, res).catch(() => res.destroy());
  };
}
