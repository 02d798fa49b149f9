// The chaos run (issue 25): a seeded monkey that plays both editions in headless Chromium the
// way a curious child would — taps on the board and on any enabled control, the keyboard, the
// game menu, reloads, a second tab on the same game, language switches, imports of mutated
// records — weighted toward legal targets and step controls (the deterministic players of
// game.mjs and newed.mjs) so that games go deep and end. After every step it checks:
//  - no crash screen, no page error, no console error;
//  - nothing private behind a hand-over screen, and never the private elements of a seat other
//    than the one that took the device (a MutationObserver sees every moment, not only the
//    moments between steps);
// and at intervals and at every game's end, that the game's saved record replays through
// `loewenherz-cli replay` to the state shown (borders, scores, the end), and that an exported
// record (the game menu's download) is the saved one. An imported mutated record must open
// as a replay exactly when the referee accepts it.
//
// A failure throws a ChaosFailure whose message holds the seed, the step and the last steps.
//
//   import { runChaos } from "./chaos.mjs";
//   const stats = await runChaos({ steps: 300, seed: 7 });
//
// CLI (scripts/chaos.sh): node tests/e2e/chaos.mjs STEPS SEED
// CHAOS_MUTATE=leak|crash (tests only) makes the harness inject a private element behind a
// hand-over, or make the next move crash (the game's own test key), to show the checks fail.
import { execFileSync } from "node:child_process";
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { launchBrowser } from "./browser.mjs";
import { autoStep, recordParam } from "./game.mjs";
import { DIST } from "./helpers.mjs";
import { newAutoStep, refereeCli } from "./newed.mjs";
import { startServer } from "./server.mjs";

export const VIEWPORTS = [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
];
const PALETTE = { classic: ["red", "yellow", "purple", "grey"], new: ["red", "blue", "orange", "yellow"] };
const LANGS = ["en", "de", "it"];

export class ChaosFailure extends Error {}

/** A small seeded generator (mulberry32): the same seed gives the same choices. */
export function rng(seed) {
  let a = Number(BigInt.asUintN(32, BigInt(seed))) >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  const pick = (xs) => xs[int(xs.length)];
  const weighted = (table) => {
    let r = next() * table.reduce((s, [, w]) => s + w, 0);
    for (const [x, w] of table) if ((r -= w) < 0) return x;
    return table[table.length - 1][0];
  };
  const shuffle = (xs) => {
    const out = [...xs];
    for (let i = out.length - 1; i > 0; i--) {
      const j = int(i + 1);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  };
  return { next, int, pick, weighted, shuffle };
}

/** A random game: edition, 2–4 seats, people / computers / mixed, a viewport, a pace. */
export function randomGame(r, edition = r.pick(["classic", "new"])) {
  const n = 2 + r.int(3);
  const players = r.shuffle(PALETTE[edition]).slice(0, n);
  const mode = r.weighted([["people", 4], ["mixed", 4], ["computers", 2]]);
  const bots = mode === "people" ? [] : mode === "computers" ? players : r.shuffle(players).slice(0, 1 + r.int(n - 1));
  const levels = bots.map((c) => `${c}:${r.weighted([["easy", 3], ["medium", 2], ["hard", 1]])}`);
  let link = `?game=${edition}&players=${players.join(",")}&seed=${r.int(1_000_000)}`;
  // Two players always use the variable setup (the rules; a link asking otherwise is refused).
  if (edition === "classic") link += `&setup=${n === 2 ? "variable" : r.pick(["basic", "variable"])}`;
  if (levels.length) link += `&bots=${levels.join(",")}&pace=${r.weighted([["instant", 3], ["fast", 1]])}`;
  if (r.next() < 0.2) link += `&hints=on`;
  if (r.next() < 0.15) link += `&lang=${r.pick(LANGS)}`;
  return { edition, players, mode, bots, link, viewport: r.pick(VIEWPORTS) };
}

/** The moves of a record (its lines that are not headers). */
const movesOf = (record) => record.split("\n").filter((l) => l.trim() && !l.startsWith("["));

/** Where two records part: the line number and both lines. */
function firstDifference(a, b) {
  const x = a.split("\n"), y = b.split("\n");
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    if (x[i] !== y[i]) return `line ${i + 1}: ${JSON.stringify(x[i] ?? "(end)")} against the save's ${JSON.stringify(y[i] ?? "(end)")} (${x.length} and ${y.length} lines)`;
  }
  return "the same";
}

