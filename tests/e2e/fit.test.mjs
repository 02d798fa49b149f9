// The replay and the end screen fit the screens we design for (issue 41): at 1024×768 and
// 390×844 the page never scrolls (its scrollHeight is at most the window's height), the whole
// board is in view and its map tools lie beside it, inside the window.
//
// Run: node --test tests/e2e/fit.test.mjs
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { cliPlay, openApp, recordParam } from "./game.mjs";

const SIZES = [
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
];

let app;
before(async () => {
  app = await openApp();
});
after(async () => {
  await app?.close();
});

/** How the page and the board lie in the window: scrolling, the board's box, its tools' box. */
function fit(page) {
  return page.evaluate(() => {
    const box = (el) => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height };
    };
    const root = document.scrollingElement;
    return {
      scroll: root.scrollHeight,
      height: innerHeight,
      width: innerWidth,
      scrollWidth: root.scrollWidth,
      // The board as drawn (its spaces), not its box, which may be taller.
      board: box(document.querySelector("svg.board [data-layer=terrain]")),
      tools: box(document.querySelector(".board-tools")),
    };
  });
}

function checkFit(f, what) {
  const size = `${f.width}×${f.height}`;
  assert.ok(f.scroll <= f.height, `${what} at ${size}: the page scrolls (${f.scroll} > ${f.height})`);
  assert.ok(f.scrollWidth <= f.width, `${what} at ${size}: the page scrolls sideways (${f.scrollWidth} > ${f.width})`);
  const inside = (b) => b && b.top >= -1 && b.left >= -1 && b.bottom <= f.height + 1 && b.right <= f.width + 1;
  assert.ok(inside(f.board) && f.board.height > 150, `${what} at ${size}: the whole board in view ${JSON.stringify(f.board)}`);
  assert.ok(inside(f.tools), `${what} at ${size}: the map tools in view ${JSON.stringify(f.tools)}`);
  // Beside the board: touching its box (right of it, or under it), not floating elsewhere.
  const gapRight = f.tools.left - f.board.right;
  const gapBelow = f.tools.top - f.board.bottom;
  const beside = (gapRight >= -2 && gapRight <= 24 && f.tools.top < f.board.bottom) || (gapBelow >= -2 && gapBelow <= 24 && f.tools.left < f.board.right);
  assert.ok(beside, `${what} at ${size}: the map tools lie beside the board (board ${JSON.stringify(f.board)}, tools ${JSON.stringify(f.tools)})`);
}

test("a replay fits 1024×768 and 390×844: no page scroll, the board and its tools in view", { timeout: 60_000 }, async () => {
  const { page, srv } = app;
  const record = cliPlay(3, 41);
  await page.goto(`${srv.url}?record=${recordParam(record)}`);
  await page.waitForSelector("[data-replay]");
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const step of ["[data-replay-first]", "[data-replay-next]", "[data-replay-last]"]) {
      await page.click(step);
      await page.waitForTimeout(50);
      checkFit(await fit(page), `the replay after ${step}`);
    }
    const status = await page.locator("[data-replay-status]").innerText();
    assert.doesNotMatch(status, /\b(red|yellow|purple|grey) [a-z]+ /, `the replay's line is in words, not record notation: ${status}`);
  }
  assert.deepEqual(app.errors, []);
});

test("the end screen fits 1024×768 and 390×844: no page scroll, the board and its tools in view", { timeout: 180_000 }, async () => {
  const { page, srv } = app;
  await page.setViewportSize(SIZES[0]);
  await page.goto(srv.url);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${srv.url}?game=classic&players=red,yellow,purple&setup=basic&seed=41&bots=red:easy,yellow:easy,purple:easy&pace=instant`);
  await page.waitForSelector("[data-game-over]", { timeout: 170_000 });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(100);
    checkFit(await fit(page), "the end screen");
    // What scrolls is the column beside the board: its last button can be reached.
    await page.locator("[data-back-to-menu]").scrollIntoViewIfNeeded();
    const f = await fit(page);
    assert.ok(f.scroll <= f.height, "reaching the last button scrolls only the column");
  }
  assert.deepEqual(app.errors, []);
});
