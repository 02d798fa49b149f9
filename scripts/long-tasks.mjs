// Main-thread long tasks while hard computers move, in headless Chromium (1024×768).
//
//   usage: node scripts/long-tasks.mjs [--dist DIR] [--play SECONDS] [--timeout SECONDS]
//     --dist     the built site (default dist/)
//     --play     0 (default): stop when the person must first act. More: then the person's part
//                is played by the e2e auto-players (tests/e2e/game.mjs autoStep, newed.mjs
//                newAutoStep) for that many seconds, so many more computer moves are measured
//     --timeout  the longest wait for the person's controls (default 60)
//
// THIS IS A MEASUREMENT, NEVER A CI ASSERTION. The goal it checks: while a computer thinks (in
// its Web Worker), no main-thread task takes 50 ms or more, so the page never stutters.
//
// Two games, each against two hard computers at the normal pace:
//   classic  ?game=classic&players=red,yellow,purple&setup=basic&seed=5&bots=red:hard,purple:hard
//            (the person is yellow; their controls: a `[data-decision]` card)
//   new      ?game=new&players=red,blue,orange&seed=5&bots=red:hard,orange:hard
//            (the person is blue; their controls: a `[data-target]` space to place on, or
//            `[data-sell]` — blue's first act is placing, so `[data-sell]` alone never comes)
// An init script (before the page's own) installs a buffered PerformanceObserver for
// `longtask` entries (tasks ≥ 50 ms), notes when `[data-thinking]` elements appear and go (a
// MutationObserver), notes each request the page posts to the worker and its reply (a wrapped
// `Worker`), and runs a 10 ms interval timer whose gaps > 20 ms are kept: the longest gap
// bounds the longest task even below 50 ms (roughly; a gap also holds rendering).
// Each task or gap is counted in the first phase that fits:
//   load      it starts before the first `[data-thinking]` appears (the page starting; the
//             task that shows the first `[data-thinking]` is one of these)
//   person    (--play) it starts during one of the auto-player's taps (its click handler)
//   search    it lies wholly between a request to the worker and its reply: the computer
//             searches, the page only waits (the goal is about these)
//   computer  it starts while `[data-thinking]` is shown, or overlaps a request: the page
//             posts requests, takes replies and shows the computers' moves at the normal pace
//   other     the rest: frames drawn after the person's taps
// Both measures are wall-clock: on a busy machine (the worker itself takes a core while it
// thinks) the OS may pause the main thread too, and that counts as well.
// LONG_TASKS_VERBOSE=1 also lists the thinking spells, the requests and every long task and
// timer gap.
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { launchBrowser } from "../tests/e2e/browser.mjs";
import { startServer } from "../tests/e2e/server.mjs";

const { values: opt } = parseArgs({
  options: {
    dist: { type: "string", default: fileURLToPath(new URL("../dist/", import.meta.url)) },
    play: { type: "string", default: "0" },
    timeout: { type: "string", default: "60" },
  },
});
const DIST = resolve(opt.dist);
const PLAY_MS = Number(opt.play) * 1000;
const TIMEOUT_MS = Number(opt.timeout) * 1000;
// The e2e helpers check for a build at E2E_DIST (default dist/) when imported.
process.env.E2E_DIST ??= DIST;
const { autoStep } = PLAY_MS ? await import("../tests/e2e/game.mjs") : {};
const { newAutoStep } = PLAY_MS ? await import("../tests/e2e/newed.mjs") : {};

const GAMES = [
  { name: "classic", link: "?game=classic&players=red,yellow,purple&setup=basic&seed=5&bots=red:hard,purple:hard", controls: "[data-decision]", step: autoStep },
  { name: "new", link: "?game=new&players=red,blue,orange&seed=5&bots=red:hard,orange:hard", controls: "[data-target], [data-sell]", step: newAutoStep },
];

/** Runs in the page before its own scripts. */
function observe() {
  const lh = (window.__lh = { long: [], toggles: [], gaps: [], taps: [], asks: {}, searches: [] });
  const Worker = window.Worker;
  window.Worker = class extends Worker {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (e) => {
        const id = e.data !== "ready" && JSON.parse(e.data).id;
        if (id in lh.asks) lh.searches.push([lh.asks[id], performance.now()]);
      });
    }
    postMessage(message, ...rest) {
      lh.asks[JSON.parse(message).id] = performance.now();
      return super.postMessage(message, ...rest);
    }
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) lh.long.push({ start: e.startTime, dur: e.duration });
  }).observe({ type: "longtask", buffered: true });
  let thinking = false;
  new MutationObserver(() => {
    const now = !!document.querySelector("[data-thinking]");
    if (now === thinking) return;
    thinking = now;
    lh.toggles.push(performance.now());
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ["data-thinking"] });
  let last = performance.now();
  setInterval(() => {
    const t = performance.now();
    if (t - last > 20) lh.gaps.push({ start: last, dur: t - last });
    last = t;
  }, 10);
}

