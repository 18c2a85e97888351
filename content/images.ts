// The site's pictures. Each picture is published at every width of
// `pictureWidths`, as AVIF and as WebP (for browsers without AVIF), under
// names carrying a content hash, `<src>-<width>.<hash>.<format>`, so browsers
// may keep them for a year: a changed picture gets a new name. `npm run images`
// makes the files from the artwork (or from the farm's own photos dropped into
// artwork/photos/, see public/images/README.md) and records the hashes in
// media-manifest.ts.
import { mediaManifest } from "./media-manifest";

export type Picture = {
  /** Path without width, hash and extension, e.g. "/images/gallery/brangus-herd". */
  src: string;
  /** The largest variant's size; the aspect ratio of every variant. */
  width: number;
  height: number;
  alt: string;
};

/** The formats every picture is published in, the preferred first. */
export const pictureFormats = ["avif", "webp"] as const;
export type PictureFormat = (typeof pictureFormats)[number];

const standardWidths = [480, 800, 1200, 1600];

/** The widths a picture is published at, up to its own width. */
export function pictureWidths(picture: Pick<Picture, "width">): number[] {
  return [...standardWidths.filter((w) => w < picture.width), picture.width];
}

// One hash per picture (of all its files, see content/artwork/publish.ts)
// rather than one per file keeps this table small in the pages' JavaScript.
const pictureHashes: Record<string, string | undefined> = mediaManifest.pictures;
const hashedFiles: Record<string, string | undefined> = mediaManifest.files;

function pictureHash(src: string): string {
  const hash = pictureHashes[src];
  if (!hash) throw new Error(`the picture ${src} has not been published: run \`npm run images\``);
  return hash;
}

export function pictureUrl(
  picture: Pick<Picture, "src">,
  width: number,
  format: PictureFormat = "webp",
): string {
  return `${picture.src}-${width}.${pictureHash(picture.src)}.${format}`;
}

export function pictureSrcSet(picture: Picture, format: PictureFormat = "webp"): string {
  return pictureWidths(picture)
    .map((w) => `${pictureUrl(picture, w, format)} ${w}w`)
    .join(", ");
}

/**
 * A picture the farm uploaded (the media library): WebP only, its largest file
 * at `url` and each narrower one with "-<width>" before ".webp".
 */
export type UploadedPicture = {
  url: string;
  width: number;
  height: number;
  /** The stored widths, the largest first. */
  widths: number[];
  alt: string;
};

const uploadedFile = (picture: UploadedPicture, width: number) =>
  width === picture.widths[0] ? picture.url : picture.url.replace(/\.webp$/, `-${width}.webp`);

export function uploadedSrcSet(picture: UploadedPicture): string {
  return picture.widths.map((w) => `${uploadedFile(picture, w)} ${w}w`).join(", ");
}

/** One of the site's own pictures or one the farm uploaded. */
export type AnyPicture = Picture | UploadedPicture;

export const isUploaded = (picture: AnyPicture): picture is UploadedPicture => "url" in picture;

/** A built picture the farm may replace with one of its media library (content/page-texts.ts). */
export const replaceable = (picture: Picture): AnyPicture => picture;

/** A middle-sized WebP file of either kind, for src fallbacks and link previews. */
export const anyPictureFallback = (picture: AnyPicture): string =>
  isUploaded(picture) ? uploadedFallback(picture) : pictureFallback(picture);

/** The 800 px file when there is one, else the largest. */
export function uploadedFallback(picture: UploadedPicture): string {
  return uploadedFile(picture, picture.widths.includes(800) ? 800 : (picture.widths[0] ?? 0));
}

/** A middle-sized WebP variant, for src fallbacks and link previews. */
export function pictureFallback(picture: Picture): string {
  const widths = pictureWidths(picture);
  // The list always ends with the picture's own width, so it is never empty.
  return pictureUrl(picture, widths[1] ?? picture.width);
}

/**
 * The published, hashed name of a single file (the share picture, the hero
 * video), e.g. "/media/hero.webm" -> "/media/hero.3fa9c2d1e0.webm".
 */
export function hashedFile(path: string): string {
  const file = hashedFiles[path];
  if (!file) throw new Error(`${path} has not been published: run \`npm run images\``);
  return file;
}

/** Image variants of one card for phones, tablets and desktops (spec 2.3). */
export type ResponsivePicture = { mobile: Picture; tablet: Picture; desktop: Picture };

/** Breakpoints of the image variants (spec 9): 640 px and 1024 px. */
export const imageBreakpoints = { tablet: 640, desktop: 1024 } as const;

/** The share picture's name before hashing. */
export const sharePictureFile = "/images/share/rocky-creek-station.jpg";

/** The picture shared on social networks (Open Graph), a JPEG for every reader. */
export const sharePicture = {
  src: hashedFile(sharePictureFile),
  width: 1200,
  height: 630,
  alt: "Creekside campsites and grazing Brangus cattle under gum trees",
};
