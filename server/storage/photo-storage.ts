// Where uploaded photos live, behind one interface: on local disk under
// DATA_DIR by default, served back under /uploads, or in an S3-compatible
// object store when S3_BUCKET is set (s3-photo-storage.ts). Nothing else in
// the app knows which.
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { env } from "#server/config.ts";
import { type PhotoType, photoKey } from "./photo-type";
import { s3PhotoStorage, s3SettingsOf } from "./s3-photo-storage";

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

/** Photos as files under `root`, each under a random name that never changes (cacheable forever). */
export function localDiskStorage(root: string, publicPath = UPLOADS_PATH): PhotoStorage {
  return {
    async save(folder, files, type) {
      const name = randomBytes(12).toString("hex");
      const url = `${publicPath}/${photoKey(folder, name, "", type)}`;
      await mkdir(path.join(root, folder), { recursive: true });
      for (const file of files) {
        const key = photoKey(folder, name, file.suffix, type);
        await writeFile(path.join(root, key), file.bytes, { flag: "wx" });
      }
      return url;
    },
  };
}

/** The folder local uploads are kept in. */
export function uploadsRoot(dataDir: string = env().DATA_DIR): string {
  return path.resolve(dataDir, "uploads");
}

let configured: PhotoStorage | undefined;

/** The configured photo store: the object store when S3 is configured, else local disk. */
export function photoStorage(): PhotoStorage {
  if (!configured) {
    const s3 = s3SettingsOf(env());
    configured = s3 ? s3PhotoStorage(s3) : localDiskStorage(uploadsRoot());
  }
  return configured;
}
