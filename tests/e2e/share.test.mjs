// Sharing records: export from the game menu (a download), import into a fresh browser
// profile from the file, paste a record, and open a `?record=` replay link. Scores after
// stepping to the end are checked against the command-line referee (`loewenherz-cli replay`).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import {
  LINK3,
  cliPlay,
  cliReplay,
  cliScores,
  finalScores,
  openApp,
  playSteps,
  playToEnd,
  recordParam,
  savedRecords,
  scores,
} from "./game.mjs";

let app;
let fresh;
before(async () => {
  app = await openApp();
});
after(async () => {
  await fresh?.close();
  await app?.close();
});

/** Steps a replay to its end and returns the track's scores. */
async function replayToEnd(page) {
  await page.waitForSelector("[data-replay]");
  await page.click("[data-replay-last]");
  const status = await page.locator("[data-replay-status]").innerText();
  const m = status.match(/^Move (\d+) of (\d+)/);
  assert.ok(m, `replay status: ${status}`);
  assert.equal(m[1], m[2], "at the last move");
  return { scores: await scores(page), moves: Number(m[2]) };
}

test("export a game from the menu, import the file in a fresh browser, replay to the same scores", async () => {
  const { page, srv } = app;
  await page.goto(srv.url + LINK3);
  await page.waitForSelector("[data-handover]");
  // Play some rounds, then stop on a player's screen with nothing staged.
  await playSteps(page, 150);
  for (let i = 0; i < 10 && !(await page.locator("[data-menu]").count()); i++) await playSteps(page, 1);
  while ((await page.locator(".undo").count()) || !(await page.locator("[data-menu]").count())) await playSteps(page, 1);
  const original = await scores(page);
  assert.ok(Object.values(original).some((v) => v > 0), `some scores after a few rounds: ${JSON.stringify(original)}`);
  const [saved] = await savedRecords(page);

  await page.click("[data-menu]");
  assert.match(await page.inputValue("[data-share-link]"), /\?game=classic&players=red,yellow,purple&setup=basic&seed=42&names=Ann,Ben,Cleo$/);
  // Mid-game the record reveals every hidden card: it comes only after a plain warning.
  assert.equal(await page.locator("[data-export], [data-copy-replay-link]").count(), 0, "no record before the warning is confirmed");
  await page.click("[data-reveal-record]");
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("[data-export]")]);
  assert.match(download.suggestedFilename(), /^loewenherz-.*\.txt$/);
  const file = await download.path();
  const record = readFileSync(file, "utf8");
  assert.equal(record, saved.record, "the download is the saved record");
  assert.match(record, /^\[Edition "classic"\]/);
  const referee = cliReplay(record);
  assert.deepEqual(cliScores(referee), original, "the referee agrees with the track");

  fresh = await openApp();
  const p2 = fresh.page;
  await p2.goto(fresh.srv.url);
  await p2.waitForSelector("[data-start]");
  assert.equal(await p2.locator("[data-save]").count(), 0, "a fresh profile has no saves");
  await p2.evaluate(() => { document.querySelector("[data-more]").open = true; }); // import lives under "More"
  await p2.setInputFiles("[data-import-file]", file);
  const replayed = await replayToEnd(p2);
  assert.deepEqual(replayed.scores, original);
  assert.equal(replayed.moves, record.split("\n").filter((l) => /^(red|yellow|purple|grey) /.test(l)).length);
  assert.equal(await p2.locator("[data-private]").count(), 0, "a replay shows public information only");
  // Opening a replay does not create a saved game.
  assert.equal(await p2.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("loewenherz/save/")).length), 0);
  assert.deepEqual(fresh.errors, []);
  await fresh.close();
  fresh = undefined;
});

