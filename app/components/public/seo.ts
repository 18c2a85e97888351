// Meta tags of a public page: title, description, canonical link and the
// Open Graph and Twitter tags for link previews. Computed in the page's loader
// (on the server, or at build time for the prerendered pages), so none of this
// ships to the browser; the page's `meta` returns `loaderData.meta`.
import type { MetaDescriptor } from "react-router";
import { type AnyPicture, anyPictureFallback, sharePicture } from "#content/images.ts";
import type { PageSeo } from "#content/seo.ts";
import { absoluteUrl, type SiteConfig, siteConfig, withFarmName } from "#content/site.ts";

type MetaMatch = { id: string; loaderData?: unknown } | undefined;

/** The site configuration from the root route's loader data, inside any route's `meta`. */
export function siteFromMatches(matches: readonly MetaMatch[]): SiteConfig {
  const root = matches.find((m) => m?.id === "root")?.loaderData as
    | { site?: SiteConfig }
    | undefined;
  return root?.site ?? siteConfig({});
}

export function pageMeta(
  seo: PageSeo,
  options: { image?: AnyPicture; jsonLd?: (site: SiteConfig) => object } = {},
  site: SiteConfig = siteConfig(),
): MetaDescriptor[] {
  const title = withFarmName(seo.title, site);
  const description = withFarmName(seo.description, site);
  const url = absoluteUrl(site, seo.path);
  const image = options.image
    ? { url: absoluteUrl(site, anyPictureFallback(options.image)), alt: options.image.alt }
    : { url: absoluteUrl(site, sharePicture.src), alt: sharePicture.alt };
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: `${site.farmName} Station` },
    { property: "og:locale", content: "en_AU" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image.url },
    { property: "og:image:alt", content: image.alt },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  if (options.jsonLd) tags.push({ "script:ld+json": options.jsonLd(site) });
  return tags;
}
