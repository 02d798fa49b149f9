// One small page API over the three browser engines the game is tested in, so a test is written
// once and runs in each (issue 39):
//   chromium  Debian's Chromium through playwright-core (browser.mjs's flags)
//   firefox   Debian's Firefox ESR through WebDriver BiDi (puppeteer-core; no geckodriver)
//   webkit    WebKitGTK's MiniBrowser through plain W3C WebDriver over HTTP to WebKitWebDriver,
//             under xvfb-run (a web process that crashed at launch is retried once)
//
//   const e = await openEngine("firefox", { viewport: { width: 1024, height: 768 } });
//   await e.page.goto(url); await e.page.tap("[data-start]"); await e.page.evaluate(fn, arg);
//   e.version  // "Firefox 140.10.2esr"…   await e.close();
//
// The page API: goto, reload, url, evaluate(fn, arg) (fn runs in the page, may be async),
// waitFor(selector, { gone, timeout }), waitForTimeout, tap(selector) (a real click of the
// pointer at the element's centre, after scrolling it into view: what is on top there gets it),
// fill / select (a field's value and its input/change events), text(selector), count(selector),
// setViewport({ width, height }) (returns the inner size the engine gave), screenshot(path),
// errors() (uncaught page errors since it was last asked). The deterministic players of game.mjs and newed.mjs
// use only `evaluate`, so they drive every engine as they are.
//
// Every engine asks for reduced motion (the board shows each state at once), as browser.mjs
// does for Chromium: Firefox by its pref, WebKitGTK by GTK's "enable animations" setting.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CHROMIUM, CHROMIUM_ARGS, launchBrowser } from "./browser.mjs";

export const ENGINES = ["chromium", "firefox", "webkit"];
export const FIREFOX = process.env.FIREFOX_PATH || "/usr/lib/firefox-esr/firefox-esr";
export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER || "/usr/bin/WebKitWebDriver";
const MULTIARCH = { x64: "x86_64", arm64: "aarch64" }[process.arch] ?? process.arch;
export const MINIBROWSER = process.env.MINIBROWSER || `/usr/lib/${MULTIARCH}-linux-gnu/webkit2gtk-4.1/MiniBrowser`;

/** The engines a run asks for: $E2E_ENGINES (comma-separated), else all three. */
export function enginesWanted() {
  const want = (process.env.E2E_ENGINES || ENGINES.join(",")).split(",").map((s) => s.trim()).filter(Boolean);
  for (const e of want) if (!ENGINES.includes(e)) throw new Error(`E2E_ENGINES: unknown engine "${e}" (known: ${ENGINES.join(", ")})`);
  return want;
}

/**
 * Opens `engine` with one page at `viewport` (default 1024×768). Returns { name, version, page, close }.
 * `motion`: the page doesn't ask for reduced motion (animations and playbacks run). `shots`: the
 * page will take screenshots (WebKit then draws as it does by default, slower: see openWebKitOnce).
 */
export async function openEngine(engine, { viewport = { width: 1024, height: 768 }, motion = false, shots = false } = {}) {
  const open = { chromium: openChromium, firefox: openFirefox, webkit: openWebKit }[engine];
  if (!open) throw new Error(`unknown engine "${engine}" (known: ${ENGINES.join(", ")})`);
  const e = await open({ motion, shots });
  await e.page.setViewport(viewport);
  return e;
}

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

/**
 * The parts every engine shares, on top of its own `ev(fn, arg)` and `click(x, y)`: waits by
 * polling the page, taps at an element's centre, field values with their events.
 */
