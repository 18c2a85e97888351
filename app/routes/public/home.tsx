import { HomePage } from "#app/components/public/pages/home-page.tsx";
import { islandsPage, metaFromLoader } from "#app/components/public/route-exports.ts";
import { pageMeta } from "#app/components/public/seo.ts";
import { campgroundJsonLd } from "#app/components/public/structured-data.ts";
import { formatEventDates } from "#content/events.ts";
import { pageSeo } from "#content/seo.ts";
import { farmToday } from "#domain/rules/dates.ts";
import { upcomingSiteEvents } from "#server/services/site-events.ts";
import type { Route } from "./+types/home";
import { readOr, readPage } from "./read-or.server";

// A marketing page: no React Router scripts, its interactive parts are islands.
export const handle = islandsPage;

export async function loader({ context }: Route.LoaderArgs) {
  const [[next], page] = await Promise.all([
    readOr(upcomingSiteEvents(context.db, farmToday(), 1), [], "the events"),
    readPage(context.db, "home"),
  ]);
  return {
    page,
    nextEvent: next ? { ...next, dates: formatEventDates(next) } : null,
    meta: pageMeta(pageSeo.home, { jsonLd: campgroundJsonLd }),
  };
}

export const meta: Route.MetaFunction = metaFromLoader;

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomePage page={loaderData.page} nextEvent={loaderData.nextEvent} />;
}
