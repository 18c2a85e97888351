import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

// One module per screen. Each section belongs to one capability; keep them apart.
export default [
  // ---- Public website (spec 2.1-2.11): header, footer and pages in one layout
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("about", "routes/public/about.tsx"),
    route("gallery", "routes/public/gallery.tsx"),
    route("wagyu", "routes/public/brangus.tsx"),
    route("camping", "routes/public/camping.tsx"),
    route("camping/search", "routes/public/camping-search.ts"),
    route("faq", "routes/public/faq.tsx"),
    route("policies", "routes/public/policies.tsx"),
    route("petting-zoo", "routes/public/petting-zoo.tsx"),
    route("contact", "routes/public/contact.tsx"),
    route("events", "routes/public/events.tsx"),
    // Gift vouchers sold online (issue 31).
    route("gift-vouchers", "routes/public/gift-vouchers.tsx"),
    route("gift-vouchers/thanks", "routes/public/gift-vouchers-thanks.tsx"),
    route("image-upload", "routes/public/image-upload.tsx"),

    // ---- Booking pages (spec 2.12-2.13): /bookings and /booking-success go HERE,
    // inside the public layout, so they share its header and footer.
    route("bookings", "routes/bookings.tsx"),
    route("booking-success", "routes/booking-success.tsx"),
    // The waitlist of full dates (issue 31): joined under step 1, left from its emails.
    route("waitlist", "routes/waitlist.tsx"),
    route("waitlist/:token", "routes/waitlist-leave.tsx"),
    // The guest's own pages, at the booking's secret token (issue 13, 14).
    route("my-booking/:token", "routes/my-booking.tsx"),
    route("my-booking/:token/invoice", "routes/invoice.tsx"),
    route("my-booking/:token/pay", "routes/my-booking-pay.tsx"),
    route("my-booking/:token/receipt/:number", "routes/receipt.tsx"),

    // Any other path: the 404 page, shown by the public layout's ErrorBoundary.
    route("*", "routes/not-found.tsx"),
  ]),

  // The invoice as a PDF, for the guest (at the token) and the farm.
  route("my-booking/:token/invoice.pdf", "routes/invoice-pdf.ts"),
  route("my-booking/:token/calendar.ics", "routes/my-booking-calendar.ts"),
  route("admin/bookings/:bookingId/invoice.pdf", "routes/admin/invoice-pdf.ts"),

  // ---- Built-in test checkout (outside the public layout)
  route("test-checkout/:sessionId", "routes/test-checkout.tsx"),

  // ---- Sign-in and the admin area (spec 2.14-2.15)
  route("login", "routes/login.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("staff-invitation", "routes/staff-invitation.tsx"),
  route("admin/logout", "routes/admin/logout.ts"),
  // Printable prepaid cards: a page of its own, without the admin frame.
  route("admin/prepaid-cards/print", "routes/admin/prepaid-cards-print.tsx"),
  route("admin/today/print", "routes/admin/today-print.tsx"),
  route("admin/bookings/:bookingId/invoice", "routes/admin/invoice.tsx"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("today", "routes/admin/today.tsx"),
    route("bookings", "routes/admin/bookings.tsx"),
    // ---- The front desk: bookings the farm takes and changes itself (issue 28).
    route("bookings/new", "routes/admin/bookings.new.tsx"),
    route("bookings/:bookingId/change", "routes/admin/bookings.change.tsx"),
    route("calendar", "routes/admin/calendar.tsx"),
    // ---- The front desk's timeline: every unit by days (issue 28).
    route("timeline", "routes/admin/timeline.tsx"),

    // ---- Catalogue, money and settings screens, as children of the admin layout.
    route("campsites", "routes/admin/campsites.tsx"),
    route("campsites/photos", "routes/admin/campsite-photos.ts"),
    route("payments", "routes/admin/payments.tsx"),
    route("payments/export", "routes/admin/payments-export.ts"),
    // ---- Reports: figures and charts for a range of days (issue 17, decision 0016).
    route("reports", "routes/admin/reports.tsx"),
    route("reports/export", "routes/admin/reports-export.ts"),
    route("reports/accounts", "routes/admin/accounts-export.ts"),
    route("discount-codes", "routes/admin/discount-codes.tsx"),
    route("prepaid-cards", "routes/admin/prepaid-cards.tsx"),
    route("prepaid-cards/export", "routes/admin/prepaid-cards-export.ts"),
    route("prepaid-cards/:id/transactions", "routes/admin/prepaid-card-transactions.ts"),
    // ---- Campers waiting for full dates (issue 31).
    route("waitlist", "routes/admin/waitlist.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    // ---- The farm's own words on the public site (issue 30, decision 0029).
    route("website", "routes/admin/website.tsx"),
    route("website/faq", "routes/admin/website.faq.tsx"),
    route("website/events", "routes/admin/website.events.tsx"),
    route("website/pictures", "routes/admin/website.pictures.tsx"),
    route("website/pages/:page?", "routes/admin/website.pages.tsx"),

    route("messages", "routes/admin/messages.tsx"),
    // ---- The owner's staff and audit log (issue 17, decision 0017).
    route("staff", "routes/admin/staff.tsx"),
    route("audit-log", "routes/admin/audit-log.tsx"),
    // ---- Each person's own sign-in security: two-factor (decision 0018).
    route("account", "routes/admin/account.tsx"),
    // ---- Channel sync: calendar feeds in and out of one campsite and its units.
    route("campsites/:campsiteId/calendars", "routes/admin/campsites.$campsiteId.calendars.tsx"),
    // ---- Rates: the prices, seasons, fees and extras of one campsite (issue 13).
    route("campsites/:campsiteId/rates", "routes/admin/campsites.$campsiteId.rates.tsx"),

    // Unknown admin paths redirect to the dashboard; keep this last.
    route("*", "routes/admin/catch-all.tsx"),
  ]),

  // ---- Search engines (spec 2.1-2.11)
  route("sitemap.xml", "routes/public/sitemap.ts"),
  route("robots.txt", "routes/public/robots.ts"),
] satisfies RouteConfig;
