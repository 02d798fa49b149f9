// Nothing lies over the board (issue 32): at 1024×768, 768×1024 and 390×844, in both editions,
// after hand-overs, the topmost element at the centre of every space is one of the board's tap
// areas and at every highlighted target's the space itself, and tapping the highlighted
// placement targets in order (real taps at their centres, not events sent to the element)
// places the pieces. And the others' moves since a
// player's turn are played back on the board, with Skip; with reduced motion they are not.
import { test } from "node:test";
import assert from "node:assert/strict";
import { launchBrowser } from "./browser.mjs";
import { DIST } from "./helpers.mjs";
import { startServer } from "./server.mjs";
import { LINK3, autoStep } from "./game.mjs";
import { NEW_LINK3 } from "./newed.mjs";

const SIZES = [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
];

/** Spaces and targets whose centre (inside the window) is covered by something else than the board. */
function covered(page) {
  return page.evaluate(() => {
    const out = [];
    // A space must reach a tap area of the board (its own; an edge's while borders are
    // placed); a highlighted target must reach its space itself.
    const check = (el, what, strict) => {
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2, y = r.top + r.height / 2;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return;
      const top = document.elementFromPoint(x, y);
      // The board reads a tap from the element it lands on: a mine's art over its space once
      // swallowed taps in the middle of every mine.
      const ok = top && (strict ? el.contains(top) : top.closest("svg.board") && top.closest("[data-a]"));
      if (!ok) out.push(`${what} under ${top ? top.tagName.toLowerCase() + "." + [...top.classList].join(".") : "nothing"}`);
    };
    for (const s of document.querySelectorAll("[data-space]")) check(s, "space " + s.getAttribute("data-space"), false);
    for (const t of document.querySelectorAll("[data-target]")) check(document.querySelector(`[data-space="${t.getAttribute("data-target")}"]`) ?? t, "target " + t.getAttribute("data-target"), true);
    return out;
  });
}

/** How many spaces of the board are outside the window (a board cut off). */
function offWindow(page) {
  return page.evaluate(() => [...document.querySelectorAll("[data-space]")].filter((s) => {
    const r = s.getBoundingClientRect();
    return r.bottom > innerHeight + 1 || r.right > innerWidth + 1 || r.top < -1 || r.left < -1;
  }).length);
}

/** A real tap (mouse down and up at the point) at the centre of space `s`. */
async function tapAt(page, s) {
  const r = await page.locator(`[data-space="${s}"]`).boundingBox();
  await page.mouse.click(r.x + r.width / 2, r.y + r.height / 2);
}

async function open(size, opts = {}) {
  const srv = await startServer({ root: DIST, base: "/" });
  const b = await launchBrowser(opts);
  const page = await b.browser.newPage({ viewport: size });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  return { srv, b, page, errors, close: async () => { await b.close(); await srv.close(); } };
}