async function measure(page, srv, game) {
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto(srv.url + game.link);
  // The person's controls, with no computer thinking.
  const personsTurn = (sel) => !!document.querySelector(sel) && !document.querySelector("[data-thinking]");
  const reached = await page
    .waitForFunction(personsTurn, game.controls, { timeout: TIMEOUT_MS, polling: 50 })
    .then(() => page.evaluate(() => performance.now()), () => null);
  let steps = 0;
  for (const started = Date.now(); PLAY_MS && Date.now() - started < PLAY_MS; ) {
    const t0 = await page.evaluate(() => performance.now());
    const did = await game.step(page, steps);
    if (did === "over") break;
    if (did === "wait") {
      await page.waitForTimeout(20);
      continue;
    }
    steps++;
    await page.evaluate((t0) => window.__lh.taps.push([t0, performance.now()]), t0);
  }
  const lh = await page.evaluate(() => ({ ...window.__lh, end: performance.now() }));
  page.removeAllListeners("pageerror");
  page.removeAllListeners("console");

  // Thinking intervals [on, off) from the toggles; the last may still be open.
  const spans = [];
  for (let i = 0; i < lh.toggles.length; i += 2) spans.push([lh.toggles[i], lh.toggles[i + 1] ?? lh.end]);
  const firstThought = spans[0]?.[0] ?? Infinity;
  const within = (list, t) => list.some(([a, b]) => a <= t && t < b);
  const phase = ({ start, dur }) => {
    if (start < firstThought) return "load";
    if (within(lh.taps, start)) return "person";
    if (lh.searches.some(([a, b]) => a <= start && start + dur <= b)) return "search";
    if (within(spans, start) || lh.searches.some(([a, b]) => start < b && start + dur > a)) return "computer";
    return "other";
  };
  const rows = {};
  for (const p of ["load", "person", "search", "computer", "other"]) rows[p] = { long: [], gaps: [] };
  for (const t of lh.long) rows[phase(t)].long.push(t.dur);
  for (const g of lh.gaps) rows[phase(g)].gaps.push(g.dur);
  if (process.env.LONG_TASKS_VERBOSE) {
    const show = (list) => list.map(([a, b]) => `${a.toFixed(0)}–${b.toFixed(0)}`).join(", ");
    console.log(`# ${game.name} thinking spells (ms): ${show(spans)}`);
    console.log(`# ${game.name} requests (ms): ${show(lh.searches)}`);
    for (const t of lh.long) console.log(`#   long task at ${t.start.toFixed(0)} ms: ${t.dur.toFixed(0)} ms (${phase(t)})`);
    for (const g of lh.gaps) console.log(`#   timer gap at ${g.start.toFixed(0)} ms: ${g.dur.toFixed(0)} ms (${phase(g)})`);
  }
  const sum = (list) => list.reduce((s, [a, b]) => s + b - a, 0) / 1000;
  return { rows, reached, steps, spans, searches: lh.searches, sum, firstThought, end: lh.end, errors };
}

const { browser, close } = await launchBrowser({ motion: true });
const srv = await startServer({ root: DIST, base: "/" });
try {
  const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  await page.addInitScript(observe);
  const fmt = (xs) => (xs.length ? Math.max(...xs).toFixed(0) : "-");
  const lines = ["game     phase      long tasks  longest ms  longest gap ms"];
  for (const game of GAMES) {
    const r = await measure(page, srv, game);
    console.log(
      `# ${game.name}: first thought at ${(r.firstThought / 1000).toFixed(2)} s; person's controls ` +
        (r.reached === null ? `NOT reached in ${opt.timeout} s` : `at ${(r.reached / 1000).toFixed(2)} s`) +
        (PLAY_MS ? `; then ${r.steps} taps of the person up to ${(r.end / 1000).toFixed(1)} s` : "") +
        `; ${r.spans.length} thinking spells (${r.sum(r.spans).toFixed(1)} s), ${r.searches.length} requests (${r.sum(r.searches).toFixed(1)} s)`,
    );
    for (const e of r.errors) console.log(`#   page error: ${e}`);
    for (const [p, { long, gaps }] of Object.entries(r.rows)) {
      if (p === "person" && !PLAY_MS) continue;
      lines.push(`${game.name.padEnd(8)} ${p.padEnd(10)} ${String(long.length).padStart(10)} ${fmt(long).padStart(11)} ${fmt(gaps).padStart(15)}`);
    }
  }
  console.log("\n" + lines.join("\n"));
} finally {
  await srv.close();
  await close();
}
