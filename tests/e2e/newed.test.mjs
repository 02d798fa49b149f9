// The New Edition (game=new) in the browser: the documented start link played by tapping
// (placement, a sale, a region founded by borders, a forest knight, a refill from the
// market), a reload that continues the saved game; whole 2-, 3- and 4-player games to the
// end screen cross-checked with the command-line referee; export from the end screen and
// import in a fresh browser; bad links and records of the other edition; from saved custom
// positions (NOTATION.md, checked by the referee first): Renegade with the victim's hand-over,
// and an expansion space that two regions touch.
//
// Run: cd /work/main && TMPDIR=/tmp node --test tests/e2e/newed.test.mjs
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { cliScores, finalScores, leaks, openApp, recordParam, savedRecords, scores } from "./game.mjs";
import {
  NEW_LINK3,
  deckCount,
  handCards,
  handOverReason,
  handMoney,
  marketCards,
  newBoardState,
  newPlayToEnd,
  publicMoney,
  putSave,
  refereePlay,
  refereeReplay,
  tapEdge,
  tapSpace,
  takeDevice,
  targetList,
  terrain,
} from "./newed.mjs";

let app;
before(async () => {
  app = await openApp();
});
after(async () => {
  await app?.close();
});

/** The start of the app with an empty localStorage. */
async function freshStart(page, url) {
  await page.goto(url);
  await page.evaluate(() => localStorage.clear());
  await page.goto(url);
  await page.waitForSelector("[data-start]");
}

/** The edition of the app's root element. */
function edition(page) {
  return page.getAttribute(".app", "data-edition");
}

