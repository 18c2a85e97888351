// The gallery's full-screen lightbox (spec 2.5 and 4): image, title,
// 'N of 17', close, previous and next wrapping around; ArrowLeft, ArrowRight
// and Escape; a click on the backdrop closes.
import { type GalleryImage, largestFile } from "#content/gallery.ts";
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from "./icons";
import { Modal } from "./modal";
import { ResponsiveImage } from "./picture";

/** The index after stepping `step` from `index`, wrapping around `count`. */
export function wrapIndex(index: number, step: number, count: number): number {
  return (((index + step) % count) + count) % count;
}

const controlClass =
  "inline-flex size-12 items-center justify-center rounded-full bg-white/15 text-white hover:bg-white/30 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white";

export function Lightbox({
  images,
  index,
  onIndexChange,
  onClose,
}: {
  images: GalleryImage[];
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const count = images.length;
  const image = index === null ? undefined : images[index];
  const step = (by: number) => index !== null && onIndexChange(wrapIndex(index, by, count));

  return (
    <Modal
      open={image !== undefined}
      onClose={onClose}
      labelledBy="lightbox-title"
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-black/95 p-0 text-white backdrop:bg-black/80"
      onKeyDown={(event) => {
        if (event.key === "ArrowRight") {
          event.preventDefault();
          step(1);
        } else if (event.key === "ArrowLeft") {
          event.preventDefault();
          step(-1);
        }
      }}
    >
      {image && index !== null ? (
        <div data-backdrop className="flex h-full flex-col">
          <div data-backdrop className="flex items-center justify-between gap-4 p-4">
            <p className="text-sm font-semibold" aria-live="polite" aria-atomic="true">
              {`${index + 1} of ${count}`}
            </p>
            <button type="button" className={controlClass} aria-label="Close" onClick={onClose}>
              <CloseIcon className="size-6" />
            </button>
          </div>
          <div
            data-backdrop
            className="relative flex min-h-0 flex-1 items-center justify-center px-2 sm:px-20"
          >
            <figure className="flex max-h-full flex-col items-center">
              <ResponsiveImage
                key={largestFile(image)}
                picture={image}
                sizes="100vw"
                priority
                className="max-h-[calc(100dvh-11rem)] w-auto max-w-full rounded-md object-contain"
              />
              <figcaption id="lightbox-title" className="mt-4 text-center text-lg font-semibold">
                {image.title}
              </figcaption>
            </figure>
          </div>
          <div
            data-backdrop
            className="flex items-center justify-center gap-6 p-4 sm:pointer-events-none sm:absolute sm:inset-x-4 sm:top-1/2 sm:-translate-y-1/2 sm:justify-between sm:p-0"
          >
            <button
              type="button"
              className={`${controlClass} sm:pointer-events-auto`}
              aria-label="Previous photo"
              onClick={() => step(-1)}
            >
              <ChevronLeftIcon className="size-7" />
            </button>
            <button
              type="button"
              className={`${controlClass} sm:pointer-events-auto`}
              aria-label="Next photo"
              onClick={() => step(1)}
            >
              <ChevronRightIcon className="size-7" />
            </button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