for (const size of SIZES) {
  const at = `${size.width}×${size.height}`;

  test(`new edition at ${at}: all twelve castles and knights placed by tapping the highlighted spaces; nothing covers a space`, { timeout: 120_000 }, async () => {
    const app = await open(size);
    const { page } = app;
    try {
      await page.goto(app.srv.url + NEW_LINK3);
      let placed = 0;
      for (let k = 0; k < 80 && placed < 24; k++) {
        // A hand-over screen, or the holder's targets (a confirm's hand-over comes a frame later).
        await page.waitForSelector("[data-dismiss-handover], [data-target]", { timeout: 10_000 });
        const ho = page.locator("[data-dismiss-handover]");
        if (await ho.count()) {
          await ho.click();
          await page.waitForSelector(".game");
          continue;
        }
        assert.deepEqual(await covered(page), [], `${at}: spaces covered (placement ${placed})`);
        assert.equal(await offWindow(page), 0, `${at}: the whole board is in the window`);
        const before = await page.locator("[data-piece]").count();
        const target = await page.getAttribute("[data-target]", "data-target");
        await tapAt(page, target);
        await page.waitForFunction((n) => document.querySelectorAll("[data-piece]").length > n || document.querySelector("[data-handover]"), before, { timeout: 5_000 });
        placed++;
        const confirm = page.locator("[data-confirm].primary");
        if (await confirm.count()) await confirm.click();
      }
      assert.equal(placed, 24, "twelve castles and their knights, each by a tap on a highlighted space");
      assert.equal(await page.locator('[data-piece="castle"]').count(), 12);
      assert.deepEqual(app.errors, []);
    } finally {
      await app.close();
    }
  });

  test(`classic at ${at}: after every hand-over of four rounds, nothing covers a space or a target`, { timeout: 120_000 }, async () => {
    const app = await open(size);
    const { page } = app;
    try {
      await page.goto(app.srv.url + LINK3);
      let handovers = 0, checked = 0;
      for (let n = 0; n < 600 && handovers < 12; n++) {
        const did = await autoStep(page, n);
        if (did === "over") break;
        if (did.startsWith("handover")) {
          handovers++;
          await page.waitForSelector(".game");
        }
        if ((await page.locator(".game").count()) && !(await page.locator("[data-handover], [data-announcement]").count())) {
          assert.deepEqual(await covered(page), [], `${at}: covered after step ${n} (${did})`);
          checked++;
        }
      }
      assert.ok(handovers >= 12, `twelve hand-overs (${handovers})`);
      assert.ok(checked > 20, `checked ${checked} screens`);
      assert.deepEqual(app.errors, []);
    } finally {
      await app.close();
    }
  });
}

/** Plays on until a playback of the others' moves shows (or `limit` steps); returns its "k/n". */
async function untilPlayback(page, limit) {
  for (let n = 0; n < limit; n++) {
    const now = await page.locator("[data-playback] .count").textContent({ timeout: 50 }).catch(() => null);
    if (now) return now;
    await autoStep(page, n);
    await page.waitForTimeout(20);
  }
  return null;
}

test("the others' moves are played back on the board after a hand-over, one line at a time, with Skip", { timeout: 120_000 }, async () => {
  const app = await open({ width: 1024, height: 768 }, { motion: true });
  const { page } = app;
  try {
    await page.goto(app.srv.url + LINK3);
    const first = await untilPlayback(page, 300);
    assert.ok(first, "a playback after a hand-over");
    const [k, n] = first.split("/").map(Number);
    assert.ok(k >= 1 && n >= k, `step ${first}`);
    const line = await page.locator("[data-playback] .line").textContent();
    assert.ok(line.length > 0, "the line shown is in words");
    const log = await page.locator("[data-since] li").allTextContents();
    assert.ok(log.includes(line) || log.some((l) => l.startsWith("…")), `the line played (${line}) is one of since-your-turn's`);
    if (n > k) await page.waitForFunction((k) => Number(document.querySelector("[data-playback] .count")?.textContent.split("/")[0] ?? 0) > k || !document.querySelector("[data-playback]"), k, { timeout: 5_000 });
    await page.click("[data-skip-playback]");
    await page.waitForSelector("[data-playback]", { state: "detached" });
    assert.ok((await page.locator("[data-since]").count()) === 1, "the list stays beside the board");
    assert.deepEqual(app.errors, []);
  } finally {
    await app.close();
  }
});

test("with reduced motion the end state shows at once: no playback after hand-overs", { timeout: 120_000 }, async () => {
  const app = await open({ width: 1024, height: 768 });
  const { page } = app;
  try {
    await page.goto(app.srv.url + LINK3);
    let sinces = 0;
    for (let n = 0; n < 300 && sinces < 3; n++) {
      await autoStep(page, n);
      assert.equal(await page.locator("[data-playback]").count(), 0, "no playback with reduced motion");
      if (await page.locator("[data-since]").count()) sinces++;
    }
    assert.ok(sinces >= 3, "since-your-turn shown");
  } finally {
    await app.close();
  }
});
