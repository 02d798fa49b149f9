// Helpers for the remote-play tests (net.test.mjs): one shared Chromium, a browser context per
// device (the host's, each friend's), the host's start screen with friends' seats, the
// invite → reply → connect exchange, every device played round-robin by the deterministic
// players of game.mjs / newed.mjs, and on friends' devices a record of what the data channel
// carried (every message received, every message sent) and of anything secret in the DOM.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join as joinPath } from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM, CHROMIUM_ARGS } from "./browser.mjs";
import assert from "node:assert/strict";
import { autoStep, cliReplay, cliScores, finalScores, savedRecords } from "./game.mjs";
import { DIST } from "./helpers.mjs";
import { newAutoStep } from "./newed.mjs";
import { startServer } from "./server.mjs";

/** Host candidates only (no STUN server here), with real local addresses rather than mDNS names. */
export const NET_ARGS = [...CHROMIUM_ARGS, "--disable-features=WebRtcHideLocalIpsWithMdns"];
export const NET_VIEWPORT = { width: 1024, height: 768 };
/** Colour → its index in the wire encoding (src/engine/colour.rs `Colour::ALL`). */
export const COLOUR_INDEX = { red: 0, yellow: 1, purple: 2, grey: 3, blue: 4, orange: 5 };

/** Serves dist/ and launches one Chromium for every device of a test file. */
export async function openNet() {
  const srv = await startServer({ root: DIST, base: "/" });
  const root = mkdtempSync(joinPath(tmpdir(), "loewenherz-net-"));
  const env = { ...process.env, XDG_CONFIG_HOME: joinPath(root, "config"), XDG_CACHE_HOME: joinPath(root, "cache") };
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: NET_ARGS, env });
  return {
    srv,
    browser,
    close: async () => {
      await browser.close().catch(() => {});
      await srv.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * Runs in a friend's page before any of its scripts: the channel the page gets through
 * `pc.ondatachannel` is kept in `window.__lzChannel`, every message it receives is recorded in
 * `window.__lzReceived` (bytes as a number array; text as `{ text }`), every message the page
 * sends in `window.__lzSent`. A MutationObserver records in `window.__lzSecrets` every moment
 * the DOM shows a hand-over screen, a private element of another colour, or a card outside
 * the seat's own private panel (`own`: the seat's colour).
 */
function friendInit({ own }) {
  window.__lzReceived = [];
  window.__lzSent = [];
  window.__lzChannel = null;
  window.__lzRaw = false;
  const bytes = (d) =>
    d instanceof ArrayBuffer ? Array.from(new Uint8Array(d)) : ArrayBuffer.isView(d) ? Array.from(new Uint8Array(d.buffer, d.byteOffset, d.byteLength)) : { text: String(d) };
  const P = RTCPeerConnection.prototype;
  const d = Object.getOwnPropertyDescriptor(P, "ondatachannel");
  Object.defineProperty(P, "ondatachannel", {
    configurable: true,
    enumerable: d.enumerable,
    get() {
      return d.get.call(this);
    },
    set(fn) {
      const wrapped =
        typeof fn === "function"
          ? function (ev) {
              const ch = ev.channel;
              window.__lzChannel = ch;
              ch.addEventListener("message", (e) => window.__lzReceived.push(bytes(e.data)));
              return fn.call(this, ev);
            }
          : fn;
      d.set.call(this, wrapped);
    },
  });
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (data) {
    if (!window.__lzRaw) window.__lzSent.push(bytes(data));
    return send.call(this, data);
  };
  // Secrets on this device's screen, checked after every change of the DOM.
  const s = (window.__lzSecrets = { checks: 0, handovers: [], foreign: [], cards: [], ownPrivate: 0, ownCards: 0 });
  const note = (list, what) => {
    if (list.length < 20) list.push(what);
  };
  const check = () => {
    s.checks++;
    const ho = document.querySelector("[data-handover]");
    if (ho) note(s.handovers, ho.getAttribute("data-handover"));
    for (const p of document.querySelectorAll("[data-private]")) {
      if (p.getAttribute("data-private") !== own) note(s.foreign, p.getAttribute("data-private") + ": " + p.textContent.slice(0, 80));
      else s.ownPrivate++;
    }
    for (const c of document.querySelectorAll("[data-card], [data-politics-card], [data-take]")) {
      const mine = c.closest(`[data-private="${own}"]`);
      if (!mine) note(s.cards, c.outerHTML.slice(0, 120));
      else s.ownCards++;
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
}

/**
 * A new device: its own browser context (storage, BroadcastChannel, WebRTC stack), a page, and
 * the page errors it reports. `own`: a friend's colour (its channel and DOM are recorded).
 */
export async function device(net, name, { own, locale } = {}) {
  const context = await net.browser.newContext({ viewport: NET_VIEWPORT, reducedMotion: "reduce", ...(locale ? { locale } : {}) });
  context.setDefaultTimeout(10_000);
  if (own) await context.addInitScript(friendInit, { own });
  const page = await context.newPage();
  const errors = [];
  const watch = (p) => {
    p.on("pageerror", (e) => errors.push(`${name}: ${e}`));
    p.on("console", (m) => {
      if (m.type() === "error") errors.push(`${name} console: ${m.text()}`);
    });
  };
  watch(page);
  return { name, own, context, page, errors, watch, close: () => context.close().catch(() => {}) };
}

/**
 * Runs in an eavesdropper's page before any of its scripts: every plaintext the page's WebCrypto
 * decrypts (every relay message of the room it joined) is kept in `window.__lhDecrypted` (bytes
 * as number arrays).
 */
function eavesdropInit() {
  window.__lhDecrypted = [];
  const decrypt = SubtleCrypto.prototype.decrypt;
  SubtleCrypto.prototype.decrypt = function (...args) {
    return decrypt.apply(this, args).then((plain) => {
      window.__lhDecrypted.push(Array.from(new Uint8Array(plain)));
      return plain;
    });
  };
}

/**
 * Mallory (issue 40): a device that opens the table link `link` and never sits down; its page
 * decrypts everything said in the table's room, which it records. Returns the device with
 * `plaintexts()` (every plaintext decrypted so far, as number arrays).
 */
export async function eavesdropper(net, link) {
  const d = await device(net, "mallory");
  await d.context.addInitScript(eavesdropInit);
  const page = await d.context.newPage();
  d.watch(page);
  await d.page.close();
  await page.goto(link);
  await page.waitForSelector("[data-seat-picker]", { timeout: 20_000 });
  return { ...d, page, plaintexts: () => page.evaluate(() => window.__lhDecrypted) };
}

/** Sets a `<select>`'s value and tells the page (the element may be re-drawn after each choice). */
async function choose(page, selector, value) {
  await page.selectOption(selector, value);
}

/**
 * On the host's device: a new game from the start screen with friends' seats, started; waits
 * for the friends' panel with an invite for each friend's seat. `seats`: per seat "person",
 * "friend" or a computer level. Returns the save id (from `#host=<id>`).
 */
export async function hostGame(host, url, { edition, colours, seats, seed, names, relays = "" }) {
  const page = host.page;
  await page.goto(url);
  await page.evaluate((relays) => {
    localStorage.clear();
    localStorage.setItem("loewenherz/net/ice", "");
    // Relays off by default: the invites and replies are exchanged by hand (table.test.mjs
    // passes a test relay's address: friends come from the one table link).
    localStorage.setItem("loewenherz/net/relays", relays);
  }, relays);
  await page.goto(url);
  await page.waitForSelector("[data-start]");
  await page.click(`[data-edition-choice=${edition}]`);
  await page.click(`[data-players="${colours.length}"]`);
  for (let i = 0; i < colours.length; i++) await choose(page, `select[data-colour='${i}']`, colours[i]);
  for (let i = 0; i < seats.length; i++) if (seats[i] !== "person") await choose(page, `select[data-seat='${i}']`, seats[i]);
  // Names last: choosing a colour or a seat draws the form again (a name typed stays).
  for (let i = 0; i < (names ?? []).length; i++) await page.fill(`input[data-name='${i}']`, names[i]);
  if (seed !== undefined) {
    await page.evaluate((seed) => {
      const input = document.querySelector("[data-seed]");
      input.value = String(seed);
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }, seed);
  }
  await page.click("[data-start]");
  await page.waitForURL(/#host=/, { timeout: 10_000 });
  // Through relays the invites are not shown (friends come from the table link).
  if (!relays) for (let i = 0; i < seats.length; i++) if (seats[i] === "friend") await page.waitForSelector(`input[data-invite="${colours[i]}"]`, { timeout: 15_000 });
  return decodeURIComponent(new URL(page.url()).hash.slice("#host=".length));
}

/** Opens the friends' panel on the host's device if it is closed. */
export async function openPanel(page) {
  if ((await page.locator("[data-net-panel]").count()) === 0) await page.click("[data-net-toggle]");
  await page.waitForSelector("[data-net-panel]");
}

/** Closes the friends' panel on the host's device if it is open. */
export async function closePanel(page) {
  if ((await page.locator("[data-net-panel]").count()) > 0) await page.click("[data-net-panel] [data-close]");
  await page.waitForSelector("[data-net-panel]", { state: "detached" });
}

/** How the host's panel says `colour`'s seat is played: here, computer, connected, away. */
export async function presenceOf(page, colour) {
  await openPanel(page);
  return page.locator(`li[data-net-seat="${colour}"]`).getAttribute("data-presence");
}

/** The invite link the host's panel shows now for `colour` (waits for one; `not`: a link to differ from). */
export async function inviteOf(page, colour, { not, timeout = 20_000 } = {}) {
  await openPanel(page);
  const handle = await page.waitForFunction(
    ([c, not]) => {
      const v = document.querySelector(`input[data-invite="${c}"]`)?.value;
      return v && v !== not ? v : null;
    },
    [colour, not ?? null],
    { timeout, polling: 50 },
  );
  return handle.jsonValue();
}

/**
 * A friend opens `invite` on their device; their reply is pasted into the host's panel (or,
 * `viaTab`: opened in another tab of the host's browser, which hands it to the host's page);
 * waits until the friend's device shows the table and the host shows the seat connected.
 * Returns the time from opening the invite to the friend's first shared screen (ms).
 */
export async function join(host, friend, colour, invite, { viaTab = false } = {}) {
  const t0 = Date.now();
  // A fresh document (a `#join=` link differing only in its fragment would not reload).
  if (friend.page.url() !== "about:blank") await friend.page.goto("about:blank");
  await friend.page.goto(invite);
  await friend.page.waitForSelector("[data-reply-link]", { timeout: 15_000 });
  const reply = await friend.page.getAttribute("[data-reply-link]", "value");
  if (viaTab) {
    const tab = await host.context.newPage();
    host.watch(tab);
    await tab.goto(reply);
    await tab.waitForSelector("[data-reply-taken]", { timeout: 10_000 });
    await tab.close();
  } else {
    await openPanel(host.page);
    await host.page.fill(`[data-reply-input="${colour}"]`, reply);
    await host.page.click(`[data-connect="${colour}"]`);
  }
  await friend.page.waitForSelector("[data-space]", { timeout: 15_000 }).catch(async (e) => {
    const status = await host.page.locator(`[data-net-status="${colour}"]`).allInnerTexts().catch(() => []);
    const stage = await friend.page.evaluate(() => ["answering", "reply-link", "joining", "join-failed", "net-lost"].filter((s) => document.querySelector(`[data-${s}]`)).join(",") + " " + (document.querySelector(".notice")?.textContent ?? "")).catch((x) => x.message);
    const presence = await host.page.locator(`li[data-net-seat="${colour}"]`).getAttribute("data-presence").catch(() => "?");
    const errors = [...(host.errors ?? []), ...(friend.errors ?? [])].slice(0, 6);
    throw new Error(`${colour} never reached the table: the host says ${JSON.stringify(status)} (${presence}); the friend is at ${stage}: "${await screenOf(friend.page)}"; page errors: ${JSON.stringify(errors)}\n${e.message}`);
  });
  const ms = Date.now() - t0;
  await host.page.waitForSelector(`li[data-net-seat="${colour}"][data-presence="connected"]`, { state: "attached", timeout: 10_000 });
  return ms;
}

/** The deterministic player of an edition. */
export function stepperOf(edition) {
  return edition === "new" ? newAutoStep : autoStep;
}

/** A short summary of what a device shows (for messages when stuck). */
function screenOf(page) {
  return page
    .evaluate(() => {
      const prompt = document.querySelector(".prompt")?.innerText ?? "";
      const lost = document.querySelector("[data-net-lost]") ? " [lost]" : "";
      const over = document.querySelector("[data-game-over]") ? " [over]" : "";
      return (prompt.replace(/\s+/g, " ").slice(0, 140) || document.body.innerText.replace(/\s+/g, " ").slice(0, 140)) + lost + over;
    })
    .catch((e) => `(${e.message.split("\n")[0]})`);
}

/**
 * Plays every device with `step` round-robin (one step each per round; all at once) until
 * every one shows the end screen, `until()` is true (checked after every round) or `maxRounds`.
 * A step on a device that can do nothing returns "wait"; when no device did anything for
 * `stuckMs`, throws with what each shows. `afterStep(dev, did)` runs after each step taken.
 * Returns { steps, rounds, over }.
 */
export async function playAll(devs, step, { until, maxRounds = 20_000, stuckMs = 8_000, afterStep } = {}) {
  let steps = 0;
  let idleSince = Date.now();
  const last = [];
  for (let n = 0; n < maxRounds; n++) {
    const dids = await Promise.all(devs.map((d) => step(d.page, n)));
    let acted = false;
    for (let i = 0; i < devs.length; i++) {
      const did = dids[i];
      if (did.startsWith("LEAK")) throw new Error(`${devs[i].name}: private elements behind a hand-over screen (${did})`);
      if (did !== "wait" && did !== "over") {
        acted = true;
        steps++;
        last.push(`${devs[i].name}: ${did}`);
        if (last.length > 12) last.shift();
        if (afterStep) await afterStep(devs[i], did);
      }
    }
    if (dids.every((d) => d === "over")) return { steps, rounds: n, over: true };
    if (until && (await until())) return { steps, rounds: n, over: false };
    if (acted) {
      idleSince = Date.now();
    } else {
      if (Date.now() - idleSince > stuckMs) {
        const shown = await Promise.all(devs.map(async (d) => `${d.name}: ${await screenOf(d.page)}`));
        throw new Error(`stuck: no device can act\n${shown.join("\n")}\nlast steps:\n${last.join("\n")}`);
      }
      await devs[0].page.waitForTimeout(15);
    }
  }
  throw new Error(`no end after ${maxRounds} rounds; last steps:\n${last.join("\n")}`);
}

/** The host's one saved game: { id, record, summary }. */
export async function hostRecord(page) {
  const saves = await savedRecords(page);
  if (saves.length !== 1) throw new Error(`expected one save on the host's device, found ${saves.length}`);
  return saves[0];
}

/** The `[Seed "…"]` of a record: a decimal seed, or a long one (`0x…`, what new games draw). */
export function seedOf(record) {
  const m = record.match(/\[Seed "(\d+|0x[0-9a-f]+)"\]/);
  if (!m) throw new Error(`no [Seed] header in the record:\n${record.slice(0, 400)}`);
  return BigInt(m[1]);
}

/** The seed as a record writes it: decimal, or a long one as `0x` and at least 32 hex digits. */
export function seedText(seed) {
  return seed < 1n << 64n ? seed.toString() : "0x" + seed.toString(16).padStart(32, "0");
}

/** The bytes a leak of the seed would hold: a decimal seed's 8 little-endian bytes (a u64 as
 * the wire writes it), a long seed's key bytes (big-endian, its leading zeros left out). */
export function seedBytes(seed) {
  if (seed < 1n << 64n) return le64(seed);
  const out = [];
  for (let x = seed; x > 0n; x >>= 8n) out.unshift(Number(x & 0xffn));
  return out;
}

/** The 8 little-endian bytes of a u64. */
export function le64(x) {
  const out = [];
  for (let i = 0n; i < 8n; i++) out.push(Number((x >> (8n * i)) & 0xffn));
  return out;
}

/** Where `needle` (bytes) occurs in `hay` (bytes), or -1. */
export function indexOfBytes(hay, needle) {
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

// ---- The wire format (src/app/net/message.rs): LZ, version 1, kind, tag (4 bytes LE), body ----

export const MAGIC = [0x4c, 0x5a];

/** A varint (7-bit groups, low first) at `at`: [value, next offset]. */
export function varint(bytes, at) {
  let n = 0;
  let shift = 0;
  for (;;) {
    const b = bytes[at++];
    n += (b & 0x7f) * 2 ** shift;
    if (!(b & 0x80)) return [n, at];
    shift += 7;
  }
}

/** Writes a varint. */
export function putVarint(n) {
  const out = [];
  while (n >= 0x80) {
    out.push((n % 0x80) | 0x80);
    n = Math.floor(n / 0x80);
  }
  out.push(n);
  return out;
}

/** A message's header: [kind, tag bytes] (null: not a message of this protocol). */
/**
 * The protocol version of the build under test, as the last message read carried it (the
 * version changes with the message catalogue's keys: message.rs `VERSION`).
 */
let version = null;

export function header(bytes) {
  if (!Array.isArray(bytes) || bytes.length < 8 || bytes[0] !== MAGIC[0] || bytes[1] !== MAGIC[1]) return null;
  if (version === null) version = bytes[2];
  if (bytes[2] !== version) return null;
  return { kind: bytes[3], tag: bytes.slice(4, 8) };
}

/** A host → friend message, roughly read: welcome, update, answer { n, refused }, refused { code }, notice. */
export function readToRemote(bytes) {
  const h = header(bytes);
  if (!h) return { kind: "not a message" };
  switch (h.kind) {
    case 0:
      return { kind: "welcome" };
    case 1:
    case 2:
      return { kind: "update" };
    case 3: {
      const [n, at] = varint(bytes, 8);
      return { kind: "answer", n, refused: bytes[at] === 1 ? bytes.slice(at + 1) : null };
    }
    case 4:
      return { kind: "refused", why: bytes.slice(8) };
    case 5:
      return { kind: "notice" };
    default:
      return { kind: `unknown ${h.kind}` };
  }
}

/** Refusal bytes (message.rs `Refusal`): Illegal(m) = 0, m; Garbled(e) = 1 + 8e; TooBig 2; Stale 3; Foreign 4; NotJoined 5. */
export const REFUSAL = { illegal: 0, tooBig: 2, stale: 3, foreign: 4, notJoined: 5 };
/** Garbled's wire errors (wire.rs `WireError`, in order). */
export const WIRE_ERROR = ["Truncated", "BadValue", "Overflow", "BadText", "Trailing"];
/** IllegalMove::NotYourTurn's tag (wire.rs). */
export const NOT_YOUR_TURN = 2;

/** Reads a refusal's bytes to a word: "Garbled(Truncated)", "TooBig", "Illegal(2)"… */
export function refusalName(b) {
  if (!b || !b.length) return "none";
  if (b[0] === 0) return `Illegal(${b[1]})`;
  if ((b[0] & 7) === 1) return `Garbled(${WIRE_ERROR[b[0] >> 3]})`;
  return { 2: "TooBig", 3: "Stale", 4: "Foreign", 5: "NotJoined" }[b[0]] ?? `?${b[0]}`;
}

/**
 * A friend → host command's parts (message.rs `ToHost::Command`): { n, body } where body is
 * the AnyCommand bytes (edition 0/1/2, command tag, …); null for another kind.
 */
export function readCommand(bytes) {
  const h = header(bytes);
  if (!h || h.kind !== 1) return null;
  const [n, at] = varint(bytes, 8);
  return { n, body: bytes.slice(at), tag: h.tag };
}

/** A command message: header with `tag`, number `n`, then `body`. */
export function command(tag, n, body) {
  if (version === null) throw new Error("no message read yet: the protocol version is unknown");
  return [...MAGIC, version, 1, ...tag, ...putVarint(n), ...body];
}

// ---- The table link (issue 33): friends find the host through relays and take a seat ----

/** The table link the host's panel shows (waits for the relays to be up unless `up: false`). */
export async function tableLinkOf(page, { up = true, timeout = 15_000 } = {}) {
  await openPanel(page);
  if (up) await page.waitForSelector("[data-relays=up]", { state: "attached", timeout });
  return page.inputValue("[data-table-link]");
}

/**
 * A friend opens the table `link` on their device (a fresh document), takes seat `colour` in
 * the seat picker and waits for the table; the host's panel then shows the seat connected.
 * Returns { picker, table }: ms from opening the link to the picker, and to the first shared table.
 */
export async function sit(host, friend, colour, link) {
  if (friend.page.url() !== "about:blank") await friend.page.goto("about:blank");
  const t0 = Date.now();
  await friend.page.goto(link);
  await friend.page.waitForSelector(`[data-seat-picker] [data-take-seat="${colour}"]`, { timeout: 15_000 }).catch(async (e) => {
    throw new Error(`${friend.name}: no free seat ${colour} in a picker: "${await screenOf(friend.page)}"; page errors: ${JSON.stringify([...host.errors, ...friend.errors].slice(0, 6))}\n${e.message}`);
  });
  const picker = Date.now() - t0;
  await friend.page.click(`[data-take-seat="${colour}"]`);
  await atTable(host, friend, colour);
  return { picker, table: Date.now() - t0 };
}

/**
 * Waits until `friend` shows the table as seat `colour` ("You are …" in its top bar, or an
 * announcement for everyone, which shows "You are …" too; without it, the seat kept in its storage)
 * and the host shows it connected.
 */
export async function atTable(host, friend, colour, { timeout = 15_000 } = {}) {
  await friend.page.waitForSelector(`[data-you-are="${colour}"], [data-announcement]`, { timeout }).catch(async (e) => {
    const stage = await friend.page
      .evaluate(() => ["finding", "no-host", "seat-picker", "taking", "joining", "join-failed", "net-lost"].filter((s) => document.querySelector(`[data-${s}]`)).join(","))
      .catch((x) => x.message);
    const presence = await host.page.locator(`li[data-net-seat="${colour}"]`).getAttribute("data-presence", { timeout: 1_000 }).catch(() => "?");
    throw new Error(`${friend.name} never sat at ${colour}: the friend is at [${stage}] "${await screenOf(friend.page)}"; the host's panel says ${presence}; page errors: ${JSON.stringify([...host.errors, ...friend.errors].slice(0, 6))}\n${e.message}`);
  });
  if ((await friend.page.locator(`[data-you-are="${colour}"]`).count()) === 0) {
    const seat = await friend.page.evaluate(() => Object.entries(localStorage).find(([k]) => k.startsWith("loewenherz/net/seat/"))?.[1] ?? null);
    if (seat !== null && !seat.startsWith(`${colour}:`)) throw new Error(`${friend.name} is at the table as ${seat.split(":")[0]}, not ${colour}`);
  } else {
    // At the table: its board, or an announcement for everyone (which says who it is too).
    await friend.page.waitForSelector("[data-space], [data-announcement]", { timeout: 5_000 });
  }
  await friend.page.waitForSelector("[data-net-lost]", { state: "detached", timeout: 5_000 });
  // The host's panel as it was (friends joining at once: open it before).
  const open = (await host.page.locator("[data-net-panel]").count()) > 0;
  await openPanel(host.page);
  await host.page.waitForSelector(`li[data-net-seat="${colour}"][data-presence="connected"]`, { state: "attached", timeout: 10_000 });
  if (!open) await closePanel(host.page);
}

/** Everything a friend's device recorded (channel and DOM), read before its context closes. */
export function friendRecord(f) {
  return f.page.evaluate(() => ({
    received: window.__lzReceived,
    sent: window.__lzSent,
    secrets: window.__lzSecrets,
    html: document.documentElement.outerHTML,
    text: document.body.innerText,
    storage: JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
    now: {
      handovers: document.querySelectorAll("[data-handover]").length,
      foreign: [...document.querySelectorAll("[data-private]")].map((p) => p.getAttribute("data-private")),
    },
  }));
}

/**
 * Checks the end of a finished game: every device's end screen, the referee, no errors (those
 * `keep` accepts). Returns the host's save.
 */
export async function checkEnd({ host, friends, devices }, colours, keep = () => true) {
  for (const d of devices) await d.page.waitForSelector("[data-game-over]", { timeout: 5_000 });
  const shown = await finalScores(host.page);
  assert.deepEqual(Object.keys(shown).sort(), [...colours].sort(), "one final row per player");
  for (const f of friends) assert.deepEqual(await finalScores(f.page), shown, `${f.name}'s end screen shows the host's final scores`);
  const save = await hostRecord(host.page);
  assert.match(save.summary, /finished/);
  const summary = cliReplay(save.record);
  assert.equal(summary.over, true, "the host's record replays to a finished game");
  assert.deepEqual(cliScores(summary), shown, "the referee's scores are the end screen's");
  for (const d of devices) assert.equal(await d.page.locator("[data-crash]").count(), 0, `${d.name}: no crash screen`);
  assert.deepEqual(devices.flatMap((d) => d.errors).filter(keep), [], "no page errors");
  return save;
}
