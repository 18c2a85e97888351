import { disallowedPaths } from "#content/seo.ts";
import { absoluteUrl, siteConfig } from "#content/site.ts";

// robots.txt: the admin area, sign-in and booking pages stay out of search results.
export function loader() {
  const site = siteConfig();
  const body = [
    "User-agent: *",
    "Allow: /",
    ...disallowedPaths.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${absoluteUrl(site, "/sitemap.xml")}`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
