#!/usr/bin/env bash
# A long chaos run (issue 25): the seeded monkey of tests/e2e/chaos.mjs plays both editions in
# headless Chromium for STEPS steps from SEED, checking after every step that nothing crashes,
# errs or leaks, and at intervals that the saved record replays through the referee to the
# state shown. A failure prints its seed and last steps; the same STEPS and SEED replay it.
# Ends with the run's statistics as one JSON line (games, finished, deepest game, actions).
#   scripts/chaos.sh STEPS SEED       (against dist/; E2E_DIST=dir for another build,
#                                      LOEWENHERZ_CLI=path for another referee)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
[ $# -eq 2 ] || die "usage: scripts/chaos.sh STEPS SEED"
[ -f dist/index.html ] || [ -n "${E2E_DIST:-}" ] || die "no dist/: build first (trunk build --release)"
if [ -z "${LOEWENHERZ_CLI:-}" ]; then
  step "cargo build --release --bin loewenherz-cli (the referee)"
  cargo build --release --locked --bin loewenherz-cli
  export LOEWENHERZ_CLI="$ROOT/target/release/loewenherz-cli"
fi
TMP_BROWSER="$(mktemp -d -t loewenherz-chaos.XXXXXX)"
trap 'rm -rf "$TMP_BROWSER"' EXIT
export XDG_CONFIG_HOME="$TMP_BROWSER/config" XDG_CACHE_HOME="$TMP_BROWSER/cache"
step "chaos run: $1 steps, seed $2"
TMPDIR="$TMP_BROWSER" node tests/e2e/chaos.mjs "$1" "$2"
