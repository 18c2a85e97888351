// The site's pictures. Each picture is a set of WebP files named
// `<src>-<width>.webp`, one per width of `pictureWidths`, made by
// `npm run images` from the artwork (or from the farm's own photos dropped
// into artwork/photos/, see public/images/README.md).

export type Picture = {
  /** Path without width and extension, e.g. "/images/gallery/brangus-herd". */
  src: string;
  /** The largest variant's size; the aspect ratio of every variant. */
  width: number;
  height: number;
  alt: string;
};

const standardWidths = [480, 800, 1200, 1600];

/** The widths a picture is published at, up to its own width. */
export function pictureWidths(picture: Pick<Picture, "width">): number[] {
  return [...standardWidths.filter((w) => w < picture.width), picture.width];
}

export function pictureUrl(picture: Pick<Picture, "src">, width: number): string {
  return `${picture.src}-${width}.webp`;
}

export function pictureSrcSet(picture: Picture): string {
  return pictureWidths(picture)
    .map((w) => `${pictureUrl(picture, w)} ${w}w`)
    .join(", ");
}

/** A middle-sized variant, for src fallbacks and link previews. */
export function pictureFallback(picture: Picture): string {
  const widths = pictureWidths(picture);
  // The list always ends with the picture's own width, so it is never empty.
  return pictureUrl(picture, widths[1] ?? picture.width);
}

/** Image variants of one card for phones, tablets and desktops (spec 2.3). */
export type ResponsivePicture = { mobile: Picture; tablet: Picture; desktop: Picture };

/** Breakpoints of the image variants (spec 9): 640 px and 1024 px. */
export const imageBreakpoints = { tablet: 640, desktop: 1024 } as const;

/** The picture shared on social networks (Open Graph), a JPEG for every reader. */
export const sharePicture = {
  src: "/images/share/rocky-creek-station.jpg",
  width: 1200,
  height: 630,
  alt: "Creekside campsites and grazing Brangus cattle under gum trees",
};
