// Tap → redraw timing of the release build on tablet viewports (1024×768 and 768×1024),
// 50 taps per edition and viewport, played by a deterministic "tap what the DOM offers"
// player (the policies of tests/e2e/game.mjs autoStep and tests/e2e/newed.mjs newAutoStep).
//
//   usage: node scripts/tap-timing.mjs [dist-dir]      (default: dist/)
//
// THIS IS A MEASUREMENT, NEVER A CI ASSERTION. The numbers depend on the machine, on what
// else it is doing and on Chromium's frame clock (headless, software rendering, ~60 Hz):
// run it on a quiet machine, several times, and compare runs only on the same machine.
//
// Timed: taps on the board (a target space's `[data-space]` rect, a legal `[data-edge]`)
// and button taps in the game screen (decision cards, confirm, End action, play/sell, deck,
// pass, done, …). Untimed: hand-over and announcement dismissals (they swap the whole
// screen). A timed tap whose result is a hand-over screen is listed as "… → hand-over".
//
// Each timed tap, inside the page:
//   t0 = performance.now(); el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
//   script = now − t0   the click handler, up to dispatchEvent's synchronous return
//   dom    = last DOM mutation (a MutationObserver) − t0; Leptos applies most DOM
//            updates in microtasks after the handler, so `script` alone misses them
//   frame  = two requestAnimationFrame callbacks later − t0: the frame with the change
//            has been produced (mostly waiting for the frame clock: typically 1–2 frame
//            intervals whatever the work; headless Chromium's clock is not strict 60 Hz)
// p95 is nearest-rank. performance.now() is coarsened to 0.1 ms in Chromium.
//
// dist-dir is copied to a temp dir first (and copied again while it is mid-rebuild), so
// every run of one invocation measures the same build; the service worker is kept out.
// TAP_TIMING_TAPS=1 also prints every timed tap.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { launchBrowser } from "../tests/e2e/browser.mjs";
import { startServer } from "../tests/e2e/server.mjs";

const USAGE = "usage: node scripts/tap-timing.mjs [dist-dir]   (default: dist/)";
const TAPS = 50;
const VIEWPORTS = [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
];
const EDITIONS = [
  { name: "Classic", key: "classic", link: "?game=classic&players=red,yellow,purple&setup=basic&seed=42&names=Ann,Ben,Cleo" },
  { name: "New Edition", key: "new", link: "?game=new&players=red,blue,orange&seed=42&names=Ann,Ben,Cleo" },
];

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
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---- A consistent copy of the build ----

/** The files index.html loads (./x.js, ./x_bg.wasm, ./x.css). */
function referenced(html) {
  return [...html.matchAll(/(?:from\s+|module_or_path:\s*|href=)['"]\.\/([^'"]+)['"]/g)].map((m) => m[1]);
}

/** Copies `dist` to a temp dir; retries while it is missing or half rebuilt. Returns { dir, build }. */
async function snapshot(dist) {
  for (let attempt = 1; ; attempt++) {
    const dir = mkdtempSync(join(tmpdir(), "loewenherz-tap-timing-"));
    try {
      cpSync(dist, dir, { recursive: true });
      const html = readFileSync(join(dir, "index.html"), "utf8");
      const files = referenced(html);
      const wasm = files.find((f) => f.endsWith(".wasm"));
      if (!wasm || !files.some((f) => f.endsWith(".js"))) throw new Error("index.html loads no .js/.wasm");
      for (const f of files) if (!existsSync(join(dir, f))) throw new Error(`index.html loads ${f}, which is missing`);
      if (readFileSync(join(dir, wasm)).subarray(0, 4).toString("latin1") !== "\0asm") throw new Error(`${wasm} is no wasm file`);
      return { dir, build: wasm.replace(/_bg\.wasm$/, "") };
    } catch (e) {
      rmSync(dir, { recursive: true, force: true });
      if (attempt >= 60) throw new Error(`no usable build in ${dist}: ${e.message}`);
      console.error(`# ${dist} not usable yet (${e.message}); retrying in 5 s`);
      await sleep(5000);
    }
  }
}

// ---- In the page: one step of the player (self-contained, runs via page.evaluate) ----

