// The game in every engine (issue 39), written once against engines.mjs's page API and run in
// each engine of $E2E_ENGINES (scripts/test.sh runs Firefox and WebKit here; Chromium runs every
// other test file, and this one too when asked). Everything by real taps of the pointer:
// - Classic, 3 players: a whole game; midway a reload comes back to the same game (the same
//   save, the table, not the start screen); the referee replays the record to the end screen's
//   scores.
// - New Edition, 3 players: a whole game; the referee agrees (not in Firefox, which plays one as
//   the host of engines-net.test.mjs).
// - One person against three computers (the worker): a whole Classic game, no hand-over screen.
// - Offline: after a first visit, with the server gone, a reload comes from the service worker
//   and a new game plays a whole round.
// - A phone's width (390×844; MiniBrowser's window is never narrower than 447 px, so WebKit runs
//   at 447×844): the start screen and 80 steps of a game by taps, never wider than the screen.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { autoStep, cliReplay, cliScores, LINK3 } from "./game.mjs";
import { DIST } from "./helpers.mjs";
import { NEW_LINK3, newAutoStep, refereeReplay } from "./newed.mjs";
import { endScores, enginesWanted, openEngine, playByTaps, saves } from "./engines.mjs";
import { startServer } from "./server.mjs";

const BOTS = "?game=classic&players=red,yellow,purple,grey&setup=basic&seed=11&bots=yellow:easy,purple:easy,grey:easy&pace=instant";

/** Opens `url` with nothing saved before. */
async function fresh(page, srvUrl, link) {
  await page.goto(srvUrl);
  await page.waitFor("[data-start]");
  await page.evaluate(() => localStorage.clear());
  await page.goto(srvUrl + link);
}

/** The end screen's checks: one row per player, the referee's scores, no page error. */
async function checkEnd(page, players, replay) {
  await page.waitFor("[data-game-over]");
  const shown = await endScores(page);
  assert.deepEqual(Object.keys(shown).sort(), [...players].sort(), "one final row per player");
  const [save, ...more] = await saves(page);
  assert.equal(more.length, 0, "one save");
  assert.match(save.summary, /finished/);
  assert.deepEqual(cliScores(replay(save.record)), shown, "the referee's scores are the end screen's");
  assert.equal(await page.count("[data-crash]"), 0, "no crash screen");
  assert.deepEqual(await page.errors(), [], "no page errors");
  return save;
}

/** No part of the page is wider than its window (a phone never scrolls sideways). */
function overflow(page) {
  return page.evaluate(() => {
    const w = document.documentElement.clientWidth;
    const wide = document.documentElement.scrollWidth;
    return wide > w + 1 ? `the page is ${wide} px wide in a ${w} px window` : null;
  });
}

