// schema.org structured data: the farm as a Campground with its address,
// phone, price range and amenities, for search engines.
import { sharePicture } from "#content/images.ts";
import { absoluteUrl, type SiteConfig } from "#content/site.ts";

export const campgroundAmenities = [
  "Creekside campsites",
  "Free firewood",
  "Fire rings",
  "Dog friendly (on a leash)",
  "Creek fishing",
  "Kayaking and paddling",
  "Bush walking trails",
  "Children's playground",
  "WiFi near the main facilities",
];

export function campgroundJsonLd(site: SiteConfig) {
  return {
    "@context": "https://schema.org",
    "@type": "Campground",
    "@id": `${absoluteUrl(site, "/")}#campground`,
    name: `${site.farmName} Station`,
    description:
      "Creekside camping and caravan sites on an 800-acre working Brangus cattle farm in rural Queensland.",
    url: absoluteUrl(site, "/"),
    telephone: site.phoneE164,
    email: site.email,
    priceRange: "$45-$65",
    currenciesAccepted: site.currency,
    petsAllowed: true,
    checkinTime: "12:00",
    checkoutTime: "10:00",
    image: absoluteUrl(site, sharePicture.src),
    address: {
      "@type": "PostalAddress",
      streetAddress: site.address.street,
      addressLocality: site.address.locality,
      addressRegion: site.address.region,
      postalCode: site.address.postcode,
      addressCountry: site.address.country,
    },
    amenityFeature: campgroundAmenities.map((name) => ({
      "@type": "LocationFeatureSpecification",
      name,
      value: true,
    })),
    sameAs: [site.facebookUrl, site.instagramUrl].filter(Boolean),
  };
}
