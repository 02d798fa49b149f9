// Every device in its own language (issue 31): the host's device speaks English, a friend's
// browser speaks German. What travels between them are facts, not sentences, so the friend's
// prompt and log lines are German while the host's stay English; the host switching language
// mid-game changes nothing in its saved game.
//
// Run: cd /work/main && node --test tests/e2e/net-lang.test.mjs
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join as joinPath } from "node:path";
import { after, before, test } from "node:test";
import { REPO, savedRecords } from "./game.mjs";
import { device, hostGame, inviteOf, join, openNet, playAll, stepperOf } from "./net.mjs";

/**
 * A language's catalogue as patterns: every message with words of its own (four letters or more
 * outside its placeholders — "{name} {bid}" would match any line), its placeholders matching
 * anything.
 */
function catalogue(lang) {
  const dir = joinPath(REPO, "src/i18n", lang);
  const out = new Map();
  for (const f of readdirSync(dir).filter((f) => f.endsWith(".txt"))) {
    for (const line of readFileSync(joinPath(dir, f), "utf8").split("\n")) {
      const m = /^([A-Z][A-Za-z0-9]*) = (.*)$/.exec(line.trim());
      if (!m) continue;
      const literal = m[2].split(/\{[^}]*\}/);
      if (literal.join("").replace(/[^\p{L}]/gu, "").length < 4) continue;
      const parts = literal.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
      out.set(m[1], new RegExp(`^${parts.join("[\\s\\S]*?")}$`));
    }
  }
  return out;
}

const DE = catalogue("de");
const EN = catalogue("en");
const IT = catalogue("it");
/** The keys whose message is some language's, for `text`. */
const keysOf = (cat, text) => [...cat].filter(([, re]) => re.test(text)).map(([k]) => k);

let net;
before(async () => {
  net = await openNet();
});
after(async () => {
  await net?.close();
});

/** The prompt (what to do now), its notice (a refusal shown under it, if any) and the log lines a device shows. */
function words(page) {
  return page.evaluate(() => {
    const flat = (t) => t.replace(/\s+/g, " ").trim();
    const notice = document.querySelector(".prompt .notice")?.firstChild?.textContent;
    return {
      prompt: flat(document.querySelector(".prompt .todo")?.innerText ?? ""),
      notices: notice ? [flat(notice)] : [],
      log: [...document.querySelectorAll(".log-lines li")].map((li) => flat(li.innerText)),
    };
  });
}

/** A sentence as its message may be written: a notice begins with a capital its message has not. */
const asWritten = (line) => (line ? [line, line[0].toLowerCase() + line.slice(1)] : [line]);

test("a friend whose browser speaks German reads the game in German beside an English host; the host's switch changes nothing saved", { timeout: 180_000 }, async () => {
  const host = await device(net, "host");
  const friend = await device(net, "yellow", { own: "yellow", locale: "de-DE" });
  try {
    // Two people: when it is the host's person's turn, nothing moves until they act.
    await hostGame(host, net.srv.url, { edition: "classic", colours: ["red", "yellow"], seats: ["person", "friend"], seed: 77 });
    await join(host, friend, "yellow", await inviteOf(host.page, "yellow"));
    assert.equal(await friend.page.evaluate(() => document.documentElement.lang), "de", "the friend's page speaks its browser's language");
    // Play until the friend has something to do and a log to read.
    const step = stepperOf("classic");
    const hostsTurn = async () => (await words(host.page)).prompt.startsWith("Red:");
    // A friend's device is never passed on: its step never says so (issue 41).
    let friendSteps = 0;
    const neverPassed = async (d) => {
      if (d !== friend) return;
      friendSteps++;
      const text = await friend.page.locator("body").innerText();
      assert.doesNotMatch(text, /pass the device|Gerät weitergeben|passa il dispositivo/i, "a friend's device says nothing of passing it on");
    };
    await playAll([host, friend], step, { until: async () => (await words(friend.page)).log.length >= 12 && (await hostsTurn()), maxRounds: 600, afterStep: neverPassed });
    assert.ok(friendSteps > 5, `the friend played (${friendSteps} steps)`);
    const f = await words(friend.page);
    const h = await words(host.page);
    for (const line of [f.prompt, ...f.notices, ...f.log]) {
      assert.ok(asWritten(line).some((l) => keysOf(DE, l).length > 0), `the friend's "${line}" is a German message`);
    }
    const german = f.log.filter((l) => keysOf(EN, l).length === 0);
    assert.ok(german.length >= f.log.length / 2, `most of the friend's log lines read as no English message: ${JSON.stringify(f.log.slice(0, 6))}`);
    for (const line of h.log) assert.ok(keysOf(EN, line).length > 0, `the host's "${line}" is an English message`);
    assert.ok(h.log.filter((l) => keysOf(DE, l).length === 0).length >= h.log.length / 2, "the host's log is English");
    // The host switches to Italian mid-game, on its own turn (nobody else can move): its save
    // is untouched, the friend still reads German.
    const saved = await savedRecords(host.page);
    await host.page.click("[data-menu]");
    await host.page.selectOption("[data-lang-menu]", "it");
    await host.page.waitForFunction(() => document.documentElement.lang === "it");
    await host.page.click("[data-close]").catch(() => {});
    assert.deepEqual(await savedRecords(host.page), saved, "a language switch changes nothing in the saved game");
    // Every button of the host's top bar and friends' panel reads Italian now (issue 41: the
    // "Friends" button stayed English).
    if ((await host.page.getAttribute("[data-net-toggle]", "aria-expanded")) !== "true") await host.page.click("[data-net-toggle]");
    await host.page.waitForSelector("[data-net-panel]");
    const labels = await host.page.$$eval(".topbar button, [data-net-toggle], [data-net-panel] button, [data-net-panel] summary, [data-net-panel] h2, [data-net-panel] h3", (els) =>
      els.map((e) => e.textContent.replace(/\s+/g, " ").trim()).filter((t) => t.replace(/[^\p{L}]/gu, "").length >= 4),
    );
    assert.ok(labels.length > 5, `the top bar and the panel have labels: ${JSON.stringify(labels)}`);
    for (const l of labels) assert.ok(keysOf(IT, l).length > 0, `"${l}" is an Italian message`);
    const again = await words(friend.page);
    assert.ok(again.log.every((l) => keysOf(DE, l).length > 0), "the friend still reads German");
    assert.deepEqual(host.errors.concat(friend.errors), []);
  } finally {
    await host.close();
    await friend.close();
  }
});