/** `loewenherz-cli replay` of a record: { ok, json } or { ok: false, why }. */
export function replay(record) {
  const dir = mkdtempSync(join(tmpdir(), "loewenherz-chaos-"));
  const file = join(dir, "record.txt");
  writeFileSync(file, record);
  try {
    return { ok: true, json: JSON.parse(execFileSync(refereeCli(), ["replay", file], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })) };
  } catch (e) {
    return { ok: false, why: String(e.stderr || e.message).trim() };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A record changed the way a person editing it by hand, or a broken copy, might change it. */
export function mutateRecord(r, record) {
  const lines = record.split("\n");
  const moves = lines.map((l, i) => [l, i]).filter(([l]) => l.trim() && !l.startsWith("["));
  const at = moves.length ? r.pick(moves)[1] : lines.length - 1;
  const how = r.pick(["drop", "swap", "repeat", "number", "truncate", "garbage", "header", "word", "blank", "case"]);
  const out = [...lines];
  switch (how) {
    case "drop":
      out.splice(at, 1);
      break;
    case "swap":
      if (at + 1 < out.length) [out[at], out[at + 1]] = [out[at + 1], out[at]];
      break;
    case "repeat":
      out.splice(at, 0, out[at]);
      break;
    case "number":
      out[at] = out[at].replace(/\d+/, (d) => String(Number(d) + 1 + r.int(20)));
      break;
    case "truncate":
      return { how, text: record.slice(0, r.int(record.length + 1)) };
    case "garbage":
      out.splice(at, 0, r.pick(["red castle zz99", "💥", "purple", "[Seed \"x\"]", "\u202e red done", "red " + "a".repeat(300)]));
      break;
    case "header": {
      const h = lines.findIndex((l) => l.startsWith("["));
      if (h >= 0) out[h] = out[h].replace(/"[^"]*"/, r.pick(['"chess"', '""', '"red red"', '"99999999999999999999999"']));
      break;
    }
    case "word":
      out[at] = out[at].replace(/\b[a-z]+\b/, r.pick(["border", "knight", "done", "decide", "pass", "sell", "buy"]));
      break;
    case "blank":
      return { how, text: "" };
    case "case":
      out[at] = out[at].toUpperCase();
      break;
  }
  return { how, text: out.join("\n") };
}

/**
 * Installs the page-side watcher (before any page script): records every moment a hand-over
 * screen and a private element are in the DOM together, and every moment the private elements
 * in the DOM are of a seat other than the one that last took the device in this tab (or of
 * two seats at once). Read and cleared with `takeLeaks`.
 */
async function watch(page) {
  await page.addInitScript(() => {
    window.__chaos = { leaks: [], holder: null };
    const check = () => {
      const c = window.__chaos;
      // A public announcement that ends in "pass the device to …" (after a duel) is that
      // player's hand-over screen: its button hands the device over at once.
      const ho = document.querySelector("[data-handover]") ?? document.querySelector("[data-announcement][data-then-to]");
      const priv = [...new Set([...document.querySelectorAll("[data-private]")].map((p) => p.getAttribute("data-private")))];
      if (ho) {
        c.holder = ho.getAttribute("data-handover") ?? ho.getAttribute("data-then-to");
        if (priv.length) c.leaks.push(`behind ${c.holder}'s hand-over screen: private elements of ${priv.join(",")}`);
        return;
      }
      if (priv.length > 1) c.leaks.push(`private elements of two seats at once: ${priv.join(",")}`);
      else if (priv.length === 1 && c.holder && priv[0] !== c.holder) c.leaks.push(`${priv[0]}'s private elements while ${c.holder} holds the device`);
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ["data-private", "data-handover"] });
  });
}

