import { PettingZooPage } from "#app/components/public/pages/petting-zoo-page.tsx";
import { islandsPage, metaFromLoader } from "#app/components/public/route-exports.ts";
import { pageMeta } from "#app/components/public/seo.ts";
import { pageSeo } from "#content/seo.ts";
import type { Route } from "./+types/petting-zoo";
import { readPage } from "./read-or.server";

// A marketing page: no React Router scripts, its interactive parts are islands.
export const handle = islandsPage;

export async function loader({ context }: Route.LoaderArgs) {
  const page = await readPage(context.db, "pettingZoo");
  return { page, meta: pageMeta(pageSeo.pettingZoo) };
}

export const meta: Route.MetaFunction = metaFromLoader;

export default function PettingZoo({ loaderData }: Route.ComponentProps) {
  return <PettingZooPage page={loaderData.page} />;
}
