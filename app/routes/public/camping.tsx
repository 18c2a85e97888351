import { CampingPage } from "#app/components/public/pages/camping-page.tsx";
import { islandsPage, metaFromLoader } from "#app/components/public/route-exports.ts";
import { pageMeta } from "#app/components/public/seo.ts";
import { campgroundJsonLd } from "#app/components/public/structured-data.ts";
import { pageSeo } from "#content/seo.ts";
import type { Route } from "./+types/camping";
import { readPage } from "./read-or.server";

// A marketing page: no React Router scripts, its interactive parts are islands.
export const handle = islandsPage;

export async function loader({ context }: Route.LoaderArgs) {
  const page = await readPage(context.db, "camping");
  return {
    page,
    meta: pageMeta(pageSeo.camping, {
      image: page.hero,
      jsonLd: campgroundJsonLd,
    }),
  };
}

export const meta: Route.MetaFunction = metaFromLoader;

export default function Camping({ loaderData }: Route.ComponentProps) {
  return <CampingPage page={loaderData.page} />;
}
