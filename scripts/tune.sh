#!/usr/bin/env bash
# Tunes the hard level's evaluation weights by self-play at reduced search (issue 34), then
# measures the tuned weights against the frozen `reference` on seeds drawn now (never the tuning
# seeds). Hours on two cores: run it in the background, never in CI.
#
#   EDITION=classic NAMES=classic.potential,classic.knights,classic.wealth,classic.superiority \
#   STEPS=20 PAIRS=4 SEED=50000 SCALE=100 GAMES=40 OUT=/tmp/tune scripts/tune.sh
#
# - `loewenherz-cli tune` (SPSA: each step plays PAIRS seeds twice, seats swapped, the weights
#   perturbed up against the weights perturbed down; seeds SEED, SEED+1, … in order) writes
#   OUT/tune-<edition>.txt, whose last lines are the tuned weights in `weights.txt`'s format;
#   OUT/weights-<edition>.txt is src/engine/ai/weights.txt with those lines put in.
# - `loewenherz-cli arena` then plays GAMES 2-player games (seats rotated) of hard with the tuned
#   weights against `reference`, and as many with the weights of weights.txt, on the same seeds
#   drawn from the clock (printed; OUT/measure-*.txt), at the same SCALE.
# Copy OUT/weights-<edition>.txt over src/engine/ai/weights.txt (and say in its header what it
# was tuned on) only when the measurement says it is better.
set -euo pipefail
cd "$(dirname "$0")/.."
EDITION="${EDITION:-classic}"
NAMES="${NAMES:-classic.potential,classic.knights,classic.wealth,classic.superiority,classic.mountain}"
STEPS="${STEPS:-20}"
PAIRS="${PAIRS:-4}"
SEED="${SEED:-50000}"
SCALE="${SCALE:-100}"
GAMES="${GAMES:-40}"
OUT="${OUT:-/tmp/tune}"
mkdir -p "$OUT"
nice -n 5 cargo build --release --quiet --bin loewenherz-cli
cli=target/release/loewenherz-cli
tuned="$OUT/tune-$EDITION.txt"
nice -n 19 "$cli" tune --edition "$EDITION" --players 2 --names "$NAMES" --steps "$STEPS" --pairs "$PAIRS" --seed "$SEED" --scale "$SCALE" | tee "$tuned"
# weights.txt with the tuned lines in place of its own.
awk 'NR == FNR { if ($0 !~ /^#/ && NF == 2) v[$1] = $2; next }
     $0 !~ /^#/ && NF == 2 && ($1 in v) { print $1, v[$1]; next } { print }' \
  <(sed -n '/^# tuned by/,$p' "$tuned") src/engine/ai/weights.txt > "$OUT/weights-$EDITION.txt"
# Measurement seeds: drawn now, far from the tuning seeds.
measure=$(( $(date +%s) % 1000000 + 1000000 ))
echo "measuring on seeds $measure-$((measure + GAMES - 1)) (2 players, seats rotated, scale $SCALE)"
for which in tuned file; do
  w="$OUT/weights-$EDITION.txt"
  [ "$which" = file ] && w=src/engine/ai/weights.txt
  nice -n 19 "$cli" arena --edition "$EDITION" --players 2 --games "$GAMES" --bots hard,reference --seed "$measure" --scale "$SCALE" --weights "$w" \
    | tee "$OUT/measure-$EDITION-$which.txt" | tail -n 2
done
