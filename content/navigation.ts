// The menu and footer links (spec 2.2). "external" items go to the booking
// listing in a new tab instead of a path of this site.

export type NavigationItem = { name: string; path: string; external?: boolean };

export const headerNavigation: NavigationItem[] = [
  { name: "Home", path: "/" },
  { name: "About", path: "/about" },
  { name: "Gallery", path: "/gallery" },
  { name: "Camping", path: "/camping", external: true },
  { name: "Our Brangus", path: "/wagyu" },
  { name: "FAQ", path: "/faq" },
  { name: "T&Cs", path: "/policies" },
  { name: "Contact", path: "/contact" },
];

export const footerQuickLinks: NavigationItem[] = [
  { name: "Home", path: "/" },
  { name: "About Us", path: "/about" },
  { name: "Camping", path: "/camping" },
];

export const footerMoreLinks: NavigationItem[] = [
  { name: "Our Brangus", path: "/wagyu" },
  { name: "Contact", path: "/contact" },
  { name: "Gift Vouchers", path: "/gift-vouchers" },
  { name: "T&Cs", path: "/policies" },
];

export const footerBlurb =
  "A working Brangus cattle farm in rural Queensland with creekside campsites, bush trails and a creek for fishing and paddling. Come and stay a while.";