for (const engine of enginesWanted()) {
  describe(engine, () => {
    let e, srv;
    before(async () => {
      srv = await startServer({ root: DIST, base: "/" });
      e = await openEngine(engine);
      console.log(`${engine}: ${e.version}`);
    });
    after(async () => {
      await e?.close();
      await srv?.close();
    });

    test(`${engine}: a whole Classic game by taps, a reload midway back to the game; the referee agrees`, { timeout: 240_000 }, async () => {
      const { page } = e;
      const t0 = Date.now();
      await fresh(page, srv.url, LINK3);
      await page.waitFor("[data-handover]");
      await playByTaps(page, autoStep, { stopAfter: 120 });
      assert.equal(await page.count("[data-game-over]"), 0, "midway");
      const [before] = await saves(page);
      await page.reload();
      await page.waitFor("[data-handover], .game");
      assert.equal(await page.count("[data-start]"), 0, "back at the table, not the start screen");
      const [back] = await saves(page);
      assert.deepEqual(back, before, "the same save after the reload");
      const steps = await playByTaps(page, autoStep);
      assert.ok(steps.length > 50, `a real game (${steps.length} steps after the reload)`);
      await checkEnd(page, ["red", "yellow", "purple"], cliReplay);
      console.log(`${engine}: Classic game by taps in ${Date.now() - t0} ms`);
    });

    // Firefox plays a whole New Edition game as the host in engines-net.test.mjs (by taps, the
    // referee checking it): not twice, to keep the test command's time.
    const newSkip = engine === "firefox" && "Firefox plays a whole New Edition game by taps as the host in engines-net.test.mjs";
    test(`${engine}: a whole New Edition game by taps; the referee agrees`, { timeout: 240_000, skip: newSkip }, async () => {
      const { page } = e;
      const t0 = Date.now();
      await fresh(page, srv.url, NEW_LINK3);
      await page.waitFor("[data-handover]");
      const steps = await playByTaps(page, newAutoStep);
      assert.ok(steps.length > 50, `a real game (${steps.length} steps)`);
      await checkEnd(page, ["red", "blue", "orange"], refereeReplay);
      console.log(`${engine}: New Edition game by taps in ${Date.now() - t0} ms`);
    });

    test(`${engine}: one person against three computers, a whole Classic game with no hand-over screen`, { timeout: 240_000 }, async () => {
      const { page } = e;
      const t0 = Date.now();
      await fresh(page, srv.url, BOTS);
      await page.waitFor(".game");
      await page.evaluate(() => {
        window.__lhHandOvers = 0;
        new MutationObserver(() => {
          if (document.querySelector("[data-handover]")) window.__lhHandOvers++;
        }).observe(document, { childList: true, subtree: true });
      });
      const steps = await playByTaps(page, autoStep);
      assert.ok(steps.length > 20, `the person played (${steps.length} steps)`);
      assert.equal(await page.evaluate(() => window.__lhHandOvers), 0, "no hand-over screen with one person");
      const save = await checkEnd(page, ["red", "yellow", "purple", "grey"], cliReplay);
      assert.ok(save.record.includes('[Bots "yellow:easy purple:easy grey:easy"]'), "the record names the computers");
      console.log(`${engine}: a game against computers in ${Date.now() - t0} ms`);
    });

    test(`${engine}: offline, a reload comes from the service worker and a new game plays a round`, { timeout: 120_000 }, async () => {
      const { page } = e;
      // Its own server, stopped below: the network is gone for this origin.
      const own = await startServer({ root: DIST, base: "/" });
      try {
        await page.goto(own.url);
        await page.waitFor("[data-start]");
        const scope = await page.evaluate(async () => {
          const timeout = (what) => new Promise((_, fail) => setTimeout(() => fail(new Error("timed out: " + what)), 15000));
          const reg = await Promise.race([navigator.serviceWorker.ready, timeout("serviceWorker.ready")]);
          if (!navigator.serviceWorker.controller) {
            await Promise.race([new Promise((ok) => navigator.serviceWorker.addEventListener("controllerchange", ok, { once: true })), timeout("controller")]);
          }
          return reg.scope;
        });
        assert.equal(scope, own.url);
      } finally {
        await own.close();
      }
      const probe = await page.evaluate(() => fetch("./not-precached-" + Date.now()).then((r) => "status " + r.status, () => "network error"));
      assert.equal(probe, "network error", "the server is really gone");
      // Firefox also reports the failed probe as the page's error, sometimes only after later steps: that one is
      // expected wherever it turns up.
      const unexpected = async () => (await page.errors()).filter((e) => !/not-precached-/.test(e));
      assert.deepEqual(await unexpected(), []);
      await page.reload();
      await page.waitFor("[data-start]");
      await page.tap("[data-players='3']");
      await page.tap("[data-start]");
      await page.waitFor("[data-handover]");
      const round2 = async () => /Round 2/.test((await page.text(".topbar .info")) ?? "") && (await page.count("[data-space]")) > 0;
      await playByTaps(page, autoStep, { maxSteps: 400, until: round2 });
      assert.ok(await round2(), "a whole round played offline");
      assert.ok(await page.evaluate(() => !!navigator.serviceWorker.controller), "the page is the worker's");
      assert.deepEqual(await unexpected(), []);
    });

    test(`${engine}: a phone's width, the start screen and a game by taps never wider than the screen`, { timeout: 120_000 }, async () => {
      const { page } = e;
      try {
        const size = await page.setViewport({ width: 390, height: 844 });
        // MiniBrowser's window can't be narrower than 447 px (measured): the narrowest it has.
        assert.ok(size.width === 390 || (engine === "webkit" && size.width <= 447), `a phone's width (${size.width}×${size.height})`);
        await page.goto(srv.url);
        await page.waitFor("[data-start]");
        await page.evaluate(() => localStorage.clear());
        await page.reload();
        await page.waitFor("[data-start]");
        assert.equal(await overflow(page), null, "the start screen");
        await page.goto(srv.url + LINK3);
        await page.waitFor("[data-handover]");
        for (let n = 1; n <= 8; n++) {
          await playByTaps(page, autoStep, { stopAfter: 10 });
          assert.equal(await overflow(page), null, `after ${10 * n} steps`);
        }
        assert.deepEqual(await page.errors(), []);
      } finally {
        await page.setViewport({ width: 1024, height: 768 });
      }
    });
  });
}