test("the documented link: placement, a sale, a region founded, a forest knight, a market refill, then reload and continue", async () => {
  const { page, srv } = app;
  await freshStart(page, srv.url);
  await page.goto(srv.url + NEW_LINK3);
  await page.waitForSelector('[data-handover="red"]');
  assert.equal(await edition(page), "new");
  assert.equal(await page.locator("[data-handover-reason]").innerText(), "Place your castle.");

  // ---- Placement, by tapping the highlighted targets: castle, then its knight, per hand-over.
  // Red's first castle goes into the corner l1 with its knight on the forest k1, so that three
  // borders (j1-k1, k1-k2, l1-l2) will close a region around them.
  const seats = ["red", "blue", "orange"];
  const placed = [];
  for (let k = 0; k < 12; k++) {
    const c = seats[k % 3];
    assert.equal(await handOverReason(page, c), "Place your castle.");
    await takeDevice(page, c);
    const castles = await targetList(page);
    assert.ok(castles.length > 0 && castles.every((t) => t.kind === "castle"), `${c}: castle targets ${JSON.stringify(castles.slice(0, 3))}`);
    for (const t of castles.slice(0, 5)) assert.equal(await terrain(page, t.at), "meadow", `castle target ${t.at} is a meadow`);
    const castle = k === 0 ? "l1" : castles[(k * 7) % castles.length].at;
    assert.ok(castles.some((t) => t.at === castle), `${castle} is offered`);
    await tapSpace(page, castle);
    await page.waitForSelector(`[data-piece="castle"][data-colour="${c}"][data-at="${castle}"]`);
    const knights = await targetList(page);
    assert.ok(knights.length > 0 && knights.every((t) => t.kind === "knight"), `${c}: knight targets after the castle`);
    let knight = k === 0 ? "k1" : null;
    for (const t of knights) if (!knight && (await terrain(page, t.at)) === "meadow") knight = t.at;
    knight ??= knights[0].at;
    assert.ok(knights.some((t) => t.at === knight), `${knight} is offered next to ${castle}`);
    await tapSpace(page, knight);
    await page.waitForSelector(`[data-piece="knight"][data-colour="${c}"][data-at="${knight}"]`);
    placed.push(`${c} ${castle} ${knight}`);
    // The last placer (orange) starts: it keeps the device after its last knight.
    if (k < 11) {
      await page.click("[data-confirm].primary");
      await page.waitForSelector(`[data-handover="${seats[(k + 1) % 3]}"]`);
    }
  }
  assert.equal(await page.locator("[data-handover]").count(), 0, "orange placed last and starts without a hand-over");
  assert.equal(await page.locator("[data-confirm].primary").count(), 0, "nothing to pass on yet");
  assert.equal(await page.locator("[data-piece]").count(), 24, `12 castles and 12 knights: ${placed.join(", ")}`);
  assert.equal(await page.locator('[data-piece="castle"][data-colour="red"]').count(), 4);

  // ---- Turn 1, orange: a sale. Money rises by the card's sale value; the card just sold is
  // in the market but can't be taken back this turn.
  await page.waitForSelector('[data-private="orange"] [data-sell]');
  assert.match(await page.locator(".prompt .todo").innerText(), /Cleo: sell one of your cards to the market, or play one/);
  assert.equal(await page.locator("[data-deck]:not([disabled])").count(), 0, "no drawing before a card is sold or played");
  const orangeHand = await handCards(page);
  const sold = orangeHand[0];
  const sale = Number((await page.locator(`[data-sell="${sold}"]`).innerText()).match(/\+(\d+)/)[1]);
  const before1 = await handMoney(page);
  assert.equal(await publicMoney(page, "orange"), before1);
  await page.click(`[data-sell="${sold}"]`);
  await page.waitForSelector(`[data-market="${sold}"]`);
  assert.equal(await handMoney(page), before1 + sale, "the hand panel shows the sale's money");
  assert.equal(await publicMoney(page, "orange"), before1 + sale, "the score row shows the sale's money (public money)");
  assert.deepEqual(await marketCards(page), [{ card: sold, takeable: false }], "the card just sold is not takeable");
  const deck1 = await deckCount(page);
  await page.click(`[data-market="${sold}"]`);
  assert.deepEqual(await handCards(page), orangeHand.slice(1), "tapping the card just sold takes nothing");
  assert.deepEqual(await marketCards(page), [{ card: sold, takeable: false }]);
  assert.equal(await page.locator("[data-deck]").isEnabled(), true, "the deck can be drawn from");
  await page.click("[data-deck]");
  await page.waitForSelector("[data-pass]");
  assert.equal(await deckCount(page), deck1 - 1);
  assert.equal((await handCards(page)).length, 3, "orange looks at the new hand");
  await page.click("[data-pass]");

  // ---- Turn 2, red: a card played for borders founds the region k1+l1 (the forest scores 1).
  assert.equal(await handOverReason(page, "red"), "Your turn.");
  await takeDevice(page, "red");
  assert.equal(await page.locator("[data-handover], [data-pass]").count(), 0);
  const b3 = "A8"; // 3 borders (RULES.md, power cards); its price is on its Play button
  assert.ok((await handCards(page)).includes(b3), `red holds ${b3}: ${await handCards(page)}`);
  const money2 = await handMoney(page);
  assert.equal(await page.locator(`[data-play="${b3} 1"]`).isEnabled(), true);
  const price2 = Number((await page.locator(`[data-play="${b3} 1"]`).innerText()).match(/−(\d+)/)[1]);
  await page.click(`[data-play="${b3} 1"]`);
  assert.equal(await handMoney(page), money2 - price2, "the price is paid when the card is played");
  assert.ok((await page.locator("[data-edge]").count()) > 0, "legal edges are offered");
  assert.equal((await scores(page)).red, 0);
  for (const e of ["j1-k1", "k1-k2", "l1-l2"]) {
    assert.equal(await page.locator(`[data-edge="${e}"]`).count(), 1, `${e} is a legal edge now`);
    await tapEdge(page, e);
    await page.waitForSelector(`[data-border="${e}"][data-staged]`, { state: "attached" });
    if (e === "j1-k1") {
      // A staged border can be taken back.
      await page.click("[data-undo]");
      assert.equal(await page.locator(`[data-border="${e}"]`).count(), 0, "the border was taken back");
      assert.equal(await page.locator(`[data-edge="${e}"]`).count(), 1, "and its edge is offered again");
      await tapEdge(page, e);
      await page.waitForSelector(`[data-border="${e}"]`, { state: "attached" });
    }
  }
  await page.waitForSelector('[data-province="red"]');
  assert.equal(await page.locator('[data-province="red"]').count(), 2, "the region k1+l1 is tinted red");
  assert.equal((await scores(page)).red, 1, "the founded region's score (one forest) on the score track");
  assert.match(await page.locator(".prompt .todo").innerText(), /take a card/, "the borders action ended by itself");
  await page.click("[data-deck]");
  await page.waitForSelector("[data-pass]");
  assert.match(await page.locator('[data-score="red"] .pts').innerText(), /^1\s*\+1$/, "the track shows the score and its change");
  assert.match(await page.locator(".log").innerText(), /region/i, "the log tells of the region");
  await page.click("[data-pass]");

  // ---- Turn 3, blue: sells a card, then refills from the market with the card orange sold —
  // while the card blue just sold stays untakeable.
  await takeDevice(page, "blue");
  assert.deepEqual(await marketCards(page), [{ card: sold, takeable: false }], "nothing is taken before a card is sold or played");
  const blueHand = await handCards(page);
  const blueSold = blueHand[0];
  const money3 = await handMoney(page);
  const sale3 = Number((await page.locator(`[data-sell="${blueSold}"]`).innerText()).match(/\+(\d+)/)[1]);
  await page.click(`[data-sell="${blueSold}"]`);
  await page.waitForSelector(`[data-market="${blueSold}"]`);
  assert.equal(await handMoney(page), money3 + sale3);
  assert.deepEqual(
    await marketCards(page),
    [
      { card: sold, takeable: true },
      { card: blueSold, takeable: false },
    ],
    "the card sold by orange is takeable, the one blue just sold is not",
  );
  await page.click(`[data-market="${blueSold}"]`);
  assert.deepEqual(await handCards(page), blueHand.slice(1), "tapping the card just sold takes nothing");
  await page.click(`[data-market="${sold}"]`);
  await page.waitForSelector("[data-confirm].primary");
  assert.deepEqual((await handCards(page)).sort(), [...blueHand.slice(1), sold].sort(), "the market card is in blue's hand");
  assert.deepEqual(await marketCards(page), [{ card: blueSold, takeable: false }]);
  await page.click("[data-confirm].primary");

  // ---- Turn 4, orange: sells and draws.
  await takeDevice(page, "orange");
  await page.click("[data-sell]");
  await page.click("[data-deck]");
  await page.click("[data-pass]");

  // ---- Turn 5, red: a knight on a forest costs 1 ducat beyond the card's price.
  await takeDevice(page, "red");
  const k1 = "A9"; // 1 knight, price 2
  assert.ok((await handCards(page)).includes(k1), `red holds ${k1}: ${await handCards(page)}`);
  const money5 = await handMoney(page);
  await page.click(`[data-play="${k1} 1"]`);
  assert.equal(await handMoney(page), money5 - 2, "the card's price");
  const knightTargets = await targetList(page);
  let forest = null;
  for (const t of knightTargets) if (!forest && (await terrain(page, t.at)) === "forest") forest = t.at;
  assert.ok(forest, `a forest among red's knight targets ${knightTargets.map((t) => t.at)}`);
  await tapSpace(page, forest);
  await page.waitForSelector(`[data-piece="knight"][data-colour="red"][data-at="${forest}"]`);
  assert.equal(await handMoney(page), money5 - 3, "the forest knight cost 1 more ducat");
  assert.equal(await publicMoney(page, "red"), money5 - 3);
  await page.click("[data-deck]");
  await page.waitForSelector("[data-pass]");

  // ---- The position, and the save the app keeps of it.
  const board = await newBoardState(page);
  assert.ok(board.borders.includes("k1-k2") && board.pieces.includes(`knight:red:${forest}`));
  const track = await scores(page);
  const deck = await deckCount(page);
  const market = (await marketCards(page)).map((m) => m.card);
  const [save] = await savedRecords(page);
  // Red's draw ended turn 5: blue's turn 6 has begun (its income paid, R-N15).
  assert.equal(save.summary, "New Edition · Ann, Ben, Cleo · turn 6");
  const referee = refereeReplay(save.record);
  assert.deepEqual(cliScores(referee), track, "the referee agrees with the track");
  assert.equal(referee.players.red.ducats, money5 - 3);
  assert.deepEqual(referee.market, market);
  assert.equal(referee.deck_left, deck);
  assert.deepEqual(referee.players.red.regions.map((r) => [r.castle, r.spaces, r.forests]), [["l1", 2, 1]]);

  // The game menu: the setup link, and the record only after a warning (it reveals hidden cards).
  await page.click("[data-menu]");
  assert.match(await page.inputValue("[data-share-link]"), /\?game=new&players=red,blue,orange&seed=42&names=Ann,Ben,Cleo$/);
  assert.equal(await page.locator("[data-export], [data-copy-replay-link]").count(), 0, "no record before the warning is confirmed");
  await page.click("[data-reveal-record]");
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("[data-export]")]);
  assert.equal(readFileSync(await download.path(), "utf8"), save.record, "the download is the saved record");
  await page.click("[data-menu]");
  assert.equal(await page.locator("[data-share-link]").count(), 0, "the menu closed");
  await page.click("[data-pass]");
  await page.waitForSelector('[data-handover="blue"]');

  // ---- Reload: the page comes back to the game through its hand-over screen (the address names
  // the save); the start screen lists it too.
  await page.reload();
  await page.waitForSelector('[data-handover="blue"]');
  assert.equal(await page.locator("[data-start]").count(), 0, "not the start screen");
  const saved = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("loewenherz/save/")).map((k) => JSON.parse(localStorage.getItem(k)).summary));
  assert.equal(saved.length, 1);
  assert.match(saved[0], /New Edition · Ann, Ben, Cleo/);
  assert.equal(await edition(page), "new");
  await takeDevice(page, "blue");
  assert.deepEqual(await newBoardState(page), board, "the same pieces, borders and regions");
  assert.deepEqual(await scores(page), track);
  assert.equal(await deckCount(page), deck);
  assert.deepEqual((await marketCards(page)).map((m) => m.card), market);
  assert.equal(await publicMoney(page, "red"), money5 - 3);
  const [again] = await savedRecords(page);
  assert.equal(again.record, save.record, "continuing changes nothing in the save");
  assert.deepEqual(await leaks(page), []);
  assert.deepEqual(app.errors, []);
});