test("a finished CLI game pasted as a record replays to the referee's final scores", async () => {
  const { page, srv } = app;
  const record = cliPlay(3, 7);
  const expected = cliScores(cliReplay(record));
  await page.goto(srv.url);
  await page.waitForSelector("[data-start]");
  await page.evaluate(() => { document.querySelector("[data-more]").open = true; }); // import lives under "More"
  await page.fill("[data-import-text]", record);
  await page.click("[data-import]");
  const { scores: got } = await replayToEnd(page);
  assert.deepEqual(got, expected);
  assert.equal(await page.locator("[data-replay-over]").count(), 1);
  // Stepping works both ways from the end.
  await page.click("[data-replay-first]");
  assert.match(await page.locator("[data-replay-status]").innerText(), /^Move 0 of/);
  await page.click("[data-replay-next]");
  assert.match(await page.locator("[data-replay-status]").innerText(), /^Move 1 of/);
  assert.equal(await page.locator("[data-replay-over]").count(), 0);
});

test("a ?record= link made like the app's opens the replay", async () => {
  const { page, srv } = app;
  const record = cliPlay(4, 11);
  const expected = cliScores(cliReplay(record));
  await page.goto(srv.url + "?record=" + recordParam(record));
  const { scores: got } = await replayToEnd(page);
  assert.deepEqual(got, expected);
  assert.equal(await page.locator("[data-replay-over]").count(), 1);
  assert.equal(new URL(page.url()).search, "", "the link's query is cleared");
  assert.deepEqual(app.errors, []);
});

test("a finished game can be exported from its end screen", async () => {
  const { page, srv } = app;
  await page.goto(srv.url + "?game=classic&players=yellow,purple&setup=variable&seed=3");
  await page.waitForSelector("[data-handover]");
  await playToEnd(page);
  const shown = await finalScores(page);
  // The record is most worth sharing once the game is over ("share it when the game is
  // over", says the menu), so the end screen must offer the export too.
  const exportButton = page.locator("[data-game-over] [data-export], [data-game-over] [data-menu]");
  assert.ok((await exportButton.count()) > 0, "[data-export] (or [data-menu]) on the end screen [data-game-over]");
  if (await page.locator("[data-game-over] [data-menu]").count()) await page.click("[data-game-over] [data-menu]");
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("[data-export]")]);
  const record = readFileSync(await download.path(), "utf8");
  assert.deepEqual(cliScores(cliReplay(record)), shown);
});

test("a game without a chosen seed draws a long one: the record keeps it, the menu's link never shows it mid-game", async () => {
  const { page, srv } = app;
  await page.goto(srv.url);
  await page.evaluate(() => localStorage.clear());
  const seeds = [];
  for (let i = 0; i < 2; i++) {
    await page.goto(srv.url + "?game=classic&players=red,yellow,purple&names=Ann,Ben,Cleo");
    await page.waitForSelector("[data-handover]");
    const records = await savedRecords(page);
    const m = records.map((r) => r.record?.match(/^\[Seed "(0x[0-9a-f]+)"\]$/m)).find(Boolean);
    assert.ok(m, "the saved record names a long seed");
    assert.ok(m[1].length - 2 >= 32 && m[1].length - 2 <= 64, `128 to 256 bits: ${m[1]}`);
    seeds.push(m[1]);
    await playSteps(page, 1);
    while (!(await page.locator("[data-menu]").count())) await playSteps(page, 1);
    await page.click("[data-menu]");
    const link = await page.inputValue("[data-share-link]");
    assert.doesNotMatch(link, /seed=/, `mid-game the shared setup deals anew: ${link}`);
    assert.ok(!link.includes(m[1].slice(2)), "the seed is nowhere in the link");
    await page.click(".menu-panel [data-close]");
    await page.evaluate(() => localStorage.clear());
  }
  assert.notEqual(seeds[0], seeds[1], "each game its own seed");
  // The referee plays and replays a game with a long seed.
  const text = cliPlay(3, seeds[0]);
  assert.ok(text.includes(`[Seed "${seeds[0]}"]`), "the referee keeps the long seed");
  assert.equal(cliReplay(text).seed, seeds[0], "and replays it");
});
