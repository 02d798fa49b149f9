// Sealed duel bids on one device: the first bid is not in the DOM while the next
// bidder bids, and the public announcement reveals all bids at once.
// Seed 42, round 1 card: $6 / B2 / K1 (see game.test.mjs).
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { LINK3, decide, handOver, leaks, openApp, privateCount, scores } from "./game.mjs";

let app;
before(async () => {
  app = await openApp();
});
after(async () => {
  await app?.close();
});

/** Seals a bid of `amount` ducats for the player holding the device. */
/** The first round of LINK3's seating: Ann (red) lays actions 2 and 3, Ben (yellow) 2, Cleo
 * (purple) 1 — so Ann and Ben contest action 2 (place 2 borders). */
async function chooseContestedBorders(page) {
  await handOver(page, "red");
  await decide(page, 2, 3);
  await handOver(page, "yellow");
  await decide(page, 2);
  await handOver(page, "purple");
  await decide(page, 1);
}

async function bid(page, colour, amount) {
  assert.equal(await page.locator(`[data-private="${colour}"]`).count() > 0, true, `${colour}'s own bid panel is shown`);
  await page.fill("[data-bid-amount]", String(amount));
  assert.match(await page.locator("[data-seal-bid]").innerText(), new RegExp(`Seal my bid: ${amount} ${amount === 1 ? "ducat" : "ducats"}$`));
  await page.click("[data-seal-bid]");
}

/** Checks that nothing of `colour`'s sealed bid of `amount` is in the page. */
async function assertBidHidden(page, colour, name, amount) {
  assert.equal(await page.locator(`[data-private="${colour}"]`).count(), 0, `no [data-private="${colour}"] in the DOM`);
  const html = await page.content();
  const text = await page.evaluate(() => document.body.innerText);
  for (const s of [html, text]) {
    assert.ok(!s.includes(`Seal my bid: ${amount}`), "the sealed bid's button text is gone");
    assert.ok(!new RegExp(`${name}[^<\\n]{0,40}\\b${amount} ducats`).test(s), `${name}'s bid amount is not shown`);
  }
  if (await page.locator("[data-bid-amount]").count()) {
    assert.equal(await page.inputValue("[data-bid-amount]"), "0", "the next bidder's amount starts at 0");
  }
}

test("two players on one action: the first speaker breaks off, sealed bids stay secret until revealed", async () => {
  const { page, srv } = app;
  await page.goto(srv.url + LINK3);
  await chooseContestedBorders(page);

  // Action 2 (borders): Ann and Ben. Ann is earlier in the seating order and speaks first.
  await handOver(page, "red");
  assert.match(await page.locator(".prompt").innerText(), /Ann: negotiate/);
  assert.equal(await page.locator("[data-accept]").count(), 0, "no standing offer to accept yet");
  await page.click("[data-duel]");

  // Sealed bids: Ann bids 7, then Ben behind a hand-over.
  // Ann bids first; she keeps the device (or gets it back behind a hand-over).
  if (await page.locator("[data-handover]").count()) await handOver(page, "red");
  await bid(page, "red", 7);
  await page.waitForSelector('[data-handover="yellow"]');
  assert.equal(await privateCount(page), 0);
  await assertBidHidden(page, "red", "Ann", 7);
  await handOver(page, "yellow");
  await assertBidHidden(page, "red", "Ann", 7);
  assert.match(await page.locator(".mine[data-private]").textContent(), /Ben \(you\)/);
  await bid(page, "yellow", 3);

  // All bids are in: one public announcement shows both.
  await page.waitForSelector("[data-announcement]");
  assert.equal(await privateCount(page), 0, "nothing private on the announcement");
  const text = await page.locator("[data-announcement]").innerText();
  assert.match(text, /Ann[^·]*7/);
  assert.match(text, /Ben[^·]*3/);
  assert.deepEqual((await page.locator("[data-bids-turned] li").allInnerTexts()).length, 2, "each bid turned over as a card of its own");
  // One screen, not two: the same screen says who gets the device next, and its button hands it over.
  assert.equal(await page.getAttribute("[data-announcement]", "data-then-to"), "red");
  assert.match(text, /Pass the device to Ann/);
  await page.click("[data-dismiss-announcement]");

  // Ann won: she paid 7 and performs the borders action — no second hand-over screen.
  assert.equal(await page.locator("[data-handover]").count(), 0, "no hand-over screen after the announcement");
  assert.match(await page.locator(".prompt").innerText(), /Ann: place 2 borders/);
  assert.match(await page.locator(".mine[data-private]").textContent(), /\b5 ducats/);
  assert.deepEqual(await scores(page), { red: 0, yellow: 0, purple: 0 });
  assert.deepEqual(await leaks(page), []);
  assert.deepEqual(app.errors, []);
});

