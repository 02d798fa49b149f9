// Playing with friends on their own devices (issue 23): WebRTC data channels, no server. Every
// device is its own browser context of one Chromium (its own storage and WebRTC stack); the
// host's page makes an invite per friend's seat, the friend's page answers it with a reply, the
// reply goes back to the host's page (pasted, or opened in another tab of the host's browser).
//
// - Whole games, one per edition (host + two friends): every device reaches the end screen, the
//   host's saved record replays (command-line referee) to the scores every device shows.
// - Secrecy, on those games: every message a friend's device received and its DOM after every
//   change hold nothing of another seat's and never the game's seed; no hand-over screen.
// - Disconnects: a friend's page reloads during its turn and rejoins with the host's new
//   invite; the host's page reloads and re-invites both; the game goes on to its end and the
//   record loses nothing.
// - A hostile friend's device: garbage, an oversized message, a cut one, a replayed command, a
//   command for another seat, a hello with a wrong proof of its token or none… each refused by
//   name, the game unchanged; a hello between them doesn't wipe their count; a flood of refused messages gets
//   the link closed and a new invite made.
//
// Run: cd /work/main && E2E_DIST=/tmp/dist-net node --test tests/e2e/net.test.mjs
import assert from "node:assert/strict";
import { inflateRawSync } from "node:zlib";
import { after, before, test } from "node:test";
import { autoStep } from "./game.mjs";
import {
  COLOUR_INDEX,
  checkEnd,
  NOT_YOUR_TURN,
  REFUSAL,
  closePanel,
  command,
  device,
  friendRecord,
  header,
  hostGame,
  hostRecord,
  indexOfBytes,
  inviteOf,
  join,
  le64,
  openPanel,
  presenceOf,
  openNet,
  playAll,
  readCommand,
  readToRemote,
  refusalName,
  seedBytes,
  seedOf,
  seedText,
  stepperOf,
} from "./net.mjs";

const SEED = 7_301_946_228_513n; // any: the tests read it back from the host's record

let net;
before(async () => {
  net = await openNet();
});
after(async () => {
  await net?.close();
});

/** What a friend's device received and showed, kept for the secrecy test. */
const played = [];

/** Host (one person) + a friend's device per other seat, joined; returns { host, friends, ms, id }. */
async function table({ edition, colours, seats, seed = SEED }) {
  const host = await device(net, "host");
  const id = await hostGame(host, net.srv.url, { edition, colours, seats, seed });
  const friends = [];
  const ms = [];
  const invites = {};
  for (let i = 0; i < colours.length; i++) {
    if (seats[i] !== "friend") continue;
    const c = colours[i];
    const f = await device(net, c, { own: c });
    friends.push(f);
    const invite = await inviteOf(host.page, c);
    invites[c] = invite;
    ms.push(await join(host, f, c, invite));
    console.log(`${edition}: ${c} from opening the invite to the first shared screen: ${ms.at(-1)} ms`);
  }
  return { host, friends, ms, id, invites, devices: [host, ...friends] };
}

/** Everything a friend's device recorded (channel and DOM), read before its context closes. */
const recorded = friendRecord;


const GAMES = [
  { edition: "classic", colours: ["red", "yellow", "purple"] },
  { edition: "new", colours: ["red", "blue", "orange"] },
];

for (const g of GAMES) {
  test(`${g.edition}, 3 players: the host and two friends on their own devices play a whole game`, { timeout: 240_000 }, async () => {
    const t = await table({ ...g, seats: ["person", "friend", "friend"] });
    const entry = { edition: g.edition, friends: [], seed: null, invites: t.invites };
    played.push(entry);
    try {
      for (const ms of t.ms) assert.ok(ms < 15_000, `a friend joins within 15 s (${ms} ms)`);
      // The host's panel is closed: the board is the host's to tap.
      await closePanel(t.host.page);
      const started = Date.now();
      const run = await playAll(t.devices, stepperOf(g.edition));
      console.log(`${g.edition}: ${run.steps} steps in ${run.rounds} rounds, ${Date.now() - started} ms`);
      assert.ok(run.over && run.steps > 100, `a real game to its end (${run.steps} steps)`);
      // Each friend made moves of its own.
      for (const f of t.friends) {
        const sent = await f.page.evaluate(() => window.__lzSent.length);
        assert.ok(sent > 10, `${f.name} sent its moves (${sent} messages)`);
      }
      const save = await checkEnd(t, g.colours);
      entry.seed = seedOf(save.record);
      assert.equal(entry.seed, SEED, "the game's seed is the one chosen on the start screen");
    } finally {
      for (const f of t.friends) entry.friends.push({ name: f.name, ...(await recorded(f).catch((e) => ({ error: String(e) }))) });
      for (const d of t.devices) await d.close();
    }
  });
}

