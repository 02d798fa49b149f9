// The service worker precaches the game: after the first visit, with the network
// off, a reload still loads the game, and a new game can be started and a round
// played. Checked at the site root and under a sub-path.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { launchBrowser } from "./browser.mjs";
import { BASES, DIST } from "./helpers.mjs";
import { HASHED, startServer } from "./server.mjs";
import { autoStep } from "./game.mjs";

for (const base of BASES) {
  describe(`offline at ${base}`, () => {
    let srv, b;
    before(async () => {
      srv = await startServer({ root: DIST, base });
      b = await launchBrowser();
    });
    after(async () => {
      await b?.close();
      await srv?.close();
    });

    test("manifest is linked and valid", async () => {
      const res = await fetch(new URL("manifest.webmanifest", srv.url));
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type"), /manifest\+json/);
      const m = await res.json();
      assert.equal(m.name, "Löwenherz");
      assert.equal(m.start_url, "./");
      assert.equal(m.scope, "./");
      for (const icon of m.icons) {
        const r = await fetch(new URL(icon.src, srv.url));
        assert.equal(r.status, 200, icon.src);
      }
    });

    test("a first visit's offline cache downloads no file twice and not the computer players' worker", async () => {
      const fresh = await launchBrowser();
      try {
        const page = await fresh.context.newPage();
        const before = srv.served.length;
        await page.goto(srv.url);
        await page.locator("[data-start]").waitFor({ timeout: 15000 });
        await page.evaluate(async () => {
          const reg = await navigator.serviceWorker.ready;
          for (let i = 0; i < 300 && !(reg.active && reg.active.state === "activated"); i++) await new Promise((r) => setTimeout(r, 100));
        });
        const served = srv.served.slice(before);
        const twice = served.filter((p, i) => HASHED.test(p) && served.indexOf(p) !== i);
        assert.deepEqual(twice, [], "no hashed file of the game is downloaded twice (the precache takes the page's copy)");
        assert.deepEqual(served.filter((p) => p.includes("bot-worker")), [], "the computer players' worker is not fetched by a visit without computers");
        assert.ok(served.some((p) => p.endsWith("_bg.wasm")), "the game's wasm was served");
        const cached = await page.evaluate(async () => (await Promise.all((await caches.keys()).map(async (k) => (await (await caches.open(k)).keys()).map((r) => r.url)))).flat());
        assert.ok(cached.some((u) => u.endsWith("_bg.wasm")), "the game's wasm is in the offline cache");
      } finally {
        await fresh.close();
      }
    });

    test("offline: reload, start a game and play a round", async () => {
      const page = await b.context.newPage();
      await page.setViewportSize({ width: 1024, height: 800 });
      await page.goto(srv.url);
      await page.locator("[data-start]").waitFor({ timeout: 15000 });
      const scope = await page.evaluate(async () => {
        const timeout = (what) => new Promise((_, fail) => setTimeout(() => fail(new Error("timed out: " + what)), 10000));
        const reg = await Promise.race([navigator.serviceWorker.ready, timeout("serviceWorker.ready")]);
        if (!navigator.serviceWorker.controller) {
          await Promise.race([
            new Promise((ok) => navigator.serviceWorker.addEventListener("controllerchange", ok, { once: true })),
            timeout("controller"),
          ]);
        }
        return reg.scope;
      });
      assert.equal(scope, srv.url);

      await b.context.setOffline(true);
      try {
        // Really offline: a file the worker never cached fails.
        const probe = await page.evaluate(() => fetch("./not-precached-" + Date.now()).then((r) => "status " + r.status, () => "network error"));
        assert.equal(probe, "network error");

        await page.reload();
        await page.locator("[data-start]").waitFor({ timeout: 15000 });
        await page.click("[data-players='3']");
        await page.click("[data-start]");
        await page.locator("[data-handover]").waitFor({ timeout: 10000 });
        // Play until the second round's action card is up (one whole round).
        for (let n = 0; n < 400; n++) {
          const text = await page.locator("body").innerText();
          if (/Round 2/.test(text) && (await page.$("[data-space]"))) break;
          const did = await autoStep(page, n);
          assert.ok(!did.startsWith("LEAK"), did);
          assert.notEqual(did, "over");
        }
        assert.match(await page.locator(".topbar .info").innerText(), /Round 2/);
        assert.ok(await page.evaluate(() => !!navigator.serviceWorker.controller));
      } finally {
        await b.context.setOffline(false);
        await page.close();
      }
    });
  });
}
