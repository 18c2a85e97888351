// The view of the gallery (spec 2.5), from its words as the farm published them (issue 30,
// item 2): the route renders it, and the Website screen previews it.
import GalleryGrid from "#app/components/public/gallery-grid.tsx";
import { PageHeader } from "#app/components/public/page-hero.tsx";
import { Island } from "#app/islands/island.tsx";
import type { GalleryImage } from "#content/gallery.ts";
import type { UploadedPicture } from "#content/images.ts";
import type { PageContent } from "#content/page-texts.ts";

/** The media library's pictures as the gallery shows them, titled by their captions. */
export const galleryUploads = (
  library: (UploadedPicture & { id: string; caption: string })[],
): GalleryImage[] =>
  library.map(({ id: _, caption, ...picture }) => ({ ...picture, title: caption }));

export function GalleryPage({
  page,
  uploaded,
}: {
  page: PageContent<"gallery">;
  uploaded: GalleryImage[];
}) {
  return (
    <>
      <PageHeader title={page.title} intro={page.intro} />
      <section aria-label="Photos" className="mx-auto max-w-screen-2xl px-4 py-10 sm:px-6">
        <Island name="gallery" component={GalleryGrid} props={{ uploaded }} />
      </section>
    </>
  );
}