test("secrecy: a friend's device receives and shows only its own seat's secrets, never the seed", { timeout: 120_000 }, async () => {
  if (played.length === 0) {
    // Run on its own (a name filter): a part of a game of its own.
    const t = await table({ edition: "new", colours: ["red", "blue", "orange"], seats: ["person", "friend", "friend"] });
    const entry = { edition: "new (part of a game)", friends: [], seed: null, invites: t.invites };
    played.push(entry);
    try {
      await closePanel(t.host.page);
      await playAll(t.devices, stepperOf("new"), { until: async () => (await hostRecord(t.host.page)).record.split("\n").length > 80 });
      entry.seed = seedOf((await hostRecord(t.host.page)).record);
    } finally {
      for (const f of t.friends) entry.friends.push({ name: f.name, ...(await recorded(f).catch((e) => ({ error: String(e) }))) });
      for (const d of t.devices) await d.close();
    }
  }
  for (const game of played) {
    const seed = game.seed ?? SEED;
    const decimal = [...Buffer.from(seedText(seed), "ascii")];
    const bytes = seedBytes(seed);
    assert.ok(game.friends.length > 0, `${game.edition}: friends' devices were recorded`);
    // The invite itself (what a friend's device is given first): tag, seat, token, offer — no seed.
    for (const [c, link] of Object.entries(game.invites)) {
      const invite = [...inflateRawSync(Buffer.from(link.split("#join=")[1], "base64url"))];
      assert.deepEqual(invite.slice(0, 2), [0x4c, 0x49], `${game.edition}: ${c}'s invite is one ("LI")`);
      assert.equal(indexOfBytes(invite, decimal), -1, `${game.edition}: ${c}'s invite holds the seed as text`);
      assert.equal(indexOfBytes(invite, bytes), -1, `${game.edition}: ${c}'s invite holds the seed's bytes`);
    }
    for (const f of game.friends) {
      const who = `${game.edition}, ${f.name}`;
      assert.equal(f.error, undefined, `${who}: recorded`);
      // The channel: only binary messages of this protocol and this game.
      assert.ok(f.received.length > 20, `${who}: messages were received (${f.received.length})`);
      const tag = header(f.received[0])?.tag;
      assert.ok(tag, `${who}: the first message is one of the protocol`);
      for (const [i, m] of f.received.entries()) {
        assert.ok(Array.isArray(m), `${who}: message ${i} is binary`);
        assert.deepEqual(header(m)?.tag, tag, `${who}: message ${i} is of this game`);
        assert.equal(indexOfBytes(m, decimal), -1, `${who}: message ${i} holds the seed as text`);
        assert.equal(indexOfBytes(m, bytes), -1, `${who}: message ${i} holds the seed's bytes`);
      }
      // The DOM, after every change (the page's MutationObserver) and at the end.
      const s = f.secrets;
      assert.ok(s.checks > 20 && s.ownPrivate > 0, `${who}: the watcher ran and saw the seat's own panel (${s.checks} checks)`);
      assert.deepEqual(s.handovers, [], `${who}: no hand-over screen on a friend's device`);
      assert.deepEqual(s.foreign, [], `${who}: no private element of another seat`);
      assert.deepEqual(s.cards, [], `${who}: no card outside the seat's own panel`);
      assert.equal(f.now.handovers, 0, `${who}: no hand-over screen at the end`);
      assert.deepEqual(f.now.foreign.filter((c) => c !== f.name), [], `${who}: no private element of another seat at the end`);
      assert.ok(!f.html.includes(seed.toString()) && !f.text.includes(seed.toString()), `${who}: the seed is nowhere in the page`);
      assert.ok(!f.storage.includes(seed.toString()), `${who}: the seed is nowhere in the device's storage`);
    }
  }
});

