// Issue 32: the numbers are true while a move is staged. Seed 42's basic game deals round 1
// "$6 / B2 / K1"; Ann lays 2 and 3, Ben and Cleo 1. After her two borders, Ann expands her
// province a1–c2 by the city d2 (+1 space, +5 city: +6) and the forest d1 (+1). The second
// space ends her action, the last of the round: the move waits for "Confirm" (the next card
// stays face down), yet score, border stock and money already count it, as after Confirm.
// The device holder's own money is in the step bar's chip; behind a hand-over nobody's is.
// Ending the politics action before a pile is opened asks first: the card won is given up.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { LINK3, autoStep, decide, dismissAnnouncements, handOver, leaks, openApp, scores } from "./game.mjs";
import { NEW_LINK3, handMoney, newAutoStep } from "./newed.mjs";

let app;
before(async () => {
  app = await openApp();
});
after(async () => {
  await app?.close();
});

/** The topbar's border stock ("… · 75 borders in stock"). */
async function stock(page) {
  const m = (await page.locator(".topbar .info").innerText()).match(/(\d+) borders in stock/);
  assert.ok(m, "the topbar names the border stock");
  return Number(m[1]);
}

/** The step bar's money chip: the colour it is for and the amount. */
async function chip(page) {
  const el = page.locator("[data-my-money]");
  if ((await el.count()) === 0) return null;
  return { colour: await el.getAttribute("data-my-money"), amount: parseInt(await el.locator("b").innerText(), 10) };
}

test("an expansion that waits for Confirm is counted before Confirm, and nothing it reveals shows", async () => {
  const { page, srv } = app;
  await page.goto(srv.url + LINK3);
  await handOver(page, "red");
  assert.deepEqual(await chip(page), { colour: "red", amount: 12 }, "Ann's own money is in the step bar");
  await decide(page, 2, 3);
  await page.waitForSelector('[data-handover="yellow"]');
  assert.equal(await chip(page), null, "nobody's money behind the hand-over");
  await handOver(page, "yellow");
  await decide(page, 1);
  await handOver(page, "purple");
  await decide(page, 1);
  assert.deepEqual(await dismissAnnouncements(page), []);

  // Action 2: two borders, confirmed.
  await handOver(page, "red");
  assert.deepEqual(await chip(page), { colour: "red", amount: 12 });
  await page.click('[data-edge="c9-c10"]');
  await page.click('[data-edge="d9-d10"]');
  await page.click(".confirm");
  assert.match(await page.locator(".prompt").innerText(), /^Ann: 1 knight or expand/);

  // Action 3: the city d2, staged: +6 at once.
  const stock0 = await stock(page);
  await page.click('[data-space="d2"]');
  assert.equal((await scores(page)).red, 6, "the city d2 counts while staged");
  // The forest d1 ends the action and the round: held back for Confirm, counted all the same.
  await page.click('[data-space="d1"]');
  assert.equal(await page.locator(".confirm.primary").count(), 1, "waits for Confirm");
  assert.match(await page.locator(".topbar .info").innerText(), /^Round 1 /, "no new card yet");
  assert.match(await page.locator(".action-card").innerText(), /take 6 ducats/, "the old card is still up");
  const staged = { score: (await scores(page)).red, stock: await stock(page), money: await chip(page) };
  assert.equal(staged.score, 7, "both spaces count before Confirm");
  assert.notEqual(staged.stock, stock0, "the expansion's borders are out of the stock before Confirm");
  assert.equal(await page.locator(".pts.changed").count() > 0, true, "the step's change is marked");

  await page.click(".confirm.primary");
  await handOver(page, "yellow");
  assert.equal((await scores(page)).red, staged.score, "the same score after Confirm");
  assert.equal(await stock(page), staged.stock, "the same border stock after Confirm");
  assert.match(await page.locator(".topbar .info").innerText(), /^Round 2 /);
  assert.deepEqual(await chip(page), { colour: "yellow", amount: 15 }, "Ben's own money (12 + 3 shared)");
  assert.deepEqual(await leaks(page), []);
  assert.deepEqual(app.errors, []);
});

test("ending the politics action before looking through a pile asks first", async () => {
  const { page, srv } = app;
  await page.goto(srv.url);
  await page.evaluate(() => localStorage.clear());
  await page.goto(srv.url + LINK3);
  for (let n = 0; n < 1500 && !(await page.$("[data-open-pile]:not([disabled])")); n++) {
    if ((await autoStep(page, n)) === "over") break;
  }
  assert.ok(await page.$("[data-open-pile]:not([disabled])"), "a politics action came up");
  const prompt = await page.locator(".prompt .todo").innerText();
  await page.click("[data-end-action]");
  assert.equal(await page.locator("[data-give-up-ask]").count(), 1, "asked, not ended");
  assert.match(await page.locator("[data-give-up-ask]").innerText(), /without taking a politics card/);
  await page.click("[data-keep-action]");
  assert.equal(await page.locator("[data-give-up-ask]").count(), 0);
  assert.ok(await page.$("[data-open-pile]:not([disabled])"), "the piles are still offered");
  assert.equal(await page.locator(".prompt .todo").innerText(), prompt, "nothing happened");
  await page.click("[data-end-action]");
  await page.click("[data-give-up]");
  assert.equal(await page.locator("[data-open-pile]").count(), 0, "the action is over");
  assert.deepEqual(await leaks(page), []);
  assert.deepEqual(app.errors, []);
});

test("the New Edition's money is in view on a phone without opening the drawer, and a sale counts at once", async () => {
  const { page, srv } = app;
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await page.goto(srv.url);
    await page.evaluate(() => localStorage.clear());
    await page.goto(srv.url + NEW_LINK3);
    // Through the placement to the first turn's choice (a card to sell).
    for (let n = 0; n < 400 && !(await page.$("[data-sell]")); n++) await newAutoStep(page, n);
    const sell = page.locator("[data-sell]").first();
    assert.ok(await sell.count(), "a card to sell");
    const c = await chip(page);
    assert.ok(c, "the money chip is there");
    assert.equal(c.amount, await handMoney(page), "the chip is the holder's money");
    const box = await page.locator("[data-my-money]").boundingBox();
    assert.ok(box && box.y >= 0 && box.y + box.height <= 844 && box.x + box.width <= 390, `in view: ${JSON.stringify(box)}`);
    assert.equal(await page.locator(".side.open").count(), 0, "the drawer is closed");
    const gain = Number((await sell.innerText()).match(/\+(\d+)/)[1]);
    await sell.click();
    assert.equal((await chip(page)).amount, c.amount + gain, "a staged sale counts in the chip");
    assert.deepEqual(await leaks(page), []);
    assert.deepEqual(app.errors, []);
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 });
  }
});
