// A full storage: the browser refuses to save. The player gets a warning and the game goes on.
import assert from "node:assert/strict";
import { test } from "node:test";
import { LINK3, openApp, playSteps } from "./game.mjs";

test("a full storage quota gives a warning and the game goes on", async () => {
  const { srv, page, errors, close } = await openApp();
  try {
    await page.addInitScript(() => {
      const original = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key, value) {
        if (String(key).startsWith("loewenherz/save/")) {
          throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
        }
        return original.call(this, key, value);
      };
    });
    await page.goto(srv.url + LINK3);
    await page.locator("[data-handover='red']").waitFor();
    await page.click("[data-dismiss-handover]");
    const warning = page.locator(".warning");
    await warning.waitFor({ timeout: 5000 });
    assert.match(await warning.innerText(), /storage is full/i);
    // The game goes on: play through the first round's decisions and beyond.
    await playSteps(page, 30);
    assert.ok((await page.$("[data-space]")) || (await page.$("[data-handover]")), "still playing");
    const saved = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("loewenherz/save/")));
    assert.deepEqual(saved, [], "nothing was saved");
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});
