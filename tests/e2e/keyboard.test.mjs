// The whole game without a pointer (issue 11): a Classic game played to its end screen with the
// keyboard only — Tab to controls and to the board, arrow keys over spaces and edges, Enter to
// tap — by the e2e player (game.mjs keyStep). No mouse or pointer event happens; the record
// replays through the referee to the same scores.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { cliReplay, cliScores, finalScores, keyStep, leaks, openApp, savedRecords } from "./game.mjs";

let app;
before(async () => {
  app = await openApp();
});
after(async () => {
  await app?.close();
});

test("a whole Classic game with the keyboard only", { timeout: 240_000 }, async () => {
  const { page, srv } = app;
  await page.addInitScript(() => {
    window.__lhPointer = 0;
    for (const type of ["mousedown", "mouseup", "pointerdown", "pointerup", "touchstart"]) {
      window.addEventListener(type, () => window.__lhPointer++, true);
    }
  });
  await page.goto(srv.url);
  await page.evaluate(() => localStorage.clear());
  await page.goto(srv.url + "?game=classic&players=yellow,purple&setup=variable&seed=3");
  await page.waitForSelector("[data-handover]");
  assert.ok(await page.evaluate(() => document.activeElement?.hasAttribute("data-dismiss-handover")), "the hand-over screen takes focus");
  let steps = 0;
  for (let waits = 0; steps < 6000; steps++) {
    const did = await keyStep(page, steps);
    assert.ok(!did.startsWith("LEAK"), did);
    if (did === "over") break;
    waits = did === "wait" ? waits + 1 : 0;
    if (waits > 50) assert.fail("stuck");
    if (did === "wait") await page.waitForTimeout(20);
  }
  await page.waitForSelector("[data-game-over]");
  assert.ok(steps > 50, `a real game (${steps} steps)`);
  assert.equal(await page.evaluate(() => window.__lhPointer), 0, "no mouse or pointer event");
  const [save] = await savedRecords(page);
  assert.deepEqual(cliScores(cliReplay(save.record)), await finalScores(page));
  assert.deepEqual(await leaks(page), []);
  assert.deepEqual(app.errors, []);
});

test("every card explains itself when tapped or reached with the keyboard", async () => {
  const { page, srv } = app;
  const { LINK3, autoStep } = await import("./game.mjs");
  const { NEW_LINK3 } = await import("./newed.mjs");
  await page.goto(srv.url + LINK3);
  await page.waitForSelector("[data-handover]");
  await page.keyboard.press("Enter");
  await page.waitForSelector("[data-decision]");
  // A decision card reached with Tab: what its action does.
  for (let i = 0; i < 60 && !(await page.evaluate(() => document.activeElement?.matches("[data-decision]"))); i++) await page.keyboard.press("Tab");
  const help = page.locator("[data-card-help]");
  await help.waitFor();
  const first = await page.evaluate(() => document.activeElement.getAttribute("data-help"));
  assert.equal(await help.innerText().then((t) => t.replace(/×$/, "").trim()), first);
  assert.match(first, /negotiate or duel/);
  // A row of the face-up action card, tapped.
  await page.locator("ol.actions li").nth(2).click();
  assert.match(await help.innerText(), /knight/i);
  await page.locator("[data-card-help] .x").click();
  assert.equal(await help.count(), 0);

  // New Edition: a power card's face tapped explains its actions, price and sale value.
  await page.goto(srv.url + NEW_LINK3);
  await page.waitForSelector("[data-handover]");
  await page.keyboard.press("Enter");
  const face = page.locator("[data-private] [data-card] .card-face").first();
  await face.waitFor();
  const id = await face.locator(".card-id").innerText();
  await face.click();
  assert.match(await help.innerText(), new RegExp(`^${id}: Play it .*costs \\d+ ducats?; selling it to the market brings \\d+`));
  assert.deepEqual(app.errors, []);
});
