// Issue 11: the game in German and Italian. With `lang=de` / `lang=it` the start screen, a game
// screen, a hand-over and the end screen of each edition show only words from that language's
// catalogue (src/i18n/<lang>/*.txt) — or names, numbers, coordinates and symbols. The language
// follows the browser, is switched from the menu mid-game without losing anything, is remembered,
// and `<html lang>` follows it.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { LINK3, REPO, autoStep, openApp, savedRecords } from "./game.mjs";
import { NEW_LINK3, putSave, refereePlay } from "./newed.mjs";
import { launchBrowser } from "./browser.mjs";

/** A language's catalogue: its texts, in file order. */
function catalogue(lang) {
  const dir = join(REPO, "src/i18n", lang);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".txt"))
    .sort()
    .flatMap((f) => readFileSync(join(dir, f), "utf8").split("\n"))
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#") && l.includes(" = "))
    .map((l) => l.slice(l.indexOf(" = ") + 3).trim());
}

const escape = (p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A test of "this text comes from the catalogue": a text node matches a message whose
 * placeholders stand for anything (names, numbers, other messages) and whose plural choices
 * (`{n|Grenze|Grenzen}`) stand for either word. Messages with fewer than two letters of their
 * own (say "{a}: {b}") would match nearly anything, so they don't count.
 */
function fromCatalogue(lang) {
  const texts = catalogue(lang);
  const exact = new Set(texts);
  const slot = /\{([^}|]*)(?:\|([^}|]*)\|([^}]*))?\}/g;
  const own = (t) => t.replace(slot, (_, n, one, many) => (one === undefined ? "" : one.length < many.length ? one : many)).replace(/[^\p{L}]/gu, "").length;
  const pattern = (t) => {
    let re = "^";
    let at = 0;
    for (const m of t.matchAll(slot)) {
      re += escape(t.slice(at, m.index)) + (m[2] === undefined ? "[\\s\\S]+?" : `(?:${escape(m[2])}|${escape(m[3])})`);
      at = m.index + m[0].length;
    }
    return new RegExp(re + escape(t.slice(at)) + "$");
  };
  const patterns = texts.filter((t) => t.includes("{") && own(t) >= 2).map(pattern);
  return (s) => exact.has(s) || patterns.some((p) => p.test(s));
}

/** Names and ids a text may be instead: players' names, the game's title, language names. */
const NAMES = new Set(["Ann", "Ben", "Cleo", "Löwenherz", "English", "Deutsch", "Italiano"]);

/** Numbers, coordinates, symbols and punctuation: not words. */
function notWords(s) {
  if (NAMES.has(s)) return true;
  if (/^[a-z]\d{1,2}(-[a-z]\d{1,2})?$/.test(s)) return true;
  return !/\p{L}{2,}/u.test(s.replace(/\b[a-z]\d{1,2}\b/g, ""));
}

/** Every visible text node on the page (trimmed), outside the rules text and the saved-games summaries. */
function visibleTexts(page) {
  return page.evaluate(() => {
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const t = n.textContent.replace(/\s+/g, " ").trim();
      const el = n.parentElement;
      if (!t || !el || el.closest("script, style, svg#emblems, .rules-text")) continue;
      if (!el.getClientRects().length || getComputedStyle(el).visibility === "hidden") continue;
      out.push(t);
    }
    return [...new Set(out)];
  });
}

/** The visible texts that are neither catalogue messages of `lang` nor names, numbers or symbols. */
async function foreign(page, lang) {
  const ok = fromCatalogue(lang);
  return (await visibleTexts(page)).filter((t) => !ok(t) && !notWords(t));
}

/** Words on the page must be German (Italian) and enough of them must be there to mean something. */
async function assertSpeaks(page, lang, where) {
  assert.deepEqual(await foreign(page, lang), [], `${where}: texts not from the ${lang} catalogue`);
  assert.equal(await page.getAttribute("html", "lang"), lang, `${where}: <html lang>`);
  const en = new Set(catalogue("en"));
  const own = new Set(catalogue(lang));
  const english = (await visibleTexts(page)).filter((t) => en.has(t) && !own.has(t) && /\p{L}{3,}/u.test(t));
  assert.deepEqual(english, [], `${where}: English texts`);
}

let app;
before(async () => {
  app = await openApp();
});
after(async () => {
  await app?.close();
});

/** Steps the game until a selector shows up (a bounded number of automatic steps). */
async function stepUntil(page, selector, from = 0, max = 300) {
  for (let n = from; n < from + max && !(await page.$(selector)); n++) await autoStep(page, n);
  await page.waitForSelector(selector);
}

