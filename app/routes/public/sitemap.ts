import { pageSeo } from "#content/seo.ts";
import { absoluteUrl, siteConfig } from "#content/site.ts";
import { pageChanges } from "#server/services/page-changes.ts";
import type { Route } from "./+types/sitemap";
import { readOr } from "./read-or.server";

/** The campsite list, the booking flow's first page, is listed with the public pages. */
const CAMPSITE_LIST = { path: "/bookings", changed: undefined };

/** The public pages, without dates when the database cannot say when they changed. */
const undated = Object.values(pageSeo).map(({ path }) => ({
  path,
  changed: undefined as Date | undefined,
}));

// sitemap.xml: every public page, with when the farm last changed it, and the
// campsite list; the admin and booking result pages are not listed.
export async function loader({ context }: Route.LoaderArgs) {
  const site = siteConfig();
  const pages = await readOr(pageChanges(context.db), undated, "when the pages changed");
  const urls = [...pages, CAMPSITE_LIST]
    .map((page) => {
      const lastmod = page.changed ? `<lastmod>${page.changed.toISOString()}</lastmod>` : "";
      return `  <url><loc>${absoluteUrl(site, page.path)}</loc>${lastmod}</url>`;
    })
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls}
</urlset>
`;
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      // Search engines ask now and then; a publication shows within the hour.
      "Cache-Control": "public, max-age=3600",
    },
  });
}
