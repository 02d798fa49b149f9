// "Your games" (issue 32): every game played to its end on this device is kept once, listed
// newest first with statistics per name (which survive a reload and show in a second tab),
// replayed, exported, deleted with Undo; an unreadable kept game is named and loses nothing;
// when storage runs short the oldest games go, with a word on screen.
//
// Games end fast: the referee plays a whole game, the last moves are cut off, and the record
// goes into the page as a save that the page continues to its end screen.
import AxeBuilder from "@axe-core/playwright";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { VIEWPORT, cliReplay, cliScores, openApp, playToEnd, savedRecords, watchHandOvers } from "./game.mjs";
import { newPlayToEnd, putSave, refereePlay } from "./newed.mjs";

let app;
before(async () => {
  app = await openApp();
});
after(async () => {
  await app?.close();
});

const CLASSIC = { id: "g1-classic", edition: "classic", players: 3, seed: 7, names: "Ann, Ben, Cleo", bots: "purple:easy", play: playToEnd };
const NEW = { id: "g2-new", edition: "new", players: 2, seed: 7, names: "Ann, Ben", play: newPlayToEnd };

/** A referee's whole game without its last `cut` moves, with names (and computer seats). */
function nearlyOver(g, cut = 2) {
  const lines = refereePlay(g.edition, g.players, g.seed).trimEnd().split("\n");
  const heads = lines.filter((l) => l.startsWith("["));
  const moves = lines.filter((l) => l.trim() && !l.startsWith("["));
  const extra = [`[Names "${g.names}"]`, ...(g.bots ? [`[Bots "${g.bots}"]`] : [])];
  return [...heads, ...extra, ...moves.slice(0, -cut)].join("\n") + "\n";
}

/** Every kept game as stored: [[key, text], …] by key. */
function kept(page) {
  return page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith("loewenherz/history/"))
      .sort()
      .map((k) => [k, localStorage.getItem(k)]),
  );
}

/** Continues game `g` from a save near its end and plays it to the end screen. */
async function finish(page, g) {
  await page.goto(app.srv.url);
  await putSave(page, g.id, "nearly over", nearlyOver(g));
  await page.goto("about:blank");
  await page.goto(`${app.srv.url}#game=${g.id}`);
  await page.waitForSelector("[data-handover], .game");
  await g.play(page, { maxSteps: 400 });
  await page.waitForSelector("[data-game-over]");
}

/** Opens "Your games" from the start screen. */
async function openGames(page) {
  await page.goto("about:blank");
  await page.goto(app.srv.url);
  await page.click("[data-games]");
  await page.waitForSelector("[data-games-screen] [data-kept]");
}

/** The serious and critical accessibility violations on the page now (axe-core). */
async function audit(page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
}

/** The games listed, top to bottom. */
function rows(page) {
  return page.$$eval("[data-games-screen] [data-game]", (rs) => rs.map((r) => r.getAttribute("data-game")));
}

const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
const tally = (games, wins) => `${plural(games, "game", "games")} · ${plural(wins, "win", "wins")} · ${Math.round((wins * 100) / games)} %`;

