// Never lose a game (issue 12): the same game in two tabs, different games side by side, saves
// of the previous format, a crash, and deleting a save with a question and an undo.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { LINK3, REPO, VIEWPORT, autoStep, cliReplay, openApp, savedRecords, watchHandOvers } from "./game.mjs";
import { NEW_LINK3, newAutoStep, refereeReplay } from "./newed.mjs";

let app;
before(async () => {
  app = await openApp();
});
after(async () => {
  await app?.close();
});

/** A second tab in the same browser (same storage). */
async function secondTab() {
  const page = await app.b.browser.newPage({ viewport: VIEWPORT });
  await watchHandOvers(page);
  return page;
}

/** The save of `id` as stored: { revision, version, record }. */
function stored(page, id) {
  return page.evaluate((id) => JSON.parse(localStorage.getItem(`loewenherz/save/${id}`)), id);
}

/** The save id the page shows (from its address). */
async function shownId(page) {
  const hash = await page.evaluate(() => location.hash);
  assert.match(hash, /^#game=/);
  return hash.slice("#game=".length);
}

/** Clears the saves, opens `link` in `page` and returns the new game's save id. */
async function freshGame(page, link) {
  await page.goto(app.srv.url);
  await page.evaluate(() => localStorage.clear());
  await page.goto(app.srv.url + link);
  await page.waitForSelector("[data-handover]");
  return shownId(page);
}

/** Moves of a record (its lines that are not headers). */
const moves = (record) => record.split("\n").filter((l) => l.trim() && !l.startsWith("["));

/**
 * Plays with `step` until the save of `id` has grown by at least `count` moves (confirmed
 * moves only reach the save); returns the stored record.
 */
async function playMoves(page, step, id, count, from = 0) {
  const start = moves((await stored(page, id))?.record ?? "").length;
  for (let n = from; n < from + 600; n++) {
    const did = await step(page, n);
    assert.ok(!did.startsWith("LEAK"), did);
    const now = moves((await stored(page, id)).record).length;
    if (now >= start + count) return (await stored(page, id)).record;
  }
  throw new Error(`${count} moves weren't saved`);
}

/** The record as the game menu exports it (after its warning about hidden cards). */
async function exportRecord(page) {
  if (await page.$("[data-dismiss-handover]")) await page.click("[data-dismiss-handover]");
  await page.click("[data-menu]");
  await page.click("[data-reveal-record]");
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("[data-export]")]);
  const text = readFileSync(await download.path(), "utf8");
  await page.keyboard.press("Escape");
  return text;
}

test("a move in one tab is followed by the other tab, and the other tab's moves come after it", async () => {
  const a = app.page;
  const id = await freshGame(a, LINK3);
  const b = await secondTab();
  try {
    await b.goto(`${app.srv.url}#game=${id}`);
    await b.waitForSelector('[data-handover="red"]');
    const before = await stored(a, id);

    // Tab A plays on; tab B follows at once (storage event) and says why its screen changed.
    const recordA = await playMoves(a, autoStep, id, 6);
    const afterA = await stored(a, id);
    assert.ok(afterA.revision > before.revision, "every write raises the revision");
    await b.waitForSelector(".warning", { timeout: 5000 });
    assert.match(await b.locator(".warning").first().innerText(), /went on in another tab or window/);

    // Tab B acts from the position it now shows: A's moves stay, B's come after them.
    await playMoves(b, autoStep, id, 4, 1000);
    const exported = await exportRecord(b);
    assert.ok(exported.startsWith(recordA.trimEnd()), `A's moves kept in the exported record:\n${exported}`);
    assert.ok(moves(exported).length >= moves(recordA).length + 4);
    const referee = cliReplay(exported);
    assert.ok(referee.players.red, "the referee replays the record");
    // And A follows B in turn.
    await a.waitForSelector(".warning", { timeout: 5000 });
    assert.equal((await stored(a, id)).record, (await stored(b, id)).record);
  } finally {
    await b.close();
  }
  assert.deepEqual(app.errors, []);
});

