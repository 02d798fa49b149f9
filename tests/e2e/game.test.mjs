// A 3-player basic game (seed 42) started from a link and played by tapping: decisions,
// borders that found a province (R-B5, founding table), knight placements, the power
// track, hand-over screens (no private element in the DOM behind them), and a reload
// that offers the saved game and continues it at the same position and score.
//
// Seed 42 deals round 1 "$6 / B2 / K1" and round 2 "$8 / B2 / K2". No single border can
// close a province in the basic start position; red's castle d10 with its knight c10 is
// closed by three: c9-c10, d9-d10 (round 1) and d10-e10 (round 2), a 2-space province
// worth 3 (1–4 spaces: 3, no city).
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  LINK3,
  boardState,
  decide,
  dismissAnnouncements,
  handOver,
  leaks,
  legalEdges,
  openApp,
  privateCount,
  scores,
  targets,
} from "./game.mjs";

let app;
before(async () => {
  app = await openApp();
});
after(async () => {
  await app?.close();
});

test("a 3-player game from a link: two rounds by tapping, a province founded, then reload and continue", async () => {
  const { page, srv } = app;
  await page.goto(srv.url + LINK3);

  // Round 1: $6 / B2 / K1. Ann (red) starts and lays two cards.
  await handOver(page, "red");
  assert.match(await page.locator(".action-card").innerText(), /take 6 ducats[\s\S]*place 2 borders[\s\S]*1 knight or expand/);
  assert.match(await page.locator(".mine[data-private]").textContent(), /Ann \(you\)[\s\S]*12 ducats/);
  await decide(page, 2, 3);
  await handOver(page, "yellow");
  await decide(page, 1);
  await handOver(page, "purple");
  await decide(page, 1);
  // Ben and Cleo share the ducats; nobody contested borders or knight: no announcement.
  assert.deepEqual(await dismissAnnouncements(page), []);

  // Action 2: Ann places two of the three borders around d10 (no province yet).
  await handOver(page, "red");
  const edges = await legalEdges(page);
  for (const e of ["c9-c10", "d9-d10", "d10-e10"]) assert.ok(edges.includes(e), `${e} is a legal edge`);
  assert.ok(!edges.includes("c10-d10"), "no border between a castle and its own adjacent knight");
  await page.click('[data-edge="c9-c10"]');
  await page.click('[data-edge="d9-d10"]');
  assert.equal(await page.locator('[data-border="c9-c10"]').count(), 1);
  assert.equal(await page.locator('[data-border="d9-d10"]').count(), 1);
  assert.deepEqual(await scores(page), { red: 0, yellow: 0, purple: 0 });
  // Staged: take back one border and place it again, then confirm.
  await page.click(".undo");
  assert.equal(await page.locator('[data-border="d9-d10"]').count(), 0);
  await page.click('[data-edge="d9-d10"]');
  await page.click(".confirm");
  assert.equal(await page.locator(".undo").count(), 0);

  // Action 3: a knight next to the castle m4 (a ghost knight marks the space).
  assert.ok((await targets(page)).includes("l4"));
  assert.equal(await page.getAttribute('[data-target="l4"]', "data-target-kind"), "knight");
  await page.click('[data-space="l4"]');
  // It ends the round: nothing is final before Ann confirms — no card turned up, no hand-over;
  // the knight is drawn as staged and can be taken back.
  assert.equal(await page.locator("[data-handover]").count(), 0);
  assert.equal(await page.locator('[data-piece="knight"][data-at="l4"].staged').count(), 1);
  assert.match(await page.locator(".prompt").innerText(), /confirm/);
  await page.click(".undo");
  assert.equal(await page.locator('[data-piece="knight"][data-at="l4"]').count(), 0, "taken back");
  await page.click('[data-space="l4"]');
  await page.click(".confirm.primary");
  // The round is over: the next card was drawn and the device goes to Ben (start player now).
  await handOver(page, "yellow");
  assert.equal(await page.locator('[data-piece="knight"][data-colour="red"][data-at="l4"]').count(), 1);
  assert.deepEqual(await scores(page), { red: 0, yellow: 0, purple: 0 });
  assert.match(await page.locator(".mine[data-private]").textContent(), /Ben \(you\)[\s\S]*15 ducats/);

  // Round 2: $8 / B2 / K2. Ben lays 1 and 3, Cleo 1, Ann 2.
  assert.match(await page.locator(".action-card").innerText(), /take 8 ducats[\s\S]*place 2 borders[\s\S]*2 knights, or knight \+ expand/);
  await decide(page, 1, 3);
  await handOver(page, "purple");
  await decide(page, 1);
  await handOver(page, "red");
  await decide(page, 2);
  assert.deepEqual(await dismissAnnouncements(page), []);

  // Ann's border d10-e10 closes {c10, d10}: her province, +3 (R-B5). She laid the last
  // card and performs next, so she keeps the device (no hand-over).
  assert.equal(await page.locator("[data-handover]").count(), 0);
  assert.match(await page.locator(".prompt").innerText(), /^Ann: place 2 borders/);
  const before = (await boardState(page)).provinces.filter((c) => c === "red").length;
  await page.click('[data-edge="d10-e10"]');
  assert.deepEqual(await scores(page), { red: 3, yellow: 0, purple: 0 });
  const st = await boardState(page);
  assert.equal(st.provinces.filter((c) => c === "red").length, before + 2);
  // Decline the second border (R-C5) and end the action.
  await page.click(".done");

  // Ben's two-knight action: one knight, then end.
  await handOver(page, "yellow");
  const t = await targets(page);
  assert.ok(t.length > 0, "Ben has knight targets");
  const open = [];
  for (const s of t) if ((await page.getAttribute(`[data-space="${s}"]`, "data-terrain")) === "open") open.push(s);
  assert.ok(open.length > 0);
  const knightAt = open[0];
  await page.click(`[data-space="${knightAt}"]`);
  assert.equal(await page.locator(`[data-piece="knight"][data-colour="yellow"][data-at="${knightAt}"]`).count(), 1);
  // Ending the action ends the round: it waits for Ben's confirmation before the next card.
  await page.click(".done");
  assert.equal(await page.locator("[data-handover]").count(), 0);
  await page.click(".confirm.primary");

  // Round 3 starts with Cleo.
  await handOver(page, "purple");
  assert.deepEqual(await scores(page), { red: 3, yellow: 0, purple: 0 });
  assert.equal(await page.locator('[data-score="red"] .pts').innerText().then((s) => parseInt(s, 10)), 3);
  const position = await boardState(page);
  assert.ok(position.borders.includes("d10-e10"));
  const round = await page.locator(".topbar .info").innerText();
  assert.match(round, /^Round 3/);
  assert.deepEqual(await leaks(page), []);

  // Reload mid-game: the address names the saved game, so the page comes back to it through its
  // hand-over screen, never the start screen; the position is the same.
  await page.reload();
  await page.waitForSelector("[data-handover]");
  assert.equal(await page.locator("[data-start]").count(), 0, "not the start screen");
  assert.equal(await page.getAttribute("[data-handover]", "data-handover"), "purple");
  assert.equal(await privateCount(page), 0);
  await handOver(page, "purple");
  assert.deepEqual(await scores(page), { red: 3, yellow: 0, purple: 0 });
  assert.deepEqual(await boardState(page), position);
  assert.equal(await page.locator(".topbar .info").innerText(), round);
  assert.match(await page.locator(".mine[data-private]").textContent(), /Cleo \(you\)/);
  assert.deepEqual(await leaks(page), []);
  assert.deepEqual(app.errors, []);
});

