// The site's header (header-bar.tsx) as an island: the site's name, the
// booking listing and the current path are worked out here, once per render,
// and handed over as props (plain links, no NavLink per item: decision 0022).
import { useLocation } from "react-router";
import { Island } from "#app/islands/island.tsx";
import { useSite } from "#app/root.tsx";
import { bookingListingLink } from "#content/site.ts";
import HeaderBar from "./header-bar";

export function SiteHeader() {
  const site = useSite();
  const { pathname } = useLocation();
  return (
    <Island
      name="site-header"
      component={HeaderBar}
      props={{
        title: `${site.farmName} Station`,
        bookingHref: bookingListingLink(site),
        path: pathname,
      }}
    />
  );
}
