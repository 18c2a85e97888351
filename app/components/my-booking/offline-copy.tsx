// The camper's page at the gate, with no signal (issue 14, decision 0019), an
// island (decision 0022): the page registers public/my-booking-sw.js for
// /my-booking/ only, hands it its own and its invoice's addresses and its
// files to save, says when it was last updated, and loads itself again when
// the phone is back online.
import { useEffect, useSyncExternalStore } from "react";
import { myBookingPage as words } from "#content/my-booking.ts";
import { formatFarmDateTime } from "#domain/format/dates.ts";

const WORKER = "/my-booking-sw.js";
const SCOPE = "/my-booking/";

/** Same-origin files this page loaded: its scripts, styles, fonts and pictures. */
function loadedFiles(): string[] {
  return performance
    .getEntriesByType("resource")
    .map((entry) => entry.name)
    .filter((name) => {
      const url = new URL(name);
      return url.origin === location.origin && url.pathname.startsWith("/assets/");
    });
}

/** The worker once it runs: `ready` would not do, it waits on the page's first address. */
function activeWorker(registration: ServiceWorkerRegistration): Promise<ServiceWorker | null> {
  const worker = registration.active ?? registration.waiting ?? registration.installing;
  if (!worker || worker.state === "activated") return Promise.resolve(worker);
  return new Promise((resolve) => {
    worker.addEventListener("statechange", () => {
      if (worker.state === "activated") resolve(worker);
      if (worker.state === "redundant") resolve(null);
    });
  });
}

/**
 * Once every island of the page has loaded its files (app/islands/client.ts
 * says so on the page), so that the saved copy has them all; at most 5 s.
 */
function islandsLoaded(): Promise<void> {
  const loaded = () => document.documentElement.dataset.islands === "alive";
  return new Promise((resolve) => {
    if (loaded()) return resolve();
    const observer = new MutationObserver(() => loaded() && done());
    const timer = setTimeout(() => done(), 5000);
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    observer.observe(document.documentElement, { attributeFilter: ["data-islands"] });
  });
}

function useSavedForOffline() {
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    islandsLoaded()
      .then(() => navigator.serviceWorker.register(WORKER, { scope: SCOPE }))
      .then(activeWorker)
      .then((worker) =>
        worker?.postMessage({
          type: "save",
          pages: [location.pathname, `${location.pathname}/invoice`],
          files: loadedFiles(),
        }),
      )
      .catch(() => {
        // Without the worker the page still works online: nothing to tell the camper.
      });
  }, []);
}

const subscribe = (changed: () => void) => {
  window.addEventListener("online", changed);
  window.addEventListener("offline", changed);
  return () => {
    window.removeEventListener("online", changed);
    window.removeEventListener("offline", changed);
  };
};

/** "Last updated …", and while offline that this is the saved copy. */
export default function SavedCopyNote({ renderedAt }: { renderedAt: string }) {
  useSavedForOffline();
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  useEffect(() => {
    // Back online after being shown offline: the network-first worker brings the page up to date.
    // Only then, so a flickering signal never throws away a form being filled in.
    let shownOffline = !navigator.onLine;
    const offline = () => {
      shownOffline = true;
    };
    const online = () => shownOffline && location.reload();
    window.addEventListener("offline", offline);
    window.addEventListener("online", online);
    return () => {
      window.removeEventListener("offline", offline);
      window.removeEventListener("online", online);
    };
  }, []);
  return (
    <p className="text-sm text-stone-700">
      {online ? null : <strong className="font-semibold">{words.offline} </strong>}
      {words.lastUpdated} {formatFarmDateTime(renderedAt)}.
    </p>
  );
}