test("staged moves that end a player's part are confirmed by that player before the device passes on", async () => {
  const { page, srv } = app;
  await page.goto(srv.url + LINK3);
  await handOver(page, "red");
  await decide(page, 1, 3);
  await handOver(page, "yellow");
  await decide(page, 1);
  await handOver(page, "purple");
  await decide(page, 2);
  // Cleo performs "place 2 borders"; action 3 (Ann's knight) follows.
  assert.match(await page.locator(".prompt").innerText(), /^Cleo: place 2 borders/);
  await page.click('[data-edge="e5-f5"]');
  assert.equal(await page.locator(".undo").count(), 1, "the first border is staged");
  await page.click('[data-edge="g6-g7"]');
  // Her part is over, but her borders are only staged: she must see "Confirm — done"
  // (or take back) before the hand-over to Ann.
  assert.equal(await page.locator("[data-handover]").count(), 0, "no hand-over while Cleo's borders are unconfirmed");
  assert.equal(await page.locator(".confirm.primary").count(), 1, "Cleo sees Confirm — done");
  await page.click(".confirm.primary");
  await handOver(page, "red");
  // Ann can never take back Cleo's borders.
  assert.equal(await page.locator(".undo").count(), 0, "no Take back of another player's moves");
  const { borders } = await boardState(page);
  assert.ok(borders.includes("e5-f5") && borders.includes("g6-g7"));
});
