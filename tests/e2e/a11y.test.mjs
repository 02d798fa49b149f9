// Accessibility audit (issue 11) with axe-core: the start screen, a hand-over, a game screen of
// each edition (Classic's with a duel's bid panel open) and the end screen of each edition have
// no serious or critical violations.
import AxeBuilder from "@axe-core/playwright";
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { LINK3, autoStep, openApp } from "./game.mjs";
import { newGameScreen, putSave, refereePlay } from "./newed.mjs";

let app;
before(async () => {
  app = await openApp();
});
after(async () => {
  await app?.close();
});

/** The serious and critical violations on the page now, one line each. */
async function audit(page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
}

test("start screen and hand-over", async () => {
  const { page, srv } = app;
  await page.goto(srv.url);
  await page.waitForSelector("[data-start]");
  assert.deepEqual(await audit(page), []);
  await page.goto(srv.url + LINK3);
  await page.waitForSelector("[data-handover]");
  assert.deepEqual(await audit(page), []);
});

test("a Classic game screen, with a duel's bid open", async () => {
  const { page, srv } = app;
  await page.goto(srv.url + LINK3);
  await page.waitForSelector("[data-handover]");
  for (let n = 0; n < 200 && !(await page.$("[data-bid-amount]")); n++) await autoStep(page, n);
  await page.waitForSelector("[data-bid-amount]");
  assert.deepEqual(await audit(page), []);
  for (let n = 200; n < 260; n++) await autoStep(page, n);
  if (await page.$("[data-dismiss-handover]")) await page.click("[data-dismiss-handover]");
  await page.waitForSelector("[data-score]");
  assert.deepEqual(await audit(page), []);
});

test("a New Edition game screen", async () => {
  const { page, srv } = app;
  await newGameScreen(page, srv.url);
  assert.deepEqual(await audit(page), []);
});

test("the end screen of each edition", async () => {
  const { page, srv } = app;
  await page.goto(srv.url);
  await putSave(page, "g-end-classic", "Classic · Red, Yellow, Purple · finished", refereePlay("classic", 3, 7));
  await putSave(page, "g-end-new", "New Edition · Red, Blue, Orange · finished", refereePlay("new", 3, 7));
  for (const id of ["g-end-classic", "g-end-new"]) {
    await page.goto(`${srv.url}#game=${id}`);
    await page.reload();
    await page.waitForSelector("[data-game-over]");
    assert.deepEqual(await audit(page), [], id);
  }
  assert.deepEqual(app.errors, []);
});