// Whole games through the UI by the deterministic player of newed.mjs.
let finished; // { record, shown } of the last whole game
const games = [
  { name: "2 players (neutral red by default)", link: "?game=new&players=blue,yellow&seed=7", players: ["blue", "yellow"], neutral: "red", castles: 4 },
  { name: "4 players", link: "?game=new&players=red,blue,orange,yellow&seed=5", players: ["red", "blue", "orange", "yellow"], castles: 3 },
  { name: "3 players", link: NEW_LINK3, players: ["red", "blue", "orange"], castles: 4 },
];
for (const g of games) {
  test(`a whole New Edition game to its end screen: ${g.name}, cross-checked with the referee`, { timeout: 120_000 }, async () => {
    const { page, srv } = app;
    await freshStart(page, srv.url);
    await page.goto(srv.url + g.link);
    await page.waitForSelector("[data-handover]");
    assert.equal(await edition(page), "new");
    const steps = await newPlayToEnd(page);
    assert.ok(steps.length > 200, `a real game (${steps.length} steps)`);
    assert.ok(steps.some((s) => s.startsWith("play ")) && steps.some((s) => s.startsWith("sell ")) && steps.some((s) => s.startsWith("take ")));

    await page.waitForSelector("[data-game-over]");
    assert.equal(await edition(page), "new");
    const rows = await page.$$eval("[data-final]", (rs) => rs.map((r) => r.getAttribute("data-final")));
    assert.deepEqual([...rows].sort(), [...g.players].sort(), "one final row per player (no neutral)");
    const shown = await finalScores(page);
    for (const c of g.players) assert.ok(Number.isInteger(shown[c]) && shown[c] >= 0, `${c}'s final score`);
    assert.match(await page.locator("[data-game-over] h1").innerText(), /Löwenherz!/);
    for (const c of g.players) {
      assert.equal(await page.locator(`[data-game-over] [data-piece="castle"][data-colour="${c}"]`).count(), g.castles, `${c}'s castles`);
    }
    if (g.neutral) assert.equal(await page.locator(`[data-game-over] [data-piece="castle"][data-colour="${g.neutral}"]`).count(), 4, "the neutral castles: 2 placed by each player (R-N12)");
    assert.deepEqual(await leaks(page), [], "nothing private behind any hand-over screen");
    assert.equal(await page.locator("[data-private]").count(), 0, "no hand on the end screen");

    const saves = await savedRecords(page);
    assert.equal(saves.length, 1);
    assert.match(saves[0].summary, /^New Edition · .* · finished$/);
    assert.match(saves[0].record, /^\[Edition "new"\]/);
    const referee = refereeReplay(saves[0].record);
    assert.equal(referee.over, true);
    assert.deepEqual(cliScores(referee), shown, "the referee's final scores are the end screen's");
    if (g.neutral) assert.equal(referee.neutral?.colour, g.neutral);
    assert.deepEqual(app.errors, []);
    finished = { record: saves[0].record, shown };
  });
}

