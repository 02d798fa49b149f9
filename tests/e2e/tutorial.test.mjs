// Issue 11: "Learn the game". A learner follows each lesson from the start screen by doing what
// the coach card says (its step names the move; its place glows on the board). Classic: one
// round in which the learner chooses actions, wins a duel, places borders that found a province
// and expands it. New Edition: one turn — play a card, found a region, refill. A move that
// leaves the lesson is refused with the step's words. Then "Play on" ends the lesson and the
// game simply goes on.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { autoStep, openApp } from "./game.mjs";
import { newAutoStep } from "./newed.mjs";

let app;
before(async () => {
  app = await openApp();
});
after(async () => {
  await app?.close();
});

const click = (page, sel) => page.click(sel, { force: true });

/** Makes `expected` (a record line like `red border c2-c3`) through the UI, as a learner would. */
async function perform(page, expected) {
  const [, verb, ...args] = expected.split(" ");
  switch (verb) {
    case "decide":
      for (const a of args) await click(page, `[data-decision="${a}"]`);
      return click(page, "[data-confirm-decision]");
    case "offer": {
      const want = Number(args[0]);
      for (let i = 0; i < 40; i++) {
        const now = Number((await page.textContent(".negotiate .amount")).replace(/\D+/g, ""));
        if (now === want) break;
        await click(page, now < want ? "[data-more-money]" : "[data-less]");
      }
      return click(page, "[data-offer]");
    }
    case "accept":
      return click(page, "[data-accept]");
    case "duel":
      return click(page, "[data-duel]");
    case "bid":
      await page.fill("[data-bid-amount]", args[0]);
      return click(page, "[data-seal-bid]");
    case "open":
      return click(page, `[data-open-pile="${args[0]}"]`);
    case "take":
      return args.length > 1 ? click(page, `[data-take="${args[1]}"]`) : click(page, `[data-market="${args[0]}"]`);
    case "border":
      return click(page, `[data-edge="${args[0]}"]`);
    case "expand":
    case "knight":
    case "castle":
      return click(page, `[data-space="${args[0]}"]`);
    case "play":
      return click(page, `[data-play="${args[0]} ${args[1] ?? 1}"]`);
    case "sell":
      return click(page, `[data-sell="${args[0]}"]`);
    case "draw":
      return click(page, "[data-deck]");
    case "done":
      return click(page, "[data-done], .done");
    default:
      throw new Error(`the test can't make "${expected}"`);
  }
}

/** Follows the coach until the lesson's last card; returns the steps' moves and words. */
async function followLesson(page) {
  const steps = [];
  let last = null;
  for (let i = 0; i < 600; i++) {
    if (await page.$("[data-coach-done]")) return steps;
    const coach = await page.$("[data-coach-expected]");
    const expected = coach && (await coach.getAttribute("data-coach-expected"));
    if (expected && `${steps.length}:${expected}` !== last) {
      steps.push({ move: expected, text: await coach.textContent() });
      last = `${steps.length}:${expected}`;
      await perform(page, expected);
      continue;
    }
    const confirm = await page.$(".confirm.primary, [data-confirm]");
    if (confirm && (await page.$("[data-coach]")) && !expected) {
      await confirm.click({ force: true });
      continue;
    }
    const ann = await page.$("[data-dismiss-announcement]");
    if (ann) {
      await ann.click();
      continue;
    }
    await page.waitForTimeout(100);
  }
  throw new Error(`the lesson didn't end; steps: ${JSON.stringify(steps.map((s) => s.move))}`);
}

/** The computers' pace up to "instant" (the bar's pace button steps normal → fast → instant). */
async function fastest(page) {
  for (let i = 0; i < 3; i++) {
    const p = await page.$("[data-pace]");
    if (!p || /instant/i.test(await p.textContent())) return;
    await p.click();
  }
}

test("Classic lesson: choose actions, win a duel, found a province with borders, expand; then play on", async () => {
  const { page, srv } = app;
  await page.goto(srv.url);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.click("[data-learn-classic]");
  await page.waitForSelector("[data-coach]");
  assert.equal(await page.$("[data-handover]"), null, "one person against computers: no hand-over screen");
  await fastest(page);
  // A move off the lesson is refused with the step's words, and nothing changes.
  const first = await page.getAttribute("[data-coach-expected]", "data-coach-expected");
  assert.match(first, /^red decide /);
  const other = ["1", "2", "3"].find((n) => !first.split(" ").slice(2).includes(n));
  await click(page, `[data-decision="${other}"]`);
  if (first.split(" ").length > 3) await click(page, `[data-decision="${first.split(" ")[2]}"]`);
  await click(page, "[data-confirm-decision]");
  await page.waitForSelector("[role=alert]");
  assert.match(await page.textContent("[role=alert]"), /one step at a time/);
  assert.equal(await page.getAttribute("[data-coach-expected]", "data-coach-expected"), first);
  // The glowing place: a border step lights both sides of its edge.
  const steps = await followLesson(page);
  const verbs = steps.map((s) => s.move.split(" ")[1]);
  for (const v of ["decide", "bid", "border", "expand"]) assert.ok(verbs.includes(v), `the lesson has a ${v} step: ${verbs}`);
  const log = await page.textContent("[role=log]");
  assert.match(log, /founds? a province|founded/i, "a province was founded in the lesson");
  await page.click("[data-coach-play-on]");
  assert.equal(await page.$("[data-coach]"), null);
  // And the game goes on: the learner keeps making moves between the computers'.
  let did = 0;
  for (let n = 0; n < 800 && did < 10; n++) {
    const r = await autoStep(page, n);
    if (r !== "wait") did++;
    else await page.waitForTimeout(50);
  }
  assert.ok(did >= 10, "the game goes on after the lesson");
  assert.deepEqual(app.errors, []);
});

test("New Edition lesson: play a card, found a region, refill; then play on", async () => {
  const { page, srv } = app;
  await page.goto(srv.url);
  await page.click("[data-learn-new]");
  await page.waitForSelector("[data-coach]");
  await fastest(page);
  const steps = await followLesson(page);
  const verbs = steps.map((s) => s.move.split(" ")[1]);
  for (const v of ["play", "border"]) assert.ok(verbs.includes(v), `the lesson has a ${v} step: ${verbs}`);
  assert.ok(verbs.includes("draw") || verbs.includes("take"), `the lesson refills the hand: ${verbs}`);
  await page.click("[data-coach-play-on]");
  assert.equal(await page.$("[data-coach]"), null);
  let did = 0;
  const seen = [];
  for (let n = 0; n < 800 && did < 10; n++) {
    const r = await newAutoStep(page, n);
    seen.push(r);
    if (r !== "wait") did++;
    else await page.waitForTimeout(50);
  }
  assert.ok(did >= 10, `the game goes on after the lesson: ${seen.slice(-5)}`);
  assert.deepEqual(app.errors, []);
});
