// The farm's identity and outside links in one typed configuration
// (amendment 1). Defaults are what a fresh install shows; a deployment
// overrides them with SITE_* environment variables, and the owner's details
// published in the back office override both (issue 30: read on the server
// only, and handed to the browser through the root loader).
import { type FarmDetails, phoneE164 } from "#domain/forms/farm-details.ts";
import { isValidAbn } from "#domain/rules/abn.ts";

export type SiteConfig = {
  /** The public origin (PUBLIC_URL), for canonical links, the sitemap and link previews. */
  siteUrl: string;
  /** "{product}": used as "{product} Station" and "83 {product} Road". */
  farmName: string;
  phone: string;
  /** The phone number as dialled from anywhere, for tel: links. */
  phoneE164: string;
  email: string;
  /** Where contact messages and booking notifications go. */
  notificationEmail: string;
  address: { street: string; locality: string; region: string; postcode: string; country: string };
  /** A map of the farm's gate; empty for a map search of the address. */
  mapUrl: string;
  /** Empty when the farm has no page there. */
  facebookUrl: string;
  instagramUrl: string;
  /** The external camping-booking listing behind every BOOK NOW button. */
  bookingListingUrl: string;
  /** The third-party booking search bar of the camping page; off while websiteId is empty. */
  bookingWidget: {
    websiteId: string;
    languageCode: "en";
    checkoutPageUrl: string;
    scriptUrl: string;
  };
  timeZone: string;
  currency: string;
  /** Printed on receipts and confirmation emails. */
  business: { legalName: string; abn: string; gstRegistered: boolean };
};

const farmName = "Rocky Creek";

export const defaultSite: SiteConfig = {
  siteUrl: "http://localhost:3000",
  farmName,
  phone: "(07) 5550 1234",
  phoneE164: "+61755501234",
  email: "hello@rockycreekstation.example",
  notificationEmail: "bookings@rockycreekstation.example",
  address: {
    street: `83 ${farmName} Road`,
    locality: "Woolooga",
    region: "Queensland",
    postcode: "4570",
    country: "AU",
  },
  mapUrl: "",
  facebookUrl: "https://www.facebook.com/rockycreekstation",
  instagramUrl: "https://www.instagram.com/rockycreekstation",
  bookingListingUrl: "https://bookings.example.com/rocky-creek-station",
  bookingWidget: { websiteId: "", languageCode: "en", checkoutPageUrl: "", scriptUrl: "" },
  timeZone: "Australia/Brisbane",
  currency: "AUD",
  // No ABN until the farm sets its own (SITE_ABN): until then it issues receipts, without GST.
  business: {
    legalName: `${farmName} Station Pty Ltd`,
    abn: "",
    gstRegistered: false,
  },
};

type EnvSource = Record<string, string | undefined>;

const serverEnv = (): EnvSource => (typeof process === "undefined" ? {} : process.env);

let published: FarmDetails | undefined;

/** The farm's details as the owner last published them (server/services/farm-details.ts). */
export function takePublishedFarmDetails(details: FarmDetails | undefined) {
  published = details;
}

/**
 * The site configuration: defaults with the SITE_* overrides of the
 * environment, and the farm's published details over them; given a `source`,
 * that source's configuration alone.
 */
export function siteConfig(source?: EnvSource): SiteConfig {
  const configured = configuredSite(source ?? serverEnv());
  return source === undefined && published ? withFarmDetails(configured, published) : configured;
}

