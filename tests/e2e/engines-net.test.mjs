// Remote play between two engines (issue 39): a host in one engine, a friend in another, found
// through the test relay (scripts/relay.mjs, an MQTT broker on loopback) from the one table link,
// then WebRTC between the two; both play by real taps (engines.mjs) to the end screen, which both
// show with the same scores, and the referee replays the host's record to them.
// - A Chromium host and a Firefox friend: a Classic game.
// - A Firefox host and a Chromium friend: a New Edition game.
// (This WebKit build has no RTCPeerConnection, so WebKit is not among them.)
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startRelay } from "../../scripts/relay.mjs";
import { autoStep, cliReplay, cliScores } from "./game.mjs";
import { DIST } from "./helpers.mjs";
import { playAll } from "./net.mjs";
import { newAutoStep, refereeReplay } from "./newed.mjs";
import { endScores, openEngine, saves, tapStep } from "./engines.mjs";
import { startServer } from "./server.mjs";

let srv, relay;
before(async () => {
  srv = await startServer({ root: DIST, base: "/" });
  relay = await startRelay();
});
after(async () => {
  await relay?.close();
  await srv?.close();
});

/** Opens the host's friends' panel if it is closed. */
async function openPanel(page) {
  if ((await page.count("[data-net-panel]")) === 0) await page.tap("[data-net-toggle]");
  await page.waitFor("[data-net-panel]");
}

/**
 * On the host's page: a new game from the start screen, seat 2 a friend's, through the test
 * relay; returns the table link its panel shows once the relay is up.
 */
async function host(page, { edition, colours, names, seed }) {
  await page.goto(srv.url);
  await page.waitFor("[data-start]");
  await page.evaluate((relays) => {
    localStorage.clear();
    localStorage.setItem("loewenherz/net/ice", "");
    localStorage.setItem("loewenherz/net/relays", relays);
  }, relay.url);
  await page.reload();
  await page.waitFor("[data-start]");
  await page.tap(`[data-edition-choice=${edition}]`);
  await page.tap(`[data-players="${colours.length}"]`);
  for (let i = 0; i < colours.length; i++) await page.select(`select[data-colour='${i}']`, colours[i]);
  await page.select("select[data-seat='1']", "friend");
  // Names last: choosing a colour or a seat draws the form again.
  for (let i = 0; i < names.length; i++) await page.fill(`input[data-name='${i}']`, names[i]);
  await page.fill("[data-seed]", String(seed));
  await page.tap("[data-start]");
  for (let i = 0; i < 100 && !(await page.url()).includes("#host="); i++) await page.waitForTimeout(100);
  assert.match(await page.url(), /#host=/, "the game is hosted");
  await openPanel(page);
  await page.waitFor("[data-relays=up]");
  return page.evaluate(() => document.querySelector("[data-table-link]").value);
}

/** A friend's page opens the table link and takes `colour`; both then show it at the table. */
async function sit(hostPage, friendPage, colour, link) {
  await friendPage.goto(link);
  await friendPage.waitFor(`[data-seat-picker] [data-take-seat="${colour}"]`, { timeout: 20_000 });
  await friendPage.tap(`[data-take-seat="${colour}"]`);
  await friendPage.waitFor(`[data-you-are="${colour}"], [data-announcement]`, { timeout: 20_000 });
  await hostPage.waitFor(`li[data-net-seat="${colour}"][data-presence="connected"]`, { timeout: 20_000 });
  await hostPage.tap("[data-net-panel] [data-close]");
  await hostPage.waitFor("[data-net-panel]", { gone: true });
}

const pairs = [
  { host: "chromium", friend: "firefox", edition: "classic", colours: ["red", "yellow"], step: autoStep, replay: cliReplay },
  { host: "firefox", friend: "chromium", edition: "new", colours: ["red", "blue"], step: newAutoStep, replay: refereeReplay },
];

for (const g of pairs) {
  test(`a ${g.host} host and a ${g.friend} friend play a whole ${g.edition} game through the relay`, { timeout: 300_000 }, async () => {
    const t0 = Date.now();
    const [h, f] = await Promise.all([openEngine(g.host), openEngine(g.friend)]);
    try {
      const link = await host(h.page, { edition: g.edition, colours: g.colours, names: ["Zoë Äbelé", "Ben"], seed: 7 });
      await sit(h.page, f.page, g.colours[1], link);
      console.log(`${g.host} host (${h.version}), ${g.friend} friend (${f.version}): at the table in ${Date.now() - t0} ms`);
      const devs = [
        { name: `${g.host} host`, page: h.page },
        { name: `${g.friend} friend`, page: f.page },
      ];
      const { steps } = await playAll(devs, (page, n) => tapStep(page, g.step, n), { stuckMs: 20_000 });
      assert.ok(steps > 30, `a real game (${steps} steps)`);
      for (const d of devs) await d.page.waitFor("[data-game-over]");
      const shown = await endScores(h.page);
      assert.deepEqual(Object.keys(shown).sort(), [...g.colours].sort(), "one final row per player");
      assert.deepEqual(await endScores(f.page), shown, "the friend's end screen shows the host's scores");
      const [save, ...more] = await saves(h.page);
      assert.equal(more.length, 0);
      assert.match(save.summary, /finished/);
      assert.deepEqual(cliScores(g.replay(save.record)), shown, "the referee's scores are the end screen's");
      for (const d of devs) {
        assert.equal(await d.page.count("[data-crash]"), 0, `${d.name}: no crash screen`);
        assert.deepEqual(await d.page.errors(), [], `${d.name}: no page errors`);
      }
      console.log(`${g.host} host, ${g.friend} friend: a whole ${g.edition} game in ${Date.now() - t0} ms (${steps} steps)`);
    } finally {
      await Promise.all([h.close(), f.close()]);
    }
  });
}