test("a tab that missed the other tab's move never writes over it (New Edition)", async () => {
  const a = app.page;
  const id = await freshGame(a, NEW_LINK3);
  const b = await secondTab();
  try {
    // Tab B hears nothing of tab A (as a sleeping tablet's tab might): storage events are swallowed.
    await b.addInitScript(() => window.addEventListener("storage", (e) => e.stopImmediatePropagation(), true));
    await b.goto(`${app.srv.url}#game=${id}`);
    await b.waitForSelector('[data-handover="red"]');
    const recordA = await playMoves(a, newAutoStep, id, 5);
    const revisionA = (await stored(a, id)).revision;
    assert.equal(await b.locator(".warning").count(), 0, "B has not noticed yet");

    // B plays its own (older) position until it confirms a move: the write is refused, A's save
    // stays as it was, and B shows the latest position with the reason.
    for (let n = 0; n < 300 && (await b.locator(".warning").count()) === 0; n++) await newAutoStep(b, 2000 + n);
    await b.waitForSelector(".warning");
    assert.match(await b.locator(".warning").first().innerText(), /went on in another tab or window/);
    const now = await stored(a, id);
    assert.equal(now.record, recordA, "A's moves are not overwritten");
    assert.equal(now.revision, revisionA);

    // From there B goes on, after A's moves.
    await playMoves(b, newAutoStep, id, 3, 3000);
    const exported = await exportRecord(b);
    assert.ok(exported.startsWith(recordA.trimEnd()), "A's moves kept");
    refereeReplay(exported);
  } finally {
    await b.close();
  }
  assert.deepEqual(app.errors, []);
});

test("two different games in two tabs are saved side by side", async () => {
  const a = app.page;
  const idA = await freshGame(a, LINK3);
  const b = await secondTab();
  try {
    await b.goto(app.srv.url + NEW_LINK3);
    await b.waitForSelector("[data-handover]");
    const idB = await shownId(b);
    assert.notEqual(idA, idB);
    for (let round = 0; round < 3; round++) {
      await playMoves(a, autoStep, idA, 2, round * 100);
      await playMoves(b, newAutoStep, idB, 2, round * 100);
    }
    assert.equal(await a.locator(".warning").count(), 0);
    assert.equal(await b.locator(".warning").count(), 0);
    const saves = await savedRecords(a);
    assert.equal(saves.length, 2);
    cliReplay(saves.find((s) => s.id === idA).record);
    refereeReplay(saves.find((s) => s.id === idB).record);
    assert.ok(moves(saves.find((s) => s.id === idA).record).length >= 6);
    assert.ok(moves(saves.find((s) => s.id === idB).record).length >= 6);
  } finally {
    await b.close();
  }
  assert.deepEqual(app.errors, []);
});

test("saves of the previous format (fixtures) load, and are written in the new one", async () => {
  const page = app.page;
  await page.goto(app.srv.url);
  const fixtures = ["classic-v1.json", "new-v1.json"].map((f) => readFileSync(join(REPO, "tests/saves", f), "utf8").trim());
  await page.evaluate((texts) => {
    localStorage.clear();
    for (const t of texts) localStorage.setItem(`loewenherz/save/${JSON.parse(t).id}`, t);
  }, fixtures);
  await page.reload();
  for (const text of fixtures) {
    const save = JSON.parse(text);
    const row = page.locator(`[data-save="${save.id}"]`);
    await row.waitFor();
    assert.match(await row.innerText(), new RegExp(save.summary.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    await row.locator("[data-continue]").click();
    await page.waitForSelector("[data-handover]");
    const step = save.record.includes('[Edition "new"]') ? newAutoStep : autoStep;
    const record = await playMoves(page, step, save.id, 1);
    assert.ok(record.startsWith(save.record.trimEnd()), "the game went on from the saved position");
    const now = await stored(page, save.id);
    assert.equal(now.version, 2);
    assert.ok(now.revision >= 1);
    await page.goto(app.srv.url);
  }

  // A save from a newer version of the game: a clear message, its text kept under the backup
  // key, the other saves untouched.
  const newer = JSON.stringify({ ...JSON.parse(fixtures[0]), id: "g-newer", version: 3, revision: 9 });
  const others = await page.evaluate(() => Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)])));
  await page.evaluate((t) => localStorage.setItem("loewenherz/save/g-newer", t), newer);
  await page.reload();
  const row = page.locator('[data-save="g-newer"]');
  await row.waitFor();
  assert.match(await row.innerText(), /comes from a newer version of the game \(format 3\)/);
  assert.equal(await row.locator("[data-continue]").count(), 0);
  assert.equal(await page.evaluate(() => localStorage.getItem("loewenherz/backup/g-newer")), newer);
  assert.equal(await page.evaluate(() => localStorage.getItem("loewenherz/save/g-newer")), newer);
  for (const [k, v] of Object.entries(others)) assert.equal(await page.evaluate((k) => localStorage.getItem(k), k), v, k);
  assert.deepEqual(app.errors, []);
});