test("export the finished game from its end screen, import the file in a fresh browser: the replay ends on the same scores", async () => {
  const { page, srv } = app;
  if (!(await page.locator("[data-game-over]").count())) {
    // Run alone: a finished bot game, continued from a save, opens on its end screen.
    const record = refereePlay("new", 3, 11);
    await freshStart(page, srv.url);
    await putSave(page, "g-finished", "New Edition · Red, Blue, Orange · finished", record);
    await page.reload();
    await page.click("[data-continue]");
    await page.waitForSelector("[data-game-over]");
    finished = { record: null, shown: cliScores(refereeReplay(record)) };
  }
  const shown = await finalScores(page);
  assert.deepEqual(shown, finished.shown);
  assert.equal(await page.locator("[data-game-over] [data-copy-replay-link]").count(), 1, "the replay link is offered too");
  assert.equal(await page.locator("[data-game-over] [data-reveal-record]").count(), 0, "no warning once the game is over");
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("[data-game-over] [data-export]")]);
  assert.match(download.suggestedFilename(), /^loewenherz-.*\.txt$/);
  const file = await download.path();
  const record = readFileSync(file, "utf8");
  if (finished.record) assert.equal(record, finished.record, "the download is the saved record");
  assert.match(record, /^\[Edition "new"\]/);
  assert.deepEqual(cliScores(refereeReplay(record)), shown, "the referee agrees with the end screen");

  const fresh = await openApp();
  try {
    const p2 = fresh.page;
    await p2.goto(fresh.srv.url);
    await p2.waitForSelector("[data-start]");
    assert.equal(await p2.locator("[data-save]").count(), 0, "a fresh profile has no saves");
    await p2.evaluate(() => { document.querySelector("[data-more]").open = true; }); // import lives under "More"
    await p2.setInputFiles("[data-import-file]", file);
    await p2.waitForSelector("[data-replay]");
    assert.equal(await edition(p2), "new");
    assert.equal(await p2.getAttribute("[data-board]", "data-board"), "new");
    await p2.click("[data-replay-last]");
    const status = await p2.locator("[data-replay-status]").innerText();
    const m = status.match(/^Move (\d+) of (\d+)/);
    assert.ok(m && m[1] === m[2], `at the last move: ${status}`);
    assert.equal(Number(m[2]), record.split("\n").filter((l) => /^(red|blue|orange|yellow) /.test(l)).length, "every move of the record");
    assert.equal(await p2.locator("[data-replay-over]").count(), 1);
    assert.deepEqual(await scores(p2), shown, "the replay's score rows are the end screen's final scores");
    assert.equal(await p2.locator("[data-private]").count(), 0, "a replay shows public information only");
    assert.equal(await p2.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("loewenherz/save/")).length), 0, "a replay is no saved game");
    assert.deepEqual(fresh.errors, []);
  } finally {
    await fresh.close();
  }
});

