import { useState } from "react";
import { Lightbox } from "#app/components/public/lightbox.tsx";
import { PageHeader } from "#app/components/public/page-hero.tsx";
import { ResponsiveImage } from "#app/components/public/picture.tsx";
import { metaFromLoader, noToasts } from "#app/components/public/route-exports.ts";
import { pageMeta } from "#app/components/public/seo.ts";
import { galleryImages, galleryPage } from "#content/gallery.ts";
import { pageSeo } from "#content/seo.ts";
import type { Route } from "./+types/gallery";

// No toasts on this page: the toast library is not loaded here.
export const handle = noToasts;

export function loader() {
  return { meta: pageMeta(pageSeo.gallery, { image: galleryImages[0] }) };
}

export const meta: Route.MetaFunction = metaFromLoader;

export default function Gallery() {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  return (
    <>
      <PageHeader title={galleryPage.title} intro={galleryPage.intro} />
      <section aria-label="Photos" className="mx-auto max-w-screen-2xl px-4 py-10 sm:px-6">
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {galleryImages.map((image, index) => (
            <li key={image.src}>
              <button
                type="button"
                onClick={() => setOpenIndex(index)}
                className="group relative block aspect-[4/3] w-full overflow-hidden rounded-xl bg-paddock-100 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-earth-700 focus-visible:ring-offset-2"
                aria-label={image.title}
                aria-haspopup="dialog"
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
              </button>
            </li>
          ))}
        </ul>
      </section>
      <Lightbox
        images={galleryImages}
        index={openIndex}
        onIndexChange={setOpenIndex}
        onClose={() => setOpenIndex(null)}
      />
    </>
  );
}
