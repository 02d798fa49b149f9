// Löwenherz service worker: precaches the game so it runs offline. The computer players'
// worker (bot-worker*) is code a visit without computers never runs: it is cached when a page
// first fetches it, not before.
// scripts/sw-precache.mjs (a Trunk post_build hook) fills in VERSION and
// PRECACHE for every build; the copy in assets/ is only the template.
const VERSION = "__LOEWENHERZ_BUILD_HASH__";
const PRECACHE = ["__LOEWENHERZ_PRECACHE__"];
const PREFIX = "loewenherz-";
// Trunk's content-hashed file names (name-<hash>.ext or _bg.wasm): the hash is a u64 in hex
// without leading zeros, so it has 16 digits 15 times in 16 and fewer otherwise.
const HASHED = /-[0-9a-f]{8,16}(?:_bg)?\.[a-z0-9]+$/;
const CACHE = PREFIX + VERSION;

// Every URL is relative to this worker, so the game works under any sub-path.
const BASE = new URL("./", self.location).href;
const INDEX = new URL("./index.html", BASE).href;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      // A hashed name (Trunk's) is always the right file: the copy the page just downloaded,
      // from the HTTP cache, is taken, so nothing is downloaded twice. Other names are
      // revalidated (a stale copy must not land in a new build's cache; unchanged costs a 304).
      .then((cache) =>
        cache.addAll(PRECACHE.map((p) => new Request(new URL(p, BASE).href, { cache: HASHED.test(p) ? "default" : "no-cache" }))),
      )
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

  // Assets: Trunk hashes their names, so the cached copy is always right. One not precached
  // (the computer players' worker) is kept once fetched, for the next time offline.
  event.respondWith(
    caches.open(CACHE).then((c) =>
      c.match(req, { ignoreSearch: true }).then(
        (hit) =>
          hit ||
          fetch(req).then((res) => {
            if (res.ok && new URL(req.url).pathname.includes("bot-worker")) c.put(req, res.clone());
            return res;
          }),
      ),
    ),
  );
});
