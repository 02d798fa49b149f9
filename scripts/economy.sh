#!/usr/bin/env bash
# The New Edition's card economy (issue 20), measured by the referee's `arena` in release mode:
# GAMES games per player count, in seeded chunks of CHUNK games (each chunk its own file in OUT,
# so an interrupted run keeps what it measured and chunks add up), at the lowest priority. Then
# the chunk files are added up per player count: the median money held by all players at the
# end (the physical bank holds 91), how many games end past 91, the median turns, cards sold per
# card played, and each computer level's wins per seat. Hours for medium computers, more for
# hard ones: run it in the background, never in CI.
#   GAMES=100 CHUNK=10 BOTS=medium SEED=2000 OUT=/tmp/economy scripts/economy.sh [2 3 4]
#   GAMES=20 CHUNK=2 BOTS=hard,medium scripts/economy.sh 2     (seats take the levels in turn)
#   scripts/economy.sh summary FILE...                         (adds up chunk files only)
# CLI=path/to/loewenherz-cli uses that build instead of building target/release (e.g. a copy
# built from another card table, to compare two tables side by side).
set -euo pipefail
cd "$(dirname "$0")/.."

# Reads `game seed=S players=P seats=c:level,… money=M each=… turns=T sold=S played=N scores=c:n,…
# winners=c:level,…` lines (one a game, as `arena --edition new` prints them).
summary() {
  grep -h '^game seed=' "$@" | sort -u | awk '
    function field(name,   i, n, p) {
      n = split($0, p, " ")
      for (i = 1; i <= n; i++) if (index(p[i], name "=") == 1) return substr(p[i], length(name) + 2)
      return ""
    }
    function median(a, n,   i, j, t) {
      for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
      if (n == 0) return 0
      return (n % 2) ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    {
      p = field("players"); n = ++games[p]
      money[p, n] = field("money") + 0; turns[p, n] = field("turns") + 0
      if (money[p, n] > 91) past[p]++
      sold[p] += field("sold"); played[p] += field("played")
      k = split(field("seats"), s, ","); for (i = 1; i <= k; i++) { split(s[i], cl, ":"); seats[p, cl[2]]++; levels[cl[2]] = 1 }
      k = split(field("winners"), w, ","); for (i = 1; i <= k; i++) { split(w[i], cl, ":"); wins[p, cl[2]] += 1 / k }
    }
    END {
      for (p = 2; p <= 4; p++) {
        if (!games[p]) continue
        n = games[p]
        for (i = 1; i <= n; i++) { m[i] = money[p, i]; t[i] = turns[p, i] }
        line = sprintf("%d players: %d games, median money at the end %.1f, past 91 in %d (%.0f%%), median turns %.1f, sold %d played %d (sold per played %.2f)", p, n, median(m, n), past[p], 100 * past[p] / n, median(t, n), sold[p], played[p], played[p] ? sold[p] / played[p] : 0)
        for (l in levels) if (seats[p, l]) line = line sprintf(", %s wins %.1f of %d seats (%.0f%%)", l, wins[p, l], seats[p, l], 100 * wins[p, l] / seats[p, l])
        print line
      }
    }'
}

if [ "${1:-}" = summary ]; then
  shift
  summary "$@"
  exit 0
fi

GAMES="${GAMES:-100}"
CHUNK="${CHUNK:-10}"
BOTS="${BOTS:-medium}"
SEED="${SEED:-2000}"
OUT="${OUT:-/tmp/economy}"
mkdir -p "$OUT"
if [ -n "${CLI:-}" ]; then
  cli="$CLI"
else
  cargo build --release --quiet --bin loewenherz-cli
  cli=target/release/loewenherz-cli
fi
counts=("$@")
[ ${#counts[@]} -eq 0 ] && counts=(2 3 4)
files=()
for players in "${counts[@]}"; do
  for ((from = 0; from < GAMES; from += CHUNK)); do
    n=$((GAMES - from < CHUNK ? GAMES - from : CHUNK))
    seed=$((SEED + from))
    file="$OUT/new-$players-${BOTS//,/-}-$seed-$n.txt"
    files+=("$file")
    [ -s "$file" ] && grep -q ' wins ' "$file" && continue # measured already
    nice -n 19 "$cli" arena --edition new --players "$players" --games "$n" --bots "$BOTS" --seed "$seed" >"$file.part"
    mv "$file.part" "$file"
  done
done
summary "${files[@]}"