/** What the page shows: screen, edition, hand-over, game id, and the state the referee can check. */
function snapshot(page) {
  return page.evaluate(() => {
    const q = (s) => document.querySelector(s);
    const qa = (s) => [...document.querySelectorAll(s)];
    const c = window.__chaos ?? { leaks: ["watcher not installed"] };
    const leaks = c.leaks.splice(0);
    const screen = q("[data-crash]")
      ? "crash"
      : q("[data-game-over]")
        ? "over"
        : q("[data-handover]")
          ? "handover"
          : q("[data-replay]")
            ? "replay"
            : q(".game")
              ? "game"
              : q("[data-start]") || q(".start")
                ? "start"
                : "other";
    const id = location.hash.startsWith("#game=") ? decodeURIComponent(location.hash.slice(6)) : null;
    const save = id ? localStorage.getItem(`loewenherz/save/${id}`) : null;
    let record = null;
    try {
      record = save ? JSON.parse(save).record : null;
    } catch {}
    const scores = Object.fromEntries(qa("[data-score]").map((r) => [r.getAttribute("data-score"), parseInt(r.querySelector(".pts")?.textContent ?? "", 10)]));
    const finals = Object.fromEntries(qa("[data-final]").map((r) => [r.getAttribute("data-final"), parseInt(r.querySelector(".total")?.textContent ?? "", 10)]));
    return {
      screen,
      leaks,
      edition: q(".new-edition") ? "new" : "classic",
      thinking: !!q("[data-thinking]"),
      id,
      record,
      borders: qa("[data-border]:not([data-staged])").map((e) => e.getAttribute("data-border")).sort(),
      // Staged moves (dashed borders and pieces) are drawn as if made: an expansion moves its
      // province's border, so the board then differs from the record until they are confirmed.
      staged: qa("[data-staged], .piece.staged").length,
      scores,
      finals,
    };
  });
}

/** The state the referee's replay JSON describes, in the snapshot's terms. */
function refereeView(json) {
  return {
    borders: [...json.borders].sort(),
    scores: Object.fromEntries(Object.entries(json.players).map(([c, p]) => [c, p.score])),
    over: json.over,
  };
}

/**
 * Compares the page with its saved record's replay. Returns null when they agree, "staged" when
 * the board shows staged moves (the record has only confirmed ones) and only the record's
 * replay could be checked, else a description of the difference.
 */
function disagreement(s) {
  if (!s.record) return null;
  const r = replay(s.record);
  if (!r.ok) return `the saved record does not replay: ${r.why}\n${s.record}`;
  if (s.staged && s.screen === "game") return "staged";
  const ref = refereeView(r.json);
  if (s.screen === "over") {
    if (!ref.over) return "the end screen is shown but the referee's game is not over";
    if (JSON.stringify(s.finals) !== JSON.stringify(Object.fromEntries(Object.keys(s.finals).map((c) => [c, ref.scores[c]]))))
      return `final scores ${JSON.stringify(s.finals)}, the referee's ${JSON.stringify(ref.scores)}`;
    return null;
  }
  if (s.screen !== "game") return null;
  if (JSON.stringify(s.borders) !== JSON.stringify(ref.borders)) {
    const shown = new Set(s.borders), theirs = new Set(ref.borders);
    return `borders differ: shown only ${s.borders.filter((b) => !theirs.has(b)).join(" ")}; referee only ${ref.borders.filter((b) => !shown.has(b)).join(" ")}`;
  }
  for (const [c, v] of Object.entries(s.scores)) {
    if (ref.scores[c] !== undefined && v !== ref.scores[c]) return `${c}'s score shown ${v}, the referee's ${ref.scores[c]}`;
  }
  return null;
}

/**
 * Taps the first element matching `selector` from inside the page (the game redraws its
 * controls as a whole while computers move, so a tap from outside can miss a replaced button).
 * Returns whether there was one.
 */
function tapSel(page, selector) {
  return page.evaluate((sel) => {
    const e = document.querySelector(sel);
    e?.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, view: window }));
    return !!e;
  }, selector);
}

/**
 * The game menu's exported record (its download) and the save just before the menu opened, or
 * null when the page offers none now. The menu takes the record when it opens (it does not
 * follow moves made while it is open), so an open menu is closed and opened again first.
 */
