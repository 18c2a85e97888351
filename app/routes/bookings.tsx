// /bookings (spec 2.12): the active campsites, server-rendered, then the
// 3-step booking flow of the campsite chosen with `?campsite=`. The flow talks
// to the public booking API from the browser; every rule is the server's.
import { LoaderCircle, RefreshCw, Tent } from "lucide-react";
import { lazy, memo, Suspense, useEffect, useRef } from "react";
import {
  data,
  type ShouldRevalidateFunctionArgs,
  useNavigation,
  useRevalidator,
  useSearchParams,
} from "react-router";
import { toast } from "sonner";
import { CampsiteCard } from "#app/components/booking/campsite-card.tsx";
import type { PageHandle } from "#app/components/public/route-exports.ts";
import { siteFromMatches } from "#app/components/public/seo.ts";
import { Button } from "#app/components/ui/button.tsx";
import type { CampsiteSummary } from "#app/lib/booking-api.ts";
import { absoluteUrl } from "#content/site.ts";
import { parseBookingQuery, stayParams } from "#domain/rules/booking-query.ts";
import { log } from "#server/log.ts";
import { listActiveCampsites } from "#server/services/availability.ts";
import type { Route } from "./+types/bookings";

type LoadError = "failed" | "unexpected";

/** The cards of the first row on a wide screen: on screen before any scroll. */
const FIRST_ROW = 3;

/** When a camper may try again after the list could not be read. */
const RETRY_AFTER_SECONDS = 30;

// The flow (calendar, form rules) downloads apart from the list, which most
// visits see first; the list fetches it ahead while the browser is idle.
const loadFlow = () => import("#app/components/booking/booking-flow.tsx");
const BookingFlow = lazy(() => loadFlow().then((m) => ({ default: m.BookingFlow })));

/** The active campsites, newest first, as GET /api/campsites answers them. */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    const rows: CampsiteSummary[] = await listActiveCampsites(context.db);
    return { campsites: rows, loadError: undefined as LoadError | undefined };
  } catch (error) {
    log.error({ err: error }, "could not load the campsites");
    // 503 with a time to come back: the page still shows its toast, and the
    // kept pages (server/http/page-cache.ts) keep only a 200.
    return data(
      { campsites: [] as CampsiteSummary[], loadError: "failed" as LoadError | undefined },
      { status: 503, headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } },
    );
  }
}

/** A refresh that cannot reach the server keeps the page and says so. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  try {
    return await serverLoader();
  } catch {
    return { campsites: [] as CampsiteSummary[], loadError: "unexpected" as LoadError | undefined };
  }
}

/**
 * The list does not depend on the query: choosing a campsite, dates or guests
 * (which the flow keeps in the address) does not fetch it again; a refresh does.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const sameList = currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search;
  if (sameList && !formMethod) return false;
  return defaultShouldRevalidate;
}

/**
 * The list is a page of islands (decision 0022, decision 0030): server-rendered HTML that
 * paints before any script, its 'Book Now' plain links into the flow. The flow
 * (`?campsite=`) and a list that could not be read are the React Router app.
 */
export const handle: PageHandle = {
  islands: ({ search, data }) =>
    !search.has("campsite") && !(data as { loadError?: LoadError } | undefined)?.loadError,
};

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const retryAfter = loaderHeaders.get("Retry-After");
  return { "Cache-Control": "no-store", ...(retryAfter && { "Retry-After": retryAfter }) };
}

/** The list is for search engines, at one address; a campsite's flow is not. */
export function meta({ matches, location }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const flow = new URLSearchParams(location.search).has("campsite");
  return [
    { title: `Available Campsites | ${site.farmName} Station` },
    {
      name: "description",
      content: `Book a campsite at ${site.farmName} Station: choose your dates, guests and pay online.`,
    },
    flow
      ? { name: "robots", content: "noindex" }
      : { tagName: "link", rel: "canonical", href: absoluteUrl(site, "/bookings") },
  ];
}

