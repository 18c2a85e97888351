import GalleryGrid from "#app/components/public/gallery-grid.tsx";
import { PageHeader } from "#app/components/public/page-hero.tsx";
import { islandsPage, metaFromLoader } from "#app/components/public/route-exports.ts";
import { pageMeta } from "#app/components/public/seo.ts";
import { Island } from "#app/islands/island.tsx";
import { galleryImages, galleryPage } from "#content/gallery.ts";
import { pageSeo } from "#content/seo.ts";
import { mediaLibrary } from "#server/services/media-library.ts";
import type { Route } from "./+types/gallery";
import { readOr } from "./read-or.server";

// A marketing page: no React Router scripts, its interactive parts are islands.
export const handle = islandsPage;

export async function loader({ context }: Route.LoaderArgs) {
  const library = await readOr(mediaLibrary(context.db), [], "the media library");
  return {
    uploaded: library.map(({ id: _, caption, ...picture }) => ({ ...picture, title: caption })),
    meta: pageMeta(pageSeo.gallery, { image: galleryImages[0] }),
  };
}

export const meta: Route.MetaFunction = metaFromLoader;

export default function Gallery({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={galleryPage.title} intro={galleryPage.intro} />
      <section aria-label="Photos" className="mx-auto max-w-screen-2xl px-4 py-10 sm:px-6">
        <Island name="gallery" component={GalleryGrid} props={{ uploaded: loaderData.uploaded }} />
      </section>
    </>
  );
}
