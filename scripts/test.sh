#!/usr/bin/env bash
# Runs EVERY test of Löwenherz; exits non-zero if anything fails.
#  1. installs what is missing (wasm32 target, trunk, wasm-bindgen-cli at the
#     Cargo.lock version, npm ci for binaryen + playwright-core + puppeteer-core, Debian
#     chromium + chromium-driver, firefox-esr, webkit2gtk-driver, xvfb via apt)
#  2. cargo test (native)
#  3. wasm-bindgen tests in headless Chromium (cargo test --target wasm32)
#  4. trunk build --release (offline)
#  5. end-to-end tests: node --test tests/e2e/ (playwright-core + Chromium), one file
#     at a time by default, cross-checked with the referee step 2 built
#  6. the same game in the other engines (tests/e2e/engines.test.mjs, one stage each): Firefox
#     ESR (puppeteer-core over WebDriver BiDi) and WebKitGTK (WebKitWebDriver + MiniBrowser
#     under xvfb-run); then remote play between Chromium and Firefox (engines-net.test.mjs)
#  7. scripts/size.sh (first-load size goal)
# and prints each stage's time (E2E_CONCURRENCY=2 runs two browser test files at a time:
# faster on a quiet machine, but on a loaded one the whole-game tests' time limits failed).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
T0=$SECONDS
declare -a TIMES=()
# Each stage's wall time; the CPU time (user + system) of the processes it ran and waited for
# (a browser's renderers are not among them); and how busy the machine's cores were meanwhile
# (everything running, from /proc/stat). On a quiet machine a stage far below 100 % waited: a
# single-threaded step, a browser's timers, the network.
TICK=$(getconf CLK_TCK 2>/dev/null || echo 100)
cpu_ticks() { awk '{ print $16 + $17 }' "/proc/$$/stat" 2>/dev/null || echo 0; }
machine_ticks() { awk '/^cpu / { print $2 + $3 + $4 + $7 + $8 + $9, $2 + $3 + $4 + $5 + $6 + $7 + $8 + $9 }' /proc/stat 2>/dev/null || echo 0 0; }
timed() {
  local name=$1 t=$SECONDS c b0 a0 b1 a1
  c=$(cpu_ticks)
  read -r b0 a0 < <(machine_ticks)
  shift
  "$@"
  read -r b1 a1 < <(machine_ticks)
  TIMES+=("$(printf '%-26s %5d s   CPU %5d s   cores busy %3d %%' "$name" $((SECONDS - t)) \
    $((($(cpu_ticks) - c) / TICK)) $((a1 > a0 ? 100 * (b1 - b0) / (a1 - a0) : 0)))")
}

# Chromium (for wasm tests and e2e) writes config/cache into a temp dir,
# never into $HOME.
TMP_BROWSER="$(mktemp -d -t loewenherz-test.XXXXXX)"
trap 'rm -rf "$TMP_BROWSER"' EXIT
export XDG_CONFIG_HOME="$TMP_BROWSER/config" XDG_CACHE_HOME="$TMP_BROWSER/cache"

install_all() {
  ensure_build_tools
  ensure_chromium
  ensure_other_engines
}
timed "install (if missing)" install_all
timed "cargo fetch" fetch_crates

native_tests() {
  step "cargo test (native)"
  cargo test --locked
}
timed "native tests" native_tests

wasm_tests() {
  step "wasm-bindgen tests in headless Chromium"
  # The lib's tests, plus any tests/*.rs file that uses wasm_bindgen_test
  # (other integration tests are native-only).
  local args=(--lib)
  local f
  for f in tests/*.rs; do
    [ -e "$f" ] || continue
    if grep -q wasm_bindgen_test "$f"; then args+=(--test "$(basename "$f" .rs)"); fi
  done
  # Unoptimised and without debug info: the test profile's opt-level 2 is for the native
  # playouts; here it only slowed the build of the UI stack for wasm32, which nothing else
  # reuses (the release build has its own profile): less than half the CPU (measured), and the
  # 9 tests still run in about 2 s.
  CHROMEDRIVER=/usr/bin/chromedriver WASM_BINDGEN_TEST_TIMEOUT="${WASM_BINDGEN_TEST_TIMEOUT:-60}" \
    CARGO_PROFILE_TEST_OPT_LEVEL=0 CARGO_PROFILE_TEST_DEBUG=0 \
    cargo test --locked --target "$WASM_TARGET" "${args[@]}"
}
timed "wasm tests (Chromium)" wasm_tests

timed "trunk build --release" build_release

e2e_tests() {
  step "end-to-end tests (node --test tests/e2e/)"
  # The referee the tests cross-check the browser with: the one `cargo test` built and tested
  # above (no second build of it).
  local referee="$ROOT/target/debug/loewenherz-cli"
  [ -x "$referee" ] || die "$referee missing: cargo test builds it"
  # Two test files at a time: each starts its own server on a free port and its own browser
  # profile, and none writes to dist/. A browser test waits much of its time (frames, timers),
  # so on 2 cores two at a time took 22 % less time than one (measured).
  # Temp profiles land under our temp dir, removed on exit even after a crash.
  # Every file but the other engines' (their own stages below).
  local files=()
  local f
  for f in tests/e2e/*.test.mjs; do
    case "$f" in tests/e2e/engines*.test.mjs) ;; *) files+=("$f") ;; esac
  done
  TMPDIR="$TMP_BROWSER" LOEWENHERZ_CLI="$referee" \
    node --test --test-concurrency="${E2E_CONCURRENCY:-1}" "${files[@]}"
}
timed "e2e tests" e2e_tests

# The game in another engine (tests/e2e/engines.test.mjs), written once for all three.
engine_tests() {
  step "end-to-end tests in $1 (tests/e2e/engines.test.mjs)"
  TMPDIR="$TMP_BROWSER" LOEWENHERZ_CLI="$ROOT/target/debug/loewenherz-cli" E2E_ENGINES="$1" \
    node --test tests/e2e/engines.test.mjs
}
timed "e2e Firefox" engine_tests firefox
timed "e2e WebKit" engine_tests webkit

engine_net_tests() {
  step "remote play between Chromium and Firefox (tests/e2e/engines-net.test.mjs)"
  TMPDIR="$TMP_BROWSER" LOEWENHERZ_CLI="$ROOT/target/debug/loewenherz-cli" \
    node --test tests/e2e/engines-net.test.mjs
}
timed "e2e Chromium<->Firefox" engine_net_tests

size_check() {
  step "size"
  scripts/size.sh
}
timed "size" size_check

step "all tests passed"
printf '%s\n' "${TIMES[@]}"
echo "total: $((SECONDS - T0)) s"
