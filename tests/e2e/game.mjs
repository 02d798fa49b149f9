// Test helpers for driving the Löwenherz UI through its DOM hooks (data-* attributes).
// Used by the *.test.mjs files in this directory.
import assert from "node:assert/strict";
import { launchBrowser } from "./browser.mjs";
import { DIST } from "./helpers.mjs";
import { startServer } from "./server.mjs";

export const LINK3 = "?game=classic&players=red,yellow,purple&setup=basic&seed=42&names=Ann,Ben,Cleo";
export const VIEWPORT = { width: 1280, height: 900 };

/** Serves dist/ at "/" and launches a fresh browser. Returns { srv, b, page, close }. */
export async function openApp() {
  const srv = await startServer({ root: DIST, base: "/" });
  const b = await launchBrowser();
  const page = await b.browser.newPage({ viewport: VIEWPORT });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await watchHandOvers(page);
  return {
    srv,
    b,
    page,
    errors,
    close: async () => {
      await b.close();
      await srv.close();
    },
  };
}

/**
 * Installs (before any page script) a MutationObserver that records every moment a
 * hand-over screen and a private element are in the DOM together. Read with `leaks(page)`.
 */
export async function watchHandOvers(page) {
  await page.addInitScript(() => {
    window.__lhLeaks = [];
    const check = () => {
      const ho = document.querySelector("[data-handover]");
      if (!ho) return;
      const priv = [...document.querySelectorAll("[data-private]")];
      if (priv.length) window.__lhLeaks.push(`${ho.getAttribute("data-handover")}: ${priv.map((p) => p.getAttribute("data-private")).join(",")}`);
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  });
}

/** What the hand-over watcher recorded (empty: no leak). */
export function leaks(page) {
  return page.evaluate(() => window.__lhLeaks ?? ["watcher not installed"]);
}

/** Number of private elements in the DOM. */
export function privateCount(page) {
  return page.evaluate(() => document.querySelectorAll("[data-private]").length);
}

/** Waits for the hand-over screen of `colour`, checks nothing private is in the page, dismisses it. */
export async function handOver(page, colour) {
  await page.waitForSelector(`[data-handover="${colour}"]`, { timeout: 10_000 });
  assert.equal(await page.locator("[data-handover]").count(), 1);
  assert.equal(await privateCount(page), 0, `private elements in the DOM behind ${colour}'s hand-over screen`);
  await page.click("[data-dismiss-handover]");
  await page.waitForSelector(".game", { timeout: 10_000 });
}

/** Lays decision cards (one or two numbers) and confirms. */
export async function decide(page, ...numbers) {
  for (const n of numbers) await page.click(`[data-decision="${n}"]`);
  await page.click("[data-confirm-decision]");
}

/** Dismisses public announcements until none is shown; returns their texts. */
export async function dismissAnnouncements(page) {
  const seen = [];
  for (let i = 0; i < 20; i++) {
    const a = await page.$("[data-announcement]");
    if (!a) break;
    seen.push(await a.innerText());
    await page.click("[data-dismiss-announcement]");
  }
  return seen;
}

/** The scores on the power track: { red: 3, … } (the first number in `.pts`). */
export function scores(page) {
  return page.$$eval("[data-score]", (rows) =>
    Object.fromEntries(rows.map((r) => [r.getAttribute("data-score"), parseInt(r.querySelector(".pts").textContent, 10)])),
  );
}

/** The final scores on the end screen: { red: n, … } from the `.total` cells. */
export function finalScores(page) {
  return page.$$eval("[data-final]", (rows) =>
    Object.fromEntries(rows.map((r) => [r.getAttribute("data-final"), parseInt(r.querySelector(".total").textContent, 10)])),
  );
}

/** The board as the DOM shows it: borders, pieces, provinces, neutral zones. */
export function boardState(page) {
  return page.evaluate(() => ({
    borders: [...document.querySelectorAll("[data-border]")].map((e) => e.getAttribute("data-border")).sort(),
    pieces: [...document.querySelectorAll("[data-piece]")].map((e) => `${e.dataset.piece}:${e.dataset.colour}:${e.dataset.at}`).sort(),
    provinces: [...document.querySelectorAll("[data-province]")].map((e) => e.getAttribute("data-province")).sort(),
    zones: [...document.querySelectorAll("[data-neutral-zone]")].map((e) => e.getAttribute("data-neutral-zone")).sort(),
  }));
}

/** Legal border edges offered now. */
export function legalEdges(page) {
  return page.$$eval("[data-edge]", (es) => es.map((e) => e.getAttribute("data-edge")));
}

/** Highlighted target spaces now. */
export function targets(page) {
  return page.$$eval("[data-target]", (es) => es.map((e) => e.getAttribute("data-target")));
}

/**
 * One step of a deterministic "tap what the DOM offers" player, run inside the page
 * (fast: no round trip per query). Returns a short description of what it did, or
 * "over" at the end screen, or "wait" when nothing could be done yet.
 * `n` is the step number (used to vary decisions deterministically).
 */
export function autoStep(page, n, mark = false) {
  return page.evaluate(([n, mark]) => {
    const q = (s) => document.querySelector(s);
    const qa = (s) => [...document.querySelectorAll(s)];
    // `mark`: don't tap, only mark what would be tapped (`data-kbd-goal`) for keyStep.
    const tap = mark
      ? (el) => {
          for (const e of document.querySelectorAll("[data-kbd-goal]")) e.removeAttribute("data-kbd-goal");
          el.setAttribute("data-kbd-goal", "");
        }
      : (el) => el.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, view: window }));
    if (q("[data-game-over]")) return "over";
    const ann = q("[data-dismiss-announcement]");
    if (ann) {
      tap(ann);
      return "announcement";
    }
    const ho = q("[data-handover]");
    if (ho) {
      if (document.querySelectorAll("[data-private]").length !== 0) return "LEAK:" + ho.getAttribute("data-handover");
      tap(q("[data-dismiss-handover]"));
      return "handover " + ho.getAttribute("data-handover");
    }
    const without = q("[data-politics-pass]");
    if (without) {
      tap(without);
      return "politics: continue without";
    }
    const mustConfirm = q(".confirm.primary");
    if (mustConfirm) {
      tap(mustConfirm);
      return "confirm";
    }
    const decisions = qa("[data-decision]");
    if (decisions.length) {
      const k = (window.__lhDecisions ??= 0);
      const two = q("[data-confirm-decision]").getAttribute("data-confirm-decision") === "2";
      const a = (k * 7) % 3;
      const picks = two ? [a, (a + 1 + (k % 2)) % 3] : [a];
      const next = picks.map((p) => decisions[p]).find((d) => !d.classList.contains("active"));
      if (next) {
        tap(next);
        return "pick " + next.getAttribute("data-decision");
      }
      const c = q("[data-confirm-decision]");
      if (c.disabled) return "wait";
      window.__lhDecisions = k + 1;
      tap(c);
      return "decide " + picks.map((p) => p + 1).join("+");
    }
    const accept = q("[data-accept]");
    if (accept) {
      tap(accept);
      return "accept";
    }
    const offer = q("[data-offer]");
    const duel = q("[data-duel]");
    if (offer && n % 2 === 0) {
      tap(offer);
      return "offer";
    }
    if (duel) {
      tap(duel);
      return "duel";
    }
    const seal = q("[data-seal-bid]");
    if (seal) {
      tap(seal);
      return "bid 0";
    }
    const take = q("[data-take]");
    if (take) {
      tap(take);
      return "take " + take.getAttribute("data-take");
    }
    const pile = qa("[data-open-pile]").find((b) => !b.disabled);
    if (pile) {
      tap(pile);
      return "open pile " + pile.getAttribute("data-open-pile");
    }
    const edges = qa("[data-edge]");
    if (edges.length) {
      const e = edges[(n * 13) % edges.length];
      tap(e);
      return "border " + e.getAttribute("data-edge");
    }
    const spaces = qa("[data-target]")
      .map((t) => t.getAttribute("data-target"))
      .filter((s) => q(`[data-space="${s}"]`).getAttribute("data-terrain") !== "forest");
    if (spaces.length && !window.__lhTried?.[spaces.join()]) {
      const s = spaces[(n * 5) % spaces.length];
      // Remember the offer, so a tap that makes no move can't loop forever.
      window.__lhTried = { [spaces.join()]: true };
      tap(q(`[data-space="${s}"]`));
      return "tap " + s;
    }
    const confirm = q(".confirm");
    if (confirm) {
      tap(confirm);
      return "confirm";
    }
    const done = q(".done");
    if (done) {
      tap(done);
      return "done";
    }
    return "wait";
  }, [n, mark]);
}

