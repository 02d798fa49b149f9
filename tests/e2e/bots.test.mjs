// Computer opponents at the table (issue 10): one person against computers plays a whole game
// of each edition through the UI (easy level, instant pace, to keep CI short); no hand-over
// screen ever appears; the saved record names the computers and the referee agrees with the
// end screen; the game menu answers while a computer thinks.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { autoStep, cliReplay, cliScores, finalScores, openApp, savedRecords } from "./game.mjs";
import { newAutoStep } from "./newed.mjs";

let app;
before(async () => {
  app = await openApp();
  await app.page.addInitScript(() => {
    window.__lhHandOvers = 0;
    new MutationObserver(() => {
      if (document.querySelector("[data-handover]")) window.__lhHandOvers++;
    }).observe(document, { childList: true, subtree: true });
  });
});
after(async () => {
  await app?.close();
});

/** Plays the person's part with `step` until the end screen, waiting while a computer thinks. */
async function playAgainstComputers(page, step, { maxSteps = 6000, maxMs = 150_000 } = {}) {
  const steps = [];
  const started = Date.now();
  let waits = 0;
  for (let n = 0; n < maxSteps && Date.now() - started < maxMs; n++) {
    const did = await step(page, n);
    if (did === "over") return steps;
    if (did === "wait") {
      const thinking = await page.locator("[data-thinking]").count();
      if (!thinking && ++waits > 100) throw new Error(`stuck: nothing to tap after ${steps.slice(-10).join(" | ")}`);
      await page.waitForTimeout(thinking ? 5 : 20);
      continue;
    }
    waits = 0;
    steps.push(did);
  }
  throw new Error(`no end screen; last: ${steps.slice(-10).join(" | ")}`);
}

async function fresh(page, url) {
  await page.goto(url);
  await page.evaluate(() => localStorage.clear());
}

const games = [
  { edition: "classic", link: "?game=classic&players=red,yellow,purple,grey&setup=basic&seed=11&bots=yellow:easy,purple:easy,grey:easy&pace=instant", players: ["red", "yellow", "purple", "grey"], step: autoStep, bots: "yellow:easy purple:easy grey:easy" },
  { edition: "new", link: "?game=new&players=red,blue,orange,yellow&seed=4&bots=red:easy,orange:easy,yellow:easy&pace=instant", players: ["red", "blue", "orange", "yellow"], step: newAutoStep, bots: "red:easy orange:easy yellow:easy" },
];

for (const g of games) {
  test(`one person against three computers plays a whole ${g.edition} game, with no hand-over screen`, { timeout: 180_000 }, async () => {
    const { page, srv } = app;
    await fresh(page, srv.url);
    await page.goto(srv.url + g.link);
    await page.waitForSelector(".game");
    const steps = await playAgainstComputers(page, g.step);
    assert.ok(steps.length > 20, `the person played (${steps.length} steps)`);
    await page.waitForSelector("[data-game-over]");
    assert.equal(await page.evaluate(() => window.__lhHandOvers), 0, "no hand-over screen with one person");
    const rows = await page.$$eval("[data-final]", (rs) => rs.map((r) => r.getAttribute("data-final")));
    assert.deepEqual([...rows].sort(), [...g.players].sort());
    const [save] = await savedRecords(page);
    assert.ok(save.record.includes(`[Bots "${g.bots}"]`), "the record names the computers");
    assert.deepEqual(cliScores(cliReplay(save.record)), await finalScores(page), "the referee agrees with the end screen");
    assert.deepEqual(app.errors, []);
  });
}

test("the game menu answers while a computer thinks; the person's secrets stay on screen", { timeout: 60_000 }, async () => {
  const { page, srv } = app;
  await fresh(page, srv.url);
  // Red (a hard computer) is the start player: it thinks first, at the normal pace.
  await page.goto(srv.url + "?game=classic&players=red,yellow,purple&setup=basic&seed=5&bots=red:hard,purple:hard");
  await page.waitForSelector('[data-thinking="red"]');
  assert.ok((await page.locator('[data-private="yellow"]').count()) >= 1, "yellow's own panel is shown");
  assert.equal(await page.locator("[data-private]:not([data-private=yellow])").count(), 0);
  const t0 = Date.now();
  await page.click("[data-menu]");
  await page.waitForSelector("[data-share-link]", { timeout: 2000 });
  const answered = Date.now() - t0;
  assert.ok((await page.locator("[data-thinking]").count()) === 1, "the computer was still thinking");
  assert.ok(answered < 1000, `the menu answered in ${answered} ms`);
  assert.match(await page.inputValue("[data-share-link]"), /&bots=red:hard,purple:hard$/, "share this setup keeps the computers");
});
