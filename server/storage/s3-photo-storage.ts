// Photos in any S3-compatible object store (AWS S3, Cloudflare R2, Backblaze
// B2, MinIO), so that several app machines share them and none keeps state on
// its own disk. Each photo is written once under a random name and never
// changed, so it is served with a year's cache either way: straight from the
// store's public address when S3_PUBLIC_URL is set, otherwise through the
// app's /uploads path (the bucket may then stay private).
import { randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import type { Env } from "#server/config.ts";
import type { PhotoStorage } from "./photo-storage";
import { photoKey } from "./photo-type";

export type S3Settings = {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Where the bucket's objects are public (a CDN or the store's public domain), if anywhere. */
  publicUrl?: string;
};

/** The S3 settings of the environment, or undefined when photos stay on local disk. */
export function s3SettingsOf(e: Env): S3Settings | undefined {
  if (!e.S3_BUCKET) return undefined;
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    publicUrl: e.S3_PUBLIC_URL?.replace(/\/$/, ""),
  };
}

/** The SDK is loaded on first use, so a farm on local disk never pays for loading it. */
const sdk = () => import("@aws-sdk/client-s3");

export async function s3Client(settings: S3Settings): Promise<S3Client> {
  const { S3Client } = await sdk();
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    // Without keys, the SDK's own chain (an instance role, AWS_* variables) supplies them.
    credentials: settings.credentials,
    // Checksums only where S3 requires them: several compatible stores refuse the newer ones.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
  });
}

/** A stored photo file read back from the store. */
export type StoredPhotoFile = { body: Readable; contentType: string; size?: number };

/** The keys this app writes: `campsites/<24 hex>[-480].webp`. Anything else is never read. */
const PHOTO_KEY = /^[a-z0-9-]+\/[0-9a-f]{24}(-\d+)?\.(webp|avif|jpg|png)$/;

export function isPhotoKey(key: string): boolean {
  return PHOTO_KEY.test(key);
}

export function s3PhotoStorage(
  settings: S3Settings,
  servedAt = "/uploads",
): PhotoStorage & { read(key: string): Promise<StoredPhotoFile | null> } {
  let client: Promise<S3Client> | undefined;
  const connected = () => {
    client ??= s3Client(settings);
    return client;
  };
  return {
    async save(folder, files, type) {
      const name = randomBytes(12).toString("hex");
      const { PutObjectCommand } = await sdk();
      for (const file of files) {
        await (await connected()).send(
          new PutObjectCommand({
            Bucket: settings.bucket,
            Key: photoKey(folder, name, file.suffix, type),
            Body: file.bytes,
            ContentType: type.contentType,
            CacheControl: "public, max-age=31536000, immutable",
          }),
        );
      }
      return `${settings.publicUrl ?? servedAt}/${photoKey(folder, name, "", type)}`;
    },

    async read(key) {
      if (!isPhotoKey(key)) return null;
      const { GetObjectCommand } = await sdk();
      try {
        const object = await (await connected()).send(
          new GetObjectCommand({ Bucket: settings.bucket, Key: key }),
        );
        if (!object.Body) return null;
        return {
          body: object.Body as Readable,
          contentType: object.ContentType ?? "application/octet-stream",
          size: object.ContentLength,
        };
      } catch (error) {
        if (error instanceof Error && error.name === "NoSuchKey") return null;
        throw error;
      }
    },
  };
}
