// An S3-compatible object store for tests: s3rver on a free loopback port,
// with one empty bucket, its files in a temporary folder removed on stop.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export type TestObjectStore = {
  endpoint: string;
  bucket: string;
  /** The environment an app process needs to keep its photos there. */
  env: Record<string, string>;
  stop: () => Promise<void>;
};

export async function startObjectStore(bucket = "farm-photos"): Promise<TestObjectStore> {
  const directory = mkdtempSync(path.join(tmpdir(), "rcs-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      // s3rver's fixed test credentials.
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
