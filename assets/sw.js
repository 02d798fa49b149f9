// Löwenherz service worker: precaches the whole game so it runs offline.
// scripts/sw-precache.mjs (a Trunk post_build hook) fills in VERSION and
// PRECACHE for every build; the copy in assets/ is only the template.
const VERSION = "__LOEWENHERZ_BUILD_HASH__";
const PRECACHE = ["__LOEWENHERZ_PRECACHE__"];
const PREFIX = "loewenherz-";
const CACHE = PREFIX + VERSION;

// Every URL is relative to this worker, so the game works under any sub-path.
const BASE = new URL("./", self.location).href;
const INDEX = new URL("./index.html", BASE).href;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      // Past the HTTP cache: the computer players' worker (bot-worker*) has unhashed names, and
      // a stale copy must not land in a new build's cache.
      .then((cache) => cache.addAll(PRECACHE.map((p) => new Request(new URL(p, BASE).href, { cache: "reload" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || !req.url.startsWith(BASE)) return;

  if (req.mode === "navigate") {
    // Pages: network first (so an online visit sees a new build at once),
    // the precached index.html when offline.
    event.respondWith(
      fetch(req).catch(() =>
        caches
          .open(CACHE)
          .then((c) => c.match(req, { ignoreSearch: true }).then((r) => r || c.match(INDEX))),
      ),
    );
    return;
  }

  // Assets: Trunk hashes their names, so the cached copy is always right.
  event.respondWith(
    caches
      .open(CACHE)
      .then((c) => c.match(req, { ignoreSearch: true }))
      .then((hit) => hit || fetch(req)),
  );
});
