// The published pictures and video: every picture of the content exists in
// each width and format under a name the server caches for a year, the names'
// hashes are those of the files, nothing stale is left, and the video fits a
// phone's data.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sitePictures } from "./artwork/pictures";
import { contentHash } from "./artwork/publish";
import { homePage } from "./home";
import {
  hashedFile,
  pictureFallback,
  pictureFormats,
  pictureSrcSet,
  pictureUrl,
  pictureWidths,
  sharePicture,
} from "./images";

const publicDir = path.resolve(import.meta.dirname, "../public");
const read = (sitePath: string) => readFileSync(path.join(publicDir, sitePath));
// The server's rule for a year's cache (server/http/static-files.ts).
const yearLong = (url: string) =>
  /^\/(images|media)\//.test(url) && /\.[0-9a-f]{8,}\.[a-z0-9]+$/.test(url);

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(path.join(publicDir, dir), { withFileTypes: true })) {
    const sitePath = `${dir}/${entry.name}`;
    if (entry.isDirectory()) yield* filesUnder(sitePath);
    else yield sitePath;
  }
}

describe("the published pictures", () => {
  const pictures = sitePictures().map((p) => p.picture);

  it("exist in every width as AVIF and WebP, under names hashed from their bytes", () => {
    for (const picture of pictures) {
      const files: Buffer[] = [];
      for (const width of pictureWidths(picture)) {
        for (const format of pictureFormats) {
          const url = pictureUrl(picture, width, format);
          expect(url.startsWith(`${picture.src}-${width}.`), url).toBe(true);
          expect(yearLong(url), url).toBe(true);
          files.push(read(url));
        }
      }
      const hash = pictureUrl(picture, picture.width).split(".").at(-2);
      expect(contentHash(...files), picture.src).toBe(hash);
    }
  });

  it("are real AVIF and WebP files, the AVIF ones smaller in total", () => {
    const total = { avif: 0, webp: 0 };
    for (const picture of pictures) {
      for (const width of pictureWidths(picture)) {
        const avif = read(pictureUrl(picture, width, "avif"));
        const webp = read(pictureUrl(picture, width, "webp"));
        expect(avif.subarray(4, 12).toString("latin1")).toBe("ftypavif");
        expect(webp.subarray(8, 12).toString("latin1")).toBe("WEBP");
        total.avif += avif.length;
        total.webp += webp.length;
      }
    }
    expect(total.avif).toBeLessThan(total.webp);
  });

  it("lists each width in the srcset of each format, with a WebP fallback", () => {
    const poster = homePage.hero.poster;
    expect(
      pictureSrcSet(poster, "avif")
        .split(", ")
        .map((s) => s.split(" ")[1]),
    ).toEqual(["480w", "800w", "1200w", "1600w"]);
    expect(pictureSrcSet(poster, "avif")).toMatch(/^\/images\/home\/hero-480\.[0-9a-f]+\.avif /);
    expect(pictureSrcSet(poster)).toMatch(/^\/images\/home\/hero-480\.[0-9a-f]+\.webp /);
    expect(pictureFallback(poster)).toMatch(/^\/images\/home\/hero-800\.[0-9a-f]+\.webp$/);
  });

  it("says which picture is missing rather than linking to nothing", () => {
    expect(() => pictureUrl({ src: "/images/nowhere" }, 480)).toThrow(/\/images\/nowhere/);
    expect(() => hashedFile("/media/nothing.webm")).toThrow(/\/media\/nothing\.webm/);
  });

  it("leave no unhashed or unreferenced picture behind", () => {
    const referenced = new Set(
      pictures.flatMap((p) =>
        pictureWidths(p).flatMap((w) => pictureFormats.map((f) => pictureUrl(p, w, f))),
      ),
    );
    referenced.add(sharePicture.src);
    const stray = [...filesUnder("/images")].filter(
      (file) => /\.(webp|avif|jpg)$/.test(file) && !referenced.has(file),
    );
    expect(stray).toEqual([]);
  });
});

describe("the share picture", () => {
  it("is a JPEG of its stated size under a hashed name", () => {
    expect(yearLong(sharePicture.src)).toBe(true);
    const jpeg = read(sharePicture.src);
    expect(jpeg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(sharePicture.src.split(".").at(-2)).toBe(contentHash(jpeg));
  });
});

describe("the hero video", () => {
  it("is a WebM of at most 300 KB under a name hashed from its bytes, alone in media/", () => {
    const { src, type } = homePage.hero.video;
    expect(type).toBe("video/webm");
    expect(yearLong(src)).toBe(true);
    const bytes = read(src);
    expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    expect(statSync(path.join(publicDir, src)).size).toBeLessThanOrEqual(300 * 1024);
    expect(src.split(".").at(-2)).toBe(contentHash(bytes));
    expect([...filesUnder("/media")]).toEqual([src]);
  });
});
