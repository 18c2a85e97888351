// Where uploaded photos live, behind one interface: on local disk under
// DATA_DIR by default, served back under /uploads. Another store (object
// storage behind a CDN, say) implements the same `save` and returns its own
// public URL; nothing else in the app changes.
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { env } from "#server/config.ts";
import type { PhotoType } from "./photo-type";

export interface PhotoStorage {
  /** Stores a validated photo in a folder ("campsites") and returns the URL it is served at. */
  save(folder: string, bytes: Uint8Array, type: PhotoType): Promise<string>;
}

/** The public URL path that local uploads are served under. */
export const UPLOADS_PATH = "/uploads";

const FOLDER = /^[a-z0-9-]+$/;

/** Photos as files under `root`, each under a random name that never changes (cacheable forever). */
export function localDiskStorage(root: string, publicPath = UPLOADS_PATH): PhotoStorage {
  return {
    async save(folder, bytes, type) {
      if (!FOLDER.test(folder)) throw new Error(`invalid upload folder: ${folder}`);
      const name = `${randomBytes(12).toString("hex")}.${type.extension}`;
      const dir = path.join(root, folder);
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, name), bytes, { flag: "wx" });
      return `${publicPath}/${folder}/${name}`;
    },
  };
}

/** The folder local uploads are kept in. */
export function uploadsRoot(dataDir: string = env().DATA_DIR): string {
  return path.resolve(dataDir, "uploads");
}

/** The configured photo store. */
export function photoStorage(): PhotoStorage {
  return localDiskStorage(uploadsRoot());
}
