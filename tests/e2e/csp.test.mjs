// The page's Content-Security-Policy (issue 40): the built page runs under it — the game's
// wasm, the computer players' worker, the service worker, a relay at ws://127.0.0.1 — with no
// violation, while an inline script put into the page and a socket to another ws: host are
// refused. (The policy is index.html's meta; scripts/csp.mjs names the inline scripts by hash.)
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startRelay } from "../../scripts/relay.mjs";
import { openApp } from "./game.mjs";
import { hostGame, tableLinkOf } from "./net.mjs";

let app, relay;
before(async () => {
  app = await openApp();
  relay = await startRelay({ port: 0 });
  await app.page.addInitScript(() => {
    window.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) => window.__csp.push(`${e.effectiveDirective} ${e.blockedURI}`));
  });
});
after(async () => {
  await app?.close();
  await relay?.close();
});

const violations = (page) => page.evaluate(() => window.__csp);

test("the built page's policy holds the placeholder's hashes, not the placeholder", async () => {
  const html = await (await fetch(app.srv.url)).text();
  const policy = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)"/)?.[1];
  assert.ok(policy, "a policy in index.html");
  assert.ok(!policy.includes("LOEWENHERZ"), policy);
  assert.equal((policy.match(/'sha256-[A-Za-z0-9+/]{43}='/g) ?? []).length, 2, `Trunk's loader and the service worker's registration: ${policy}`);
  assert.match(policy, /'wasm-unsafe-eval'/);
  assert.doesNotMatch(policy, /script-src[^;]*'unsafe-inline'/);
});

test("a game against a computer, the service worker and a relay run with no violation; injected scripts and foreign sockets are refused", { timeout: 90_000 }, async () => {
  const { page, srv } = app;
  // A computer plays first: its worker starts.
  await page.goto(srv.url + "?game=classic&players=red,yellow,purple&setup=basic&seed=11&bots=red:easy,yellow:easy&pace=instant");
  await page.waitForSelector(".game");
  for (let i = 0; i < 200 && !srv.served.some((p) => p.endsWith("bot-worker_bg.wasm")); i++) await page.waitForTimeout(100);
  assert.ok(srv.served.some((p) => p.endsWith("bot-worker_bg.wasm")), `the computer players' worker loaded its wasm (refused: ${await violations(page)}; served: ${srv.served.join(" ")})`);
  // The service worker (registered 5 s after the load) activates.
  const sw = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    for (let i = 0; i < 300 && !(reg.active && reg.active.state === "activated"); i++) await new Promise((r) => setTimeout(r, 100));
    return reg.active?.state;
  });
  assert.equal(sw, "activated");
  // A hosted game finds the test relay (ws://127.0.0.1): its table link shows once subscribed.
  await hostGame({ page }, srv.url, { edition: "classic", colours: ["red", "yellow"], seats: ["person", "friend"], relays: relay.url });
  const link = await tableLinkOf(page);
  assert.match(link, /#table=/);
  assert.deepEqual(await violations(page), [], "nothing the game does is refused");
  // What an attacker would try: an inline script put into the page, a socket to a ws: host.
  const ran = await page.evaluate(async () => {
    const s = document.createElement("script");
    s.textContent = "window.__injected = true";
    document.head.appendChild(s);
    try {
      new WebSocket("ws://192.0.2.1:1883/");
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
    return window.__injected === true;
  });
  assert.equal(ran, false, "an injected inline script ran");
  const refused = await violations(page);
  assert.ok(refused.some((v) => v.startsWith("script-src")), refused.join(", "));
  assert.ok(refused.some((v) => v.startsWith("connect-src") && v.includes("192.0.2.1")), refused.join(", "));
  assert.deepEqual(app.errors, []);
});
