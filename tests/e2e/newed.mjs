// Helpers for driving the New Edition UI (game=new) through its DOM hooks, and for
// cross-checking it with the command-line referee. Used by newed.test.mjs.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO, cli, handOver } from "./game.mjs";

/** The documented New Edition start link (3 players). */
export const NEW_LINK3 = "?game=new&players=red,blue,orange&seed=42&names=Ann,Ben,Cleo";

// ---- The referee ----

/**
 * The referee binary for New Edition records: $LOEWENHERZ_CLI, else the newer of
 * target/debug and target/release (the New Edition engine changes often; the newest
 * build is the one closest to the sources the browser build came from), else cli().
 */
export function refereeCli() {
  if (process.env.LOEWENHERZ_CLI) return process.env.LOEWENHERZ_CLI;
  const built = ["target/debug/loewenherz-cli", "target/release/loewenherz-cli"]
    .map((p) => join(REPO, p))
    .filter((p) => existsSync(p))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return built[0] ?? cli();
}

/** `loewenherz-cli replay` of a record: the final state as parsed JSON (throws with the referee's reason). */
export function refereeReplay(record) {
  const dir = mkdtempSync(join(tmpdir(), "loewenherz-newed-"));
  const file = join(dir, "record.txt");
  writeFileSync(file, record);
  try {
    return JSON.parse(execFileSync(refereeCli(), ["replay", file], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }));
  } catch (e) {
    throw new Error(`the referee refused the record: ${e.stderr || e.message}\n${record}`);
  }
}

/** `loewenherz-cli play --edition <e> --players n --seed s --bots random`: a finished bot game's record. */
export function refereePlay(edition, players, seed) {
  return execFileSync(refereeCli(), ["play", "--edition", edition, "--players", String(players), "--seed", String(seed), "--bots", "random"], {
    encoding: "utf8",
  });
}

// ---- Taps ----

/** Taps a space of the board (its rect; target marks don't take pointer events). */
export function tapSpace(page, s) {
  return page.click(`[data-space="${s}"]`, { force: true });
}

/** Taps a legal border edge. */
export function tapEdge(page, e) {
  return page.click(`[data-edge="${e}"]`, { force: true });
}

/** Highlighted targets now: [{ at, kind }]. */
export function targetList(page) {
  return page.$$eval("[data-target]", (es) => es.map((e) => ({ at: e.getAttribute("data-target"), kind: e.getAttribute("data-target-kind") })));
}

/** The terrain of a space. */
export function terrain(page, s) {
  return page.getAttribute(`[data-space="${s}"]`, "data-terrain");
}

/** Waits for `colour`'s hand-over screen and returns its reason text. */
export async function handOverReason(page, colour) {
  await page.waitForSelector(`[data-handover="${colour}"]`, { timeout: 10_000 });
  return page.locator("[data-handover-reason]").innerText();
}

/** Waits for `colour`'s hand-over screen, checks nothing private is behind it, dismisses it. */
export async function takeDevice(page, colour) {
  await handOver(page, colour);
  await page.waitForSelector(`[data-private="${colour}"]`, { timeout: 10_000 });
}

/** The holder's money, from their private hand panel ("Ann (you) — 7 ducats"). */
export async function handMoney(page) {
  const t = await page.locator("[data-private] h2").textContent();
  const m = t.match(/(\d+) ducats?$/);
  assert.ok(m, `money in the hand panel: ${t}`);
  return Number(m[1]);
}

/** Public money of a colour, from its score row (money is public by default, R-N7). */
export async function publicMoney(page, colour) {
  const t = await page.locator(`[data-score="${colour}"] .meta`).textContent();
  const m = t.match(/(\d+) ducats?/);
  assert.ok(m, `money in ${colour}'s score row: ${t}`);
  return Number(m[1]);
}

/** The card ids in the holder's hand. */
export function handCards(page) {
  return page.$$eval("[data-private] [data-card]", (es) => es.map((e) => e.getAttribute("data-card")));
}

