// Photos as a phone writes them, for tests: a JPEG with the camera's
// orientation and its GPS position in the EXIF.
import sharp from "sharp";

export async function cameraJpeg(
  size: { width: number; height: number },
  orientation = 1,
): Promise<Uint8Array> {
  const data = await sharp({
    create: { ...size, channels: 3, background: { r: 40, g: 120, b: 60 } },
  })
    .jpeg()
    .withMetadata({ orientation })
    .withExifMerge({
      IFD0: { Make: "TestPhone" },
      IFD3: {
        GPSLatitudeRef: "S",
        GPSLatitude: "26/1 4/1 0/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "152/1 23/1 0/1",
      },
    })
    .toBuffer();
  return new Uint8Array(data);
}
