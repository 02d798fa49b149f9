// Load time of the release build on a phone profile: cold visits (a fresh browser profile:
// empty HTTP cache, no service worker) and repeat visits (the same profile right after: the
// service worker has precached the game), through the local server with precompressed files
// (brotli/gzip, as a real host sends them) and without (every file as is, as scripts/serve.sh
// served them before).
//
//   usage: node scripts/load-timing.mjs [dist-dir]     (default: dist/)
//          LOAD_TIMING_RUNS=7 node scripts/load-timing.mjs
//          LOAD_TIMING_MODES=compressed node scripts/load-timing.mjs   (or "plain"; default both)
//          LOAD_TIMING_WHO=friend node scripts/load-timing.mjs     (or "player"; default both)
//
// THIS IS A MEASUREMENT, NEVER A CI ASSERTION: run it on a quiet machine and compare runs
// only on the same machine.
//
// The phone profile:
// - CPU: Chromium's CPU throttling, 4× slower (CDP Emulation.setCPUThrottlingRate, rate 4),
//   on the page's main thread.
// - Network, "4G": 150 ms round trip, 9 Mbit/s down, 1.5 Mbit/s up. Shaped by a TCP proxy in
//   front of the server, not by CDP Network.emulateNetworkConditions, because Chromium
//   applies that only to the page's own requests: the service worker's (its precache during
//   the cold visit, the network-first page request of a repeat visit) would go unthrottled.
//   The proxy delays each direction by half the round trip, sends all connections' bytes
//   through one shared link per direction at the rate above, and charges a new connection
//   one round trip (the TCP handshake; no TLS).
//
// Timed, per visit: from navigation start (performance.timeOrigin) to the first animation
// frame after the game's first screen is in the page: a game started from the link
// `?game=classic&players=red,yellow,purple&seed=1` (3 people) opens on the hand-over screen
// to the first player, `[data-handover]`; a MutationObserver installed before the page's own
// scripts notes when it appears, the next requestAnimationFrame is the frame that paints it.
// Also reported: the bytes that crossed the network during the visit (the proxy's count, all
// requests of the page and its service worker up to the marker).
//
// A friend's visit (issue 33): a host's page (another browser, unthrottled, straight to the
// server) hosts a Classic game with a friend's seat through a relay on this machine
// (scripts/relay.mjs); the friend's phone opens the table link cold through the shaping proxy,
// a script in the page taps the free seat the moment the picker shows it, and the time is from
// navigation start to the first frame of the shared table (`[data-you-are]` in its top bar).
// The relay and WebRTC traffic go straight over loopback (unshaped: a few kB).
//
// The runs alternate between the two servers (plain, compressed, plain, …) so that a busy
// moment of the machine does not land on one of them only. Median and range per case.
import { existsSync } from "node:fs";
import { createConnection, createServer } from "node:net";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { launchBrowser } from "../tests/e2e/browser.mjs";
import { startServer } from "../tests/e2e/server.mjs";
import { startRelay } from "./relay.mjs";

const USAGE = "usage: node scripts/load-timing.mjs [dist-dir]   (default: dist/; LOAD_TIMING_RUNS, LOAD_TIMING_MODES)";
const LINK = "?game=classic&players=red,yellow,purple&seed=1";
const MARKER = "[data-handover]";
const VIEWPORT = { width: 390, height: 844 };
const CPU_SLOWDOWN = 4;
const NET = { rttMs: 150, downBitsPerS: 9e6, upBitsPerS: 1.5e6 };

const args = process.argv.slice(2);
if (args.some((a) => a === "-h" || a === "--help")) {
  console.log(USAGE);
  process.exit(0);
}
if (args.length > 1 || args.some((a) => a.startsWith("-"))) {
  console.error(USAGE);
  process.exit(2);
}
const DIST = args[0] ? resolve(args[0]) : fileURLToPath(new URL("../dist/", import.meta.url));
if (!existsSync(resolve(DIST, "index.html"))) {
  console.error(`no ${resolve(DIST, "index.html")}: build first (trunk build --release)`);
  process.exit(1);
}
const RUNS = Number(process.env.LOAD_TIMING_RUNS || 5);
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error("LOAD_TIMING_RUNS must be a whole number ≥ 1");
  process.exit(2);
}
const MODES = (process.env.LOAD_TIMING_MODES || "plain,compressed").split(",");
const WHO = (process.env.LOAD_TIMING_WHO || "player,friend").split(",");
if (WHO.some((w) => w !== "player" && w !== "friend")) {
  console.error("LOAD_TIMING_WHO: player, friend or both (comma-separated)");
  process.exit(2);
}
const FRIEND_MARKER = "[data-you-are]";
if (MODES.some((m) => m !== "plain" && m !== "compressed")) {
  console.error("LOAD_TIMING_MODES: plain, compressed or both (comma-separated)");
  process.exit(2);
}

