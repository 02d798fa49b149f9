// The feel of the table (issue 9): what a tap does is marked on the board, nothing is final
// before the player confirms, what happened since a player's last turn is marked, Escape closes
// dialogs before it takes anything back, and on a phone the whole map fits and every target can
// be reached by zooming and panning, with markers for targets off screen.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { autoStep, leaks, openApp } from "./game.mjs";

const LINK = "?game=classic&players=red,yellow,purple&setup=basic&seed=42&names=Ann,Ben,Cleo";

let app;
before(async () => {
  app = await openApp();
});
after(async () => {
  await app?.close();
});

/** Plays automatic steps until `done()` holds in the page (checked before every step). */
async function playUntil(page, done, max = 1500) {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate(done)) return i;
    const r = await autoStep(page, i);
    assert.ok(!String(r).startsWith("LEAK"), r);
    if (r === "over") break;
  }
  assert.fail("the state looked for never came");
}

test("knight and expansion targets carry different markers; a tap that could be either asks", async () => {
  const { page, srv } = app;
  await page.goto(srv.url + LINK);
  await playUntil(page, () => !!document.querySelector("[data-target-kind=knight]") && !!document.querySelector("[data-target-kind=expand]"));
  const kinds = await page.$$eval("[data-target]", (ts) => ts.map((t) => [t.getAttribute("data-target"), t.getAttribute("data-target-kind"), !!t.querySelector(".ghost"), !!t.querySelector(".plus")]));
  for (const [, kind, ghost, plus] of kinds) {
    if (kind === "knight") assert.ok(ghost && !plus, "a ghost knight marks a knight space");
    if (kind === "expand") assert.ok(plus && !ghost, "a + marks an expansion space");
  }
  assert.equal(await page.locator(".modes").count(), 0, "no mode toggle");
  // A space that takes either: the tap asks which.
  const both = kinds.map((k) => k[0]).filter((s, i, all) => all.indexOf(s) !== i);
  if (both.length) {
    await page.click(`[data-space="${both[0]}"]`, { force: true });
    const labels = await page.$$eval("[data-pay]", (bs) => bs.map((b) => b.textContent));
    assert.ok(labels.some((l) => l.startsWith("Knight on")) && labels.some((l) => l.startsWith("Expand to")), JSON.stringify(labels));
  }
});

test("a forest knight's payment can be taken back before the device passes", async () => {
  const { page, srv } = app;
  await page.goto(srv.url + LINK);
  // A knight target on a forest, with the money for it.
  await playUntil(page, () => {
    const money = parseInt(document.querySelector(".mine .money")?.textContent ?? "0", 10);
    return money >= 5 && [...document.querySelectorAll("[data-target-kind=knight]")].some((t) => document.querySelector(`[data-space="${t.getAttribute("data-target")}"]`).getAttribute("data-terrain") === "forest");
  });
  const money = async () => parseInt(await page.locator(".mine .money").innerText(), 10);
  const before = await money();
  const forest = await page.$$eval("[data-target-kind=knight]", (ts) =>
    ts.map((t) => t.getAttribute("data-target")).find((s) => document.querySelector(`[data-space="${s}"]`).getAttribute("data-terrain") === "forest"),
  );
  await page.click(`[data-space="${forest}"]`, { force: true });
  const pay = page.locator("[data-pay]");
  if (await pay.count()) await pay.first().click();
  assert.equal(await page.locator(`[data-piece="knight"][data-at="${forest}"]`).count(), 1);
  assert.equal(await page.locator(`[data-piece="knight"][data-at="${forest}"].staged`).count(), 1, "drawn as staged");
  assert.equal(await page.locator("[data-handover]").count(), 0);
  // Staged, it is paid for at once — also when it ends the action and waits for Confirm
  // unplayed: the numbers on screen always include the staged move (issue 32).
  assert.equal(await money(), before - 5, "the forest costs 5");
  await page.click(".undo");
  assert.equal(await page.locator(`[data-piece="knight"][data-at="${forest}"]`).count(), 0, "taken back");
  assert.equal(await money(), before, "and the money with it");
});

test("after a hand-over the previous player's new border is marked and summed up", async () => {
  const { page, srv } = app;
  await page.goto(srv.url + LINK);
  // A player takes the device back after another placed a border.
  await playUntil(page, () =>
    [...document.querySelectorAll("[data-border][data-recent]")].some((b) => (document.querySelector("[data-since]")?.textContent ?? "").includes("placed a border on " + b.getAttribute("data-border"))),
  );
  const summary = await page.locator("[data-since]").textContent();
  assert.match(summary, /Since your turn/);
  const recent = await page.$$eval("[data-border][data-recent]", (bs) => bs.map((b) => b.getAttribute("data-border")));
  const staged = await page.locator("[data-border][data-staged]").count();
  assert.equal(staged, 0, "marked as new, not as the holder's own unconfirmed move");
  assert.ok(recent.length > 0);
  // The marks last until the player acts.
  await autoStep(page, 0);
  if (!(await page.locator("[data-handover]").count())) assert.equal(await page.locator("[data-since]").count(), 0);
  assert.deepEqual(await leaks(page), []);
});

