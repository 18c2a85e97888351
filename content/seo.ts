// The title and description of every public page (search results and link
// previews). "{farm}" stands for the farm's name.

export type PageSeo = { path: string; title: string; description: string };

export const pageSeo = {
  home: {
    path: "/",
    title: "{farm} Station | Creekside Camping in Queensland",
    description:
      "Creekside camping and caravan sites on an 800-acre working Brangus cattle farm near Woolooga, Queensland. Fishing, paddling, bush trails and campfires.",
  },
  about: {
    path: "/about",
    title: "About Us | {farm} Station",
    description:
      "Over 800 acres of paddocks, creek and bush trails on a working Brangus cattle farm in rural Queensland. Your escape starts here.",
  },
  gallery: {
    path: "/gallery",
    title: "Gallery | {farm} Station",
    description:
      "Photos of the Brangus herd, creekside campsites, campfires, wildlife and sunsets at {farm} Station.",
  },
  brangus: {
    path: "/wagyu",
    title: "Our Brangus | {farm} Station",
    description:
      "Meet our Brangus herd: premium quality beef from ethical, sustainable farming on open Queensland pasture.",
  },
  camping: {
    path: "/camping",
    title: "Camping | {farm} Station",
    description:
      "Book a creekside campsite at {farm} Station: no-power sites from $45/night, free firewood, dog friendly.",
  },
  faq: {
    path: "/faq",
    title: "FAQ | {farm} Station",
    description:
      "Check-in times, dogs, campfires, facilities, mobile reception, what to bring and our cancellation policy.",
  },
  policies: {
    path: "/policies",
    title: "Terms and Conditions | {farm} Station",
    description:
      "The Terms and Conditions of Entry and Occupation for campers and visitors at {farm} Station.",
  },
  pettingZoo: {
    path: "/petting-zoo",
    title: "Petting Zoo | {farm} Station",
    description: "Our petting zoo is under construction. Check back soon!",
  },
  contact: {
    path: "/contact",
    title: "Contact | {farm} Station",
    description:
      "Get in touch with {farm} Station: call us, find us at Woolooga, Queensland, or send us a message.",
  },
  events: {
    path: "/events",
    title: "Events | {farm} Station",
    description: "Open days, school holiday fun and nights under the stars at {farm} Station.",
  },
} satisfies Record<string, PageSeo>;

/**
 * Paths search engines should not index (robots.txt). The campsite list at
 * `/bookings` is for them; a campsite's flow and a shared stay (`/bookings?…`) are not.
 */
export const disallowedPaths = [
  "/admin",
  "/login",
  "/forgot-password",
  "/reset-password",
  "/bookings?",
  "/booking-success",
  "/api/",
];
