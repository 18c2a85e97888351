// The shared layout of the public website (spec 2.2): fixed header, the page,
// the footer. The booking pages and the 404 page nest here too; /login and
// /admin do not.
import { isRouteErrorResponse, Outlet } from "react-router";
import { SiteFooter } from "#app/components/layout/site-footer.tsx";
import { SiteHeader } from "#app/components/layout/site-header.tsx";
import { ctaClass, NewTabNote } from "#app/components/public/links.tsx";
import type { Route } from "./+types/layout";

export function links(): Route.LinkDescriptors {
  return [
    { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
    { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
    { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  ];
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-paddock-900 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <SiteHeader />
      {/* The header is 4rem tall and fixed: the page starts below it. */}
      <main id="main" tabIndex={-1} className="min-h-[60vh] pt-16 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
      <NewTabNote />
    </>
  );
}

export default function PublicLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

/**
 * A page's error answer, shown here, keeps the headers it was thrown with (the
 * camper's 404 is never stored); React Router would keep only its cookies.
 */
export function headers({ parentHeaders, errorHeaders }: Route.HeadersArgs) {
  const headers = new Headers(parentHeaders);
  errorHeaders?.forEach((value, name) => {
    if (name !== "set-cookie") headers.set(name, value);
  });
  return headers;
}

export function meta({ error }: Route.MetaArgs) {
  if (!error) return [];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [
    { title: notFound ? "Page not found" : "Something went wrong" },
    { name: "robots", content: "noindex" },
  ];
}

/** The 404 page (any unknown path) and unexpected errors, inside the site's header and footer. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Shell>
      <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
        <p className="text-6xl font-extrabold text-earth-700" aria-hidden="true">
          {notFound ? "404" : "Sorry"}
        </p>
        <h1 className="mt-4 text-3xl font-bold text-paddock-900">
          {notFound ? "Oops! We couldn't find that page" : "Unexpected Application Error!"}
        </h1>
        <p className="mt-4 text-stone-700">
          {notFound
            ? "The page you were looking for has moved or never existed."
            : "Something went wrong on our side. Please try again in a moment."}
        </p>
        <a href="/" className={`${ctaClass.secondary} mt-8`}>
          Return to Homepage
        </a>
      </section>
    </Shell>
  );
}
