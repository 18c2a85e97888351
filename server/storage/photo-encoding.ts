// Every uploaded photo is decoded and written anew with sharp, so what is
// stored is exactly a picture: turned upright as the camera meant it, with
// its EXIF (the phone's GPS position among it) left behind, at the widths the
// pages show, as WebP. A file that does not decode as a photo is refused.
import { AppError } from "#server/errors.ts";
import { detectPhotoType, PHOTO_EMPTY_ERROR, PHOTO_TYPE_ERROR } from "./photo-type";

/** The widths stored: the largest as the photo itself, the others for `srcset` on phones. */
export const PHOTO_WIDTHS = [1600, 800, 480] as const;

/** Larger than any phone camera: a bigger picture is a decompression bomb, not a photo. */
const MAX_INPUT_PIXELS = 50_000_000;

export type EncodedPhoto = {
  /** "" for the largest, "-800" and so on for the narrower copies. */
  suffix: string;
  bytes: Uint8Array;
  width: number;
  height: number;
};

export const PHOTO_FORMAT = { contentType: "image/webp", extension: "webp" } as const;

export async function encodePhoto(upload: Uint8Array): Promise<EncodedPhoto[]> {
  if (upload.length === 0) throw new AppError("invalid", PHOTO_EMPTY_ERROR, { field: "photo" });
  if (!detectPhotoType(upload)) throw new AppError("invalid", PHOTO_TYPE_ERROR, { field: "photo" });
  // sharp (and libvips under it) is loaded with the first upload, not by every server that starts.
  const { default: sharp } = await import("sharp");
  const source = sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
  let width: number;
  try {
    // rotate() with no angle applies the EXIF orientation; the output carries no metadata.
    const upright = await source.clone().rotate().toBuffer({ resolveWithObject: true });
    width = upright.info.width;
  } catch {
    throw new AppError("invalid", PHOTO_TYPE_ERROR, { field: "photo" });
  }
  const widths = PHOTO_WIDTHS.filter((w, i) => i === 0 || w < width);
  return Promise.all(
    widths.map(async (target, i) => {
      const { data, info } = await source
        .clone()
        .rotate()
        .resize({ width: target, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      return {
        suffix: i === 0 ? "" : `-${target}`,
        bytes: new Uint8Array(data),
        width: info.width,
        height: info.height,
      };
    }),
  );
}