/** What autoStep would do now on a device, without doing it ("wait": nothing to do). */
async function wouldDo(page) {
  // autoStep remembers the spaces it tapped: a look must not count as a tap.
  const tried = await page.evaluate(() => window.__lhTried ?? null);
  const did = await autoStep(page, 0, true);
  await page.evaluate((t) => {
    window.__lhTried = t ?? undefined;
    for (const e of document.querySelectorAll("[data-kbd-goal]")) e.removeAttribute("data-kbd-goal");
  }, tried);
  return did;
}

/** The device offers a move of its own now (not an announcement to dismiss). */
async function ownTurn(page) {
  const did = await wouldDo(page);
  return !["wait", "over", "announcement"].includes(did) && !did.startsWith("LEAK");
}

/** Polls `f` (async) until true, or fails with `what`. */
async function waitUntil(f, ms, what) {
  const end = Date.now() + ms;
  while (!(await f())) {
    if (Date.now() > end) assert.fail(what);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Asserts that `before` (a record) is kept whole at the start of `now`. */
function kept(before, now, what) {
  assert.ok(now.startsWith(before), `${what}: the record before is a prefix of the record after\n--- before (end)\n${before.slice(-300)}\n--- after (end)\n${now.slice(-300)}`);
}

test("disconnects: a friend's page reloads during its turn and rejoins; the host's page reloads and re-invites; the game ends with nothing lost", { timeout: 300_000 }, async () => {
  const colours = ["red", "yellow", "purple"];
  const t = await table({ edition: "classic", colours, seats: ["person", "friend", "friend"] });
  const [host, yellow, purple] = t.devices;
  try {
    await closePanel(host.page);
    // ---- Play on until yellow has a move to make, some way into the game.
    let run = await playAll(t.devices, autoStep, { until: async () => (await hostRecord(host.page)).record.split("\n").length > 30 && (await ownTurn(yellow.page)) });
    assert.equal(run.over, false);
    await openPanel(host.page);
    assert.equal(await host.page.locator('input[data-invite="yellow"]').count(), 0, "no invite while yellow is connected");
    const before1 = (await hostRecord(host.page)).record;

    // ---- Yellow's page reloads (its link is gone): the host makes a new invite at once.
    const oldInvite = yellow.page.url();
    const t0 = Date.now();
    await yellow.page.reload();
    const invite2 = await inviteOf(host.page, "yellow", { not: oldInvite });
    console.log(`the host's new invite ${Date.now() - t0} ms after the friend's reload`);
    assert.notEqual(invite2, oldInvite, "a new invite");
    await host.page.waitForSelector('li[data-net-seat="yellow"][data-presence="away"]', { state: "attached" });
    assert.match(await host.page.locator('[data-net-status="yellow"]').innerText(), /disconnected/);
    kept(before1, (await hostRecord(host.page)).record, "yellow's reload");
    // The reloaded page answered the old invite: its reply is refused by name.
    await yellow.page.waitForSelector("[data-reply-link]", { timeout: 15_000 });
    await host.page.fill('[data-reply-input="yellow"]', await yellow.page.getAttribute("[data-reply-link]", "value"));
    await host.page.click('[data-connect="yellow"]');
    await host.page.waitForFunction(() => /older invite|answered already/.test(document.querySelector('[data-net-status="yellow"]')?.textContent ?? ""));
    assert.equal(await presenceOf(host.page, "yellow"), "away", "a stale reply connects nothing");
    // While yellow is away and to move, nobody can act for it.
    const waiting = await Promise.all([host, purple].map((d) => wouldDo(d.page)));
    assert.deepEqual(waiting.filter((d) => d !== "wait" && d !== "announcement" && !d.startsWith("bid")), [], "nothing to do while yellow is away");
    // Yellow opens the new invite; its reply is opened in another tab of the host's browser.
    const ms = await join(host, yellow, "yellow", invite2, { viaTab: true });
    console.log(`yellow rejoined (reply through the host's browser) in ${ms} ms`);
    kept(before1, (await hostRecord(host.page)).record, "yellow's rejoin");
    await waitUntil(() => ownTurn(yellow.page), 5_000, "yellow's turn goes on where it was");
    await closePanel(host.page);

    // ---- More moves, then the host's page reloads: fresh invites for both friends.
    const mark = (await hostRecord(host.page)).record.split("\n").length;
    run = await playAll(t.devices, autoStep, { until: async () => (await hostRecord(host.page)).record.split("\n").length > mark + 25 });
    assert.equal(run.over, false);
    const before2 = (await hostRecord(host.page)).record;
    kept(before1, before2, "the game after yellow's rejoin");
    const olds = { yellow: invite2, purple: purple.page.url() };
    await host.page.reload();
    await host.page.waitForSelector("[data-net-panel]");
    for (const f of [yellow, purple]) await f.page.waitForSelector("[data-net-lost]", { timeout: 15_000 });
    kept(before2, (await hostRecord(host.page)).record, "the host's reload");
    for (const f of [yellow, purple]) {
      const invite = await inviteOf(host.page, f.name, { not: olds[f.name] });
      const ms2 = await join(host, f, f.name, invite);
      console.log(`${f.name} rejoined the reloaded host in ${ms2} ms`);
    }
    const after2 = (await hostRecord(host.page)).record;
    kept(before2, after2, "both friends' rejoin");
    await closePanel(host.page);

    // ---- To the end.
    run = await playAll(t.devices, autoStep);
    assert.ok(run.over);
    const save = await checkEnd(t, colours);
    kept(before2, save.record, "the finished game");
  } finally {
    for (const d of t.devices) await d.close();
  }
});

/** Sends raw bytes from a friend's page on its data channel. */
function sendRaw(page, bytes) {
  return page.evaluate((b) => {
    window.__lzRaw = true;
    try {
      window.__lzChannel.send(new Uint8Array(b));
    } finally {
      window.__lzRaw = false;
    }
  }, bytes);
}

/** Waits for the next `count` replies (not updates or notices) after message `from` received: [{ kind, n, refused, why }]. */
async function repliesAfter(page, from, count = 1) {
  const h = await page.waitForFunction(
    ([from, count]) => {
      const got = window.__lzReceived.slice(from).filter((m) => Array.isArray(m) && [0, 3, 4].includes(m[3]));
      return got.length >= count ? got : null;
    },
    [from, count],
    { timeout: 10_000, polling: 20 },
  );
  return (await h.jsonValue()).map(readToRemote);
}

test("a hostile friend's device: bad messages are refused by name and change nothing; a flood gets its link closed", { timeout: 120_000 }, async () => {
  const colours = ["red", "blue"];
  const t = await table({ edition: "new", colours, seats: ["person", "friend"] });
  const [host, blue] = t.devices;
  try {
    await closePanel(host.page);
    // ---- Play until blue has made moves the host accepted.
    const accepted = async () => {
      const { sent, got } = await blue.page.evaluate(() => ({ sent: window.__lzSent, got: window.__lzReceived }));
      const acts = sent.map(readCommand).filter((c) => c && c.body[0] === 1 && c.body[1] === 0);
      const done = got.map(readToRemote).filter((r) => r.kind === "answer" && r.refused === null);
      return acts.length >= 1 && done.length >= 2;
    };
    await playAll(t.devices, stepperOf("new"), { until: accepted });
    // Nothing is in flight after a moment: the record stays as it is now.
    await blue.page.waitForTimeout(300);
    const sent = await blue.page.evaluate(() => window.__lzSent);
    const hello = sent.find((m) => header(m)?.kind === 0) ?? sent[0];
    assert.equal(header(hello)?.kind, 0, "the first message blue sent is its hello");
    const commands = sent.map(readCommand).filter(Boolean);
    assert.ok(commands.length >= 2, "blue sent commands");
    // An edition's move (AnyCommand::New = 1, Command::Act = 0, then the move's tag and its `by`).
    const act = commands.find((c) => c.body[0] === 1 && c.body[1] === 0);
    assert.ok(act, `blue sent a move: ${JSON.stringify(commands.map((c) => c.body))}`);
    assert.equal(act.body[3], COLOUR_INDEX.blue, "a move's colour byte is the seat's");
    const tag = act.tag;
    const lastN = Math.max(...commands.map((c) => c.n));
    const record = (await hostRecord(host.page)).record;
    const unchanged = async (what) => {
      assert.equal((await hostRecord(host.page)).record, record, `${what}: the host's record is unchanged`);
      assert.equal(await presenceOf(host.page, "blue"), "connected", `${what}: blue is still connected`);
      assert.equal(await blue.page.locator("[data-net-lost]").count(), 0, `${what}: blue's link is open`);
    };

    const bad = [
      { what: "garbage", bytes: [...Buffer.from("this is not a message at all")], want: (r) => r.kind === "refused" && refusalName(r.why) === "Garbled(BadValue)" },
      { what: "an oversized message (100 kB)", bytes: [...command(tag, lastN + 50, [1, 9, COLOUR_INDEX.blue]), ...new Array(100_000).fill(0)], want: (r) => r.kind === "refused" && r.why[0] === REFUSAL.tooBig },
      { what: "a truncated command", bytes: command(tag, lastN + 51, act.body).slice(0, -2), want: (r) => r.kind === "refused" && refusalName(r.why) === "Garbled(Truncated)" },
      { what: "a replayed command", bytes: command(tag, act.n, act.body), want: (r) => r.kind === "answer" && r.n === act.n && refusalName(r.refused) === "Stale" },
      {
        what: "a move for another seat (red's)",
        bytes: command(tag, lastN + 52, [act.body[0], act.body[1], act.body[2], COLOUR_INDEX.red, ...act.body.slice(4)]),
        want: (r) => r.kind === "answer" && r.n === lastN + 52 && refusalName(r.refused) === `Illegal(${NOT_YOUR_TURN})`,
      },
      // A hello: header (8 bytes), seat, 1 and the 32-byte proof of the seat's token for this
      // connection, log lines kept.
      { what: "a hello with a wrong proof", bytes: [...hello.slice(0, 10), hello[10] ^ 1, ...hello.slice(11)], want: (r) => r.kind === "refused" && r.why[0] === REFUSAL.foreign },
      { what: "a hello without a proof", bytes: [...hello.slice(0, 9), 0, ...hello.slice(42)], want: (r) => r.kind === "refused" && r.why[0] === REFUSAL.foreign },
      { what: "a hello for another seat", bytes: [...hello.slice(0, 8), COLOUR_INDEX.red, ...hello.slice(9)], want: (r) => r.kind === "refused" && r.why[0] === REFUSAL.foreign },
      { what: "another protocol version", bytes: [hello[0], hello[1], hello[2] ^ 1, ...hello.slice(3)], want: (r) => r.kind === "refused" && r.why[0] === REFUSAL.stale },
      { what: "another game's message", bytes: [...hello.slice(0, 4), hello[4] ^ 0xff, ...hello.slice(5)], want: (r) => r.kind === "refused" && r.why[0] === REFUSAL.foreign },
    ];
    for (const b of bad) {
      const from = await blue.page.evaluate(() => window.__lzReceived.length);
      await sendRaw(blue.page, b.bytes);
      const [r] = await repliesAfter(blue.page, from);
      assert.ok(b.want(r), `${b.what}: refused by name (got ${JSON.stringify({ ...r, refused: r.refused && refusalName(r.refused), why: r.why && refusalName(r.why) })})`);
      await unchanged(b.what);
    }
    assert.equal(await host.page.locator("[data-crash]").count(), 0, "no crash screen on the host's device");
    assert.ok((await host.page.locator("[data-space]").count()) > 0, "the host's device still shows the board");

    // ---- The seat's own hello (its right token) is welcomed again, and the refusals before it
    //      still count: a hello between them can't wipe them (issue 33).
    let from = await blue.page.evaluate(() => window.__lzReceived.length);
    await sendRaw(blue.page, hello);
    assert.equal((await repliesAfter(blue.page, from))[0].kind, "welcome", "the seat's hello is welcomed");
    await unchanged("the seat's own hello again");

    // ---- Refused messages go on counting from there: the twelfth in all closes the link, so
    //      it closes after fewer than twelve more.
    let more = 0;
    for (; more < 12 && (await blue.page.evaluate(() => window.__lzChannel.readyState === "open")); more++) {
      from = await blue.page.evaluate(() => window.__lzReceived.length);
      await sendRaw(blue.page, [0xde, 0xad, more]);
      const [r] = await repliesAfter(blue.page, from);
      assert.equal(r.kind, "refused", "each is refused");
      await blue.page.waitForTimeout(150);
    }
    assert.ok(more > 0 && more < 12, `the link closed after ${more} more refused messages: the count before the hello was kept`);
    await blue.page.waitForSelector("[data-net-lost]", { timeout: 10_000 });
    const invite = await inviteOf(host.page, "blue");
    await host.page.waitForSelector('li[data-net-seat="blue"][data-presence="away"]', { state: "attached" });
    // (Checked at the end, so that a missing line doesn't hide what follows.)
    const status = await host.page
      .waitForSelector('[data-net-status="blue"]', { timeout: 1_000 })
      .then((e) => e.innerText())
      .catch(() => "(no status line)");
    assert.equal((await hostRecord(host.page)).record, record, "the flood changed nothing");

    // ---- Blue rejoins with the new invite and the game goes on.
    await join(host, blue, "blue", invite);
    await closePanel(host.page);
    await playAll(t.devices, stepperOf("new"), { until: async () => (await hostRecord(host.page)).record.length > record.length });
    kept(record, (await hostRecord(host.page)).record, "after the rejoin");
    assert.deepEqual(t.devices.flatMap((d) => d.errors), [], "no page errors");
    assert.match(status, /refused messages/, "the host's panel said why blue was disconnected");
  } finally {
    for (const d of t.devices) await d.close();
  }
});

test("a hosted game continued from the start screen stays hosted: the friends' panel and invites, the friend back at its seat", { timeout: 120_000 }, async () => {
  const colours = ["red", "yellow"];
  const t = await table({ edition: "classic", colours, seats: ["person", "friend"] });
  const [host, yellow] = t.devices;
  try {
    await closePanel(host.page);
    const run = await playAll(t.devices, autoStep, { until: async () => (await hostRecord(host.page)).record.split("\n").length > 12 });
    assert.equal(run.over, false);
    const before = (await hostRecord(host.page)).record;
    // The host closes the game (the start screen of a fresh page) and picks "Continue".
    await host.page.goto(net.srv.url);
    await yellow.page.waitForSelector("[data-net-lost]", { timeout: 15_000 });
    await host.page.click("[data-continue-latest]");
    await host.page.waitForURL(/#host=/, { timeout: 10_000 });
    await host.page.waitForSelector("[data-net-panel]");
    assert.equal(await host.page.locator("[data-handover]").count(), 0, "no pass-and-play hand-over to the friend's seat");
    const invite = await inviteOf(host.page, "yellow", { not: t.invites.yellow });
    await join(host, yellow, "yellow", invite);
    const after = (await hostRecord(host.page)).record;
    assert.ok(after.startsWith(before), "nothing lost");
    // The friend's "Leave the game" asks first; "Stay" keeps it at the table.
    await yellow.page.click("[data-menu]");
    await yellow.page.click("[data-leave]");
    await yellow.page.waitForSelector("[data-leave-ask]");
    await yellow.page.click("[data-stay]");
    await yellow.page.waitForSelector("[data-leave-ask]", { state: "detached" });
    assert.ok((await yellow.page.locator("[data-space]").count()) > 0, "still at the table");
    await yellow.page.click("[data-leave]");
    await yellow.page.click("[data-leave-yes]");
    await yellow.page.waitForSelector("[data-start]", { timeout: 10_000 });
  } finally {
    for (const d of t.devices) await d.close();
  }
});
