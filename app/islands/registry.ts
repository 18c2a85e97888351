// Every island of the marketing pages (and of the form, invoice and camper's pages), by
// the name its root carries (data-island). The browser entry (client.ts)
// imports only the islands the page has; the server renders the same
// components with React (island.tsx).
export const islandModules = {
  "site-header": () => import("#app/components/layout/header-bar.tsx"),
  "hero-video": () => import("#app/components/public/hero-video.tsx"),
  gallery: () => import("#app/components/public/gallery-grid.tsx"),
  "brangus-pictures": () => import("#app/components/public/brangus-pictures.tsx"),
  "contact-form": () => import("#app/components/public/contact-form.tsx"),
  "booking-search": () => import("#app/components/public/booking-search-bar.tsx"),
  "notice-toast": () => import("#app/components/public/notice-toast.tsx"),
  "print-button": () => import("#app/components/invoice/print-button.tsx"),
  "change-stay": () => import("#app/components/my-booking/change-stay.tsx"),
  "cancel-booking": () => import("#app/components/my-booking/cancel-booking.tsx"),
  "saved-copy": () => import("#app/components/my-booking/offline-copy.tsx"),
};

export type IslandName = keyof typeof islandModules;
