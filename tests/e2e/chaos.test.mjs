// The short chaos run of the suite (issue 25; scripts/chaos.sh runs long ones): a seeded monkey
// plays both editions (games cut short so that several are played; 500 steps or 50 s) and checks after every step
// that nothing crashes, errs or leaks, and at intervals that the saved record replays through
// the referee to what the page shows (tests/e2e/chaos.mjs). A failure names its seed and steps;
// CHAOS_SEED=n runs another seed. The mutation tests show the checks catch what they are for.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ChaosFailure, runChaos } from "./chaos.mjs";

const SEED = process.env.CHAOS_SEED ?? "25";

test(`a chaos run of both editions, seed ${SEED}: no crash, no error, no leak, records that replay to the state shown`, { timeout: 150_000 }, async (t) => {
  // 500 steps or 50 s, whichever comes first (a loaded machine gets through fewer), but at least
  // 150: two games of 120 steps at most.
  const stats = await runChaos({ steps: 500, seconds: 50, minSteps: 150, seed: SEED, maxGameSteps: 120, mutate: null });
  t.diagnostic(`${stats.steps} steps, ${stats.games} games (${stats.perGame.map((g) => g.moves).join(", ")} moves), ${stats.refereeChecks} referee checks, ${stats.refereeReplaysOnly} replays only (staged moves)`);
  const editions = new Set(stats.perGame.map((g) => /game=(\w+)/.exec(g.link)[1]));
  assert.deepEqual([...editions].sort(), ["classic", "new"], "both editions played");
  const looks = stats.refereeChecks + stats.refereeReplaysOnly;
  assert.ok(looks >= Math.floor(stats.steps / 25), `the referee replayed the record at intervals (${looks})`);
  assert.ok(stats.refereeChecks >= 3, `and compared it with the page when no move was staged (${stats.refereeChecks})`);
  assert.ok(stats.perGame.some((g) => g.moves >= 10), `games went past their first moves: ${JSON.stringify(stats.perGame)}`);
});

test("the chaos run fails on a private element behind a hand-over screen (injected by the harness)", { timeout: 60_000 }, async () => {
  await assert.rejects(runChaos({ steps: 200, seed: SEED, mutate: "leak" }), (e) => e instanceof ChaosFailure && /hand-over screen: private elements/.test(e.message) && e.message.includes(`seed ${SEED}`));
});

test("the chaos run fails when the game crashes (the game's crash-on-move test key)", { timeout: 60_000 }, async () => {
  await assert.rejects(runChaos({ steps: 400, seed: SEED, mutate: "crash" }), (e) => e instanceof ChaosFailure && /crash screen/.test(e.message));
});
