#!/usr/bin/env bash
# Screens variants of the hard level's weights on paired seeds, the careful grid of issue 34:
# every variant plays the same GAMES 2-player games (seats rotated) at full search unless SCALE
# says less, so the luck of the deal is the same for all of them, and one line each says how
# it played. A measurement, never a CI assertion; minutes per variant: run it in the background.
#
#   EDITION=new BOTS=hard,hard GAMES=10 SEED=3767833 OUT=/tmp/screen \
#     scripts/screen.sh 'new.draw=0.25' 'new.own=0.4 new.draw=0.25' 'new.own=0.4 new.draw=0'
#
# - Each argument is one variant: `name=value` settings put over src/engine/ai/weights.txt
#   (OUT/w-<n>.txt); the file itself is always screened first, as variant 0.
# - `loewenherz-cli arena --weights` plays each (OUT/screen-<n>.txt); with BOTS=hard,reference or
#   hard,medium it measures strength instead of how hard computers play each other.
# - The table: per variant the wins of the first bot, mean score and seats founded of the hard
#   bot, and for the New Edition the median cards played and turns a game.
# The games are reproducible (no time limit): the same seeds and variants print the same table.
# Tune on one set of seeds, then measure what you keep on seeds drawn at run time (arena.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
EDITION="${EDITION:-new}"
BOTS="${BOTS:-hard,hard}"
GAMES="${GAMES:-10}"
SEED="${SEED:-3767833}"
SCALE="${SCALE:-1000}"
OUT="${OUT:-/tmp/screen}"
mkdir -p "$OUT"
# Every setting names a weight of the file, checked before any game is played.
for variant in "$@"; do
  for setting in $variant; do
    grep -q "^${setting%%=*} " src/engine/ai/weights.txt || { echo "no weight ${setting%%=*} in weights.txt" >&2; exit 2; }
  done
done
nice -n 5 cargo build --release --quiet --bin loewenherz-cli
cli=target/release/loewenherz-cli
echo "screening on seeds $SEED-$((SEED + GAMES - 1)), $EDITION, bots $BOTS, scale $SCALE"
printf '%-3s %-40s %8s %11s %8s %8s %7s\n' n variant wins "mean score" founded cards turns
# One `name=N` field of every New Edition game line, and the median of numbers read one a line.
field() { { grep '^game seed=' "$2" || true; } | sed "s/.* $1=\([0-9]*\) .*/\1/"; }
median() { sort -n | awk '{ a[NR] = $1 } END { if (NR == 0) print "-"; else if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
n=0
for variant in "" "$@"; do
  w="$OUT/w-$n.txt"
  cp src/engine/ai/weights.txt "$w"
  for setting in $variant; do
    name="${setting%%=*}"
    value="${setting#*=}"
    sed -i "s/^$name .*/$name $value/" "$w"
  done
  out="$OUT/screen-$n.txt"
  nice -n 19 "$cli" arena --edition "$EDITION" --players 2 --games "$GAMES" --bots "$BOTS" --seed "$SEED" --scale "$SCALE" --weights "$w" > "$out"
  # The first listed bot's row (wins), the hard bot's (score, founded); New Edition game lines.
  first="${BOTS%%,*}"
  wins=$(awk -v b="$first" '$1 == b && $2 ~ /^[0-9]+$/ { print $3; exit }' "$out")
  read -r score founded < <(awk '$1 == "hard" && $2 ~ /^[0-9]+$/ { print $5, $6; exit }' "$out")
  cards=$(field played "$out" | median)
  turns=$(field turns "$out" | median)
  printf '%-3s %-40s %8s %11s %8s %8s %7s\n' "$n" "${variant:-weights.txt}" "$wins" "$score" "$founded" "$cards" "$turns"
  n=$((n + 1))
done