function commonPage(own) {
  const page = {
    ...own,
    waitForTimeout: sleep,
    async waitFor(selector, { gone = false, timeout = 15_000 } = {}) {
      const until = Date.now() + timeout;
      for (;;) {
        const n = await own.evaluate((s) => document.querySelectorAll(s).length, selector).catch(() => -1);
        if (n >= 0 && (gone ? n === 0 : n > 0)) return;
        if (Date.now() > until) throw new Error(`${own.engine}: ${selector} ${gone ? "still there" : "not there"} after ${timeout} ms (at ${await own.url()})`);
        await sleep(25);
      }
    },
    count: (selector) => own.evaluate((s) => document.querySelectorAll(s).length, selector),
    text: (selector) => own.evaluate((s) => document.querySelector(s)?.innerText ?? null, selector),
    /**
     * A real click of the pointer at the centre of `selector` (scrolled into view first). With
     * `ifThere`, no such element is no error: returns whether it tapped.
     */
    async tap(selector, { ifThere = false } = {}) {
      const at = await own.evaluate((s) => {
        const el = document.querySelector(s);
        if (!el) return null;
        el.scrollIntoView({ block: "center", inline: "center" });
        const r = el.getBoundingClientRect();
        const x = Math.round(r.left + r.width / 2), y = Math.round(r.top + r.height / 2);
        // What a finger there would touch: the element itself (or a part of it), or what lies
        // over it and takes the tap (a space's art drawn over it once did: a tap in the middle
        // of a mine did nothing).
        const hit = document.elementFromPoint(x, y);
        const name = (e) => e ? e.tagName.toLowerCase() + [...e.attributes].filter((a) => a.name !== "style" && a.name !== "d" && a.name !== "points").map((a) => `[${a.name}${a.value ? `="${a.value.slice(0, 40)}"` : ""}]`).join("") : "nothing";
        const covered = hit && el.contains(hit) ? null : `${name(el)} at (${x}, ${y}) is under ${name(hit)}` + (hit?.parentElement ? ` in ${name(hit.parentElement)}` : "");
        return { x, y, covered };
      }, selector);
      if (!at && ifThere) return false;
      if (!at) throw new Error(`${own.engine}: nothing to tap at ${selector}`);
      if (at.covered) throw new Error(`${own.engine}: a finger can't reach ${selector}: ${at.covered}`);
      await own.click(at.x, at.y);
      return true;
    },
    fill: (selector, value) =>
      own.evaluate(([s, v]) => {
        const el = document.querySelector(s);
        if (!el) throw new Error("no " + s);
        el.value = v;
        el.dispatchEvent(new Event("input", { bubbles: true }));
        el.dispatchEvent(new Event("change", { bubbles: true }));
      }, [selector, value]),
    select: (selector, value) =>
      own.evaluate(([s, v]) => {
        const el = document.querySelector(s);
        if (!el) throw new Error("no " + s);
        el.value = v;
        el.dispatchEvent(new Event("input", { bubbles: true }));
        el.dispatchEvent(new Event("change", { bubbles: true }));
      }, [selector, value]),
  };
  return page;
}

// ---- Chromium: playwright-core ----