/**
 * autoStep's player on the keyboard only: what it would tap is reached with Tab (a control)
 * or with Tab to the board and the arrow keys (a space or an edge), then Enter. No mouse or
 * pointer event is made.
 */
export async function keyStep(page, n) {
  const did = await autoStep(page, n, true);
  if (did === "over" || did === "wait" || did.startsWith("LEAK")) return did;
  const goal = await page.evaluate(() => {
    const g = document.querySelector("[data-kbd-goal]");
    if (g.matches("[data-space]")) return g.getAttribute("data-space");
    return g.closest("[data-edge]")?.getAttribute("data-edge") ?? null;
  });
  if (goal) {
    await tabTo(page, "svg.board");
    await arrowsTo(page, goal);
  } else {
    await tabTo(page, "[data-kbd-goal]");
  }
  await page.keyboard.press("Enter");
  return did;
}

/** Presses Tab until the focused element matches `selector`. */
async function tabTo(page, selector) {
  for (let i = 0; i < 300; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** The board's keyboard lattice point of a space ("c3") or an edge ("c3-d3"): src/app/render.rs `Cursor`. */
function lattice(name) {
  const at = (s) => [s.charCodeAt(0) - 97, parseInt(s.slice(1), 10) - 1];
  const [a, b] = name.split("-").map(at);
  return b ? [a[0] + b[0] + 1, a[1] + b[1] + 1] : [2 * a[0] + 1, 2 * a[1] + 1];
}

/** Moves the board's keyboard cursor (its `data-cursor`) onto `name` with the arrow keys. */
async function arrowsTo(page, name) {
  const [x1, y1] = lattice(name);
  for (let i = 0; i < 200; i++) {
    const at = await page.getAttribute("svg.board", "data-cursor");
    if (at === name) return;
    const [x0, y0] = lattice(at);
    let key;
    if (x0 !== x1 && y0 % 2 === 0) key = y1 > y0 || y0 === 0 ? "ArrowDown" : "ArrowUp"; // off a row of edges first
    else if (x0 !== x1) key = x1 > x0 ? "ArrowRight" : "ArrowLeft";
    else key = y1 > y0 ? "ArrowDown" : "ArrowUp";
    await page.keyboard.press(key);
  }
  throw new Error(`the cursor never reached ${name}`);
}

/**
 * Plays on with autoStep until the end screen. Returns the list of steps taken.
 * Throws if a hand-over screen shows private elements or after `maxSteps`.
 */
export async function playToEnd(page, { maxSteps = 4000, log = false } = {}) {
  const steps = [];
  let waits = 0;
  for (let n = 0; n < maxSteps; n++) {
    const did = await autoStep(page, n);
    if (log) console.log(n, did);
    if (did.startsWith("LEAK")) throw new Error(`private elements behind the hand-over screen (${did})`);
    if (did === "over") return steps;
    if (did === "wait") {
      if (++waits > 50) throw new Error(`stuck: nothing to tap after ${steps.slice(-10).join(" | ")}`);
      await page.waitForTimeout(20);
      continue;
    }
    waits = 0;
    steps.push(did);
  }
  throw new Error(`no end screen after ${maxSteps} steps; last: ${steps.slice(-10).join(" | ")}`);
}

// ---- The command-line referee (cross-checks the browser's results) ----

import { execFileSync } from "node:child_process";
import { deflateRawSync } from "node:zlib";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO = fileURLToPath(new URL("../../", import.meta.url));
export const CLI = join(REPO, "target/release/loewenherz-cli");

/**
 * The referee binary: $LOEWENHERZ_CLI (scripts/test.sh points it at the one `cargo test` has
 * just built and tested, so the suite builds no second copy), else the release CLI, built once
 * if missing.
 */
export function cli() {
  if (process.env.LOEWENHERZ_CLI) return process.env.LOEWENHERZ_CLI;
  if (!existsSync(CLI)) {
    execFileSync("cargo", ["build", "--release", "--offline", "--bin", "loewenherz-cli"], { cwd: REPO, stdio: "inherit" });
  }
  return CLI;
}

/** `loewenherz-cli play --players n --seed s`: a finished bot game's record. */
export function cliPlay(players, seed) {
  return execFileSync(cli(), ["play", "--players", String(players), "--seed", String(seed)], { encoding: "utf8" });
}

/** `loewenherz-cli replay` of a record text: the final state as parsed JSON. */
export function cliReplay(record) {
  const dir = mkdtempSync(join(tmpdir(), "loewenherz-record-"));
  const file = join(dir, "record.txt");
  writeFileSync(file, record);
  return JSON.parse(execFileSync(cli(), ["replay", file], { encoding: "utf8" }));
}

/** { colour: score } of the CLI's replay JSON. */
export function cliScores(summary) {
  return Object.fromEntries(Object.entries(summary.players).map(([c, p]) => [c, p.score]));
}

/** The records of every saved game in the page's localStorage: [{ id, record, summary }]. */
export function savedRecords(page) {
  return page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith("loewenherz/save/"))
      .map((k) => {
        try {
          const f = JSON.parse(localStorage.getItem(k));
          return { id: f.id, record: f.record, summary: f.summary };
        } catch {
          return { id: k, record: null };
        }
      }),
  );
}

/** Plays `count` autoStep steps (stops early at the end screen). */
export async function playSteps(page, count) {
  for (let n = 0, done = 0; done < count && n < count * 4; n++) {
    const did = await autoStep(page, n);
    if (did.startsWith("LEAK")) throw new Error(`private elements behind the hand-over screen (${did})`);
    if (did === "over") return;
    if (did === "wait") await page.waitForTimeout(20);
    else done++;
  }
}

/** The `?record=` parameter the app makes for a record: raw deflate, base64url. */
export function recordParam(record) {
  return deflateRawSync(Buffer.from(record, "utf8"), { level: 9 }).toString("base64url");
}