function configuredSite(source: EnvSource): SiteConfig {
  const pick = (key: string, fallback: string) => source[key]?.trim() || fallback;
  const name = pick("SITE_FARM_NAME", defaultSite.farmName);
  return {
    ...defaultSite,
    siteUrl: pick("PUBLIC_URL", `http://localhost:${source.PORT?.trim() || 3000}`).replace(
      /\/$/,
      "",
    ),
    farmName: name,
    phone: pick("SITE_PHONE", defaultSite.phone),
    phoneE164: pick("SITE_PHONE_E164", defaultSite.phoneE164),
    email: pick("SITE_EMAIL", defaultSite.email),
    notificationEmail: pick("SITE_NOTIFICATION_EMAIL", defaultSite.notificationEmail),
    address: { ...defaultSite.address, street: `83 ${name} Road` },
    facebookUrl: pick("SITE_FACEBOOK_URL", defaultSite.facebookUrl),
    instagramUrl: pick("SITE_INSTAGRAM_URL", defaultSite.instagramUrl),
    bookingListingUrl: pick("SITE_BOOKING_LISTING_URL", defaultSite.bookingListingUrl),
    bookingWidget: {
      websiteId: pick("SITE_BOOKING_WIDGET_ID", ""),
      languageCode: "en",
      checkoutPageUrl: pick("SITE_BOOKING_WIDGET_CHECKOUT_URL", ""),
      scriptUrl: pick("SITE_BOOKING_WIDGET_SCRIPT_URL", ""),
    },
    business: {
      legalName: pick("SITE_LEGAL_NAME", `${name} Station Pty Ltd`),
      abn: pick("SITE_ABN", defaultSite.business.abn),
      // Prices include GST when the farm has an ABN and has not said it is not registered.
      gstRegistered:
        isValidAbn(pick("SITE_ABN", "")) && pick("SITE_GST_REGISTERED", "true") !== "false",
    },
  };
}

function withFarmDetails(site: SiteConfig, details: FarmDetails): SiteConfig {
  return {
    ...site,
    farmName: details.farmName,
    phone: details.phone,
    phoneE164: phoneE164(details.phone),
    email: details.email,
    notificationEmail: details.notificationEmail,
    address: {
      ...site.address,
      street: details.street,
      locality: details.locality,
      region: details.region,
      postcode: details.postcode,
    },
    mapUrl: details.mapUrl,
    facebookUrl: details.facebookUrl,
    instagramUrl: details.instagramUrl,
    bookingListingUrl: details.bookingListingUrl,
    business: {
      legalName: details.legalName,
      abn: details.abn,
      gstRegistered: details.gstRegistered && isValidAbn(details.abn),
    },
  };
}

/** The details a site shows, as the back office's form edits them. */
export function farmDetailsOf(site: SiteConfig): FarmDetails {
  return {
    farmName: site.farmName,
    legalName: site.business.legalName,
    phone: site.phone,
    email: site.email,
    notificationEmail: site.notificationEmail,
    street: site.address.street,
    locality: site.address.locality,
    region: site.address.region,
    postcode: site.address.postcode,
    mapUrl: site.mapUrl,
    abn: site.business.abn,
    gstRegistered: site.business.gstRegistered,
    facebookUrl: site.facebookUrl,
    instagramUrl: site.instagramUrl,
    bookingListingUrl: site.bookingListingUrl,
  };
}

/** "83 Rocky Creek Road, Woolooga, Queensland 4570" */
export function formatAddress(site: SiteConfig): string {
  const a = site.address;
  return `${a.street}, ${a.locality}, ${a.region} ${a.postcode}`;
}

export function mapsSearchUrl(site: SiteConfig): string {
  if (site.mapUrl) return site.mapUrl;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(formatAddress(site))}`;
}

/** The external listing with the defaults the specification asks for. */
export function bookingListingLink(site: SiteConfig): string {
  const url = new URL(site.bookingListingUrl);
  url.searchParams.set("adults", "1");
  url.searchParams.set("children", "0");
  return url.toString();
}

/** Content texts say "{farm}" where the farm's name goes. */
export function withFarmName(text: string, site: Pick<SiteConfig, "farmName">): string {
  return text.replaceAll("{farm}", () => site.farmName);
}

/** An absolute URL of this site, e.g. for canonical links. */
export function absoluteUrl(site: Pick<SiteConfig, "siteUrl">, path: string): string {
  return `${site.siteUrl}${path === "/" ? "/" : path}`;
}