export default function Bookings({ loaderData }: Route.ComponentProps) {
  const { campsites: sites, loadError } = loaderData;
  const [searchParams] = useSearchParams();
  const query = parseBookingQuery(searchParams);
  const chosen = query.campsiteId ? sites.find((s) => s.id === query.campsiteId) : undefined;

  // Spec 8: the loading toasts, once per answer (a new answer is a new loaderData).
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaderData marks each answer.
  useEffect(() => {
    if (loadError === "failed")
      toast.error("Error", { description: "Failed to load campsites. Please try again." });
    if (loadError === "unexpected")
      toast.error("Error", {
        description: "An unexpected error occurred while loading campsites.",
      });
  }, [loaderData]);

  const notFound = Boolean(query.campsiteId && !chosen && !loadError);
  const notFoundShown = useRef<string>(undefined);
  useEffect(() => {
    if (notFound && notFoundShown.current !== query.campsiteId) {
      notFoundShown.current = query.campsiteId;
      toast.error("Error", { description: "Campsite not found. Please try again." });
    }
  }, [notFound, query.campsiteId]);

  if (chosen) {
    return (
      <ChosenCampsite
        campsite={chosen}
        checkIn={query.checkIn}
        checkOut={query.checkOut}
        guests={query.guests}
        dogs={query.dogs}
      />
    );
  }
  return <CampsiteList campsites={sites} query={query} />;
}

/**
 * The flow, downloaded apart. Memoised on the stay: a re-render of the page
 * while the flow's code is still on its way would otherwise update the
 * server-rendered flow before it hydrates, which makes React throw it away and
 * draw it again.
 */
const ChosenCampsite = memo(function ChosenCampsite({
  campsite,
  checkIn,
  checkOut,
  guests,
  dogs,
}: {
  campsite: CampsiteSummary;
  checkIn?: string;
  checkOut?: string;
  guests?: number;
  dogs?: number;
}) {
  return (
    <Suspense
      fallback={
        <p role="status" className="flex items-center justify-center gap-2 px-4 py-24">
          <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-paddock-700" />
          Loading the booking form…
        </p>
      }
    >
      <BookingFlow
        key={campsite.id}
        campsite={campsite}
        initial={{ checkIn, checkOut, guests, dogs }}
      />
    </Suspense>
  );
});

function CampsiteList({
  campsites: sites,
  query,
}: {
  campsites: CampsiteSummary[];
  query: ReturnType<typeof parseBookingQuery>;
}) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const loading =
    revalidator.state === "loading" ||
    (navigation.state === "loading" && navigation.location.pathname === "/bookings");

  useEffect(() => {
    const fetchAhead = () => void loadFlow();
    if ("requestIdleCallback" in window) {
      const id = window.requestIdleCallback(fetchAhead, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(fetchAhead, 1500);
    return () => clearTimeout(id);
  }, []);

  // Reload the list when the camper comes back to the tab: campsites change.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible") revalidator.revalidate();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [revalidator]);

  // 'Book Now' keeps the dates, guests and dogs of a shared link.
  const bookHref = (id: string) =>
    `/bookings?${new URLSearchParams({ campsite: id, ...stayParams(query) })}`;

  const count = sites.length;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold sm:text-4xl">Available Campsites</h1>
          <p className="mt-2 text-stone-700" aria-live="polite">
            {loading
              ? "Loading campsites…"
              : `${count} ${count === 1 ? "site" : "sites"} available`}
          </p>
        </div>
      </div>

      {loading && count === 0 ? (
        <div role="status" className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          <span className="sr-only">Loading campsites…</span>
          {[0, 1, 2].map((i) => (
            <div
              key={i}
              aria-hidden="true"
              className="h-96 animate-pulse rounded-xl bg-stone-100"
            />
          ))}
        </div>
      ) : count === 0 ? (
        <div className="mt-10 flex flex-col items-center gap-4 rounded-xl border border-dashed border-stone-300 px-6 py-14 text-center">
          <Tent aria-hidden="true" className="size-10 text-paddock-700" />
          <p className="text-lg font-semibold">No campsites available</p>
          {/* A form, so the page reloads the list before any script; the app asks again in place. */}
          <form
            method="get"
            onSubmit={(event) => {
              event.preventDefault();
              revalidator.revalidate();
            }}
          >
            {Object.entries(stayParams(query)).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <Button type="submit" variant="outline" disabled={loading}>
              {loading ? (
                <LoaderCircle aria-hidden="true" className="animate-spin" />
              ) : (
                <RefreshCw aria-hidden="true" />
              )}
              Refresh Campsites
            </Button>
          </form>
        </div>
      ) : (
        <ul
          aria-busy={loading || undefined}
          className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
          aria-label="Campsites"
        >
          {sites.map((campsite, i) => (
            <li key={campsite.id} className="flex">
              <CampsiteCard
                campsite={campsite}
                bookHref={bookHref(campsite.id)}
                order={i < FIRST_ROW ? (i === 0 ? "first" : "above") : "below"}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
