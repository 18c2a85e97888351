// Responsive WebP images with explicit sizes, so nothing shifts as they load.
import {
  imageBreakpoints,
  type Picture,
  pictureFallback,
  pictureSrcSet,
  type ResponsivePicture,
} from "#content/images.ts";

type ImageProps = {
  picture: Picture;
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
  return (
    <img
      ref={ref}
      src={pictureFallback(picture)}
      srcSet={pictureSrcSet(picture)}
      sizes={sizes}
      width={picture.width}
      height={picture.height}
      alt={alt ?? picture.alt}
      className={className}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding={priority ? "auto" : "async"}
    />
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
      <source
        media={`(min-width: ${imageBreakpoints.desktop}px)`}
        srcSet={pictureSrcSet(desktop)}
        sizes={sizes}
        width={desktop.width}
        height={desktop.height}
      />
      <source
        media={`(min-width: ${imageBreakpoints.tablet}px)`}
        srcSet={pictureSrcSet(tablet)}
        sizes={sizes}
        width={tablet.width}
        height={tablet.height}
      />
      <img
        src={pictureFallback(mobile)}
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