test("a bad New Edition link shows a message and starts nothing; records open in their own edition only", async () => {
  const { page, srv } = app;
  await freshStart(page, srv.url);
  for (const [link, why] of [
    ["?game=new&players=red,purple", /unknown colour 'purple'/],
    ["?game=new&players=red,blue&setup=basic", /New Edition always places its castles in turn/],
    ["?game=new&players=red", /2 to 4 players/],
  ]) {
    await page.goto(srv.url + link);
    await page.waitForSelector("[data-start]");
    const msg = await page.locator("[data-start-message]").innerText();
    assert.match(msg, why, link);
    assert.match(msg, /Start a game here instead/);
    assert.equal(await page.locator("[data-handover], .game").count(), 0, `${link}: no game was started`);
    assert.equal(await page.locator("[data-save]").count(), 0, `${link}: nothing was saved`);
    assert.equal(new URL(page.url()).search, "", "the bad query is gone from the address");
  }

  // A good link's options: money=private hides everyone's money on the score track (R-N7),
  // while the holder still sees their own in their hand.
  await page.goto(srv.url + "?game=new&players=red,blue&money=private&neutral=yellow&seed=3");
  await takeDevice(page, "red");
  assert.equal(await edition(page), "new");
  assert.doesNotMatch(await page.locator("[data-score]").allTextContents().then((t) => t.join(" | ")), /ducats/, "no money on the track");
  assert.equal(await handMoney(page), 7);
  await page.evaluate(() => localStorage.clear());

  // A Classic record opens as a Classic replay, a New Edition record as a New Edition one.
  const openRecord = async (record) => {
    await page.goto(srv.url);
    await page.waitForSelector("[data-start]");
    await page.evaluate(() => { document.querySelector("[data-more]").open = true; }); // import lives under "More"
    await page.fill("[data-import-text]", record);
    await page.click("[data-import]");
    await page.waitForSelector("[data-replay]");
    await page.click("[data-replay-last]");
    return {
      edition: await edition(page),
      board: await page.getAttribute("[data-board]", "data-board"),
      spaces: await page.locator("[data-space]").count(),
      scores: await scores(page),
    };
  };
  const classic = refereePlay("classic", 3, 7);
  assert.match(classic, /^\[Edition "classic"\]/);
  const c = await openRecord(classic);
  assert.deepEqual([c.edition, c.board, c.spaces], ["classic", "classic", 150]);
  assert.deepEqual(c.scores, cliScores(refereeReplay(classic)));
  const newed = refereePlay("new", 3, 7);
  const n = await openRecord(newed);
  assert.deepEqual([n.edition, n.board, n.spaces], ["new", "new", 144]);
  assert.deepEqual(n.scores, cliScores(refereeReplay(newed)));
  // …and as a replay link made like the app's.
  await page.goto(srv.url + "?record=" + recordParam(newed));
  await page.waitForSelector("[data-replay]");
  assert.equal(await edition(page), "new");
  await page.click("[data-replay-last]");
  assert.deepEqual(await scores(page), n.scores);

  // The same for saves: each continues in its own edition.
  await freshStart(page, srv.url);
  await putSave(page, "g-classic", "Classic · Red, Yellow, Purple · finished", classic);
  await page.reload();
  await page.click('[data-save="g-classic"] [data-continue]');
  await page.waitForSelector("[data-game-over]");
  assert.equal(await edition(page), "classic");
  assert.equal(await page.locator('[data-board="new"]').count(), 0);
  await freshStart(page, srv.url);
  await putSave(page, "g-new", "New Edition · Red, Blue, Orange · finished", newed);
  await page.reload();
  await page.click('[data-save="g-new"] [data-continue]');
  await page.waitForSelector("[data-game-over]");
  assert.equal(await edition(page), "new");
  assert.equal(await page.locator('[data-board="classic"]').count(), 0);
  assert.deepEqual(app.errors, []);
});

