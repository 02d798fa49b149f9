#!/usr/bin/env bash
# Runs EVERY test of Löwenherz; exits non-zero if anything fails.
#  1. installs what is missing (wasm32 target, trunk, wasm-bindgen-cli at the
#     Cargo.lock version, npm ci for binaryen + playwright-core, Debian
#     chromium + chromium-driver via apt)
#  2. cargo test (native)
#  3. wasm-bindgen tests in headless Chromium (cargo test --target wasm32)
#  4. trunk build --release (offline)
#  5. end-to-end tests: node --test tests/e2e/ (playwright-core + Chromium)
#  6. scripts/size.sh (first-load size goal)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
T0=$SECONDS
declare -a TIMES=()
timed() { local name=$1 t=$SECONDS; shift; "$@"; TIMES+=("$(printf '%-26s %4d s' "$name" $((SECONDS - t)))"); }

# Chromium (for wasm tests and e2e) writes config/cache into a temp dir,
# never into $HOME.
TMP_BROWSER="$(mktemp -d -t loewenherz-test.XXXXXX)"
trap 'rm -rf "$TMP_BROWSER"' EXIT
export XDG_CONFIG_HOME="$TMP_BROWSER/config" XDG_CACHE_HOME="$TMP_BROWSER/cache"

install_all() {
  ensure_build_tools
  ensure_chromium
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
  CHROMEDRIVER=/usr/bin/chromedriver WASM_BINDGEN_TEST_TIMEOUT="${WASM_BINDGEN_TEST_TIMEOUT:-60}" \
    cargo test --locked --target "$WASM_TARGET" "${args[@]}"
}
timed "wasm tests (Chromium)" wasm_tests

timed "trunk build --release" build_release

e2e_tests() {
  step "end-to-end tests (node --test tests/e2e/)"
  # Temp profiles land under our temp dir, removed on exit even after a crash.
  TMPDIR="$TMP_BROWSER" node --test tests/e2e/
}
timed "e2e tests" e2e_tests

size_check() {
  step "size"
  scripts/size.sh
}
timed "size" size_check

step "all tests passed"
printf '%s\n' "${TIMES[@]}"
echo "total: $((SECONDS - T0)) s"