test("tapping a log line shows its spaces on the board; tapping it again hides them", async () => {
  const { page, srv } = app;
  await page.goto(srv.url + LINK);
  await playUntil(page, () => !!document.querySelector(".game .log-lines li[data-spaces]") && !document.querySelector("[data-handover]"));
  const line = page.locator(".log-lines li[data-spaces]").first();
  const spaces = (await line.getAttribute("data-spaces")).split(" ");
  await line.click();
  assert.deepEqual((await page.$$eval("[data-highlight]", (hs) => hs.map((h) => h.getAttribute("data-highlight")))).sort(), [...spaces].sort());
  await line.click();
  assert.equal(await page.locator("[data-highlight]").count(), 0);
});

test("Escape closes an open dialog first; only then does it take back a staged step", async () => {
  const { page, srv } = app;
  await page.goto(srv.url + LINK);
  await playUntil(page, () => document.querySelectorAll("[data-edge]").length > 0);
  // An edge the "since your turn" summary (over the board's corner) doesn't cover.
  const edge = await page.evaluate(() =>
    [...document.querySelectorAll("[data-edge]")]
      .find((e) => {
        const r = e.getBoundingClientRect();
        return e.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
      })
      ?.getAttribute("data-edge"),
  );
  await page.click(`[data-edge="${edge}"]`);
  assert.equal(await page.locator(`[data-border="${edge}"][data-staged]`).count(), 1);
  await page.click("[data-menu]");
  await page.click(".menu-panel [data-rules]");
  await page.waitForSelector(".rules-text h3");
  await page.keyboard.press("Escape");
  assert.equal(await page.locator("[data-rules-dialog]").count(), 0, "the rules closed");
  assert.equal(await page.locator(".menu-panel").count(), 1, "the menu still open");
  await page.keyboard.press("Escape");
  assert.equal(await page.locator(".menu-panel").count(), 0, "the menu closed");
  assert.equal(await page.locator(`[data-border="${edge}"]`).count(), 1, "the border still staged");
  await page.keyboard.press("Escape");
  assert.equal(await page.locator(`[data-border="${edge}"]`).count(), 0, "Escape took the border back");
  // The backdrop closes a dialog too.
  await page.click("[data-menu]");
  await page.mouse.click(5, 700);
  assert.equal(await page.locator(".menu-panel").count(), 0);
});

test("on a phone the whole map fits; zoomed in, hidden targets are marked and reachable", async () => {
  const { srv, b } = app;
  const page = await b.browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(srv.url + "?game=classic&players=red,yellow&seed=42&names=Ann,Ben");
  await page.click("[data-dismiss-handover]");
  const board = await page.locator("svg.board").boundingBox();
  assert.ok(board.x >= 0 && board.x + board.width <= 390, `the whole board fits the width (${JSON.stringify(board)})`);
  const labels = await page.$$eval(".labels text", (ts) => ts.length);
  assert.equal(labels, 25, "15 column and 10 row labels");
  const total = await page.locator("[data-target]").count();
  assert.ok(total > 0);
  await page.click("[data-zoom-in]");
  await page.click("[data-zoom-in]");
  // Count what the window shows and what the markers say is hidden.
  const shown = async () => {
    const box = await page.locator("svg.board").boundingBox();
    const inside = await page.$$eval(
      "[data-target]",
      (ts, box) =>
        ts.filter((t) => {
          const r = t.getBoundingClientRect();
          const [cx, cy] = [r.x + r.width / 2, r.y + r.height / 2];
          return cx > box.x && cx < box.x + box.width && cy > box.y && cy < box.y + box.height;
        }).length,
      box,
    );
    const hidden = await page.$$eval("[data-offscreen]", (ms) => ms.reduce((n, m) => n + parseInt(m.textContent, 10), 0));
    return { inside, hidden };
  };
  const first = await shown();
  assert.ok(first.hidden > 0, "markers for targets off screen");
  assert.equal(first.inside + first.hidden, total, "every target is on screen or counted by a marker");
  // A marker pans towards its targets; labels stay in view.
  const side = await page.getAttribute("[data-offscreen]", "data-offscreen");
  await page.click(`[data-offscreen="${side}"]`);
  const second = await shown();
  assert.equal(second.inside + second.hidden, total);
  assert.notDeepEqual(second, first, "the view moved");
  assert.equal(await page.$$eval(".labels text.zoomed", (ts) => ts.length), 25);
  // A target on screen can be tapped at this zoom.
  const target = await page.$$eval("[data-target]", (ts, box) => {
    const t = ts.find((t) => {
      const r = t.getBoundingClientRect();
      return r.x > box.x + 20 && r.x + r.width < box.x + box.width - 20 && r.y > box.y + 20 && r.y + r.height < box.y + box.height - 20;
    });
    return t?.getAttribute("data-target");
  }, await page.locator("svg.board").boundingBox());
  assert.ok(target, "a target well inside the view");
  await page.click(`[data-space="${target}"]`, { force: true });
  assert.equal(await page.locator(`[data-piece="castle"][data-at="${target}"]`).count(), 1);
  // Back to the whole map.
  await page.click("[data-zoom-whole]");
  assert.equal(await page.locator("[data-offscreen]").count(), 0);
  await page.close();
});
