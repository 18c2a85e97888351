// Responsive images with explicit sizes, so nothing shifts as they load: AVIF
// for the browsers that take it, WebP for the others (content/images.ts).
import {
  type AnyPicture,
  anyPictureFallback,
  imageBreakpoints,
  isUploaded,
  pictureFormats,
  pictureSrcSet,
  type ResponsivePicture,
  uploadedSrcSet,
} from "#content/images.ts";

type ImageProps = {
  /** One of the site's own pictures, or one the farm uploaded (WebP only). */
  picture: AnyPicture;
  /** The `sizes` attribute: how wide the image is drawn at each viewport. */
  sizes: string;
  className?: string;
  /** Above the fold: load first. Otherwise lazily. */
  priority?: boolean;
  /** Overrides the picture's alt text (empty for decorative use). */
  alt?: string;
  ref?: React.Ref<HTMLImageElement>;
};

export function ResponsiveImage({ picture, sizes, className, priority, alt, ref }: ImageProps) {
  // `contents`: the <picture> makes no box, so the image lays out as before,
  // e.g. as the flex item of its parent.
  return (
    <picture className="contents">
      {isUploaded(picture) ? null : (
        <source type="image/avif" srcSet={pictureSrcSet(picture, "avif")} sizes={sizes} />
      )}
      <img
        ref={ref}
        src={anyPictureFallback(picture)}
        srcSet={isUploaded(picture) ? uploadedSrcSet(picture) : pictureSrcSet(picture)}
        sizes={sizes}
        width={picture.width}
        height={picture.height}
        alt={alt ?? picture.alt}
        className={className}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding={priority ? "auto" : "async"}
      />
    </picture>
  );
}

/** Separate image variants for phones, tablets (>= 640 px) and desktops (>= 1024 px). */
export function ArtDirectedImage({
  images,
  sizes,
  className,
}: {
  images: ResponsivePicture;
  sizes: string;
  className?: string;
}) {
  const { mobile, tablet, desktop } = images;
  return (
    <picture>
      {/* The first source that matches wins: each size in AVIF, then in WebP. */}
      {pictureFormats.map((format) => (
        <source
          key={`desktop-${format}`}
          type={`image/${format}`}
          media={`(min-width: ${imageBreakpoints.desktop}px)`}
          srcSet={pictureSrcSet(desktop, format)}
          sizes={sizes}
          width={desktop.width}
          height={desktop.height}
        />
      ))}
      {pictureFormats.map((format) => (
        <source
          key={`tablet-${format}`}
          type={`image/${format}`}
          media={`(min-width: ${imageBreakpoints.tablet}px)`}
          srcSet={pictureSrcSet(tablet, format)}
          sizes={sizes}
          width={tablet.width}
          height={tablet.height}
        />
      ))}
      <source type="image/avif" srcSet={pictureSrcSet(mobile, "avif")} sizes={sizes} />
      <img
        src={anyPictureFallback(mobile)}
        srcSet={pictureSrcSet(mobile)}
        sizes={sizes}
        width={mobile.width}
        height={mobile.height}
        alt={mobile.alt}
        className={className}
        loading="lazy"
        decoding="async"
      />
    </picture>
  );
}