// ---- The network: a shaping TCP proxy ----

/** One direction of the link: bytes leave one after another at `bitsPerS`, then travel `delayMs`. */
function link(bitsPerS, delayMs) {
  let freeAt = 0;
  return {
    bytes: 0,
    send(chunk, deliver) {
      this.bytes += chunk.length;
      const now = performance.now();
      freeAt = Math.max(now, freeAt) + (chunk.length * 8 * 1000) / bitsPerS;
      setTimeout(deliver, freeAt + delayMs - now);
    },
  };
}

/** Listens on a free port and forwards to `target` through a shaped network. */
function shapingProxy(targetPort, { rttMs, downBitsPerS, upBitsPerS }) {
  const down = link(downBitsPerS, rttMs / 2);
  const up = link(upBitsPerS, rttMs / 2);
  const sockets = new Set();
  const server = createServer((client) => {
    sockets.add(client);
    client.pause();
    // The handshake costs a round trip before the first request byte can leave.
    setTimeout(() => {
      const origin = createConnection(targetPort, "127.0.0.1");
      sockets.add(origin);
      let clientEnded = false;
      let originEnded = false;
      client.on("data", (c) => up.send(c, () => origin.writable && origin.write(c)));
      origin.on("data", (c) => down.send(c, () => client.writable && client.write(c)));
      // Ends travel behind the data (a zero-byte send keeps their order).
      client.on("end", () => up.send(Buffer.alloc(0), () => !clientEnded && ((clientEnded = true), origin.end())));
      origin.on("end", () => down.send(Buffer.alloc(0), () => !originEnded && ((originEnded = true), client.end())));
      const close = () => {
        client.destroy();
        origin.destroy();
      };
      client.on("error", close);
      origin.on("error", close);
      client.on("close", () => sockets.delete(client));
      origin.on("close", () => sockets.delete(origin));
      client.resume();
    }, rttMs);
  });
  return new Promise((ok) =>
    server.listen(0, "127.0.0.1", () =>
      ok({
        port: server.address().port,
        bytesDown: () => down.bytes,
        bytesUp: () => up.bytes,
        close: () =>
          new Promise((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      }),
    ),
  );
}

// ---- One visit ----

// Installed before the page's scripts: notes the frame that paints the first marker.
const observe = (marker) => `(() => {
  const seen = () => {
    if (window.__loadMarker !== undefined || !document.querySelector(${JSON.stringify(marker)})) return false;
    window.__loadMarker = null;
    requestAnimationFrame(() => { window.__loadMarker = performance.now(); });
    return true;
  };
  new MutationObserver((_, mo) => { if (seen()) mo.disconnect(); })
    .observe(document, { childList: true, subtree: true });
})();`;

async function visit(context, url, proxy, { marker = MARKER, tap } = {}) {
  const page = await context.newPage();
  await page.setViewportSize(VIEWPORT);
  await page.addInitScript(observe(marker));
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const bytes0 = proxy.bytesDown() + proxy.bytesUp();
  // A friend taps the free seat the moment it shows (in the page: no driver round trips).
  if (tap) {
    await page.addInitScript(
      (sel) =>
        new MutationObserver((_, mo) => {
          const b = document.querySelector(sel);
          if (b) {
            mo.disconnect();
            b.click();
          }
        }).observe(document, { childList: true, subtree: true }),
      tap,
    );
  }
  await page.goto(url, { waitUntil: "commit" });
  await page.waitForFunction(() => typeof window.__loadMarker === "number", null, { timeout: 60000, polling: 20 });
  const ms = await page.evaluate(() => window.__loadMarker);
  const bytes = proxy.bytesDown() + proxy.bytesUp() - bytes0;
  if (errors.length) throw new Error("page errors: " + errors.join("; "));
  return { page, ms, bytes };
}

/** Waits until the service worker controls the page and its precache is complete. */
async function precached(page) {
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    for (let i = 0; i < 600 && !(reg.active && reg.active.state === "activated"); i++) await new Promise((r) => setTimeout(r, 100));
    if (!(reg.active && reg.active.state === "activated")) throw new Error("the service worker did not activate");
  });
}

