import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { cameraJpeg } from "#server/testing/photos.ts";
import { encodePhoto } from "./photo-encoding";

describe("an uploaded photo, re-encoded", () => {
  it("keeps no EXIF, so no GPS position, from the phone's JPEG", async () => {
    const upload = await cameraJpeg({ width: 900, height: 600 });
    const before = await sharp(upload).metadata();
    expect(before.exif?.toString("latin1")).toContain("TestPhone");
    for (const file of await encodePhoto(upload)) {
      const after = await sharp(file.bytes).metadata();
      expect(after.format).toBe("webp");
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(Buffer.from(file.bytes).toString("latin1")).not.toContain("TestPhone");
    }
  });

  it("turns the picture upright as the camera meant it", async () => {
    // Orientation 6: the sensor's 600 x 400 picture is shown rotated, 400 wide and 600 high.
    const [photo] = await encodePhoto(await cameraJpeg({ width: 600, height: 400 }, 6));
    const meta = await sharp(photo?.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([400, 600]);
  });

  it("stores the widths the pages use, never wider than the original", async () => {
    const wide = await encodePhoto(await cameraJpeg({ width: 3000, height: 2000 }));
    expect(wide.map((f) => [f.suffix, f.width])).toEqual([
      ["", 1600],
      ["-800", 800],
      ["-480", 480],
    ]);
    const small = await encodePhoto(await cameraJpeg({ width: 640, height: 480 }));
    expect(small.map((f) => [f.suffix, f.width])).toEqual([
      ["", 640],
      ["-480", 480],
    ]);
  });
});
