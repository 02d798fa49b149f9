// Browser features the game can live without (README "Browser features"): each is taken away
// before the page's scripts run, and the table must still draw and play, saying what is off.
import assert from "node:assert/strict";
import { test } from "node:test";
import { LINK3, openApp, playSteps } from "./game.mjs";

/** Takes away the clipboard, vibration, the share sheet and user activation, and makes every
 *  touch of localStorage throw as in a browser that blocks site data. */
function withoutFeatures() {
  for (const name of ["clipboard", "vibrate", "share", "canShare", "userActivation"]) {
    Object.defineProperty(Navigator.prototype, name, { get: () => undefined, configurable: true });
  }
  Object.defineProperty(window, "localStorage", {
    get() {
      throw new DOMException("The operation is insecure.", "SecurityError");
    },
    configurable: true,
  });
}

test("without clipboard, vibration, share sheet and storage the table plays and says saves are off", async () => {
  const { srv, page, errors, close } = await openApp();
  try {
    await page.addInitScript(withoutFeatures);
    await page.goto(srv.url);
    // The start screen draws and says nothing is kept.
    const off = page.locator("[data-saves-off]");
    await off.waitFor({ timeout: 10000 });
    assert.match(await off.innerText(), /games are not saved/);
    // A game from a link plays: a round's decisions and beyond.
    await page.goto(srv.url + LINK3);
    await page.locator("[data-handover='red']").waitFor();
    await page.click("[data-dismiss-handover]");
    await playSteps(page, 30);
    assert.ok((await page.$("[data-space]")) || (await page.$("[data-handover]")), "still playing");
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test("a copy button without the clipboard selects the text in its field and says how it went", async () => {
  const { srv, page, errors, close } = await openApp();
  try {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "clipboard", { get: () => undefined, configurable: true });
    });
    await page.goto(srv.url + LINK3);
    await page.locator("[data-handover='red']").waitFor();
    await page.click("[data-dismiss-handover]");
    await page.click("[data-menu]");
    await page.click("[data-copy-link]");
    const status = page.locator(".menu-panel .notice");
    await status.waitFor();
    // Copied the old way, or selected with the keys to press: never silence, never a throw.
    assert.match(await status.innerText(), /^(Copied\.|Selected: press Ctrl\+C)/);
    const selected = await page.evaluate(() => {
      const el = document.activeElement;
      return el && el.matches("[data-share-link]") && el.selectionStart === 0 && el.selectionEnd === el.value.length;
    });
    assert.ok(selected, "the link's field is focused with all its text selected");
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});
