#!/usr/bin/env bash
# Issue 12: how long saving a finished game takes in headless Chromium. Runs the wasm test
# that writes a finished 4-player game's save 100 times per edition through `ui::storage::save`
# (the browser game's own code: read the stored head, check the revision, write) and prints
# the median and maximum. A measurement for notes, never asserted (goal: median under 5 ms).
# The wasm test build is the `test` profile (opt-level 2); the published build is opt-level "z".
source "$(dirname "$0")/lib.sh"
CHROMEDRIVER=/usr/bin/chromedriver cargo test --target "$WASM_TARGET" --lib a_finished_games_save -- --nocapture 2>&1 \
  | grep -E "save timing|test result"
