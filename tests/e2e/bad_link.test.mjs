// Bad input from outside: a link with a wrong colour, hostile and corrupted replay links,
// and a damaged save in localStorage. Each is refused with a message; nothing else changes.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { deflateRawSync } from "node:zlib";
import { after, before, test } from "node:test";
import { LINK3, handOver, openApp } from "./game.mjs";

let app;
const dialogs = [];
before(async () => {
  app = await openApp();
  app.page.on("dialog", (d) => {
    dialogs.push(d.message());
    d.dismiss().catch(() => {});
  });
});
after(async () => {
  await app?.close();
});

const b64url = (buf) => Buffer.from(buf).toString("base64url");

/** Every localStorage entry of the app, as { key: value }. */
function storage(page) {
  return page.evaluate(() => Object.fromEntries(Object.keys(localStorage).sort().map((k) => [k, localStorage.getItem(k)])));
}

/** Starts the seed-42 game and plays one decision, so there is a saved game. */
async function makeSave(page, url) {
  await page.goto(url + LINK3);
  await handOver(page, "red");
  await page.click('[data-decision="1"]');
  await page.click('[data-decision="2"]');
  await page.click("[data-confirm-decision]");
  await page.waitForSelector('[data-handover="yellow"]');
}

test("a link with a colour the game doesn't have shows a message and the start screen", async () => {
  const { page, srv } = app;
  await page.goto(srv.url + "?game=classic&players=red,blue");
  await page.waitForSelector("[data-start]");
  const msg = await page.locator("[data-start-message]").innerText();
  assert.match(msg, /unknown colour 'blue'/);
  assert.match(msg, /Start a game here instead/);
  assert.equal(await page.locator("[data-handover], .game").count(), 0, "no game was started");
  // The bad query is gone from the address: a reload is a clean start screen.
  assert.equal(new URL(page.url()).search, "");
  await page.reload();
  await page.waitForSelector("[data-start]");
  assert.equal(await page.locator("[data-start-message]").count(), 0);
});

test("hostile and corrupted replay links are refused with a message; saves are untouched", async () => {
  const { page, srv } = app;
  await makeSave(page, srv.url);
  const saved = await storage(page);
  const keys = Object.keys(saved).filter((k) => k.startsWith("loewenherz/save/"));
  assert.equal(keys.length, 1);

  const cases = [
    ["%3Cscript%3Ealert(1)%3C%2Fscript%3E", /The replay link can't be opened: the link's record has characters that don't belong there/],
    ["%3Cscript%3E", /The replay link can't be opened/],
    // Valid base64url of random bytes: not deflate data.
    [b64url(randomBytes(64)), /The replay link can't be opened: the link's record is damaged or too large/],
    // Valid deflate of text that is no game record.
    [b64url(deflateRawSync(Buffer.from("this is not a game record\n<img src=x onerror=alert(1)>"))), /That record can't be opened/],
    // Cut short.
    ["A", /cut short/],
  ];
  for (const [param, expected] of cases) {
    await page.goto(srv.url + "?record=" + param);
    await page.waitForSelector("[data-start]");
    const msg = await page.locator("[data-start-message]").innerText();
    assert.match(msg, expected, `record=${param}`);
    assert.equal(await page.locator("[data-replay]").count(), 0, "no replay screen");
    assert.equal(await page.locator("img").count(), 0, "no markup from the link was rendered");
    assert.deepEqual(await storage(page), saved, "saved games untouched");
    assert.equal(await page.locator("[data-save]").count(), 1);
  }
  assert.deepEqual(dialogs, [], "no script ran");
  // The saved game still continues.
  await page.click("[data-continue]");
  await page.waitForSelector('[data-handover="yellow"]');
  assert.deepEqual(app.errors, []);
});

test("a damaged save is listed as unreadable and does not hide the other saves", async () => {
  const { page, srv } = app;
  await page.goto(srv.url);
  await page.evaluate(() => localStorage.clear());
  await makeSave(page, srv.url);
  await page.evaluate(() => localStorage.setItem("loewenherz/save/bad", "{oops"));
  await page.goto(srv.url);
  await page.waitForSelector("[data-start]");

  const bad = page.locator('[data-save="bad"]');
  assert.equal(await bad.count(), 1);
  assert.match(await bad.innerText(), /A saved game can't be read: this save is damaged \(it is not readable JSON\)/);
  assert.equal(await bad.locator("[data-continue]").count(), 0, "an unreadable save can't be continued");
  // The damaged text itself is never thrown away by listing it.
  assert.equal(await page.evaluate(() => localStorage.getItem("loewenherz/save/bad")), "{oops");

  const good = page.locator('[data-save]:not([data-save="bad"])');
  assert.equal(await good.count(), 1);
  assert.match(await good.innerText(), /Ann, Ben, Cleo · round 1/);
  await good.locator("[data-continue]").click();
  await page.waitForSelector('[data-handover="yellow"]');
  assert.deepEqual(app.errors, []);
});

test("the damaged save's text is kept under loewenherz/backup/<id>, as its row says", async () => {
  const { page, srv } = app;
  await page.goto(srv.url);
  await page.evaluate(() => {
    localStorage.clear();
    localStorage.setItem("loewenherz/save/bad", "{oops");
  });
  await page.reload();
  await page.waitForSelector('[data-save="bad"]');
  assert.match(await page.locator('[data-save="bad"]').innerText(), /Its text is kept as a backup/);
  // Deleting the broken save must not lose its text either.
  assert.equal(await page.evaluate(() => localStorage.getItem("loewenherz/backup/bad")), "{oops", "backup written when the broken save is listed");
  await page.locator('[data-save="bad"] [data-delete]').click();
  await page.locator('[data-save="bad"] [data-confirm-delete]').click();
  assert.equal(await page.locator('[data-save="bad"]').count(), 0);
  assert.equal(await page.evaluate(() => localStorage.getItem("loewenherz/save/bad")), null);
  assert.equal(await page.evaluate(() => localStorage.getItem("loewenherz/backup/bad")), "{oops");
});