/** The market: [{ card, takeable }] — its cards as the deck-and-market panel shows them, takeable
 * when the refill in the step bar offers them. */
export function marketCards(page) {
  return page.evaluate(() => {
    const takeable = new Set([...document.querySelectorAll("[data-market].takeable")].map((e) => e.getAttribute("data-market")));
    return [...document.querySelectorAll("[data-market-card]")].map((e) => ({ card: e.getAttribute("data-market-card"), takeable: takeable.has(e.getAttribute("data-market-card")) }));
  });
}

/** The board as the DOM shows it (borders, pieces, tinted region spaces, neutral zones). */
export function newBoardState(page) {
  return page.evaluate(() => ({
    borders: [...document.querySelectorAll("[data-border]")].map((e) => e.getAttribute("data-border")).sort(),
    pieces: [...document.querySelectorAll("[data-piece]")].map((e) => `${e.dataset.piece}:${e.dataset.colour}:${e.dataset.at}`).sort(),
    provinces: [...document.querySelectorAll("[data-province]")].map((e) => e.getAttribute("data-province")).sort(),
    zones: [...document.querySelectorAll("[data-neutral-zone]")].map((e) => e.getAttribute("data-neutral-zone")).sort(),
  }));
}

/** Cards left in the deck, as the deck-and-market panel says. */
export async function deckCount(page) {
  return Number(await page.locator("[data-deck-left]").getAttribute("data-deck-left"));
}

// ---- A deterministic player that taps only what the DOM offers ----

/**
 * One step of a deterministic New Edition player, run inside the page. Policy: dismiss a
 * hand-over (after checking nothing private is in the page), confirm a complete turn, pass
 * after looking at a drawn card, pick a region when asked, play a card (else sell one), tap
 * a legal edge or a highlighted target, end the action when nothing more can be tapped,
 * refill from the deck or the market. Returns what it did, "over" at the end screen, "LEAK:…"
 * when a hand-over screen has private elements behind it, or "wait". With `mark` it only marks
 * what it would tap (`data-kbd-goal`).
 */
