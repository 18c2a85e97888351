import { GalleryPage, galleryUploads } from "#app/components/public/pages/gallery-page.tsx";
import { islandsPage, metaFromLoader } from "#app/components/public/route-exports.ts";
import { pageMeta } from "#app/components/public/seo.ts";
import { galleryImages } from "#content/gallery.ts";
import { pageSeo } from "#content/seo.ts";
import { mediaLibrary } from "#server/services/media-library.ts";
import type { Route } from "./+types/gallery";
import { readOr, readPage } from "./read-or.server";

// A marketing page: no React Router scripts, its interactive parts are islands.
export const handle = islandsPage;

export async function loader({ context }: Route.LoaderArgs) {
  const [page, library] = await Promise.all([
    readPage(context.db, "gallery"),
    readOr(mediaLibrary(context.db), [], "the media library"),
  ]);
  return {
    page,
    uploaded: galleryUploads(library),
    meta: pageMeta(pageSeo.gallery, { image: galleryImages[0] }),
  };
}

export const meta: Route.MetaFunction = metaFromLoader;

export default function Gallery({ loaderData }: Route.ComponentProps) {
  return <GalleryPage page={loaderData.page} uploaded={loaderData.uploaded} />;
}
