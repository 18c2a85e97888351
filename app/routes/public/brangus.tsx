import { BrangusPage } from "#app/components/public/pages/brangus-page.tsx";
import { islandsPage, metaFromLoader } from "#app/components/public/route-exports.ts";
import { pageMeta } from "#app/components/public/seo.ts";
import { pageSeo } from "#content/seo.ts";
import type { Route } from "./+types/brangus";
import { readPage } from "./read-or.server";

// A marketing page: no React Router scripts, its interactive parts are islands.
export const handle = islandsPage;

export async function loader({ context }: Route.LoaderArgs) {
  const page = await readPage(context.db, "brangus");
  return { page, meta: pageMeta(pageSeo.brangus, { image: page.hero }) };
}

export const meta: Route.MetaFunction = metaFromLoader;

export default function Brangus({ loaderData }: Route.ComponentProps) {
  return <BrangusPage page={loaderData.page} />;
}
