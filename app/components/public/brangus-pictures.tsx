// The 'Meet Our Brangus' pictures (spec 2.6): seven at 4:3, each opening
// enlarged in a dialog. An island of the Brangus page (decision 0022).
import { useState } from "react";
import { brangusPage } from "#content/brangus.ts";
import { CloseIcon } from "./icons";
import { Modal } from "./modal";
import { ResponsiveImage } from "./picture";

export default function BrangusPictures() {
  const [enlarged, setEnlarged] = useState<number | null>(null);
  const picture = enlarged === null ? undefined : brangusPage.gallery[enlarged];
  return (
    <>
      <ul className="mt-10 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {brangusPage.gallery.map((image, index) => (
          <li key={image.src}>
            <button
              type="button"
              onClick={() => setEnlarged(index)}
              aria-haspopup="dialog"
              className="group block aspect-[4/3] w-full overflow-hidden rounded-xl bg-paddock-100 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-earth-700 focus-visible:ring-offset-2"
            >
              <ResponsiveImage
                picture={image}
                sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
                className="size-full object-cover transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none"
              />
            </button>
          </li>
        ))}
      </ul>
      <Modal
        open={picture !== undefined}
        onClose={() => setEnlarged(null)}
        labelledBy="brangus-dialog-title"
        className="m-auto w-[min(64rem,calc(100vw-2rem))] max-w-none rounded-2xl bg-white p-0 shadow-2xl backdrop:bg-black/80"
      >
        {picture ? (
          <figure className="relative">
            <ResponsiveImage
              picture={picture}
              sizes="(min-width: 1024px) 64rem, 100vw"
              priority
              className="aspect-[4/3] max-h-[80dvh] w-full object-cover"
            />
            <figcaption id="brangus-dialog-title" className="p-4 pr-16 text-stone-800">
              {picture.alt}
            </figcaption>
            <button
              type="button"
              onClick={() => setEnlarged(null)}
              aria-label="Close"
              className="absolute bottom-2 right-2 inline-flex size-11 items-center justify-center rounded-full text-stone-800 hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-paddock-700"
            >
              <CloseIcon className="size-6" />
            </button>
          </figure>
        ) : null}
      </Modal>
    </>
  );
}
