// The 'Book Your Campsite' search bar of the camping page (spec 2.7). When the
// third-party search bar is configured, its script is loaded and its bar
// replaces ours once it has drawn itself; until then, without JavaScript, or
// when the script fails, our own bar (same fields) leads to /bookings.
// An island of the camping page (decision 0022): native date fields, no
// date-picker library, and a document navigation to the booking page.
import { useEffect, useRef, useState } from "react";
import { campingPage } from "#content/camping.ts";
import type { SiteConfig } from "#content/site.ts";
import { bookingsSearchUrl, farmTodayInBrowser, nextDay } from "./booking-search";
import { SearchIcon } from "./icons";

const labels = campingPage.bookingCard.labels;
const WIDGET_TIMEOUT_MS = 8000;

type WidgetState = "off" | "loading" | "ready" | "failed";

/** What the bar needs of the site configuration (its props are sent to the browser). */
export type SearchBarSite = Pick<SiteConfig, "bookingWidget" | "timeZone" | "farmName">;

/** Loads the third-party bar; "ready" once it has put something in its container. */
function useThirdPartyBar(site: SearchBarSite, container: React.RefObject<HTMLDivElement | null>) {
  const { websiteId, scriptUrl } = site.bookingWidget;
  const configured = Boolean(websiteId && scriptUrl);
  const [state, setState] = useState<WidgetState>(configured ? "loading" : "off");

  useEffect(() => {
    const target = container.current;
    if (!configured || !target) return;
    const observer = new MutationObserver(() => {
      if (target.childElementCount > 0) setState("ready");
    });
    observer.observe(target, { childList: true, subtree: true });
    const script = document.createElement("script");
    script.src = scriptUrl;
    script.async = true;
    script.onerror = () => setState("failed");
    document.body.append(script);
    const timer = setTimeout(
      () => setState((s) => (s === "loading" ? "failed" : s)),
      WIDGET_TIMEOUT_MS,
    );
    return () => {
      observer.disconnect();
      clearTimeout(timer);
      script.remove();
    };
  }, [configured, scriptUrl, container]);

  return state;
}

function ThirdPartyBar({
  site,
  state,
  containerRef,
}: {
  site: SearchBarSite;
  state: WidgetState;
  containerRef: React.RefObject<HTMLDivElement | null>;
}) {
  const { websiteId, languageCode, checkoutPageUrl } = site.bookingWidget;
  const card = campingPage.bookingCard;
  return (
    <div
      ref={containerRef}
      id="lodgify-search-bar"
      hidden={state !== "ready"}
      style={{ width: "100%" }}
      data-website-id={websiteId}
      data-language-code={languageCode}
      data-checkout-page-url={checkoutPageUrl}
      data-dates-check-in-label={labels.checkIn}
      data-dates-check-out-label={labels.checkOut}
      data-guests-counter-label="Guest"
      data-guests-input-singular-label="{{NumberOfGuests}} guest"
      data-guests-input-plural-label="{{NumberOfGuests}} guests"
      data-location-input-label={labels.location}
      data-search-button-label={labels.search}
      data-dates-input-min-stay-tooltip-text={JSON.stringify(card.minimumStayText)}
      data-adults-label={JSON.stringify({ one: "adult", other: "adults" })}
      data-children-label={JSON.stringify({ one: "child", other: "children" })}
      data-infants-label={JSON.stringify({ one: "infant", other: "infants" })}
      data-pets-label={JSON.stringify({ one: "pet", other: "pets" })}
      data-has-guests-breakdown="true"
      data-new-tab="true"
      data-version="stable"
    />
  );
}

const fieldClass =
  "mt-1 block h-11 w-full rounded-md border border-stone-400 bg-white px-3 text-base text-stone-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-paddock-700";
const labelClass = "block text-sm font-semibold text-stone-800";