test("a bad money= value in a New Edition link is refused with a message that reads like the others", async () => {
  const { page, srv } = app;
  await freshStart(page, srv.url);
  await page.goto(srv.url + "?game=new&players=red,blue&money=bogus");
  await page.waitForSelector("[data-start]");
  const msg = await page.locator("[data-start-message]").innerText();
  assert.match(msg, /money is public or private, not 'bogus'/i);
  assert.equal(await page.locator("[data-handover], .game").count(), 0, "no game was started");
  // Every other link message is a sentence ("The link names …"); this one starts in lower case.
  assert.match(msg, /^[A-Z]/, `the message starts with a capital letter: ${msg}`);
});

test("Renegade by tapping: the victim picks the knight that leaves, behind their own hand-over screen", async () => {
  const { page, srv } = app;
  // A custom position (NOTATION.md): red's region a10–b12 (castle a10, knight b10, the silver
  // mine a11) borders blue's region c10–d12 (castle d12, knights c12 and d11: either may go).
  // Orange's two castles make the rest of the board open land.
  const position = [
    '[Edition "new"]',
    '[Players "red blue orange"]',
    '[Setup "custom"]',
    '[Seed "1"]',
    '[Names "Ann, Ben, Cleo"]',
    '[Tiles "A0 B0 C0 D0 K0 E0 F0 G0 H0"]',
    '[Castles "red:a10 blue:d12 orange:l1,l12"]',
    '[Knights "red:b10 blue:c12,d11 orange:k1,k12"]',
    '[Borders "a9-a10 b9-b10 b10-c10 b11-c11 b12-c12 c9-c10 d9-d10 d10-e10 d11-e11 d12-e12"]',
    '[Hands "red:B12,A1,A2 blue:A3,A4,A5 orange:A6,A7,A8"]',
    '[Start "red"]',
    "",
  ].join("\n");
  const start = refereeReplay(position);
  assert.deepEqual(start.to_move, ["red"]);
  assert.equal(start.players.red.ducats, 8, "7 and the silver mine's income");
  await freshStart(page, srv.url);
  await putSave(page, "g-renegade", "New Edition · Ann, Ben, Cleo · turn 1", position);
  await page.reload();
  await page.click('[data-save="g-renegade"] [data-continue]');
  assert.equal(await handOverReason(page, "red"), "Your turn.");
  await takeDevice(page, "red");
  assert.equal(await handMoney(page), 8);
  const price = Number((await page.locator('[data-play="B12 1"]').innerText()).match(/−(\d+)/)[1]);
  await page.click('[data-play="B12 1"]');
  assert.equal(await handMoney(page), 8 - price, "Renegade's price");
  assert.match(await page.locator(".prompt .todo").innerText(), /Renegade — tap the castle of a neighbouring foreign region/);
  assert.deepEqual(await targetList(page), [{ at: "d12", kind: "pick" }], "blue's region, by its castle");
  await tapSpace(page, "d12");
  assert.deepEqual(await targetList(page), [{ at: "b11", kind: "knight" }], "the free meadow of red's region");
  await tapSpace(page, "b11");
  await page.waitForSelector('[data-piece="knight"][data-colour="red"][data-at="b11"]');
  await page.click("[data-confirm].primary");

  assert.match(await handOverReason(page, "blue"), /^Ann played Renegade against your region: choose which of your knights leaves it\.$/);
  await takeDevice(page, "blue");
  assert.match(await page.locator(".prompt .todo").innerText(), /Ann played Renegade against your region — tap the knight of yours that leaves it/);
  assert.deepEqual((await targetList(page)).sort((a, b) => a.at.localeCompare(b.at)), [
    { at: "c12", kind: "pick" },
    { at: "d11", kind: "pick" },
  ]);
  await tapSpace(page, "c12");
  await page.waitForSelector('[data-piece="knight"][data-at="c12"]', { state: "detached" });
  await page.click("[data-confirm].primary");

  assert.equal(await handOverReason(page, "red"), "Take a card: from the deck or the market.");
  await takeDevice(page, "red");
  await page.click("[data-deck]");
  await page.click("[data-pass]");
  await page.waitForSelector('[data-handover="blue"]');

  const [save] = await savedRecords(page);
  assert.match(save.record, /red play B12( 1)?\nred renegade d12 b11\nblue remove c12\nred draw\n?$/);
  const after = refereeReplay(save.record);
  assert.equal(after.players.red.knights_in_stock, 13);
  assert.equal(after.players.blue.knights_in_stock, 14);
  assert.equal(after.players.orange.knights_in_stock, 13);
  assert.equal(after.players.red.ducats, 8 - price);
  assert.deepEqual(await leaks(page), []);
  assert.deepEqual(app.errors, []);
});

