// The camper's booking page at the gate, with no signal (issue 14, decision
// 0019). Registered by /my-booking/:token with the scope /my-booking/, so it
// never sees an admin page or any other page of the site. It keeps:
//  - the booking pages this browser opened (the page and its invoice):
//    network first, the saved copy when the network fails; a page the server
//    no longer has (a revoked link) is forgotten;
//  - the files those pages load from /assets/ (scripts, styles, fonts): saved
//    on first use, served from the copy after (their names change with them).
// A dozen lines of two caching strategies, so no library.
const VERSION = "v1";
const PAGES = `my-booking-pages-${VERSION}`;
const FILES = `my-booking-files-${VERSION}`;
const SCOPE = new URL("/my-booking/", self.location.origin).pathname;

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  const current = new Set([PAGES, FILES]);
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith("my-booking-") && !current.has(name))
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && url.pathname.startsWith(SCOPE)) {
    event.respondWith(pageNetworkFirst(request));
  } else if (url.pathname.startsWith("/assets/")) {
    // Hashed names: a changed file has a new name, so the saved copy is always right.
    event.respondWith(fileCacheFirst(request));
  }
});

// The page that registered this worker was loaded before it ran: it sends
// its own address (and its invoice's) and the files it loaded, to save now.
self.addEventListener("message", (event) => {
  const { type, pages, files } = event.data ?? {};
  if (type !== "save" || !Array.isArray(pages) || !Array.isArray(files)) return;
  event.waitUntil(saveCopies(pages, files));
});

async function saveCopies(pages, files) {
  for (const page of pages) {
    const url = new URL(page, self.location.origin);
    if (url.origin !== self.location.origin || !url.pathname.startsWith(SCOPE)) continue;
    await pageNetworkFirst(new Request(url.href)).catch(() => undefined);
  }
  const cache = await caches.open(FILES);
  for (const file of files) {
    const fileUrl = new URL(file, self.location.origin);
    if (fileUrl.origin !== self.location.origin || !fileUrl.pathname.startsWith("/assets/")) continue;
    if (await cache.match(fileUrl.href)) continue;
    await cache.add(fileUrl.href).catch(() => undefined);
  }
}

/** One bar of signal can hang a request for a minute: past this, the saved copy answers. */
const NETWORK_SECONDS = 6;

function fetchWithin(request, seconds) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the network is too slow")), seconds * 1000);
    fetch(request).then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** The page from the network (saved for later), else the saved copy. */
async function pageNetworkFirst(request) {
  const cache = await caches.open(PAGES);
  // The address without its query: one saved copy per page.
  const key = new URL(request.url);
  key.search = "";
  const saved = () => cache.match(key.href);
  try {
    const response = await fetchWithin(request, NETWORK_SECONDS);
    if (response.ok) await cache.put(key.href, response.clone());
    else if (response.status === 404 || response.status === 410) {
      // A revoked link: forget the page and its invoice.
      await cache.delete(key.href);
      await cache.delete(`${key.href}/invoice`);
    } else if (response.status >= 500) return (await saved()) ?? response;
    return response;
  } catch (error) {
    const copy = await saved();
    if (copy) return copy;
    throw error;
  }
}

async function fileCacheFirst(request) {
  const cache = await caches.open(FILES);
  const saved = await cache.match(request);
  if (saved) return saved;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}