test("a crash shows what happened, and the reload continues from the last confirmed move", async () => {
  const page = app.page;
  const id = await freshGame(page, LINK3);
  const saved = await playMoves(page, autoStep, id, 5);
  await page.evaluate(() => localStorage.setItem("loewenherz/test/crash-on-move", "1"));
  const errors = app.errors.length;
  for (let n = 500; n < 600 && !(await page.$("[data-crash]")); n++) await autoStep(page, n);
  const crash = page.locator("[data-crash]");
  await crash.waitFor();
  assert.match(await crash.innerText(), /Something went wrong/);
  assert.match(await crash.innerText(), /saved up to the last confirmed move/);
  assert.equal(await page.locator(".app").count(), 0, "nothing of the game is left behind the message");
  assert.ok(app.errors.length > errors, "the panic reached the console");
  app.errors.length = errors;
  assert.equal((await stored(page, id)).record, saved, "the save is intact");

  await page.evaluate(() => localStorage.removeItem("loewenherz/test/crash-on-move"));
  await Promise.all([page.waitForEvent("load"), page.click("[data-reload]")]);
  await page.waitForSelector("[data-handover]");
  assert.equal((await stored(page, id)).record, saved);
  const record = await playMoves(page, autoStep, id, 2, 700);
  assert.ok(record.startsWith(saved.trimEnd()), "the game goes on from where it was");
  assert.deepEqual(app.errors, []);
});

test("deleting a save asks first and can be undone while the list is open", async () => {
  const page = app.page;
  await page.goto(app.srv.url);
  const fixture = readFileSync(join(REPO, "tests/saves/classic-v1.json"), "utf8").trim();
  const { id } = JSON.parse(fixture);
  await page.evaluate(
    ({ id, fixture }) => {
      localStorage.clear();
      localStorage.setItem(`loewenherz/save/${id}`, fixture);
    },
    { id, fixture },
  );
  await page.reload();
  const row = page.locator(`[data-save="${id}"]`);
  await row.locator("[data-delete]").click();
  assert.match(await row.innerText(), /Delete this game\?/);
  await row.locator("[data-keep]").click();
  assert.equal(await row.locator("[data-confirm-delete]").count(), 0);
  assert.equal(await page.evaluate((id) => localStorage.getItem(`loewenherz/save/${id}`), id), fixture);

  await row.locator("[data-delete]").click();
  await row.locator("[data-confirm-delete]").click();
  assert.equal(await row.count(), 0);
  assert.equal(await page.evaluate((id) => localStorage.getItem(`loewenherz/save/${id}`), id), null);
  assert.match(await page.locator(".save-row.deleted").innerText(), /Deleted: Classic · Ann, Ben, Cleo · round 3/);
  await page.click(`[data-undo-delete="${id}"]`);
  await row.waitFor();
  assert.equal(await page.evaluate((id) => localStorage.getItem(`loewenherz/save/${id}`), id), fixture, "back exactly as it was");
  assert.equal(await page.locator(".save-row.deleted").count(), 0);
  assert.deepEqual(app.errors, []);
});
