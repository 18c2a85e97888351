// Where `npm run images` puts what it makes: files under public/ named with a
// hash of their content, so the server may let browsers keep them for a year
// (server/http/static-files.ts), and content/media-manifest.ts, which the
// content reads the names from. The hash changes when a single byte does.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

export const publicDir = path.resolve(import.meta.dirname, "../../public");
// A module rather than JSON: the build's page bundler treats every import alike.
const manifestFile = path.resolve(import.meta.dirname, "../media-manifest.ts");

export type Manifest = {
  /** Logical picture path ("/images/home/hero") -> the hash shared by all its files. */
  pictures: Record<string, string>;
  /** Logical file path ("/media/hero.webm") -> its published, hashed path. */
  files: Record<string, string>;
};

/** Ten hex digits of SHA-256 over the given contents, in order. */
export function contentHash(...contents: Uint8Array[]): string {
  const hash = createHash("sha256");
  for (const bytes of contents) hash.update(bytes);
  return hash.digest("hex").slice(0, 10);
}

/** "/media/hero.webm" + hash -> "/media/hero.<hash>.webm". */
export function withHash(file: string, hash: string): string {
  const ext = path.extname(file);
  return `${file.slice(0, -ext.length)}.${hash}${ext}`;
}

export async function readManifest(): Promise<Manifest> {
  try {
    // A fresh copy each time: the other step may have written it meanwhile.
    const url = `${pathToFileURL(manifestFile).href}?at=${Date.now()}`;
    const { mediaManifest } = (await import(url)) as { mediaManifest: Manifest };
    return { pictures: { ...mediaManifest.pictures }, files: { ...mediaManifest.files } };
  } catch {
    return { pictures: {}, files: {} };
  }
}

const entries = (record: Record<string, string>) =>
  Object.entries(record)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `    ${JSON.stringify(key)}: ${JSON.stringify(value)},\n`)
    .join("");

export function writeManifest(manifest: Manifest) {
  writeFileSync(
    manifestFile,
    `// Made by \`npm run images\` (content/artwork/publish.ts): do not edit.\n\n` +
      `export const mediaManifest = {\n` +
      `  pictures: {\n${entries(manifest.pictures)}  } as Record<string, string>,\n` +
      `  files: {\n${entries(manifest.files)}  } as Record<string, string>,\n};\n`,
  );
}

/** Writes a file under public/ at a site path such as "/images/a-480.0123456789.avif". */
export function writePublic(sitePath: string, bytes: Uint8Array | string) {
  const file = path.join(publicDir, sitePath);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, bytes);
}

/**
 * Deletes the files of a folder under public/ (e.g. "/images/home") that
 * `isOurs` claims but that are not in `keep`: the previous hashed versions,
 * and the unhashed names of before.
 */
export function removeStale(siteDir: string, isOurs: (name: string) => boolean, keep: Set<string>) {
  const dir = path.join(publicDir, siteDir);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const sitePath = `${siteDir}/${name}`;
    if (!isOurs(name) || keep.has(sitePath)) continue;
    rmSync(path.join(dir, name));
    removed += 1;
  }
  return removed;
}
