#!/usr/bin/env bash
# Strength of the computer players (issue 10), by the referee's `arena` in release mode.
# Takes hours on two cores: run it in the background, never in CI. Each figure goes to
# OUT/<edition>-<match>.txt; the last lines say `<bot> wins <percent>%`.
#   GAMES=100 OUT=/tmp/arena scripts/arena.sh [classic|new ...]
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES="${GAMES:-100}"
OUT="${OUT:-/tmp/arena}"
mkdir -p "$OUT"
cargo build --release --quiet --bin loewenherz-cli
cli=target/release/loewenherz-cli
editions=("$@")
[ ${#editions[@]} -eq 0 ] && editions=(classic new)
for edition in "${editions[@]}"; do
  for spec in "medium-easy:2:medium,easy" "hard-random:4:hard,random,random,random" "hard-medium:2:hard,medium"; do
    IFS=: read -r name players bots <<<"$spec"
    echo "== $edition $name ($GAMES games, $players players)"
    "$cli" arena --edition "$edition" --players "$players" --games "$GAMES" --bots "$bots" --seed 1000 | tee "$OUT/$edition-$name.txt"
  done
done