async function openChromium({ motion }) {
  // WebRTC host candidates as real addresses, not mDNS names (as net.mjs): a friend in another
  // engine must reach them.
  const b = await launchBrowser({ motion, args: [...CHROMIUM_ARGS, "--disable-features=WebRtcHideLocalIpsWithMdns"] });
  const pw = await b.browser.newPage();
  const errors = [];
  pw.on("pageerror", (e) => errors.push(String(e)));
  const page = commonPage({
    engine: "chromium",
    goto: (url) => pw.goto(url),
    reload: () => pw.reload(),
    url: async () => pw.url(),
    evaluate: (fn, arg) => pw.evaluate(fn, arg),
    click: (x, y) => pw.mouse.click(x, y),
    async setViewport({ width, height }) {
      await pw.setViewportSize({ width, height });
      return pw.evaluate(() => ({ width: innerWidth, height: innerHeight }));
    },
    screenshot: (path) => pw.screenshot({ path }),
    errors: async () => errors.splice(0),
  });
  // The page's user agent says only "156.0.0.0"; the binary says which build.
  const version = execFileSync(CHROMIUM, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim().split(/\s+/).slice(0, 2).join(" ");
  return { name: "chromium", version, page, close: b.close };
}

// ---- Firefox: puppeteer-core over WebDriver BiDi ----

async function openFirefox({ motion }) {
  const { default: puppeteer } = await import("puppeteer-core");
  const root = mkdtempSync(join(tmpdir(), "loewenherz-firefox-"));
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX,
    headless: true,
    userDataDir: join(root, "profile"),
    env: { ...process.env, HOME: root, XDG_CONFIG_HOME: join(root, "config"), XDG_CACHE_HOME: join(root, "cache") },
    extraPrefsFirefox: {
      "ui.prefersReducedMotion": motion ? 0 : 1,
      // Service workers on http://127.0.0.1 (a secure context) and no first-run pages.
      "dom.serviceWorkers.enabled": true,
      "browser.shell.checkDefaultBrowser": false,
      // WebRTC host candidates as real addresses, not mDNS names: a Chromium peer must reach them.
      "media.peerconnection.ice.obfuscate_host_addresses": false,
    },
  });
  const pp = (await browser.pages())[0] ?? (await browser.newPage());
  pp.setDefaultTimeout(15_000);
  const errors = [];
  pp.on("pageerror", (e) => errors.push(String(e)));
  const page = commonPage({
    engine: "firefox",
    goto: (url) => pp.goto(url),
    reload: () => pp.reload(),
    url: async () => pp.url(),
    evaluate: (fn, arg) => pp.evaluate(fn, arg),
    click: (x, y) => pp.mouse.click(x, y),
    async setViewport({ width, height }) {
      // puppeteer 24 also asks for a screen orientation, a command Firefox ESR 140 doesn't know;
      // the viewport itself is set (measured below).
      await pp.setViewport({ width, height }).catch((e) => {
        if (!/setScreenOrientationOverride/.test(e.message)) throw e;
      });
      return pp.evaluate(() => ({ width: innerWidth, height: innerHeight }));
    },
    screenshot: (path) => pp.screenshot({ path }),
    errors: async () => errors.splice(0),
  });
  const version = `Firefox ${(await browser.version()).replace(/^firefox\//i, "")}`;
  return {
    name: "firefox",
    version,
    page,
    close: async () => {
      await browser.close().catch(() => {});
      rmSync(root, { recursive: true, force: true });
    },
  };
}

// ---- WebKit: W3C WebDriver over HTTP to WebKitWebDriver, MiniBrowser under xvfb-run ----

/** A free TCP port on loopback. */
function freePort() {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once("error", fail);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
}