test("an expansion space two regions touch asks which region takes it; the action can end early", async () => {
  const { page, srv } = app;
  // Red's regions a12–b12 (castle a12) and d12–e12 (castle d12) both touch the forest c12.
  // Blue's and orange's castles make the rest of the board open land.
  const position = [
    '[Edition "new"]',
    '[Players "red blue orange"]',
    '[Setup "custom"]',
    '[Seed "2"]',
    '[Tiles "A0 B0 C0 D0 K0 E0 F0 G0 H0"]',
    '[Castles "red:a12,d12 blue:l1 orange:l7"]',
    '[Knights "red:e12"]',
    '[Borders "a11-a12 b11-b12 b12-c12 c12-d12 d11-d12 e11-e12 e12-f12"]',
    '[Hands "red:A14,A1,A2"]',
    '[Start "red"]',
    "",
  ].join("\n");
  const start = refereeReplay(position);
  assert.deepEqual(start.players.red.regions.map((r) => r.castle).sort(), ["a12", "d12"]);
  await freshStart(page, srv.url);
  await putSave(page, "g-expand", "New Edition · Red, Blue, Orange · turn 1", position);
  await page.reload();
  await page.click('[data-save="g-expand"] [data-continue]');
  await takeDevice(page, "red");
  await page.click('[data-play="A14 1"]');
  const first = await targetList(page);
  assert.ok(first.some((t) => t.at === "c12" && t.kind === "expand"), `c12 is offered: ${JSON.stringify(first)}`);
  await tapSpace(page, "c12");
  await page.waitForSelector("[data-region]");
  assert.deepEqual((await page.$$eval("[data-region]", (b) => b.map((x) => x.getAttribute("data-region")))).sort(), ["a12", "d12"]);
  assert.equal(await page.locator(`[data-province="red"]`).count(), 4, "nothing taken before the choice");
  await page.click('[data-region="a12"]');
  await page.waitForSelector('[data-border="c11-c12"]', { state: "attached" });
  assert.equal(await page.locator("[data-region]").count(), 0);
  assert.equal(await page.locator('[data-border="b12-c12"]').count(), 0, "the border inside the region is gone");
  assert.equal(await page.locator('[data-border="c12-d12"]').count(), 1, "the border to the other region stays");
  assert.equal(await page.locator('[data-province="red"]').count(), 5);
  assert.equal((await scores(page)).red, 1, "the forest taken scores 1");
  // One more space may be taken; end the action instead.
  assert.ok((await targetList(page)).length > 0);
  await page.click("[data-done]");
  assert.match(await page.locator(".prompt .todo").innerText(), /take a card/);
  await page.click("[data-deck]");
  await page.click("[data-pass]");
  await page.waitForSelector('[data-handover="blue"]');
  const [save] = await savedRecords(page);
  assert.match(save.record, /\nred play A14( 1)?\nred expand c12 a12\nred done\nred draw\n?$/);
  const after = refereeReplay(save.record);
  assert.equal(after.players.red.score, 1);
  assert.deepEqual(after.players.red.regions.map((r) => [r.castle, r.spaces]).sort(), [["a12", 3], ["d12", 2]]);
  assert.deepEqual(app.errors, []);
});