test("three players on one action duel at once; a tie for highest bids again", async () => {
  const { page, srv } = app;
  await page.goto(srv.url + LINK3);
  await handOver(page, "red");
  await decide(page, 1, 3);
  await handOver(page, "yellow");
  await decide(page, 3);
  await handOver(page, "purple");
  await decide(page, 3);
  // Action 1: Ann takes 6 ducats alone (18). Action 3: all three — no negotiation.
  const order = [];
  const amounts = { red: 4, yellow: 4, purple: 2 };
  for (let i = 0; i < 3; i++) {
    const who = await page.waitForSelector("[data-handover]").then((h) => h.getAttribute("data-handover"));
    order.push(who);
    await handOver(page, who);
    assert.equal(await page.locator("[data-offer], [data-duel]").count(), 0, "no negotiation with three");
    for (const other of Object.keys(amounts)) if (other !== who) assert.equal(await page.locator(`[data-private="${other}"]`).count(), 0);
    await bid(page, who, amounts[who]);
  }
  assert.deepEqual([...order].sort(), ["purple", "red", "yellow"]);
  await page.waitForSelector("[data-announcement]");
  const first = await page.locator("[data-announcement]").innerText();
  assert.match(first, /Ann[^·]*4/);
  assert.match(first, /Ben[^·]*4/);
  assert.match(first, /Cleo[^·]*2/);
  const firstTo = await page.getAttribute("[data-announcement]", "data-then-to");
  await page.click("[data-dismiss-announcement]");

  // The tie: only Ann and Ben bid again (the announcement handed the device to the first).
  const again = [];
  for (let i = 0; i < 2; i++) {
    const who = i === 0 && firstTo ? firstTo : await page.waitForSelector("[data-handover]").then((h) => h.getAttribute("data-handover"));
    again.push(who);
    if (i > 0 || !firstTo) await handOver(page, who);
    await bid(page, who, who === "red" ? 1 : 2);
  }
  assert.deepEqual([...again].sort(), ["red", "yellow"]);
  await page.waitForSelector("[data-announcement]");
  const second = await page.locator("[data-announcement]").innerText();
  assert.match(second, /Ann[^·]*1/);
  assert.match(second, /Ben[^·]*2/);
  assert.doesNotMatch(second, /Cleo/);
  await page.click("[data-dismiss-announcement]");

  // Ben won and performs the knight action (he bid last, so he may still hold the device).
  if (await page.locator("[data-handover]").count()) await handOver(page, "yellow");
  assert.match(await page.locator(".prompt").innerText(), /^Ben: 1 knight or expand/);
  assert.match(await page.locator(".mine[data-private]").textContent(), /\b10 ducats/);
  assert.deepEqual(await leaks(page), []);
  assert.deepEqual(app.errors, []);
});

test("a hint in a negotiation and a duel names the prompt's action, and tapping what it lights bids what it says (issue 41)", async () => {
  const { page, srv } = app;
  await page.goto(srv.url + LINK3 + "&hints=on");
  await chooseContestedBorders(page);

  // Action 2 of the card ($6 / B2 / K1) is "place 2 borders": Ann and Ben negotiate for it.
  await handOver(page, "red");
  const prompt = await page.locator(".prompt").innerText();
  assert.match(prompt, /Ann: negotiate for “place 2 borders”/);
  /** Asks for a hint and returns its words. */
  async function hint() {
    await page.click("[data-hint]");
    await page.waitForFunction(() => /Hint: /.test(document.body.innerText), null, { timeout: 20_000 });
    return page.evaluate(() => [...document.querySelectorAll(".notice")].map((n) => n.innerText).find((t) => t.startsWith("Hint: ")));
  }
  const negotiation = await hint();
  if (/Offer|Accept|duel/.test(negotiation) && /action/.test(negotiation)) assert.match(negotiation, /action 2 \(place 2 borders\)/, negotiation);
  assert.doesNotMatch(negotiation, /1 knight or expand|action 3|action 1\b/, negotiation);
  const offered = negotiation.match(/^Hint: Offer Ben (\d+) ducats?/);
  if (offered) {
    // The amount beside the lit "Offer" is the one the words name.
    assert.equal(await page.locator(".negotiate .amount").innerText(), `${offered[1]} ${offered[1] === "1" ? "ducat" : "ducats"}`);
    assert.equal(await page.locator("[data-offer][data-hinted]").count(), 1);
  }
  await page.click("[data-duel]");

  // Ann's sealed bid: the hint names the duel's action and sets the amount the lit button seals.
  if (await page.locator("[data-handover]").count()) await handOver(page, "red");
  const words = await hint();
  assert.match(words, /to win the duel for action 2 \(place 2 borders\)/, words);
  const m = words.match(/^Hint: Bid (\d+) ducats?/);
  assert.ok(m, `a bid of money: ${words}`);
  const amount = Number(m[1]);
  assert.equal(await page.inputValue("[data-bid-amount]"), String(amount), "the hint set the amount");
  const seal = page.locator("[data-seal-bid][data-hinted]");
  assert.equal(await seal.count(), 1, "the seal is lit");
  assert.match(await seal.innerText(), new RegExp(`Seal my bid: ${amount} ducats?$`));
  // Changing the amount puts the light out; back to the hint's, it is lit again.
  await page.click("[data-bid-less]");
  assert.equal(await page.locator("[data-seal-bid][data-hinted]").count(), 0);
  await page.click("[data-bid-more]");
  await seal.click();

  await page.waitForSelector('[data-handover="yellow"]');
  await handOver(page, "yellow");
  await bid(page, "yellow", 0);
  await page.waitForSelector("[data-announcement]");
  assert.match(await page.locator("[data-announcement]").innerText(), new RegExp(`Ann[^·]*${amount}`), "Ann bid what the hint said");
  assert.deepEqual(app.errors, []);
});