/** One WebDriver command: the `value` of its answer, or an Error with the driver's message. */
async function wd(base, method, path, body) {
  const res = await fetch(base + path, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json; charset=utf-8" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => ({ value: { error: `HTTP ${res.status}`, message: "no JSON" } }));
  if (!res.ok || json.value?.error) {
    const err = new Error(`WebDriver ${method} ${path}: ${json.value?.error}: ${json.value?.message}`);
    err.code = json.value?.error;
    throw err;
  }
  return json.value;
}

async function openWebKit(opts) {
  let lastError;
  // MiniBrowser's web process crashed once at launch in Mesa's software GL under Xvfb
  // (TOOLCHAIN.md): one more try before failing.
  for (let attempt = 1; attempt <= 2; attempt++) {
    try {
      return await openWebKitOnce(opts);
    } catch (e) {
      lastError = e;
      console.log(`webkit: launch attempt ${attempt} failed: ${e.message}`);
    }
  }
  throw lastError;
}

async function openWebKitOnce({ motion, shots }) {
  const root = mkdtempSync(join(tmpdir(), "loewenherz-webkit-"));
  // GTK's "no animations" is what WebKitGTK reports as prefers-reduced-motion: reduce.
  mkdirSync(join(root, "config/gtk-3.0"), { recursive: true });
  writeFileSync(join(root, "config/gtk-3.0/settings.ini"), `[Settings]\ngtk-enable-animations=${motion ? 1 : 0}\n`);
  const port = await freePort();
  const env = {
    ...process.env,
    HOME: root,
    XDG_CONFIG_HOME: join(root, "config"),
    XDG_CACHE_HOME: join(root, "cache"),
    XDG_DATA_HOME: join(root, "data"),
    // Software GL only (there is no GPU).
    LIBGL_ALWAYS_SOFTWARE: "1",
    // Without compositing a tap took a third of the time (130-180 ms, not 420-620, measured
    // under load), but a screenshot never returned: compositing only for pictures.
    ...(shots ? {} : { WEBKIT_DISABLE_COMPOSITING_MODE: "1" }),
  };
  const driver = spawn("xvfb-run", ["-a", "-s", "-screen 0 1920x1200x24", WEBKIT_DRIVER, `--port=${port}`], {
    env,
    detached: true,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  driver.stderr.on("data", (d) => (log = (log + d).slice(-4000)));
  const kill = () => {
    try {
      process.kill(-driver.pid, "SIGTERM");
    } catch {}
  };
  // The driver, Xvfb and MiniBrowser go with this process even when a test is cut short or the
  // process is stopped by a signal (which skips "exit" handlers).
  process.on("exit", kill);
  for (const sig of ["SIGINT", "SIGTERM"]) process.once(sig, () => process.exit(sig === "SIGINT" ? 130 : 143));
  const base = `http://127.0.0.1:${port}`;
  let session;
  try {
    const until = Date.now() + 20_000;
    for (;;) {
      const ready = await wd(base, "GET", "/status").then((v) => v.ready, () => false);
      if (ready) break;
      if (driver.exitCode !== null || Date.now() > until) throw new Error(`WebKitWebDriver did not start: ${log}`);
      await sleep(100);
    }
    session = await wd(base, "POST", "/session", {
      capabilities: {
        alwaysMatch: {
          "webkitgtk:browserOptions": { binary: MINIBROWSER, args: ["--automation"] },
          pageLoadStrategy: "normal",
        },
      },
    });
  } catch (e) {
    kill();
    process.off("exit", kill);
    rmSync(root, { recursive: true, force: true });
    throw e;
  }
  const s = `/session/${session.sessionId}`;
  const cmd = (method, path, body) => wd(base, method, s + path, body);
  await cmd("POST", "/timeouts", { script: 60_000, pageLoad: 30_000, implicit: 0 });

  // Page errors: WebDriver classic has no events; every loaded document gets a listener
  // (installed right after the load, so an error while loading shows as a crash screen instead).
  const errors = [];
  const watchErrors = () =>
    cmd("POST", "/execute/sync", {
      script: `if (!window.__lhErrs) { window.__lhErrs = [];
        addEventListener("error", (e) => window.__lhErrs.push(String(e.message)));
        addEventListener("unhandledrejection", (e) => window.__lhErrs.push("unhandled rejection: " + String(e.reason))); }`,
      args: [],
    });
  const current = () =>
    cmd("POST", "/execute/sync", { script: "const e = window.__lhErrs || []; window.__lhErrs = []; return e", args: [] }).catch(() => []);
  // Before a document goes, its errors are kept.
  const keepErrors = async () => errors.push(...(await current()));
  const evaluate = async (fn, arg) => {
    const script = `const done = arguments[arguments.length - 1];
      const f = (${fn.toString()});
      Promise.resolve().then(() => f(arguments[0])).then(
        (v) => done({ ok: v === undefined ? null : v }),
        (e) => done({ err: String(e && e.stack ? e.message + "\\n" + e.stack : e) }));`;
    const r = await cmd("POST", "/execute/async", { script, args: [arg === undefined ? null : arg] });
    if (r && "err" in r) throw new Error(`webkit: in the page: ${r.err}`);
    return r?.ok;
  };
  const page = commonPage({
    engine: "webkit",
    async goto(url) {
      await keepErrors();
      await cmd("POST", "/url", { url });
      await watchErrors();
    },
    async reload() {
      await keepErrors();
      await cmd("POST", "/refresh", {});
      await watchErrors();
    },
    url: () => cmd("GET", "/url"),
    evaluate,
    click: (x, y) =>
      cmd("POST", "/actions", {
        actions: [
          {
            type: "pointer",
            id: "mouse",
            parameters: { pointerType: "mouse" },
            actions: [
              { type: "pointerMove", origin: "viewport", x, y, duration: 0 },
              { type: "pointerDown", button: 0 },
              { type: "pointerUp", button: 0 },
            ],
          },
        ],
      }),
    async setViewport({ width, height }) {
      // WebDriver sets the window's outer size: correct by what the frame takes, twice at most.
      let inner;
      let want = { width, height };
      for (let i = 0; i < 3; i++) {
        await cmd("POST", "/window/rect", want);
        inner = await cmd("POST", "/execute/sync", { script: "return { width: innerWidth, height: innerHeight }", args: [] });
        if (inner.width === width && inner.height === height) break;
        want = { width: want.width + (width - inner.width), height: want.height + (height - inner.height) };
      }
      return inner;
    },
    async screenshot(path) {
      if (!shots) throw new Error("webkit: screenshots need openEngine(…, { shots: true })");
      writeFileSync(path, Buffer.from(await cmd("GET", "/screenshot"), "base64"));
    },
    async errors() {
      return [...errors.splice(0), ...(await current())];
    },
  });
  return {
    name: "webkit",
    version: `WebKitGTK ${session.capabilities.browserVersion}`,
    page,
    close: async () => {
      await cmd("DELETE", "").catch(() => {});
      kill();
      process.off("exit", kill);
      await sleep(200);
      rmSync(root, { recursive: true, force: true });
    },
  };
}

// ---- The deterministic players by real taps ----

/**
 * One step of a deterministic player (game.mjs autoStep, newed.mjs newAutoStep) by a real tap:
 * the player marks what it would tap (`data-kbd-goal`), the engine's pointer taps it. Returns
 * what the player did ("over", "wait", "LEAK:…" untouched; "wait" too when the mark was gone
 * before the tap).
 */
export async function tapStep(page, step, n) {
  const did = await step(page, n, true);
  if (did === "over" || did === "wait" || did.startsWith("LEAK")) return did;
  // On a friend's device the host's update may draw the screen again between the mark and the
  // tap: then nothing was tapped.
  return (await page.tap("[data-kbd-goal]", { ifThere: true })) ? did : "wait";
}

/**
 * Plays on by real taps with `step` until the end screen (or until `until()` is true, checked
 * after every step, or `stopAfter` steps were taken). Waits while a computer thinks. Throws on a leak behind a hand-over screen,
 * when nothing can be tapped for 100 tries (computers not thinking), after `maxSteps` or `maxMs`.
 * Returns the steps taken.
 */
export async function playByTaps(page, step, { maxSteps = 6000, maxMs = 240_000, until, stopAfter = Infinity } = {}) {
  const steps = [];
  const started = Date.now();
  let waits = 0;
  for (let n = 0; n < maxSteps && Date.now() - started < maxMs; n++) {
    const did = await tapStep(page, step, n);
    if (did.startsWith("LEAK")) throw new Error(`${page.engine}: private elements behind the hand-over screen (${did})`);
    if (did === "over") return steps;
    if (did === "wait") {
      const thinking = await page.count("[data-thinking]");
      if (!thinking && ++waits > 100) throw new Error(`${page.engine}: stuck, nothing to tap after ${steps.slice(-10).join(" | ")}`);
      await page.waitForTimeout(thinking ? 10 : 20);
      continue;
    }
    waits = 0;
    steps.push(did);
    if (steps.length >= stopAfter || (until && (await until()))) return steps;
  }
  throw new Error(`${page.engine}: no end screen after ${steps.length} steps in ${Date.now() - started} ms; last: ${steps.slice(-10).join(" | ")}`);
}

/** The final scores on the end screen: { red: n, … } (game.mjs finalScores, by `evaluate`). */
export function endScores(page) {
  return page.evaluate(() =>
    Object.fromEntries([...document.querySelectorAll("[data-final]")].map((r) => [r.getAttribute("data-final"), parseInt(r.querySelector(".total").textContent, 10)])),
  );
}

/** The saved games in the page's storage: [{ id, record, summary }] (game.mjs savedRecords, by `evaluate`). */
export function saves(page) {
  return page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith("loewenherz/save/"))
      .map((k) => {
        const f = JSON.parse(localStorage.getItem(k));
        return { id: f.id, record: f.record, summary: f.summary };
      }),
  );
}
