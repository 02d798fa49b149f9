// Colour is never the only signal (issue 11): every colour's emblem is on its castles, knights,
// score markers, names, the neutral legend and the hand-over screen, in both editions, and
// every emblem drawn points at a picture the page has.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { LINK3, autoStep, openApp } from "./game.mjs";
import { newGameScreen } from "./newed.mjs";

let app;
before(async () => {
  app = await openApp();
});
after(async () => {
  await app?.close();
});

/** Per element of `selector` with a colour (from `attr`): whether it draws that colour's emblem. */
function emblems(page, selector, attr) {
  return page.$$eval(
    selector,
    (es, attr) => es.map((e) => [e.getAttribute(attr), [...e.querySelectorAll("use")].map((u) => u.getAttribute("href"))]),
    attr,
  );
}

async function checkScreen(page, players) {
  // Every emblem drawn refers to one of the six pictures in the page.
  const missing = await page.$$eval("use[href^='#em-']", (us) => us.map((u) => u.getAttribute("href")).filter((h) => !document.querySelector(`symbol${h}`)));
  assert.deepEqual(missing, []);
  const pieces = await emblems(page, "[data-piece]", "data-colour");
  assert.ok(pieces.length >= players.length, "pieces on the board");
  for (const [c, uses] of pieces) assert.deepEqual(uses, [`#em-${c}`], `a ${c} piece carries the ${c} emblem`);
  const rows = await emblems(page, "[data-score]", "data-score");
  assert.deepEqual(rows.map(([c]) => c).sort(), [...players].sort());
  // The name and the marker on the track.
  for (const [c, uses] of rows) assert.deepEqual(uses, [`#em-${c}`, `#em-${c}`], `${c}'s score row`);
  const mine = await page.$$eval("[data-private] h2 use", (us) => us.map((u) => u.getAttribute("href")));
  const holder = await page.getAttribute("[data-private]", "data-private");
  assert.deepEqual(mine, [`#em-${holder}`], "the holder's own panel names them with their emblem");
}

test("Classic: castles, knights, score rows, the neutral legend and hand-overs carry emblems", async () => {
  const { page, srv } = app;
  await page.goto(srv.url + "?game=classic&players=red,yellow&setup=variable&seed=3&names=Ann,Ben");
  await page.waitForSelector('[data-handover="red"]');
  assert.deepEqual(await emblems(page, ".handover h1", "class").then((r) => r[0][1]), ["#em-red"]);
  for (let n = 0; n < 400 && (await page.locator("[data-piece]").count()) < 6; n++) await autoStep(page, n);
  if (await page.$("[data-dismiss-handover]")) await page.click("[data-dismiss-handover]");
  await page.waitForSelector("[data-score]");
  await checkScreen(page, ["red", "yellow"]);
  const legend = await page.$$eval("[data-neutral-legend] use", (us) => us.map((u) => u.getAttribute("href")));
  assert.equal(legend.length, 1, "the neutral colour's legend shows its emblem");
  assert.deepEqual(app.errors, []);
});

test("New Edition: the same on its board and track", async () => {
  const { page, srv } = app;
  await newGameScreen(page, srv.url);
  await checkScreen(page, ["red", "blue", "orange"]);
  assert.deepEqual(app.errors, []);
});
