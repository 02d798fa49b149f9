// Everything in reach, nothing jumps (issue 22): at a tablet's 1024×768 and 768×1024 and a
// phone's 390×844, scripted turns of both editions keep the prompt and every enabled control of
// the step inside the viewport without scrolling, and the board stays where it is across a tap
// (within 2 px). Then: a politics card's face is shown before it is taken and taking it can be
// taken back; alone against computers nothing says "pass the device"; "Play again" starts a
// game with the same seats.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { autoStep, leaks, openApp } from "./game.mjs";
import { newAutoStep } from "./newed.mjs";

const SIZES = [
  [1024, 768],
  [768, 1024],
  [390, 844],
];
const CLASSIC = "?game=classic&players=red,yellow,purple&setup=basic&seed=42&names=Ann,Ben,Cleo";
const NEW = "?game=new&players=red,blue,orange&seed=42&names=Ann,Ben,Cleo";
const SOLO = "?game=new&players=red,blue,orange&seed=4&bots=blue:easy,orange:easy&pace=instant&names=Ann,Ben,Cleo";

let app;
before(async () => {
  app = await openApp();
});
after(async () => {
  await app?.close();
});

/** The prompt and the step's enabled controls that are not fully inside the viewport. */
function outOfReach(page) {
  return page.evaluate(() => {
    const [vw, vh] = [innerWidth, innerHeight];
    if (!document.querySelector(".game") || document.querySelector("[data-handover], [data-announcement], [data-game-over]")) return { skip: true, out: [] };
    const els = [...document.querySelectorAll(".step .prompt, .step button:not([disabled])")].filter((e) => e.offsetParent !== null);
    const out = els
      .filter((e) => {
        const r = e.getBoundingClientRect();
        return r.top < -0.5 || r.left < -0.5 || r.bottom > vh + 0.5 || r.right > vw + 0.5;
      })
      .map((e) => `${e.className || e.tagName}: ${e.textContent.trim().slice(0, 40)}`);
    return { skip: false, out, scrolled: scrollY !== 0 || document.scrollingElement.scrollHeight > vh + 1, prompt: !!document.querySelector(".step .prompt") };
  });
}

/** Where the board is drawn (null when no game board is on screen). */
function boardBox(page) {
  return page.evaluate(() => {
    if (document.querySelector("[data-handover], [data-announcement], [data-game-over]")) return null;
    const b = document.querySelector(".board-box svg.board");
    if (!b) return null;
    const r = b.getBoundingClientRect();
    return [r.x, r.y, r.width, r.height];
  });
}

for (const [edition, link, step] of [
  ["Classic", CLASSIC, autoStep],
  ["New Edition", NEW, newAutoStep],
]) {
  test(`${edition}: at three sizes the step's controls are always in view and the board never moves under a tap`, async () => {
    const { page, srv } = app;
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      await page.goto(srv.url);
      await page.evaluate(() => localStorage.clear());
      await page.goto(srv.url + link);
      await page.waitForSelector("[data-handover], .game .step .prompt");
      let checked = 0;
      for (let n = 0; n < 40; n++) {
        await page.waitForTimeout(30);
        const reach = await outOfReach(page);
        if (!reach.skip) {
          assert.ok(reach.prompt, `${width}×${height} step ${n}: a prompt`);
          assert.deepEqual(reach.out, [], `${width}×${height} step ${n}: out of view`);
          assert.equal(reach.scrolled, false, `${width}×${height} step ${n}: the game screen never scrolls`);
          checked++;
        }
        const before = await boardBox(page);
        const r = await step(page, n);
        assert.ok(!String(r).startsWith("LEAK"), r);
        if (r === "over") break;
        await page.waitForTimeout(60);
        const after = await boardBox(page);
        if (before && after) {
          for (let i = 0; i < 4; i++) assert.ok(Math.abs(before[i] - after[i]) <= 2, `${width}×${height} step ${n} (${r}): the board moved ${before} → ${after}`);
        }
      }
      assert.ok(checked >= 10, `${width}×${height}: ${checked} steps checked`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    assert.deepEqual(await leaks(page), []);
    assert.deepEqual(app.errors, []);
  });
}

test("a politics card's face is shown before it is taken, and taking it can be taken back", async () => {
  const { page, srv } = app;
  await page.goto(srv.url);
  await page.evaluate(() => localStorage.clear());
  await page.goto(srv.url + CLASSIC);
  for (let n = 0; n < 1500 && !(await page.$("[data-take]")); n++) {
    const opened = await page.$("[data-open-pile]:not([disabled])");
    if (opened) await opened.click();
    else {
      const r = await autoStep(page, n);
      if (r === "over") break;
    }
    if (await page.$("[data-take]")) break;
  }
  const card = await page.$("[data-take]");
  assert.ok(card, "a pile was looked through");
  // Its face: the art and what it does, before it is taken.
  assert.equal(await card.$$eval("svg.art use", (u) => u.length), 1);
  assert.ok((await card.$eval(".card-effect", (e) => e.textContent.trim())).length > 10);
  const name = await card.getAttribute("data-take");
  await card.click();
  assert.match(await page.textContent(".step .prompt"), /you took/);
  await page.click("[data-undo]");
  assert.ok(await page.$(`[data-take="${name}"]`), "back to the open pile: another card can be chosen");
  assert.doesNotMatch(await page.textContent(".step .prompt"), /you took/);
  await page.click(`[data-take="${name}"]`);
  await page.click("[data-confirm]");
  assert.equal(await page.$("[data-take]"), null);
  assert.deepEqual(app.errors, []);
});

test("alone against computers nothing says 'pass the device'; Play again starts the same seats", async () => {
  const { page, srv } = app;
  await page.goto(srv.url);
  await page.evaluate(() => localStorage.clear());
  await page.goto(srv.url + SOLO);
  let over = false;
  for (let n = 0; n < 3000 && !over; n++) {
    const text = await page.evaluate(() => document.body.innerText);
    assert.doesNotMatch(text, /pass the device/i, `step ${n}`);
    const r = await newAutoStep(page, n);
    if (r === "over" || (await page.$("[data-game-over]"))) over = true;
    else if (r === "wait") await page.waitForTimeout(20);
  }
  assert.ok(over, "the solo game ended");
  const seats = () => page.$$eval("[data-score]", (rows) => rows.map((r) => r.getAttribute("data-score")).sort());
  await page.click("[data-play-again]");
  await page.waitForSelector(".step .prompt");
  assert.equal(await page.$("[data-game-over]"), null);
  const names = await page.textContent(".strip-host, .side");
  for (const n of ["Ann", "Ben", "Cleo"]) assert.match(names, new RegExp(n));
  assert.equal(await page.$("[data-handover]"), null, "one person: no hand-over");
  assert.deepEqual(await seats(), ["blue", "orange", "red"]);
  assert.deepEqual(app.errors, []);
});
