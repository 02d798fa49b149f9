// A new build's worker takes over and deletes the previous build's cache.
// Simulated on a temp copy of dist/ by changing the VERSION in sw.js.
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { launchBrowser } from "./browser.mjs";
import { DIST } from "./helpers.mjs";
import { startServer } from "./server.mjs";

let dir, srv, b;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), "loewenherz-dist-"));
  cpSync(DIST, dir, { recursive: true });
  srv = await startServer({ root: dir, base: "/games/loewenherz/" });
  b = await launchBrowser();
});
after(async () => {
  await b?.close();
  await srv?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const versionOf = (sw) => sw.match(/const VERSION = "([0-9a-f]{16})";/)?.[1];

test("a new worker replaces the old cache", async () => {
  const swPath = join(dir, "sw.js");
  const sw = readFileSync(swPath, "utf8");
  const v1 = versionOf(sw);
  assert.ok(v1, "sw.js carries a 16-hex-digit build hash (post_build hook ran)");

  const page = await b.context.newPage();
  await page.goto(srv.url);
  await page.locator("[data-start]").waitFor({ timeout: 15000 });
  const keysAfterFirst = await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    return caches.keys();
  });
  assert.deepEqual(keysAfterFirst, ["loewenherz-" + v1]);

  const v2 = "0123456789abcdef";
  writeFileSync(swPath, sw.replace(`"${v1}"`, `"${v2}"`));
  const keysAfterUpdate = await page.evaluate(async (want) => {
    const reg = await navigator.serviceWorker.ready;
    await reg.update();
    for (let i = 0; i < 100; i++) {
      const keys = await caches.keys();
      if (keys.length === 1 && keys[0] === want) return keys;
      await new Promise((r) => setTimeout(r, 100));
    }
    return caches.keys();
  }, "loewenherz-" + v2);
  assert.deepEqual(keysAfterUpdate, ["loewenherz-" + v2]);
  await page.close();
});

test("a new build published while a game is open: the next load continues the game", async () => {
  const { LINK3, autoStep } = await import("./game.mjs");
  const swPath = join(dir, "sw.js");
  const indexPath = join(dir, "index.html");
  const page = await b.context.newPage();
  await page.goto(srv.url + LINK3);
  await page.waitForSelector("[data-handover]");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const id = (await page.evaluate(() => location.hash)).slice("#game=".length);
  const record = () => page.evaluate((id) => JSON.parse(localStorage.getItem(`loewenherz/save/${id}`)).record, id);
  for (let n = 0; n < 40; n++) await autoStep(page, n);
  const before = await record();
  assert.ok(before.split("\n").filter((l) => l && !l.startsWith("[")).length >= 4, "moves were made");

  // Publish a changed build under the same path: another cache version and a changed page.
  const sw = readFileSync(swPath, "utf8");
  const v = "fedcba9876543210";
  writeFileSync(swPath, sw.replace(/const VERSION = "[0-9a-f]{16}";/, `const VERSION = "${v}";`));
  writeFileSync(indexPath, readFileSync(indexPath, "utf8").replace("<head>", "<head><!-- build 2 -->"));
  await page.evaluate(async (want) => {
    const reg = await navigator.serviceWorker.ready;
    await reg.update();
    for (let i = 0; i < 100; i++) {
      const keys = await caches.keys();
      if (keys.length === 1 && keys[0] === want) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("the new worker did not take over");
  }, "loewenherz-" + v);

  await page.reload();
  await page.waitForSelector("[data-handover]");
  assert.ok((await page.content()).includes("<!-- build 2 -->"), "the new build is the one running");
  assert.equal(await record(), before, "the save is as it was");
  // The game continues from the last move: the next moves extend the same record.
  for (let n = 40; n < 80; n++) await autoStep(page, n);
  const after = await record();
  assert.ok(after.startsWith(before.trimEnd()) && after.length > before.length, "the game went on from its last move");
  await page.close();
});