async function pageStep({ edition, n }) {
  const q = (s) => document.querySelector(s);
  const qa = (s) => [...document.querySelectorAll(s)];
  const click = (el) => el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  const twoFrames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));

  // The Classic policy (tests/e2e/game.mjs autoStep): returns [element, kind, description] or a string.
  const classic = () => {
    const without = qa(".politics button").find((b) => b.textContent.trim() === "Continue without");
    if (without) return [without, "politics: continue without", "continue without"];
    const mustConfirm = q(".confirm.primary");
    if (mustConfirm) return [mustConfirm, "confirm", "confirm"];
    const decisions = qa("[data-decision]");
    if (decisions.length) {
      const k = (window.__ttDecisions ??= 0);
      const two = q("[data-confirm-decision]").textContent.includes("two");
      const a = (k * 7) % 3;
      const picks = two ? [a, (a + 1 + (k % 2)) % 3] : [a];
      const next = picks.map((p) => decisions[p]).find((d) => !d.classList.contains("active"));
      if (next) return [next, "decision card", "pick " + next.getAttribute("data-decision")];
      const c = q("[data-confirm-decision]");
      if (c.disabled) return "wait";
      window.__ttDecisions = k + 1;
      return [c, "confirm decision", "decide " + picks.map((p) => p + 1).join("+")];
    }
    const accept = q("[data-accept]");
    if (accept) return [accept, "accept", "accept"];
    const offer = q("[data-offer]");
    const duel = q("[data-duel]");
    if (offer && n % 2 === 0) return [offer, "offer", "offer"];
    if (duel) return [duel, "duel", "duel"];
    const seal = q("[data-seal-bid]");
    if (seal) return [seal, "seal bid", "bid 0"];
    const take = q("[data-take]");
    if (take) return [take, "take card", "take " + take.getAttribute("data-take")];
    const pile = qa("[data-open-pile]").find((b) => !b.disabled);
    if (pile) return [pile, "open pile", "open pile " + pile.getAttribute("data-open-pile")];
    const edges = qa("[data-edge]");
    if (edges.length) {
      const e = edges[(n * 13) % edges.length];
      return [e, "board: edge", "border " + e.getAttribute("data-edge")];
    }
    const spaces = qa("[data-target]")
      .map((t) => t.getAttribute("data-target"))
      .filter((s) => q(`[data-space="${s}"]`).getAttribute("data-terrain") !== "forest");
    if (spaces.length && !window.__ttTried?.[spaces.join()]) {
      const s = spaces[(n * 5) % spaces.length];
      window.__ttTried = { [spaces.join()]: true }; // a tap that makes no move can't loop forever
      return [q(`[data-space="${s}"]`), "board: space", "tap " + s];
    }
    const confirm = q(".confirm");
    if (confirm) return [confirm, "confirm", "confirm"];
    const done = q(".done");
    if (done) return [done, "End action", "done"];
    return "wait";
  };

  // The New Edition policy (tests/e2e/newed.mjs newAutoStep).
  const newEdition = () => {
    const pickEdge = (legal) => {
      const N = 12;
      const idx = (s) => s.charCodeAt(0) - 97 + (Number(s.slice(1)) - 1) * N;
      const key = (a, b) => (a < b ? a * 200 + b : b * 200 + a);
      const walls = new Set(qa("[data-border]").map((b) => b.getAttribute("data-border").split("-").map(idx)).map(([a, b]) => key(a, b)));
      const castles = qa('[data-piece="castle"]').map((p) => idx(p.dataset.at));
      const me = q("[data-private]")?.getAttribute("data-private");
      const mine = qa(`[data-piece="castle"][data-colour="${me}"]`).map((p) => idx(p.dataset.at));
      const component = (start, extra) => {
        const seen = new Set([start]);
        const todo = [start];
        while (todo.length) {
          const s = todo.pop();
          const x = s % N, y = (s - x) / N;
          for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
            const nx = x + dx, ny = y + dy;
            if (nx < 0 || ny < 0 || nx >= N || ny >= N) continue;
            const t = nx + ny * N, k = key(s, t);
            if (seen.has(t) || walls.has(k) || k === extra) continue;
            seen.add(t);
            todo.push(t);
          }
        }
        return seen;
      };
      const isRegion = (comp) => comp.size < N * N && castles.filter((c) => comp.has(c)).length === 1;
      const open = mine.filter((c) => !isRegion(component(c, -1)));
      let best = null;
      for (const e of legal) {
        const [a, b] = e.split("-").map(idx);
        for (const c of open) {
          const comp = component(c, key(a, b));
          if (isRegion(comp) && (!best || comp.size < best.size)) best = { e, size: comp.size };
        }
      }
      if (best) return best.e;
      const dist = (s, c) => Math.abs((s % N) - (c % N)) + Math.abs(Math.floor(s / N) - Math.floor(c / N));
      const near = (e) => Math.min(99, ...e.split("-").map(idx).flatMap((s) => open.map((c) => dist(s, c))));
      const d = Math.min(...legal.map(near));
      const close = legal.filter((e) => near(e) === d);
      return close[(n * 13) % close.length];
    };
    if (!q(".game.new-edition")) return "wait";
    const primary = q("[data-confirm].primary");
    if (primary) return [primary, "confirm", "confirm"];
    const pass = q("[data-pass]");
    if (pass) return [pass, "pass", "pass"];
    const region = q("[data-region]");
    if (region) return [region, "region", "region " + region.getAttribute("data-region")];
    const plays = qa("[data-play]").filter((b) => !b.disabled);
    if (plays.length) {
      const p = plays[n % plays.length];
      return [p, "play card", "play " + p.getAttribute("data-play")];
    }
    const sell = q("[data-sell]");
    if (sell) return [sell, "sell card", "sell " + sell.getAttribute("data-sell")];
    const sig = () =>
      qa("[data-target]").map((t) => t.getAttribute("data-target")).join() + "|" + qa("[data-piece]").length + "|" + qa("[data-border]").length;
    const tried = (window.__ttNewTried ??= {});
    const edges = qa("[data-edge]");
    const s0 = sig();
    if (edges.length && (tried[s0] ?? 0) < 4) {
      tried[s0] = (tried[s0] ?? 0) + 1;
      const e = pickEdge(edges.map((e) => e.getAttribute("data-edge")));
      return [q(`[data-edge="${e}"]`), "board: edge", "border " + e];
    }
    const targets = qa("[data-target]").map((t) => t.getAttribute("data-target"));
    if (targets.length && (tried[s0] ?? 0) < 4) {
      tried[s0] = (tried[s0] ?? 0) + 1;
      const s = targets[(n * 5 + (tried[s0] - 1)) % targets.length];
      return [q(`[data-space="${s}"]`), "board: space", "tap " + s];
    }
    const done = q("[data-done]");
    if (done) return [done, "done", "done"];
    const market = qa("[data-market].takeable");
    const deck = q("[data-deck]:not([disabled])");
    if (market.length && (n % 3 === 0 || !deck)) {
      const m = market[n % market.length];
      return [m, "market", "take " + m.getAttribute("data-market")];
    }
    if (deck) return [deck, "deck", "draw"];
    const confirm = q("[data-confirm]");
    if (confirm) return [confirm, "confirm", "confirm (early)"];
    return "wait";
  };

  if (q("[data-game-over]")) return { did: "over" };
  // Screen swaps: untimed (and settled for two frames, so they don't spill into the next tap).
  const untimed = q("[data-dismiss-announcement]") ?? q("[data-dismiss-handover]");
  if (untimed) {
    click(untimed);
    await twoFrames();
    return { did: untimed.hasAttribute("data-dismiss-handover") ? "hand-over" : "announcement" };
  }
  const pick = edition === "new" ? newEdition() : classic();
  if (typeof pick === "string") return { did: pick };
  const [el, kind, did] = pick;

  let dom = null;
  let t0 = 0;
  const mo = new MutationObserver(() => {
    dom = performance.now() - t0;
  });
  mo.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  t0 = performance.now();
  el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  const script = performance.now() - t0;
  if (mo.takeRecords().length) dom = script; // changed synchronously, inside the handler
  await twoFrames();
  const frame = performance.now() - t0;
  mo.disconnect();
  const swapped = !!q("[data-handover]");
  return { did, timed: true, kind: swapped ? kind + " → hand-over" : kind, script, dom, frame };
}

