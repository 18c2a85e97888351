// `npm run images`: draws the placeholder artwork and publishes every picture
// of the site as AVIF and WebP at each width of content/images.ts (plus the
// share picture as JPEG, the campsite pictures as SVG and the favicons). The
// system Chromium draws each variant, sharp encodes it; the files are named
// with a content hash (publish.ts). A photo of the farm's own at
// content/artwork/photos/<name>.jpg (or .png/.webp) replaces the drawing of the
// same name, e.g. photos/gallery/brangus-herd.jpg. `tsx content/artwork/build.ts
// gallery` redoes only the pictures whose path contains "gallery".
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { chromium, type Page } from "playwright-core";
import sharp, { type Sharp } from "sharp";
import {
  type PictureFormat,
  pictureFormats,
  pictureWidths,
  sharePicture,
  sharePictureFile,
} from "#content/images.ts";
import { type SitePicture, sitePictures } from "./pictures";
import {
  contentHash,
  readManifest,
  removeStale,
  withHash,
  writeManifest,
  writePublic,
} from "./publish";
import { drawScene } from "./scenes";

const photosDir = path.join(import.meta.dirname, "photos");

/**
 * Encoder settings: on this artwork AVIF at quality 45 matches WebP at 78 in
 * SSIM (0.989 to 0.996 against the lossless drawing) at 55 to 72% of its bytes.
 */
const encoders: Record<PictureFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 45, effort: 6 }),
  webp: (image) => image.webp({ quality: 78, effort: 6 }),
};

/** The source image as a data URL: the farm's photo if there is one, else the drawing. */
function source(job: SitePicture): string {
  const relative = job.picture.src.replace(/^\/images\//, "");
  for (const ext of ["jpg", "jpeg", "png", "webp"]) {
    const file = path.join(photosDir, `${relative}.${ext}`);
    if (existsSync(file)) {
      const type = ext === "jpg" ? "jpeg" : ext;
      return `data:image/${type};base64,${readFileSync(file).toString("base64")}`;
    }
  }
  const svg = drawScene(job.scene, job.picture.width, job.picture.height, job.picture.alt);
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

/** Draws `src` covering width x height and encodes it; returns the bytes. */
async function encode(
  page: Page,
  src: string,
  width: number,
  height: number,
  type: "image/jpeg" | "image/png",
  quality = 0.8,
): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    async ({ src, width, height, type, quality }) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext("2d");
      if (!ctx) throw new Error("the browser gave no 2D canvas context");
      ctx.imageSmoothingQuality = "high";
      // Cover: crop the source to the target's aspect ratio, centred.
      const scale = Math.max(width / img.naturalWidth, height / img.naturalHeight);
      const sw = width / scale;
      const sh = height / scale;
      ctx.drawImage(
        img,
        (img.naturalWidth - sw) / 2,
        (img.naturalHeight - sh) / 2,
        sw,
        sh,
        0,
        0,
        width,
        height,
      );
      return canvas.toDataURL(type, quality);
    },
    { src, width, height, type, quality },
  );
  const [, base64] = dataUrl.split(",");
  if (base64 === undefined) throw new Error(`expected a data URL, got ${dataUrl.slice(0, 40)}`);
  return Buffer.from(base64, "base64");
}

type Published = { hash: string; files: { path: string; bytes: Buffer }[] };

/** Every variant of one picture, named with one hash of them all (content/images.ts). */
async function publishPicture(page: Page, job: SitePicture): Promise<Published> {
  const src = source(job);
  const variants: { width: number; format: PictureFormat; bytes: Buffer }[] = [];
  for (const width of pictureWidths(job.picture)) {
    const height = Math.round((job.picture.height * width) / job.picture.width);
    const png = await encode(page, src, width, height, "image/png");
    for (const format of pictureFormats) {
      variants.push({ width, format, bytes: await encoders[format](sharp(png)).toBuffer() });
    }
  }
  const hash = contentHash(...variants.map((v) => v.bytes));
  const files = variants.map((v) => ({
    path: `${job.picture.src}-${v.width}.${hash}.${v.format}`,
    bytes: v.bytes,
  }));
  return { hash, files };
}

