// The site's links. Every BOOK NOW, 'Book Your Campsite' and 'Book a Camp Site'
// opens the external booking listing in a new tab (spec 1); the accessible
// name stays the visible label and the new-tab note is the link's description.
// (One module with the call-to-action classes, so pages load one file for both.)

import { useSite } from "#app/root.tsx";
import { bookingListingLink } from "#content/site.ts";
import { type AnchorProps, ExternalLink } from "./external-link";

export { ExternalLink, NEW_TAB_NOTE_ID, NewTabNote } from "./external-link";

/** A link to the external booking listing with adults=1&children=0. */
export function BookingLink(props: AnchorProps) {
  const site = useSite();
  return <ExternalLink href={bookingListingLink(site)} {...props} />;
}

/** Classes of the site's call-to-action links. */
export const ctaClass = {
  primary:
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-md bg-earth-700 px-6 py-3 text-base font-bold text-white shadow hover:bg-earth-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:ring-earth-700",
  secondary:
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-md bg-paddock-700 px-6 py-3 text-base font-bold text-white shadow hover:bg-paddock-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:ring-paddock-700",
  outlineLight:
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-md border-2 border-white px-6 py-3 text-base font-bold text-white hover:bg-white hover:text-paddock-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white",
};