// ---- Running ----

/** Opens a fresh page on `link` with empty storage; retries a failed load (e.g. a build being replaced). */
async function openGame(b, url, link, viewport) {
  let last;
  for (let attempt = 1; attempt <= 4; attempt++) {
    const page = await b.browser.newPage({ viewport });
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    // No service worker: its precaching would run during the first taps.
    await page.addInitScript(() => {
      if (navigator.serviceWorker) {
        Object.defineProperty(navigator.serviceWorker, "register", { value: () => Promise.reject(new Error("blocked by tap-timing")) });
      }
    });
    try {
      await page.goto(url, { timeout: 30_000 });
      await page.evaluate(() => localStorage.clear());
      await page.goto(url + link, { timeout: 30_000 });
      await page.waitForSelector("[data-handover]", { timeout: 30_000 });
      return { page, errors };
    } catch (e) {
      last = e;
      await page.close().catch(() => {});
      console.error(`# page load failed (attempt ${attempt}): ${String(e.message).split("\n")[0]}; retrying`);
      await sleep(3000);
    }
  }
  throw last;
}

async function measure(b, url, edition, viewport) {
  const { page, errors } = await openGame(b, url, edition.link, viewport);
  try {
    const taps = [];
    let waits = 0;
    let untimed = 0;
    for (let n = 0; taps.length < TAPS; n++) {
      if (n > 5000) throw new Error(`${edition.name}: fewer than ${TAPS} timed taps after ${n} steps`);
      const r = await page.evaluate(pageStep, { edition: edition.key, n });
      if (r.did === "over") break;
      if (r.did === "wait") {
        if (++waits > 200) throw new Error(`${edition.name}: stuck, nothing to tap (after ${taps.at(-1)?.did ?? "no tap"})`);
        await page.waitForTimeout(20);
        continue;
      }
      waits = 0;
      if (r.timed) taps.push(r);
      else untimed++;
    }
    if (errors.length) console.error(`# ${edition.name}: page errors: ${errors.join(" | ")}`);
    return { taps, untimed };
  } finally {
    await page.close().catch(() => {});
  }
}