test("two finished games are kept once each, listed with statistics that survive a reload and show in a second tab; delete has Undo", { timeout: 120_000 }, async () => {
  const a = app.page;
  await a.goto(app.srv.url);
  await a.evaluate(() => localStorage.clear());
  assert.deepEqual(await kept(a), []);

  // The Classic game ends: it is kept with its seats, scores, winners and record.
  await finish(a, CLASSIC);
  const [save] = await savedRecords(a);
  const referee = cliReplay(save.record);
  assert.equal(referee.over, true);
  let stored = await kept(a);
  assert.deepEqual(stored.map(([k]) => k), [`loewenherz/history/${CLASSIC.id}`]);
  const classic = JSON.parse(stored[0][1]);
  assert.equal(classic.format, "loewenherz-history");
  assert.equal(classic.version, 1);
  assert.equal(classic.edition, "classic");
  assert.equal(classic.record, save.record);
  assert.deepEqual(classic.seats.map((s) => [s.colour, s.name, s.who]), [["red", "Ann", "person"], ["yellow", "Ben", "person"], ["purple", "Cleo", "easy"]]);
  assert.deepEqual(Object.fromEntries(classic.seats.map((s) => [s.colour, s.score])), cliScores(referee));
  assert.deepEqual(classic.seats.filter((s) => s.won).map((s) => s.colour).sort(), [...referee.winners].sort());

  // Its end screen drawn again — after reloads and in a second tab — keeps it once, unchanged.
  await a.reload();
  await a.waitForSelector("[data-game-over], [data-handover]");
  const b = await app.b.browser.newPage({ viewport: VIEWPORT });
  await watchHandOvers(b);
  try {
    await b.goto(`${app.srv.url}#game=${CLASSIC.id}`);
    await b.waitForSelector("[data-game-over], [data-handover]");
    await a.reload();
    await a.waitForSelector("[data-game-over], [data-handover]");
    assert.deepEqual(await kept(a), stored, "kept once, never written again");

    // The New Edition game ends too.
    await finish(a, NEW);
    stored = await kept(a);
    assert.equal(stored.length, 2);
    const nw = JSON.parse(stored.find(([k]) => k.endsWith(NEW.id))[1]);
    assert.equal(nw.edition, "new");
    assert.ok(nw.ended >= classic.ended);

    // "Your games": newest first, and Ann's statistics over both.
    await openGames(a);
    assert.deepEqual(await rows(a), [NEW.id, CLASSIC.id]);
    const ann = [classic, nw].map((e) => e.seats.find((s) => s.name === "Ann"));
    const wins = ann.filter((s) => s.won).length;
    const card = a.locator('[data-stat="Ann"]');
    assert.equal(await card.locator("[data-tally]").innerText(), tally(2, wins));
    const [x, y] = ann.map((s) => s.score);
    assert.equal(await card.locator("[data-scores]").innerText(), `best ${Math.max(x, y)} · average ${((x + y) / 2).toFixed(1)}`);
    const byEdition = `Classic: ${tally(1, ann[0].won ? 1 : 0)}\nNew Edition: ${tally(1, ann[1].won ? 1 : 0)}`;
    assert.equal(await card.locator("[data-by-edition]").innerText(), byEdition);
    assert.equal(await card.locator("[data-by-players]").innerText(), `2 players: ${tally(1, ann[1].won ? 1 : 0)}\n3 players: ${tally(1, ann[0].won ? 1 : 0)}`);
    assert.equal(await card.locator("svg.chart rect").count(), 2, "a bar per game");
    assert.equal(await card.locator("svg.chart rect.won").count(), wins);
    assert.match(await a.locator('[data-stat="Cleo"] h3').innerText(), /Computer · easy/);
    assert.match(await a.locator(`[data-game="${CLASSIC.id}"]`).innerText(), /Cleo\s*Computer · easy/);
    assert.doesNotMatch(await a.locator(`[data-game="${CLASSIC.id}"]`).innerText(), /Person/, "a person at this device needs no label");
    const statsText = await a.locator("[data-stats]").innerText();
    assert.deepEqual(await audit(a), [], "no serious or critical accessibility violations");

    // After a reload, and in the second tab, the same.
    await openGames(a);
    assert.equal(await a.locator("[data-stats]").innerText(), statsText);
    await openGames(b);
    assert.equal(await b.locator("[data-stats]").innerText(), statsText);
    assert.deepEqual(await rows(b), [NEW.id, CLASSIC.id]);

    // Delete the Classic game: gone here, in storage and in the other tab; Undo brings it back as it was.
    const before = await kept(a);
    await a.click(`[data-game="${CLASSIC.id}"] [data-delete-game]`);
    assert.deepEqual(await rows(a), [NEW.id]);
    assert.match(await a.locator(".game-row.deleted").innerText(), /Deleted: Classic · Ann, Ben, Cleo/);
    assert.equal((await kept(a)).length, 1);
    assert.equal(await a.locator('[data-stat="Ann"] [data-tally]').innerText(), tally(1, ann[1].won ? 1 : 0));
    await b.waitForFunction(() => document.querySelectorAll("[data-games-screen] [data-game]").length === 1);
    await a.click(`[data-undo-game="${CLASSIC.id}"]`);
    assert.deepEqual(await rows(a), [NEW.id, CLASSIC.id]);
    assert.deepEqual(await kept(a), before, "put back exactly as it was");
    assert.equal(await a.locator("[data-stats]").innerText(), statsText);
    await b.waitForFunction(() => document.querySelectorAll("[data-games-screen] [data-game]").length === 2);

    // Replay it to its end, and back to the list.
    await a.click(`[data-game="${CLASSIC.id}"] [data-replay-game]`);
    await a.waitForSelector("[data-replay]");
    await a.click("[data-replay-last]");
    await a.waitForSelector("[data-replay-over]");
    await a.click("[data-replay-close]");
    await a.waitForSelector("[data-games-screen]");

    // Export the New Edition game's record.
    const [download] = await Promise.all([a.waitForEvent("download"), a.click(`[data-game="${NEW.id}"] [data-export-game]`)]);
    assert.equal(readFileSync(await download.path(), "utf8"), nw.record);

    await a.click("[data-games-back]");
    await a.waitForSelector("[data-games]");

    // A game deleted from the list stays deleted when its end screen is drawn again.
    await openGames(a);
    await a.click(`[data-game="${CLASSIC.id}"] [data-delete-game]`);
    await a.goto("about:blank");
    await a.goto(`${app.srv.url}#game=${CLASSIC.id}`);
    await a.waitForSelector("[data-game-over], [data-handover]");
    if (await a.$("[data-dismiss-handover]")) await a.click("[data-dismiss-handover]");
    await a.waitForSelector("[data-game-over]");
    await a.reload();
    await a.waitForSelector("[data-game-over], [data-handover]");
    assert.deepEqual((await kept(a)).map(([k]) => k), [`loewenherz/history/${NEW.id}`]);
    assert.deepEqual(app.errors, []);
  } finally {
    await b.close();
  }
});

