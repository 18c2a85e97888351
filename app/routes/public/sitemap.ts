import { pageSeo } from "#content/seo.ts";
import { absoluteUrl, siteConfig } from "#content/site.ts";

/** The campsite list, the booking flow's first page, is listed with the public pages. */
const CAMPSITE_LIST = { path: "/bookings" };

// sitemap.xml: every public page and the campsite list; the admin and booking result pages are not listed.
export function loader() {
  const site = siteConfig();
  const urls = [...Object.values(pageSeo), CAMPSITE_LIST]
    .map((page) => `  <url><loc>${absoluteUrl(site, page.path)}</loc></url>`)
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls}
</urlset>
`;
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