async function exportRecord(page) {
  if (await page.$(".menu-panel")) await tapSel(page, "[data-close-menu]");
  const before = (await snapshot(page)).record?.trim() ?? "";
  if (!(await tapSel(page, "[data-menu]"))) return null;
  await tapSel(page, "[data-reveal-record]");
  const download = page.waitForEvent("download", { timeout: 5000 });
  if (!(await tapSel(page, "[data-export]"))) {
    download.catch(() => {});
    return null;
  }
  const text = readFileSync(await (await download).path(), "utf8");
  await tapSel(page, "[data-close-menu]");
  return { text, before };
}

/** A tap on any enabled control of the page (buttons, selects, the board's tap targets). */
function randomTap(page, pick, boardOnly) {
  return page.evaluate(
    ([pick, boardOnly]) => {
      const shown = (e) => e.getClientRects().length > 0 && !e.closest("[hidden], [inert]");
      const controls = boardOnly
        ? [...document.querySelectorAll("[data-layer] [data-a]")]
        : [...document.querySelectorAll("button, select, textarea, input:not([type=file]), summary, [role=button], [data-layer] [data-a]")].filter((e) => !e.disabled);
      // Remote play leaves this page for the remote-play bundle (tests/e2e/net.test.mjs covers it).
      const list = controls.filter(shown).filter((e) => !e.matches("[data-play-with-friends]"));
      if (!list.length) return "nothing to tap";
      const e = list[Math.floor(pick * list.length)];
      if (e.tagName === "SELECT") {
        const opts = [...e.options].filter((o) => !o.disabled && o.value !== "friend");
        if (opts.length) {
          e.value = opts[Math.floor(pick * 7919) % opts.length].value;
          e.dispatchEvent(new Event("change", { bubbles: true }));
        }
        return `select ${e.getAttribute("data-lang-menu") !== null ? "language" : e.name || e.className} = ${e.value}`;
      }
      if (e.tagName === "TEXTAREA" || (e.tagName === "INPUT" && !["checkbox", "radio", "button", "submit"].includes(e.type))) {
        e.focus();
        e.value = ["", "x", "Anna", "12345", "<b>b</b>", "ÄÖÜ 🎲"][Math.floor(pick * 6007) % 6];
        e.dispatchEvent(new Event("input", { bubbles: true }));
        return `type into ${e.tagName.toLowerCase()}`;
      }
      e.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, view: window }));
      const name = [...e.attributes].find((a) => a.name.startsWith("data-"))?.name ?? e.className?.baseVal ?? e.className;
      return `tap ${e.tagName.toLowerCase()} ${name} ${(e.textContent || "").trim().slice(0, 24)}`;
    },
    [pick, boardOnly],
  );
}

/** Waits until the page shows one of its screens (after a load or a reload). */
function settled(page) {
  return page.waitForFunction(() => document.querySelector("[data-crash], [data-handover], .game, [data-game-over], .start, [data-replay]"), null, { timeout: 20_000 });
}

/**
 * Runs the monkey for `steps` steps from `seed` (or until `seconds` have passed, but at least
 * `minSteps`). Returns statistics: games, games finished,
 * the deepest game (moves, Classic rounds), actions taken, referee checks.
 */
