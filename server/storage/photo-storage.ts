// Where uploaded photos live, behind one interface: on local disk under
// DATA_DIR by default, served back under /uploads. Another store (object
// storage behind a CDN, say) implements the same `save` and returns its own
// public URL; nothing else in the app changes.
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { env } from "#server/config.ts";
import type { PhotoType } from "./photo-type";

/** One stored file of a photo: the photo itself (suffix "") or a narrower copy ("-480"). */
export type PhotoFile = { suffix: string; bytes: Uint8Array };

export interface PhotoStorage {
  /**
   * Stores one photo's files in a folder ("campsites") under one fresh name and
   * returns the URL of the photo itself; a copy is at the same URL with its suffix
   * before the extension.
   */
  save(folder: string, files: readonly PhotoFile[], type: PhotoType): Promise<string>;
}

/** The public URL path that local uploads are served under. */
export const UPLOADS_PATH = "/uploads";

const FOLDER = /^[a-z0-9-]+$/;

/** Photos as files under `root`, each under a random name that never changes (cacheable forever). */
export function localDiskStorage(root: string, publicPath = UPLOADS_PATH): PhotoStorage {
  return {
    async save(folder, files, type) {
      if (!FOLDER.test(folder)) throw new Error(`invalid upload folder: ${folder}`);
      const name = randomBytes(12).toString("hex");
      const dir = path.join(root, folder);
      await mkdir(dir, { recursive: true });
      for (const file of files) {
        const fileName = `${name}${file.suffix}.${type.extension}`;
        await writeFile(path.join(dir, fileName), file.bytes, { flag: "wx" });
      }
      return `${publicPath}/${folder}/${name}.${type.extension}`;
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
