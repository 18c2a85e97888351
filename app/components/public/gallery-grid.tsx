// The gallery's 17 photos and their lightbox (spec 2.5), after the farm's own
// from its media library (`uploaded`): an island of the gallery page (decision 0022).
// Each photo is a link to its largest picture, which a tap follows before the
// island runs or without scripts (issue 30, item 8); the island opens the
// lightbox instead, unless the link is asked for in a new tab.
import { useState } from "react";
import { type GalleryImage, galleryImages, largestFile } from "#content/gallery.ts";
import { Lightbox } from "./lightbox";
import { ResponsiveImage } from "./picture";

export default function GalleryGrid({ uploaded }: { uploaded: GalleryImage[] }) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const images = [...uploaded, ...galleryImages];
  return (
    <>
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {images.map((image, index) => (
          <li key={largestFile(image)}>
            <a
              href={largestFile(image)}
              onClick={(event) => {
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
                event.preventDefault();
                setOpenIndex(index);
              }}
              className="group relative block aspect-[4/3] w-full overflow-hidden rounded-xl bg-paddock-100 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-earth-700 focus-visible:ring-offset-2"
              aria-label={image.title}
            >
              <ResponsiveImage
                picture={image}
                sizes="(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw"
                priority={index < 2}
                className="size-full object-cover transition-transform duration-300 group-hover:scale-105 group-focus-visible:scale-105 motion-reduce:transition-none"
              />
              <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/85 to-transparent px-4 pb-3 pt-10 text-left font-semibold text-white opacity-0 transition-opacity duration-200 group-hover:opacity-100 group-focus-visible:opacity-100">
                {image.title}
              </span>
            </a>
          </li>
        ))}
      </ul>
      <Lightbox
        images={images}
        index={openIndex}
        onIndexChange={setOpenIndex}
        onClose={() => setOpenIndex(null)}
      />
    </>
  );
}
