// Which photo a file is, read from its first bytes rather than trusted from
// its name or the browser's word. Only formats every browser shows are taken;
// SVG is refused because it can carry scripts.

export type PhotoType = { contentType: string; extension: string };

/** A photo's stored name: a folder of the app's ("campsites"), a fresh name, a copy's suffix. */
export function photoKey(folder: string, name: string, suffix: string, type: PhotoType): string {
  if (!/^[a-z0-9-]+$/.test(folder)) throw new Error(`invalid upload folder: ${folder}`);
  return `${folder}/${name}${suffix}.${type.extension}`;
}

/** Largest photo accepted: 8 MB, enough for a phone camera's JPEG. */
export const MAX_PHOTO_BYTES = 8 * 1024 * 1024;

export const PHOTO_TYPE_ERROR = "Please choose a JPEG, PNG, WebP or AVIF photo.";
export const PHOTO_SIZE_ERROR = "The photo is too large. Please choose one under 8 MB.";
export const PHOTO_EMPTY_ERROR = "The photo is empty. Please choose another.";

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

export function detectPhotoType(bytes: Uint8Array): PhotoType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { contentType: "image/jpeg", extension: "jpg" };
  }
  if (
    bytes.length >= 8 &&
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)
  ) {
    return { contentType: "image/png", extension: "png" };
  }
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") {
    return { contentType: "image/webp", extension: "webp" };
  }
  if (
    bytes.length >= 12 &&
    ascii(bytes, 4, 8) === "ftyp" &&
    /^avi[fs]$/.test(ascii(bytes, 8, 12))
  ) {
    return { contentType: "image/avif", extension: "avif" };
  }
  return null;
}
