// Whole games through the UI, by a deterministic player that taps only what the DOM
// offers (game.mjs autoStep): hand-overs, announcements, decisions, offers/accept/duel,
// bids of 0, politics piles, borders, knights/expansions, confirm/done, "Continue
// without". Each ends on the end screen with one final row per player; the saved record
// replayed by the command-line referee gives the same final scores.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { cliReplay, cliScores, finalScores, leaks, openApp, playToEnd, savedRecords } from "./game.mjs";

let app;
before(async () => {
  app = await openApp();
});
after(async () => {
  await app?.close();
});

const games = [
  { name: "3 players, basic setup", link: "?game=classic&players=red,yellow,purple&setup=basic&seed=42&names=Ann,Ben,Cleo", players: ["red", "yellow", "purple"] },
  { name: "4 players, basic setup", link: "?game=classic&players=red,yellow,purple,grey&setup=basic&seed=5", players: ["red", "yellow", "purple", "grey"] },
  { name: "2 players, variable setup (castles placed by tapping)", link: "?game=classic&players=yellow,purple&setup=variable&seed=3", players: ["yellow", "purple"] },
];

for (const g of games) {
  test(`a whole game to its end screen: ${g.name}`, { timeout: 90_000 }, async () => {
    const { page, srv } = app;
    await page.goto(srv.url);
    await page.evaluate(() => localStorage.clear());
    await page.goto(srv.url + g.link);
    await page.waitForSelector("[data-handover]");
    const steps = await playToEnd(page, { maxSteps: 5000 });
    assert.ok(steps.length > 50, `a real game (${steps.length} steps)`);

    await page.waitForSelector("[data-game-over]");
    const rows = await page.$$eval("[data-final]", (rs) => rs.map((r) => r.getAttribute("data-final")));
    assert.deepEqual([...rows].sort(), [...g.players].sort(), "one final row per player (no neutral)");
    const shown = await finalScores(page);
    for (const c of g.players) assert.ok(Number.isInteger(shown[c]) && shown[c] >= 0, `${c}'s final score`);
    assert.match(await page.locator("[data-game-over] h1").innerText(), /Löwenherz!/);
    assert.deepEqual(await leaks(page), [], "nothing private behind any hand-over screen");

    // The saved record is finished and the referee agrees on the scores.
    const saves = await savedRecords(page);
    assert.equal(saves.length, 1);
    assert.match(saves[0].summary, /finished/);
    const summary = cliReplay(saves[0].record);
    assert.equal(summary.over, true);
    assert.deepEqual(cliScores(summary), shown);
    assert.deepEqual(app.errors, []);
  });
}