for (const lang of ["de", "it"]) {
  test(`lang=${lang}: start screen, hand-over, Classic and New Edition game screens, end screens`, async () => {
    const { page, srv } = app;
    await page.goto(`${srv.url}?lang=${lang}`);
    await page.waitForSelector("[data-start]");
    await assertSpeaks(page, lang, "start screen");

    await page.goto(`${srv.url}${LINK3}&lang=${lang}`);
    await page.waitForSelector("[data-handover]");
    await assertSpeaks(page, lang, "Classic hand-over");
    await page.click("[data-dismiss-handover]");
    await page.waitForSelector(".game");
    await assertSpeaks(page, lang, "Classic game screen");
    // Into the round: a duel's bid, the log, the performing of actions.
    await stepUntil(page, "[data-bid-amount]");
    await assertSpeaks(page, lang, "Classic duel");
    for (let n = 300; n < 360; n++) await autoStep(page, n);
    if (await page.$("[data-dismiss-handover]")) await page.click("[data-dismiss-handover]");
    await page.waitForSelector("[data-score]");
    await assertSpeaks(page, lang, "Classic game screen later");

    await page.goto(`${srv.url}${NEW_LINK3}&lang=${lang}`);
    await page.waitForSelector("[data-handover]");
    await page.click("[data-dismiss-handover]");
    await page.waitForSelector(".game");
    await assertSpeaks(page, lang, "New Edition game screen");
    for (let n = 0; n < 40; n++) await autoStep(page, n);
    if (await page.$("[data-dismiss-handover]")) await page.click("[data-dismiss-handover]");
    await page.waitForSelector(".game");
    await assertSpeaks(page, lang, "New Edition game screen later");

    await page.goto(`${srv.url}?lang=${lang}`);
    await putSave(page, `g-end-classic-${lang}`, "Classic · finished", refereePlay("classic", 3, 7));
    await putSave(page, `g-end-new-${lang}`, "New Edition · finished", refereePlay("new", 3, 7));
    for (const id of [`g-end-classic-${lang}`, `g-end-new-${lang}`]) {
      await page.goto(`${srv.url}?lang=${lang}#game=${id}`);
      await page.reload();
      await page.waitForSelector("[data-game-over]");
      await assertSpeaks(page, lang, `end screen ${id}`);
    }
    assert.deepEqual(app.errors, []);
  });
}

test("switching language mid-game keeps the game; the choice is remembered", async () => {
  const { page, srv } = app;
  await page.goto(srv.url);
  await page.evaluate(() => localStorage.clear());
  await page.goto(srv.url + LINK3);
  await page.waitForSelector("[data-handover]");
  await page.click("[data-dismiss-handover]");
  for (let n = 0; n < 40; n++) await autoStep(page, n);
  if (await page.$("[data-dismiss-handover]")) await page.click("[data-dismiss-handover]");
  await page.waitForSelector(".game");
  const before = await savedRecords(page);
  const board = await page.$$eval("[data-border]", (es) => es.map((e) => e.getAttribute("data-border")).sort());
  await page.click("[data-menu]");
  await page.selectOption("[data-lang-menu]", "de");
  await page.waitForFunction(() => document.documentElement.lang === "de");
  await page.click("[data-close]").catch(() => {});
  await assertSpeaks(page, "de", "after switching to German");
  assert.deepEqual(await savedRecords(page), before, "the save is untouched by the switch");
  assert.deepEqual(await page.$$eval("[data-border]", (es) => es.map((e) => e.getAttribute("data-border")).sort()), board);
  // The game goes on in German and its record grows from the same moves.
  for (let n = 40; n < 80; n++) await autoStep(page, n);
  const [was] = before;
  const now = (await savedRecords(page)).find((s) => s.id === was.id);
  assert.ok(now.record.length > was.record.length && now.record.startsWith(was.record.trimEnd()), "the record goes on from where it was");
  // Remembered: a plain visit opens in German.
  await page.goto(srv.url);
  await page.waitForSelector("[data-start]");
  await assertSpeaks(page, "de", "start screen after a reload");
  // Back to English from the start screen.
  await page.selectOption("[data-lang-menu]", "en");
  await page.waitForFunction(() => document.documentElement.lang === "en");
  await page.evaluate(() => localStorage.removeItem("loewenherz/lang"));
  assert.deepEqual(app.errors, []);
});

test("the browser's language is the default", async () => {
  const { srv } = app;
  const b = await launchBrowser({ locale: "it-IT" });
  try {
    const page = await b.browser.newPage();
    await page.goto(srv.url);
    await page.waitForSelector("[data-start]");
    await assertSpeaks(page, "it", "start screen in an Italian browser");
    await page.close();
  } finally {
    await b.close();
  }
});

test("lang=de: a record with a broken custom setup, imported, says why in German", async () => {
  // Issue 21, "how it is checked": the setup error is typed and said in the player's language,
  // never an English reason inside a German sentence.
  const { page, srv } = app;
  await page.goto(`${srv.url}?lang=de`);
  await page.waitForSelector("[data-start]");
  await page.evaluate(() => { document.querySelector("[data-more]").open = true; });
  await page.fill("[data-import-text]", '[Edition "new"]\n[Players "red blue orange"]\n[Setup "custom"]\n[Seed "3"]\n[Start "yellow"]\n');
  await page.click("[data-import]");
  const message = await page.locator("[data-start-message]").innerText();
  assert.match(message, /Zeile 5: der Startspieler Ocker sitzt nicht am Tisch/);
  assert.doesNotMatch(message, /not seated|start player/);
  assert.equal(await page.locator("[data-replay]").count(), 0, "nothing opens");
  await page.evaluate(() => localStorage.removeItem("loewenherz/lang"));
});