test("an unreadable kept game is named and kept; storage running short drops the oldest games with a word", { timeout: 90_000 }, async () => {
  const page = await app.b.browser.newPage({ viewport: VIEWPORT });
  await watchHandOvers(page);
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  try {
    // The browser refuses a fifth kept game (counting the ones it can't read).
    await page.addInitScript(() => {
      const original = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key, value) {
        const kept = Object.keys(localStorage).filter((k) => k.startsWith("loewenherz/history/"));
        if (String(key).startsWith("loewenherz/history/") && !kept.includes(key) && kept.length >= 4) {
          throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
        }
        return original.call(this, key, value);
      };
    });
    await page.goto(app.srv.url);
    await page.evaluate(() => localStorage.clear());
    const record = refereePlay("classic", 2, 3);
    const old = (id, ended) => JSON.stringify({ format: "loewenherz-history", version: 1, id, edition: "classic", ended, seats: [{ colour: "yellow", name: "Ann", who: "person", score: 9, won: true }, { colour: "purple", name: "Dan", who: "person", score: 4 }], record });
    const strange = { "loewenherz/history/bad": "{oops", "loewenherz/history/future": JSON.stringify({ format: "loewenherz-history", version: 9, id: "future" }) };
    await page.evaluate(({ strange, a, b }) => {
      for (const [k, v] of Object.entries(strange)) localStorage.setItem(k, v);
      localStorage.setItem("loewenherz/history/old1", a);
      localStorage.setItem("loewenherz/history/old2", b);
    }, { strange, a: old("old1", 1000), b: old("old2", 2000) });

    // Unreadable ones are listed with why; the readable ones are counted.
    await page.click("[data-games]");
    await page.waitForSelector("[data-games-screen] [data-kept]");
    assert.deepEqual(await rows(page), ["bad", "future", "old2", "old1"]);
    assert.match(await page.locator('[data-game="bad"]').innerText(), /can't be read: it is damaged \(it is not readable JSON\)\. It is left as it is\./);
    assert.match(await page.locator('[data-game="future"]').innerText(), /newer version of the game \(format 9\)/);
    assert.equal(await page.locator('[data-stat="Ann"] [data-tally]').innerText(), tally(2, 2));

    // A game ends: the oldest readable game makes room, the unreadable ones stay as they were.
    await finish(page, { ...CLASSIC, id: "g3-classic" });
    const keys = (await kept(page)).map(([k]) => k.slice("loewenherz/history/".length));
    assert.deepEqual(keys, ["bad", "future", "g3-classic", "old2"]);
    const texts = Object.fromEntries(await kept(page));
    for (const [k, v] of Object.entries(strange)) assert.equal(texts[k], v, `${k} untouched`);

    await openGames(page);
    assert.match(await page.locator("[data-dropped]").innerText(), /^Storage ran short: the 1 oldest game was dropped from your games.\s*OK$/);
    await page.click("[data-dropped-seen]");
    assert.equal(await page.locator("[data-dropped]").count(), 0);
    await openGames(page);
    assert.equal(await page.locator("[data-dropped]").count(), 0, "said once");
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});