/** A host's page (unthrottled, straight to the server) hosting a game with a friend's seat
 * through `relay`; returns the table link's `#` part and a way to close it. */
async function hostTable(srvUrl, relay) {
  const b = await launchBrowser();
  const page = await b.context.newPage();
  await page.goto(srvUrl);
  await page.evaluate((r) => {
    localStorage.clear();
    localStorage.setItem("loewenherz/net/ice", "");
    localStorage.setItem("loewenherz/net/relays", r);
  }, relay.url);
  await page.goto(srvUrl);
  await page.waitForSelector("[data-start]");
  await page.selectOption("select[data-seat='1']", "friend");
  await page.click("[data-start]");
  await page.waitForSelector("[data-relays=up]", { timeout: 20000 });
  const link = await page.locator("[data-table-link]").inputValue();
  return { hash: new URL(link).hash, close: () => b.close() };
}

async function run(mode, who) {
  const srv = await startServer({ root: DIST, base: "/", compress: mode === "compressed" });
  const proxy = await shapingProxy(srv.port, NET);
  const relay = who === "friend" ? await startRelay({ port: 0 }) : null;
  const host = relay ? await hostTable(srv.url, relay) : null;
  const url = host ? `http://127.0.0.1:${proxy.port}/${host.hash}` : `http://127.0.0.1:${proxy.port}/${LINK}`;
  const b = await launchBrowser({ motion: true });
  try {
    if (host) {
      // The friend's cold visit: the table link, a seat tapped, the first shared table.
      const cold = await visit(b.context, url, proxy, { marker: FRIEND_MARKER, tap: "[data-take-seat]" });
      await precached(cold.page);
      const cache = await cold.page.evaluate(async () => {
        let total = 0;
        for (const name of await caches.keys()) {
          const c = await caches.open(name);
          for (const req of await c.keys()) total += (await (await c.match(req)).arrayBuffer()).byteLength;
        }
        return total;
      });
      await cold.page.close();
      return { cold, cache };
    }
    const cold = await visit(b.context, url, proxy);
    await precached(cold.page);
    await cold.page.close();
    const repeat = await visit(b.context, url, proxy);
    await repeat.page.close();
    return { cold, repeat };
  } finally {
    await b.close();
    await host?.close();
    await relay?.close();
    await proxy.close();
    await srv.close();
  }
}

// ---- Runs and summary ----

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const secs = (ms) => (ms / 1000).toFixed(2);
const kb = (b) => (b / 1000).toFixed(1);

console.log(
  `phone profile: CPU ${CPU_SLOWDOWN}× slower; network ${NET.rttMs} ms RTT, ${NET.downBitsPerS / 1e6} Mbit/s down, ` +
    `${NET.upBitsPerS / 1e6} Mbit/s up (shaping proxy); ${RUNS} runs per server; a player: first frame with ${MARKER} after ${LINK}; ` +
    `a friend: first frame with ${FRIEND_MARKER} after the table link and a tap on a free seat`,
);
const cases = WHO.flatMap((w) => MODES.map((m) => `${w} ${m}`));
const results = Object.fromEntries(cases.map((c) => [c, []]));
for (let i = 0; i < RUNS; i++) {
  for (const c of cases) {
    const [who, mode] = c.split(" ");
    const r = await run(mode, who);
    results[c].push(r);
    console.log(
      `run ${i + 1} ${c.padEnd(18)} cold ${secs(r.cold.ms)} s (${kb(r.cold.bytes)} kB over the network)  ` +
        (r.repeat ? `repeat ${secs(r.repeat.ms)} s (${kb(r.repeat.bytes)} kB)` : `offline cache ${kb(r.cache)} kB (raw)`),
    );
  }
}
console.log("");
for (const c of cases) {
  for (const kind of ["cold", "repeat"]) {
    if (!results[c][0][kind]) continue;
    const ms = results[c].map((r) => r[kind].ms);
    const bytes = results[c].map((r) => r[kind].bytes);
    console.log(
      `${c.padEnd(18)} ${kind.padEnd(6)} median ${secs(median(ms))} s, range ${secs(Math.min(...ms))}–${secs(Math.max(...ms))} s; ` +
        `${kb(median(bytes))} kB over the network`,
    );
  }
}
