// GET /uploads/*: the photos the local store keeps, served back.
import express, { type RequestHandler } from "express";
import { uploadsRoot } from "#server/storage/photo-storage.ts";

/** Serves local uploads: only files, never listings, cached for a year since names never change. */
export function serveUploads(root: string = uploadsRoot()): RequestHandler {
  return express.static(root, {
    immutable: true,
    maxAge: "1y",
    index: false,
    redirect: false,
    dotfiles: "deny",
    fallthrough: true,
  });
}