function OwnBar({ site }: { site: SearchBarSite }) {
  const [today, setToday] = useState<string>();
  // The dates are uncontrolled so that what a camper types before the page
  // hydrates is kept; the state only feeds the check-out's minimum.
  const [checkIn, setCheckIn] = useState("");
  const checkInRef = useRef<HTMLInputElement>(null);
  const checkOutRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setCheckIn(checkInRef.current?.value ?? "");
  }, []);

  // The farm's today bounds the dates. Worked out when a date field is first
  // focused (before its picker opens), not at load: a time zone's first use
  // costs the browser tens of milliseconds, which would block the page.
  const knowToday = () => {
    if (!today) setToday(farmTodayInBrowser(site.timeZone));
  };

  const onCheckIn = (value: string) => {
    setCheckIn(value);
    // A check-in on or after the check-out moves the check-out to the next day.
    const checkOut = checkOutRef.current;
    if (value && checkOut?.value && checkOut.value <= value) checkOut.value = nextDay(value);
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => data.get(name)?.toString();
    // The booking page is the React Router app: a new document.
    window.location.assign(
      bookingsSearchUrl({
        checkIn: text("checkIn"),
        checkOut: text("checkOut"),
        adults: text("adults"),
        children: text("children"),
        infants: text("infants"),
      }),
    );
  };

  const number = (name: string, label: string, min: number, initial: number) => (
    <div>
      <label htmlFor={`search-${name}`} className={labelClass}>
        {label}
      </label>
      <input
        id={`search-${name}`}
        name={name}
        type="number"
        inputMode="numeric"
        min={min}
        max={20}
        defaultValue={initial}
        className={fieldClass}
      />
    </div>
  );

  return (
    <form
      method="get"
      action="/camping/search"
      onSubmit={onSubmit}
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <div>
        <label htmlFor="search-checkIn" className={labelClass}>
          {labels.checkIn}
        </label>
        <input
          id="search-checkIn"
          name="checkIn"
          type="date"
          min={today}
          ref={checkInRef}
          onFocus={knowToday}
          onChange={(e) => onCheckIn(e.target.value)}
          className={fieldClass}
        />
      </div>
      <div>
        <label htmlFor="search-checkOut" className={labelClass}>
          {labels.checkOut}
        </label>
        <input
          id="search-checkOut"
          name="checkOut"
          type="date"
          min={checkIn ? nextDay(checkIn) : today ? nextDay(today) : undefined}
          ref={checkOutRef}
          onFocus={knowToday}
          className={fieldClass}
        />
      </div>
      <div className="sm:col-span-2">
        <label htmlFor="search-location" className={labelClass}>
          {labels.location}
        </label>
        <select id="search-location" name="location" className={fieldClass}>
          <option>{`${site.farmName} Station`}</option>
        </select>
      </div>
      <fieldset className="grid grid-cols-2 gap-4 sm:col-span-2 lg:col-span-4 lg:grid-cols-5">
        <legend className="mb-1 text-sm font-bold text-stone-900">Guests</legend>
        {number("adults", labels.adults, 1, 2)}
        {number("children", labels.children, 0, 0)}
        {number("infants", labels.infants, 0, 0)}
        {number("pets", labels.pets, 0, 0)}
        <div className="col-span-2 flex items-end lg:col-span-1">
          <button
            type="submit"
            className="inline-flex h-11 w-full items-center justify-center gap-2 rounded-md bg-earth-700 px-6 font-bold text-white hover:bg-earth-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:ring-earth-700"
          >
            <SearchIcon className="size-5" />
            {labels.search}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

export default function BookingSearchBar({ site }: { site: SearchBarSite }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const state = useThirdPartyBar(site, containerRef);
  return (
    <div data-search-bar={state === "ready" ? "third-party" : "own"}>
      {state !== "off" ? (
        <ThirdPartyBar site={site} state={state} containerRef={containerRef} />
      ) : null}
      {state !== "ready" ? <OwnBar site={site} /> : null}
    </div>
  );
}
