// Time per computer move at each level, in the Web Worker of a built site, in headless Chromium.
//
//   usage: node scripts/bot-timing.mjs [--dist DIR] [--positions N] [--levels easy,medium,hard]
//                                      [--cli PATH] [--seed S]
//     --dist       the built site (default dist/): bot-worker_loader.js, .js and _bg.wasm
//     --positions  positions per edition and player count (default 20)
//     --levels     the levels to time (default easy,medium,hard)
//     --cli        the referee (default target/release/loewenherz-cli)
//     --seed       the first game seed (default 1)
//
// THIS IS A MEASUREMENT, NEVER A CI ASSERTION: the numbers depend on the machine and on what
// else it is doing; compare runs only on the same machine.
//
// Positions are built natively: for Classic and New Edition, 4 and 2 players each, the referee
// plays random games (`loewenherz-cli play --bots random`, seeds S, S+1, …, one game per 5
// positions) and each position is such a record cut after k move lines, k spread evenly over
// the game (position i of N: k ≈ (i + ½)/N of the game's moves, game i mod G). A cut where the
// game is over or nobody is to move is dropped; the colour asked is the first of `to_move` from
// `loewenherz-cli replay` on the cut record.
//
// In the browser: a blank page at the site's origin (so the worker's files come from DIR)
// starts `new Worker("./bot-worker_loader.js", { type: "module" })` and waits for "ready"
// (start-up: a cold start, then 3 warm restarts). Then, one request at a time, every position
// is asked at every level, and the round trip postMessage → reply is timed with
// performance.now() in the page (coarsened to 0.1 ms). The worker's refusals ("err") are
// listed and left out of the times. p90 is nearest-rank.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { launchBrowser } from "../tests/e2e/browser.mjs";
import { startServer } from "../tests/e2e/server.mjs";

const repo = (p) => fileURLToPath(new URL(`../${p}`, import.meta.url));
const { values: opt } = parseArgs({
  options: {
    dist: { type: "string", default: repo("dist") },
    positions: { type: "string", default: "20" },
    levels: { type: "string", default: "easy,medium,hard" },
    cli: { type: "string", default: repo("target/release/loewenherz-cli") },
    seed: { type: "string", default: "1" },
  },
});
const DIST = resolve(opt.dist);
const N = Number(opt.positions);
const LEVELS = opt.levels.split(",");
const SEED = Number(opt.seed);
if (!existsSync(`${DIST}/bot-worker_loader.js`)) throw new Error(`${DIST} has no bot-worker_loader.js`);
if (!(N > 0)) throw new Error("--positions must be a positive number");

const SETS = [
  { name: "classic 4p", edition: "classic", players: 4 },
  { name: "classic 2p", edition: "classic", players: 2 },
  { name: "new 4p", edition: "new", players: 4 },
  { name: "new 2p", edition: "new", players: 2 },
];

// ---- Positions, from the referee ----

const cli = (args, input) => execFileSync(opt.cli, args, { input, encoding: "utf8", maxBuffer: 1 << 26 });

function positions(set) {
  const games = Math.ceil(N / 5);
  const records = [];
  for (let g = 0; g < games; g++) {
    const lines = cli(["play", "--edition", set.edition, "--players", String(set.players), "--seed", String(SEED + g), "--bots", "random"]).trimEnd().split("\n");
    const headers = lines.filter((l) => l.startsWith("["));
    records.push({ seed: SEED + g, headers, moves: lines.filter((l) => l.trim() && !l.startsWith("[")) });
  }
  const out = [];
  let dropped = 0;
  for (let i = 0; i < N; i++) {
    const game = records[i % games];
    const k = Math.max(1, Math.round(((i + 0.5) / N) * game.moves.length));
    const record = [...game.headers, ...game.moves.slice(0, k)].join("\n") + "\n";
    const state = JSON.parse(cli(["replay", "-"], record));
    if (state.over || !state.to_move?.length) {
      dropped++;
      continue;
    }
    out.push({ record, colour: state.to_move[0], label: `seed ${game.seed} k=${k}/${game.moves.length}` });
  }
  return { list: out, dropped };
}

// ---- In the browser ----

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p) => s[Math.max(0, Math.ceil(p * s.length) - 1)];
  return { n: s.length, median: at(0.5), p90: at(0.9), max: s[s.length - 1] };
};
const ms = (x) => (x === undefined ? "-" : x.toFixed(1));

const built = SETS.map((set) => ({ set, ...positions(set) }));
for (const b of built) console.log(`# ${b.set.name}: ${b.list.length} positions (${b.dropped} dropped: game over / nobody to move)`);

const { browser, close } = await launchBrowser({ motion: true });
const srv = await startServer({ root: DIST, base: "/" });
try {
  const page = await browser.newPage();
  const blank = srv.url + "__bot-timing.html";
  await page.route(blank, (route) => route.fulfill({ contentType: "text/html", body: "<!doctype html><title>bot timing</title>" }));
  await page.goto(blank);
  await page.evaluate(() => {
    window.__start = () =>
      new Promise((ok, fail) => {
        window.__worker?.terminate();
        const t0 = performance.now();
        const w = new Worker("./bot-worker_loader.js", { type: "module" });
        w.onerror = (e) => fail(new Error("worker error: " + (e.message || "?")));
        w.onmessage = (e) => {
          if (e.data !== "ready") return fail(new Error("first message was not ready: " + e.data));
          window.__worker = w;
          ok(performance.now() - t0);
        };
      });
    window.__ask = (req) =>
      new Promise((ok, fail) => {
        const w = window.__worker;
        w.onerror = (e) => fail(new Error("worker error: " + (e.message || "?")));
        w.onmessage = (e) => {
          const t1 = performance.now();
          const reply = JSON.parse(e.data);
          if (reply.id === req.id) ok({ ms: t1 - t0, reply });
        };
        const t0 = performance.now();
        w.postMessage(JSON.stringify(req));
      });
  });
  const cold = await page.evaluate(() => window.__start());
  const warm = [];
  for (let i = 0; i < 3; i++) warm.push(await page.evaluate(() => window.__start()));
  console.log(`# worker start-up (new Worker → "ready"): cold ${ms(cold)} ms; warm ${warm.map(ms).join(", ")} ms`);

  const rows = [];
  const errors = [];
  let id = 0;
  for (const { set, list } of built) {
    const times = Object.fromEntries(LEVELS.map((l) => [l, []]));
    for (const [i, p] of list.entries()) {
      for (const level of LEVELS) {
        const req = { id: ++id, record: p.record, colour: p.colour, level, seed: String(1000 + i) };
        const { ms: t, reply } = await page.evaluate((r) => window.__ask(r), req);
        if (reply.err !== undefined) errors.push(`${set.name} ${p.label} ${p.colour} ${level}: ${reply.err}`);
        else times[level].push(t);
        if (process.env.BOT_TIMING_VERBOSE) console.log(`${set.name} ${p.label} ${p.colour} ${level} ${ms(t)} ms → ${reply.err ?? reply.ok.line}`);
      }
    }
    for (const level of LEVELS) rows.push({ set: set.name, level, ...stats(times[level]) });
  }

  console.log("\nedition     level    count  median ms   p90 ms   max ms");
  for (const r of rows) {
    console.log(`${r.set.padEnd(11)} ${r.level.padEnd(8)} ${String(r.n).padStart(5)} ${ms(r.median).padStart(10)} ${ms(r.p90).padStart(8)} ${ms(r.max).padStart(8)}`);
  }
  console.log(`\nworker errors: ${errors.length}`);
  for (const e of errors) console.log("  " + e);
} finally {
  await srv.close();
  await close();
}