const pictureFile = /^(.+)-\d+(\.[0-9a-f]{8,})?\.(webp|avif)$/;

/** Publishes the pictures (those whose path contains `only`, if given) and records them. */
async function publishPictures(page: Page, only: string | undefined) {
  const hashes: Record<string, string> = {};
  const keep = new Set<string>();
  const redone = new Set<string>();
  const folders = new Set<string>();
  for (const job of sitePictures()) {
    if (only && !job.picture.src.includes(only)) continue;
    const { hash, files } = await publishPicture(page, job);
    for (const file of files) {
      writePublic(file.path, file.bytes);
      keep.add(file.path);
    }
    hashes[job.picture.src] = hash;
    redone.add(job.picture.src);
    folders.add(path.posix.dirname(job.picture.src));
  }
  // A full run also drops pictures the content no longer has.
  let removed = 0;
  for (const folder of folders) {
    removed += removeStale(
      folder,
      (name) => {
        const match = pictureFile.exec(name);
        return Boolean(match) && (!only || redone.has(`${folder}/${match?.[1]}`));
      },
      keep,
    );
  }
  // Read just before writing, to keep what the video step recorded meanwhile.
  const manifest = await readManifest();
  manifest.pictures = only ? { ...manifest.pictures, ...hashes } : hashes;
  writeManifest(manifest);
  return { written: keep.size, removed };
}

/** The share picture for link previews, as JPEG under a hashed name. */
async function publishSharePicture(page: Page) {
  const svg = drawScene("share", sharePicture.width, sharePicture.height, sharePicture.alt);
  const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
  const bytes = await encode(
    page,
    src,
    sharePicture.width,
    sharePicture.height,
    "image/jpeg",
    0.82,
  );
  const file = withHash(sharePictureFile, contentHash(bytes));
  writePublic(file, bytes);
  const base = path.posix.basename(sharePictureFile, ".jpg");
  removeStale(
    path.posix.dirname(sharePictureFile),
    (name) => name.startsWith(`${base}.`) && name.endsWith(".jpg"),
    new Set([file]),
  );
  const manifest = await readManifest();
  manifest.files[sharePictureFile] = file;
  writeManifest(manifest);
}

/** An .ico file holding one PNG image (supported by every current browser). */
function icoFromPng(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt8(0, 8);
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, png]);
}

export const faviconSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><circle cx="24" cy="24" r="23" fill="#243317"/><circle cx="24" cy="24" r="19" fill="none" stroke="#f4f7ef" stroke-width="2.5"/><path d="M12 31c4-3 8-3 12 0s8 3 12 0" fill="none" stroke="#7fc3dc" stroke-width="3" stroke-linecap="round"/><path d="M14 13l6 6 4-5 4 5 6-6-3 11H17z" fill="#f4f7ef"/></svg>`;

async function main() {
  const only = process.argv[2];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  const page = await browser.newPage();
  await page.setContent("<!doctype html><title>artwork</title>");
  const { written, removed } = await publishPictures(page, only);
  if (!only) {
    await publishSharePicture(page);
    // The demo campsites' pictures (referenced by the seed data) as SVG.
    for (const name of ["bush-camp", "powered-site", "creekside"]) {
      writePublic(
        `/images/campsites/${name}.svg`,
        drawScene(name, 1200, 900, name.replace("-", " ")),
      );
    }
    // Favicons, at the names browsers ask for.
    writePublic("/favicon.svg", faviconSvg);
    const iconSrc = `data:image/svg+xml;base64,${Buffer.from(faviconSvg).toString("base64")}`;
    writePublic("/favicon.ico", icoFromPng(await encode(page, iconSrc, 32, 32, "image/png"), 32));
    writePublic("/apple-touch-icon.png", await encode(page, iconSrc, 180, 180, "image/png"));
  }
  await browser.close();
  console.log(
    `wrote ${written} picture files (AVIF and WebP) and removed ${removed} old ones${only ? "" : "; the share picture, 3 campsite pictures and the favicons"}`,
  );
}

await main();
