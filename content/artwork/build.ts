// `npm run images`: draws the placeholder artwork and publishes every picture
// of the site as WebP at each width of content/images.ts (plus the share
// picture as JPEG, the campsite pictures as SVG and the favicons), using the
// system Chromium as the image encoder. A photo of the farm's own at
// content/artwork/photos/<name>.jpg (or .png/.webp) replaces the drawing of the
// same name, e.g. photos/gallery/brangus-herd.jpg.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium, type Page } from "playwright-core";
import { aboutPage } from "#content/about.ts";
import { brangusPage } from "#content/brangus.ts";
import { campingPage } from "#content/camping.ts";
import { galleryImages } from "#content/gallery.ts";
import { homePage } from "#content/home.ts";
import { type Picture, pictureWidths, sharePicture } from "#content/images.ts";
import { drawScene } from "./scenes";

const root = path.resolve(import.meta.dirname, "../..");
const publicDir = path.join(root, "public");
const photosDir = path.join(import.meta.dirname, "photos");

type Job = { scene: string; picture: Picture };

function jobs(): Job[] {
  const list: Job[] = [];
  for (const image of galleryImages) list.push({ scene: path.basename(image.src), picture: image });
  list.push({ scene: "brangus-hero", picture: brangusPage.hero });
  for (const image of brangusPage.gallery)
    list.push({ scene: path.basename(image.src), picture: image });
  list.push({
    scene: "home-hero",
    picture: { ...homePage.hero.poster, alt: "Campsites by the creek" },
  });
  list.push({
    scene: "home-closing",
    picture: { ...homePage.hero.poster, src: "/images/home/closing", alt: "Sunset campfire" },
  });
  for (const card of homePage.experiences) {
    const scene = card.link === "/wagyu" ? "brangus-card" : "camping-card";
    list.push({ scene, picture: card.images.mobile });
    list.push({ scene, picture: card.images.tablet });
    list.push({ scene, picture: card.images.desktop });
  }
  list.push({ scene: "about-hero", picture: aboutPage.hero });
  list.push({ scene: "camping-hero", picture: campingPage.hero });
  return list;
}

/** The source image as a data URL: the farm's photo if there is one, else the drawing. */
function source(job: Job): string {
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
  type: "image/webp" | "image/jpeg" | "image/png",
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

function write(relative: string, bytes: Buffer | string) {
  const file = path.join(publicDir, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, bytes);
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
  let count = 0;
  for (const job of jobs()) {
    if (only && !job.picture.src.includes(only)) continue;
    const src = source(job);
    for (const width of pictureWidths(job.picture)) {
      const height = Math.round((job.picture.height * width) / job.picture.width);
      const bytes = await encode(page, src, width, height, "image/webp", 0.78);
      write(`${job.picture.src.slice(1)}-${width}.webp`, bytes);
      count += 1;
    }
  }
  // The share picture for link previews, as JPEG.
  const share = `data:image/svg+xml;base64,${Buffer.from(drawScene("share", sharePicture.width, sharePicture.height, sharePicture.alt)).toString("base64")}`;
  write(
    sharePicture.src.slice(1),
    await encode(page, share, sharePicture.width, sharePicture.height, "image/jpeg", 0.82),
  );
  // The demo campsites' pictures (referenced by the seed data) as SVG.
  for (const name of ["bush-camp", "powered-site", "creekside"]) {
    write(`images/campsites/${name}.svg`, drawScene(name, 1200, 900, name.replace("-", " ")));
  }
  // Favicons.
  write("favicon.svg", faviconSvg);
  const iconSrc = `data:image/svg+xml;base64,${Buffer.from(faviconSvg).toString("base64")}`;
  write("favicon.ico", icoFromPng(await encode(page, iconSrc, 32, 32, "image/png"), 32));
  write("apple-touch-icon.png", await encode(page, iconSrc, 180, 180, "image/png"));
  await browser.close();
  console.log(`wrote ${count} WebP files, the share picture, 3 campsite pictures and the favicons`);
}

await main();