// ---- Statistics and output ----

function stats(values) {
  const v = values.filter((x) => x !== null).sort((a, b) => a - b);
  if (!v.length) return { n: 0, median: NaN, p95: NaN, max: NaN };
  const mid = v.length >> 1;
  const median = v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
  const p95 = v[Math.min(v.length, Math.ceil(0.95 * v.length)) - 1];
  return { n: v.length, median, p95, max: v.at(-1) };
}

const ms = (x) => (Number.isFinite(x) ? x.toFixed(1) : "-");
const triple = (s) => `${ms(s.median)} / ${ms(s.p95)} / ${ms(s.max)}`;

function table(header, rows) {
  const all = [header, ...rows];
  const w = header.map((_, i) => Math.max(...all.map((r) => String(r[i]).length)));
  const line = (r) => r.map((c, i) => (i === 0 ? String(c).padEnd(w[i]) : String(c).padStart(w[i]))).join("  ");
  return [line(header), w.map((x) => "-".repeat(x)).join("  "), ...rows.map(line)].join("\n");
}

const { dir, build } = await snapshot(DIST);
const srv = await startServer({ root: dir, base: "/" });
const b = await launchBrowser({ motion: true });
const results = [];
try {
  console.log(`tap-timing: build ${build} from ${DIST}`);
  console.log(`${TAPS} timed taps per edition and viewport; ms from the tap; median / p95 / max`);
  console.log("a measurement on this machine, not a test: run on a quiet machine and compare runs on the same machine\n");
  for (const edition of EDITIONS) {
    for (const viewport of VIEWPORTS) {
      const { taps, untimed } = await measure(b, srv.url, edition, viewport);
      results.push({ edition, viewport, taps, untimed });
      console.error(`# ${edition.name} ${viewport.width}×${viewport.height}: ${taps.length} timed taps, ${untimed} untimed hand-overs/announcements`);
    }
  }

  const vp = (v) => `${v.width}×${v.height}`;
  console.log(
    table(
      ["edition", "viewport", "n", "→ hand-over", "script (handler)", "dom (last change)", "frame (2×rAF)"],
      results.map(({ edition, viewport, taps }) => [
        edition.name,
        vp(viewport),
        taps.length,
        taps.filter((t) => t.kind.endsWith("→ hand-over")).length,
        triple(stats(taps.map((t) => t.script))),
        triple(stats(taps.map((t) => t.dom))),
        triple(stats(taps.map((t) => t.frame))),
      ]),
    ),
  );

  console.log("(→ hand-over: timed game-screen taps whose result is the next hand-over screen, included above)");
  console.log("\nby tap kind (no change = taps after which the DOM did not change):");
  const rows = [];
  for (const { edition, viewport, taps } of results) {
    const kinds = [...new Set(taps.map((t) => t.kind))].sort();
    for (const kind of kinds) {
      const k = taps.filter((t) => t.kind === kind);
      rows.push([
        `${edition.name} ${vp(viewport)}`,
        kind,
        k.length,
        k.filter((t) => t.dom === null).length,
        triple(stats(k.map((t) => t.script))),
        triple(stats(k.map((t) => t.dom))),
        triple(stats(k.map((t) => t.frame))),
      ]);
    }
  }
  console.log(table(["run", "kind", "n", "no change", "script", "dom", "frame"], rows));

  if (process.env.TAP_TIMING_TAPS) {
    for (const { edition, viewport, taps } of results) {
      console.log(`\n${edition.name} ${vp(viewport)}, every timed tap:`);
      console.log(table(["#", "tap", "kind", "script", "dom", "frame"], taps.map((t, i) => [i + 1, t.did, t.kind, ms(t.script), ms(t.dom), ms(t.frame)])));
    }
  }
} finally {
  await b.close();
  await srv.close();
  rmSync(dir, { recursive: true, force: true });
}