export async function runChaos({ steps, seconds = Infinity, minSteps = 0, seed, mutate = process.env.CHAOS_MUTATE || null, checkEvery = 25, logEvery = 200, maxGameSteps = Infinity, log = () => {}, trace = null, dist = DIST }) {
  const r = rng(seed);
  const srv = await startServer({ root: dist, base: r.pick(["/", "/games/loewenherz/"]) });
  const b = await launchBrowser();
  const trail = []; // the last steps, for a failure's message
  const problems = [];
  const stats = { steps: 0, games: 0, finished: 0, deepestMoves: 0, deepestRound: 0, refereeChecks: 0, refereeReplaysOnly: 0, exports: 0, imports: 0, reloads: 0, tabs: 0, actions: {}, perGame: [] };
  const listen = (page, tab) => {
    page.on("pageerror", (e) => problems.push(`page error in ${tab}: ${e}`));
    page.on("console", (m) => m.type() === "error" && problems.push(`console error in ${tab}: ${m.text()}`));
    page.on("crash", () => problems.push(`${tab} crashed (renderer)`));
  };
  const page = await b.browser.newPage();
  listen(page, "tab 1");
  await watch(page);
  let game = null;
  let lastMoves = 0, sinceProgress = 0;

  /** Saves the page's screenshot and markup for a failure's reader (CHAOS_EVIDENCE=dir). */
  const evidence = async (p) => {
    const dir = process.env.CHAOS_EVIDENCE;
    if (!dir) return "";
    const base = join(dir, `chaos-${seed}-${stats.steps}`);
    await p.screenshot({ path: base + ".png" }).catch(() => {});
    writeFileSync(base + ".html", await p.content().catch(() => ""));
    return `\n  (screenshot and markup: ${base}.png/.html)`;
  };
  const fail = (why) => {
    throw Object.assign(new ChaosFailure(
      `chaos run failed at step ${stats.steps} (seed ${seed}, game ${stats.games}: ${game?.link} at ${game?.viewport.width}x${game?.viewport.height}):\n  ${why}\n` +
        `replay it with: scripts/chaos.sh ${steps} ${seed}\nlast steps:\n${trail.slice(-40).map((t) => "  " + t).join("\n")}`,
      ),
      { stats },
    );
  };
  /** The per-step checks on one tab: crash screen, errors, leaks. */
  const check = async (p, tab) => {
    const s = await snapshot(p);
    if (s.screen === "crash") problems.push(`${tab} shows the crash screen`);
    for (const l of s.leaks) problems.push(`${tab}: ${l}`);
    if (problems.length) fail(problems.join("\n  "));
    return s;
  };
  /** The referee check, retried while a computer's moves are still appearing. */
  const refereeCheck = async (p, tab) => {
    let why = null;
    for (let i = 0; i < 30; i++) {
      const s = await check(p, tab);
      why = disagreement(s);
      if (!why || why === "staged") {
        stats[why ? "refereeReplaysOnly" : "refereeChecks"]++;
        return s;
      }
      await p.waitForTimeout(100);
    }
    fail(`${tab} does not show the state its saved record replays to: ${why}${await evidence(p)}`);
  };
  const finishGame = (s) => {
    if (!game) return;
    const moves = s?.record ? movesOf(s.record).length : 0;
    const rep = s?.record ? replay(s.record) : null;
    const round = rep?.ok ? rep.json.round ?? null : null;
    stats.perGame.push({ link: game.link, viewport: `${game.viewport.width}x${game.viewport.height}`, moves, round, over: rep?.ok ? rep.json.over : false, steps: stats.steps - game.startStep });
    stats.deepestMoves = Math.max(stats.deepestMoves, moves);
    if (round) stats.deepestRound = Math.max(stats.deepestRound, round);
  };
  const newGame = async () => {
    // Editions take turns, so that any run of two games or more plays both.
    const edition = game ? (game.edition === "classic" ? "new" : "classic") : r.pick(["classic", "new"]);
    game = { ...randomGame(r, edition), startStep: stats.steps };
    stats.games++;
    trail.push(`new game ${game.link} at ${game.viewport.width}x${game.viewport.height}`);
    if (trace) trace(`new game ${game.link} at ${game.viewport.width}x${game.viewport.height}`);
    log(`game ${stats.games}: ${game.link} ${game.viewport.width}x${game.viewport.height}`);
    await page.setViewportSize(game.viewport);
    await page.goto(srv.url);
    await page.evaluate(() => localStorage.clear());
    await page.goto(srv.url + game.link);
    await settled(page);
    const refused = await page.evaluate(() => document.querySelector("[data-start-message]")?.textContent);
    if (refused) fail(`the game's link was refused: ${refused}`);
    lastMoves = 0;
    sinceProgress = 0;
  };
  /** A second tab on the same game: a few steps there, its own checks, then closed. */
  const secondTab = async (id) => {
    const p2 = await b.browser.newPage({ viewport: r.pick(VIEWPORTS) });
    listen(p2, "tab 2");
    await watch(p2);
    try {
      await p2.goto(`${srv.url}#game=${encodeURIComponent(id)}`);
      await settled(p2);
      for (let i = 0, n = 2 + r.int(8); i < n; i++) {
        const did = r.next() < 0.7 ? await legalStep(p2) : await randomTap(p2, r.next(), false);
        trail.push(`  tab 2: ${did}`);
        await check(p2, "tab 2");
      }
      await refereeCheck(p2, "tab 2");
    } finally {
      await p2.close();
    }
  };
  /** Opens a mutated copy of the game's record as a replay (pasted, or as a link) in another tab. */
  const importMutated = async (record) => {
    const m = mutateRecord(r, record);
    const verdict = replay(m.text);
    const p3 = await b.browser.newPage({ viewport: game.viewport });
    listen(p3, "import tab");
    await watch(p3);
    const how = r.next() < 0.5 ? "pasted" : "link";
    try {
      if (how === "pasted") {
        await p3.goto(srv.url);
        await settled(p3);
        await p3.click("[data-more] summary");
        await p3.fill("[data-import-text]", m.text);
        await p3.click("[data-import]");
      } else {
        await p3.goto(srv.url + "?record=" + recordParam(m.text));
      }
      await p3.waitForFunction(() => document.querySelector("[data-replay], [data-start-message], [data-crash]"), null, { timeout: 10_000 });
      const opened = !!(await p3.$("[data-replay]"));
      const message = opened ? "" : await p3.locator("[data-start-message]").innerText().catch(() => "");
      trail.push(`  import (${how}, ${m.how}): ${opened ? "opened" : "refused: " + message.slice(0, 80)}; referee ${verdict.ok ? "accepts" : "refuses"}`);
      await check(p3, "import tab");
      // An empty or cut record may still be a valid start; what counts is that both agree.
      if (opened !== verdict.ok)
        fail(`a mutated record (${m.how}, ${how}) ${opened ? "opened as a replay" : `was refused (${message})`}, but the referee ${verdict.ok ? "accepts it" : `refuses it: ${verdict.why}`}\n${m.text}`);
      if (opened) {
        for (let i = 0; i < 5; i++) await tapSel(p3, r.pick(["[data-replay-next]", "[data-replay-last]", "[data-replay-back]", "[data-replay-first]"]));
        await check(p3, "import tab");
      }
    } finally {
      await p3.close();
    }
  };
  /** The deterministic player's step for what the page shows (the start screen continues the latest game). */
  const legalStep = async (p) => {
    const screen = await p.evaluate(() => (document.querySelector("[data-replay-close]") ? "replay" : document.querySelector(".new-edition") ? "new" : document.querySelector("[data-continue-latest]") ? "start" : "classic"));
    if (screen === "replay") {
      await tapSel(p, "[data-replay-close]");
      return "close the replay";
    }
    if (screen === "start") {
      await tapSel(p, "[data-continue-latest]");
      return "continue the latest game";
    }
    const n = r.int(1000);
    return screen === "new" ? newAutoStep(p, n) : autoStep(p, n);
  };

  try {
    const until = Date.now() + seconds * 1000;
    await newGame();
    let s0 = await check(page, "tab 1");
    while (stats.steps < steps && (Date.now() < until || stats.steps < minSteps)) {
      stats.steps++;
      const tooLong = stats.steps - game.startStep > maxGameSteps;
      if (s0.screen === "over" || tooLong || (s0.screen === "start" && !(await page.$("[data-continue-latest]")))) {
        if (s0.screen === "over") {
          await refereeCheck(page, "tab 1");
          stats.finished++;
        }
        finishGame(tooLong ? await refereeCheck(page, "tab 1") : s0);
        await newGame();
        s0 = await check(page, "tab 1");
        continue;
      }
      if (mutate === "leak" && s0.screen === "handover") {
        await page.evaluate(() => document.body.insertAdjacentHTML("beforeend", `<p data-private="${document.querySelector("[data-handover]").getAttribute("data-handover")}">mutation</p>`));
      }
      if (mutate === "crash" && stats.steps === 5) await page.evaluate(() => localStorage.setItem("loewenherz/test/crash-on-move", "1"));

      const action = r.weighted([
        ["legal", 62],
        ["tap", 12],
        ["board", 8],
        ["key", 7],
        ["menu", 3],
        ["language", 2],
        ["reload", 1.5],
        ["tab", 1],
        ["import", 1],
        ["export", 0.5],
      ]);
      stats.actions[action] = (stats.actions[action] ?? 0) + 1;
      let did;
      switch (action) {
        case "legal":
          did = await legalStep(page);
          if (did === "wait") await page.waitForTimeout(s0.thinking ? 60 : 15);
          break;
        case "tap":
          did = await randomTap(page, r.next(), false);
          break;
        case "board":
          did = await randomTap(page, r.next(), true);
          break;
        case "key": {
          const key = r.pick(["Tab", "Shift+Tab", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Enter", " ", "Escape"]);
          await page.keyboard.press(key);
          did = `key ${key}`;
          break;
        }
        case "menu":
          did = (await tapSel(page, "[data-menu]")) ? "menu" : "no menu";
          break;
        case "language": {
          const lang = r.pick(LANGS);
          if (!(await page.$("[data-lang-menu]"))) await tapSel(page, "[data-menu]");
          const found = await page.evaluate((lang) => {
            const e = document.querySelector("[data-lang-menu]");
            if (!e) return false;
            e.value = lang;
            e.dispatchEvent(new Event("change", { bubbles: true }));
            return true;
          }, lang);
          did = found ? `language ${lang}` : "no language menu";
          break;
        }
        case "reload":
          await page.reload();
          await settled(page);
          stats.reloads++;
          did = "reload";
          break;
        case "tab":
          if (s0.id) {
            stats.tabs++;
            await secondTab(s0.id);
            did = "second tab";
          } else did = "no game for a second tab";
          break;
        case "import":
          if (s0.record) {
            stats.imports++;
            await importMutated(s0.record);
            did = "import";
          } else did = "no record to import";
          break;
        case "export": {
          if (s0.screen !== "game") {
            did = "no export behind a hand-over";
            break;
          }
          // Computers may move meanwhile: the export is the save of a moment between the two looks.
          const exported = await exportRecord(page).catch((e) => fail(`exporting the record failed: ${e.message}`));
          if (exported !== null) {
            const { text, before } = exported;
            stats.exports++;
            const after = (await snapshot(page)).record?.trim() ?? "";
            if (!text.trim().startsWith(before) || !after.startsWith(text.trim()))
              fail(`the exported record is not the saved one: ${firstDifference(text.trim(), text.trim().startsWith(before) ? after : before)}\n--- exported:\n${text}`);
            const r = replay(text);
            if (!r.ok) fail(`the exported record does not replay: ${r.why}`);
          }
          did = "export";
          break;
        }
      }
      trail.push(`${stats.steps}: ${did}`);
      if (trace) trace(`${stats.steps} ${s0.screen} ${did}`);
      if (trail.length > 200) trail.splice(0, 100);
      const s = (s0 = await check(page, "tab 1"));
      const moves = s.record ? movesOf(s.record).length : lastMoves;
      if (moves !== lastMoves) sinceProgress = 0;
      else if (!s.thinking) sinceProgress++;
      lastMoves = moves;
      if (stats.steps % checkEvery === 0) await refereeCheck(page, "tab 1");
      if (stats.steps % logEvery === 0) log(`step ${stats.steps}: ${stats.games} games, ${stats.finished} finished, ${moves} moves in this one`);
      if (sinceProgress > 1500) fail(`no move saved in 1500 steps: the game seems stuck`);
    }
    const last = await refereeCheck(page, "tab 1");
    finishGame(last);
  } catch (e) {
    if (e instanceof ChaosFailure) throw e;
    // The harness's own trouble (a timeout, a closed page) still names the seed and the steps.
    fail(`${problems.length ? problems.join("\n  ") + "\n  " : ""}${e.stack ?? e}`);
  } finally {
    await b.close();
    await srv.close();
  }
  return stats;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const steps = Number(process.argv[2] ?? 1000);
  const seed = process.argv[3] ?? String(Date.now() % 1_000_000);
  const t0 = Date.now();
  try {
    // CHAOS_TRACE=file: every step, for a long run's reader.
    const file = process.env.CHAOS_TRACE;
    const trace = file ? (line) => appendFileSync(file, line + "\n") : null;
    const stats = await runChaos({ steps, seed, log: (m) => console.log(m), trace });
    stats.seconds = Math.round((Date.now() - t0) / 1000);
    console.log(JSON.stringify(stats));
  } catch (e) {
    console.error(e instanceof ChaosFailure ? e.message : e);
    if (e.stats) console.log(JSON.stringify({ ...e.stats, failed: true, seconds: Math.round((Date.now() - t0) / 1000) }));
    process.exit(1);
  }
}