export function newAutoStep(page, n, mark = false) {
  return page.evaluate(([n, mark]) => {
    const q = (s) => document.querySelector(s);
    const qa = (s) => [...document.querySelectorAll(s)];
    // `mark`: don't tap, only mark what would be tapped (`data-kbd-goal`), as game.mjs autoStep
    // does, for a driver that taps it with the pointer (engines.mjs tapStep).
    const tap = mark
      ? (el) => {
          for (const e of document.querySelectorAll("[data-kbd-goal]")) e.removeAttribute("data-kbd-goal");
          el.setAttribute("data-kbd-goal", "");
        }
      : (el) => el.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, view: window }));
    // Borders are laid so that regions get founded (else a game is all ducat bonuses): an
    // edge that closes a region around one of the holder's castles first, else an edge
    // next to a castle of theirs that has no region yet.
    const pickEdge = (legal) => {
      const N = 12;
      const idx = (s) => (s.charCodeAt(0) - 97) + (Number(s.slice(1)) - 1) * N;
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
    if (q("[data-game-over]")) return "over";
    const ho = q("[data-handover]");
    if (ho) {
      if (qa("[data-private]").length !== 0) return "LEAK:" + ho.getAttribute("data-handover");
      const reason = q("[data-handover-reason]")?.textContent ?? "";
      tap(q("[data-dismiss-handover]"));
      return `handover ${ho.getAttribute("data-handover")}: ${reason}`;
    }
    if (!q(".game.new-edition")) return "wait";
    const primary = q("[data-confirm].primary");
    if (primary) {
      tap(primary);
      return "confirm";
    }
    const pass = q("[data-pass]");
    if (pass) {
      tap(pass);
      return "pass";
    }
    const region = q("[data-region]");
    if (region) {
      tap(region);
      return "region " + region.getAttribute("data-region");
    }
    const plays = qa("[data-play]").filter((b) => !b.disabled);
    if (plays.length) {
      const p = plays[n % plays.length];
      tap(p);
      return "play " + p.getAttribute("data-play");
    }
    const sell = q("[data-sell]");
    if (sell) {
      tap(sell);
      return "sell " + sell.getAttribute("data-sell");
    }
    // A tap that makes no move (a forest knight one can't pay for) must not loop forever:
    // the same offer is tried a few times, then the action is ended.
    const sig = () =>
      qa("[data-target]").map((t) => t.getAttribute("data-target")).join() + "|" + qa("[data-piece]").length + "|" + qa("[data-border]").length;
    const tried = (window.__lhNewTried ??= {});
    const edges = qa("[data-edge]");
    const s0 = sig();
    if (edges.length && (tried[s0] ?? 0) < 4) {
      tried[s0] = (tried[s0] ?? 0) + 1;
      const e = pickEdge(edges.map((e) => e.getAttribute("data-edge")));
      tap(q(`[data-edge="${e}"]`));
      return "border " + e;
    }
    const targets = qa("[data-target]").map((t) => t.getAttribute("data-target"));
    if (targets.length && (tried[s0] ?? 0) < 4) {
      tried[s0] = (tried[s0] ?? 0) + 1;
      const s = targets[(n * 5 + (tried[s0] - 1)) % targets.length];
      tap(q(`[data-space="${s}"]`));
      return "tap " + s;
    }
    const done = q("[data-done]");
    if (done) {
      tap(done);
      return "done";
    }
    const market = qa("[data-market].takeable");
    const deck = q("[data-deck]:not([disabled])");
    if (market.length && (n % 3 === 0 || !deck)) {
      const m = market[n % market.length];
      tap(m);
      return "take " + m.getAttribute("data-market");
    }
    if (deck) {
      tap(deck);
      return "draw";
    }
    const confirm = q("[data-confirm]");
    if (confirm) {
      tap(confirm);
      return "confirm (early)";
    }
    return "wait";
  }, [n, mark]);
}

/** Plays on with newAutoStep until the end screen; returns the steps. Throws on a leak or when stuck. */
export async function newPlayToEnd(page, { maxSteps = 6000, log = false } = {}) {
  const steps = [];
  let waits = 0;
  for (let n = 0; n < maxSteps; n++) {
    const did = await newAutoStep(page, n);
    if (log) console.log(n, did);
    if (did.startsWith("LEAK")) throw new Error(`private elements behind the hand-over screen (${did})`);
    if (did === "over") return steps;
    if (did === "wait") {
      if (++waits > 100) {
        const prompt = await page.locator(".prompt").innerText().catch(() => "?");
        throw new Error(`stuck: nothing to tap (prompt: ${prompt}) after ${steps.slice(-10).join(" | ")}`);
      }
      await page.waitForTimeout(20);
      continue;
    }
    waits = 0;
    steps.push(did);
  }
  throw new Error(`no end screen after ${maxSteps} steps; last: ${steps.slice(-10).join(" | ")}`);
}

/** Opens NEW_LINK3 at `url`, plays `steps` automatic steps and shows the game screen of whoever holds the device. */
export async function newGameScreen(page, url, steps = 60) {
  await page.goto(url + NEW_LINK3);
  await page.waitForSelector("[data-handover]");
  for (let n = 0; n < steps; n++) await newAutoStep(page, n);
  if (await page.$("[data-dismiss-handover]")) await page.click("[data-dismiss-handover]");
  await page.waitForSelector("[data-score]");
}

/** Puts a record into the page's localStorage as a save (the envelope the app writes). */
export function putSave(page, id, summary, record) {
  return page.evaluate(
    ({ id, summary, record }) => {
      localStorage.setItem(`loewenherz/save/${id}`, JSON.stringify({ format: "loewenherz-save", version: 1, id, updated: Date.now(), summary, record }));
    },
    { id, summary, record },
  );
}
