import islandsEntryUrl, { styles as appCssText } from "virtual:islands/entry";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type UIMatch,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { Toasts } from "#app/components/layout/toasts.tsx";
import type { PageHandle } from "#app/components/public/route-exports.ts";
import { islandsBootScript } from "#app/islands/boot-script.ts";
import { useNonce } from "#app/lib/nonce.ts";
import { siteConfig } from "#content/site.ts";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";

export function loader() {
  return { site: siteConfig() };
}

// The catch-all route whose loader answers 404: the 404 page is a marketing page too.
const NOT_FOUND_ROUTE_ID = "routes/not-found";

/**
 * A page made of islands (decision 0022): its route says `handle.islands`
 * (for this address and answer, when it is a function), or it is the 404 page. Decided on the server only: the React Router app in the
 * browser keeps its own scripts even when it renders such a route itself. In
 * development every page stays the React Router app (its hot reloading
 * expects its own runtime on the page).
 */
function isIslandsPage(matches: UIMatch[], search: string): boolean {
  if (!import.meta.env.SSR || import.meta.env.DEV) return false;
  const page = matches.at(-1);
  if (page?.id === NOT_FOUND_ROUTE_ID) return true;
  const islands = (page?.handle as PageHandle | undefined)?.islands;
  return typeof islands === "function"
    ? islands({ search: new URLSearchParams(search), data: page?.loaderData })
    : islands === true;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const islands = isIslandsPage(useMatches(), useLocation().search);
  const islandsScript = islands ? islandsBootScript(appCss, islandsEntryUrl) : "";
  return (
    <html lang="en-AU">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {islands ? (
          // A marketing page carries its styles: it paints without a second round trip.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own stylesheet, no user input
          <style dangerouslySetInnerHTML={{ __html: appCssText }} />
        ) : (
          // A React resource with a precedence: React puts it at the top of <head>,
          // before the script preloads, so the browser fetches it first.
          <link rel="stylesheet" href={appCss} precedence="high" />
        )}
        <Links />
      </head>
      <body className="min-h-dvh bg-white font-sans text-stone-900 antialiased">
        {children}
        {islands ? (
          // Neither React nor React Router: the islands' own small entry
          // (app/islands/client.ts), loaded after the first paint.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: built from the build's own asset URLs
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: islandsScript }} />
        ) : (
          <>
            {/* One toast at a time, 5000 ms (spec section 4); not loaded on pages without toasts. */}
            <Toasts />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** The site configuration from the root loader, for any component. */
export function useSite() {
  const data = useRouteLoaderData<typeof loader>("root");
  return data?.site ?? siteConfig({});
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="text-3xl font-bold">
        {notFound ? "Oops! We couldn't find that page" : "Unexpected Application Error!"}
      </h1>
      <p className="mt-4 text-stone-700">
        {notFound
          ? "The page you were looking for has moved or never existed."
          : "Something went wrong on our side. Please try again in a moment."}
      </p>
      <a
        href="/"
        className="mt-8 inline-block rounded-md bg-paddock-700 px-5 py-3 font-semibold text-white hover:bg-paddock-800"
      >
        Return to Homepage
      </a>
    </main>
  );
}