test("a card that can't be played now has its Play button off and says why (R-N4)", async () => {
  const { page, srv } = app;
  // Castle a1's only knight spot is the forest b1 (a2 is a mine). Red holds exactly the price of
  // A12 (1 knight or 2 borders), so nothing is left for the forest: A12 may be played for its
  // borders only. Prices are read from the card data (our reconstruction, calibrated).
  const data = readFileSync(new URL("../../src/engine/newed/data/power_cards.txt", import.meta.url), "utf8");
  const price = (id) => Number(data.split("\n").find((l) => l.split(/\s+/)[0] === id).split(/\s+/)[3]);
  const position = [
    '[Edition "new"]',
    '[Players "red blue orange"]',
    '[Setup "custom"]',
    '[Seed "5"]',
    '[Tiles "A0 B0 C0 D0 K0 E0 F0 G0 H0"]',
    '[Castles "red:a1 orange:h12,l12"]',
    `[Ducats "red:${price("A12")}"]`,
    '[Hands "red:A1,A12,D8"]',
    '[Start "red"]',
    "",
  ].join("\n");
  assert.equal(refereeReplay(position).players.red.ducats, price("A12"));
  await freshStart(page, srv.url);
  await putSave(page, "g-why", "New Edition · Red, Blue, Orange · turn 1", position);
  await page.reload();
  await page.click('[data-save="g-why"] [data-continue]');
  await takeDevice(page, "red");
  assert.equal(await page.locator('[data-play="A12 1"]').isDisabled(), true);
  assert.equal(await page.locator('[data-play="A12 2"]').isDisabled(), false);
  assert.match(await page.locator('[data-card="A12"] .why-not').innerText(), /^1 knight: no free space for a knight you can pay for/);
  assert.equal(await page.locator('[data-play="D8 1"]').isDisabled(), true);
  assert.match(await page.locator('[data-card="D8"] .why-not').innerText(), new RegExp(`costs ${price("D8")} ducats; you have ${price("A12")} ducats`));
  assert.equal(await page.locator('[data-card="A1"] .why-not').count(), 0, "a card that may be played says nothing");
  assert.equal(await page.locator('[data-sell="D8"]').isDisabled(), false, "it can always be sold");
  assert.deepEqual(app.errors, []);
});
