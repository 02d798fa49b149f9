# shellcheck shell=bash
# Shared helpers for scripts/serve.sh and scripts/test.sh. Source, don't run.
# Every ensure_* step is skipped when the right version is already installed.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

TRUNK_VERSION="0.21.14"
WASM_TARGET="wasm32-unknown-unknown"

export PATH="$ROOT/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
# Trunk must never download anything (wasm-bindgen, wasm-opt, ...).
export TRUNK_OFFLINE=true

step() { printf '\n\033[1m==> %s\033[0m\n' "$*"; }
die() { printf '\033[31merror:\033[0m %s\n' "$*" >&2; exit 1; }

need() { command -v "$1" >/dev/null 2>&1 || die "$1 not found: $2"; }

ensure_base_tools() {
  need cargo "install Rust with rustup (https://rustup.rs)"
  need rustup "install Rust with rustup (https://rustup.rs)"
  need node "install Node.js 20 or newer"
  need npm "install npm (comes with Node.js)"
}

ensure_wasm_target() {
  if rustup target list --installed | grep -qx "$WASM_TARGET"; then
    echo "ok: rust target $WASM_TARGET"
  else
    step "rustup target add $WASM_TARGET"
    rustup target add "$WASM_TARGET"
  fi
}

# `cargo install` the way a tool needs, not the way its authors ship it: Trunk's release profile
# asks for fat LTO in one codegen unit, which made its build one long single-threaded link
# (most of the install's time on a fresh machine). Our tools only run a build and a few file
# passes, so they are built at opt-level 1 without LTO in parallel codegen units, and both
# share one target directory (their common dependencies compile once; kept for a reinstall).
quick_install() {
  CARGO_TARGET_DIR="$ROOT/target/tools" \
    CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    CARGO_PROFILE_RELEASE_OPT_LEVEL=1 CARGO_PROFILE_RELEASE_DEBUG=0 \
    cargo install "$@"
}

ensure_trunk() {
  if [ "$(trunk --version 2>/dev/null)" = "trunk $TRUNK_VERSION" ]; then
    echo "ok: trunk $TRUNK_VERSION"
  else
    step "cargo install trunk $TRUNK_VERSION (about 8 min on 2 cores)"
    # trunk 0.22 needs a newer rustc; --locked keeps its dependencies buildable. Without its
    # update check (we run it offline), and built the quick way (below).
    quick_install trunk --version "$TRUNK_VERSION" --locked --no-default-features --features rustls
  fi
}

# The wasm-bindgen version Trunk needs is the one in Cargo.lock.
wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock
}

ensure_wasm_bindgen() {
  local want
  want="$(wasm_bindgen_version)"
  [ -n "$want" ] || die "wasm-bindgen not found in Cargo.lock"
  if [ "$(wasm-bindgen --version 2>/dev/null)" = "wasm-bindgen $want" ] &&
    [ "$(wasm-bindgen-test-runner --version 2>/dev/null)" = "wasm-bindgen-test-runner $want" ]; then
    echo "ok: wasm-bindgen-cli $want"
  else
    step "cargo install wasm-bindgen-cli $want (takes ~3 min)"
    # Not --locked: one of its locked dependencies is unavailable here.
    quick_install wasm-bindgen-cli --version "$want" --force
  fi
}

ensure_npm_tools() {
  if [ "$(wasm-opt --version 2>/dev/null)" = "wasm-opt version 132 (version_132)" ] &&
    npm ls --depth=0 >/dev/null 2>&1; then
    echo "ok: npm dev tools (binaryen 132, playwright-core, puppeteer-core, @axe-core/playwright, aedes, ws)"
  else
    step "npm ci"
    # puppeteer-core never downloads a browser; the variable says so to anything that might.
    PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund
  fi
}

ensure_chromium() {
  if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
    echo "ok: chromium and chromedriver"
  else
    step "apt-get install chromium chromium-driver"
    [ "$(id -u)" = 0 ] || die "run as root (or install chromium and chromium-driver with apt)"
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-driver
  fi
}

# The other two engines the end-to-end tests run in (issue 39): Debian's Firefox ESR (driven
# through WebDriver BiDi by npm puppeteer-core, no geckodriver) and WebKitGTK's WebKitWebDriver
# with its MiniBrowser, which needs an X server: Xvfb through xvfb-run (and xauth for it).
MINIBROWSER_PATH="${MINIBROWSER:-/usr/lib/$(uname -m)-linux-gnu/webkit2gtk-4.1/MiniBrowser}"
ensure_other_engines() {
  local missing=()
  [ -x "${FIREFOX_PATH:-/usr/lib/firefox-esr/firefox-esr}" ] || missing+=(firefox-esr)
  { [ -x /usr/bin/WebKitWebDriver ] && [ -x "$MINIBROWSER_PATH" ]; } || missing+=(webkit2gtk-driver)
  command -v xvfb-run >/dev/null 2>&1 || missing+=(xvfb)
  command -v xauth >/dev/null 2>&1 || missing+=(xauth)
  if [ ${#missing[@]} -eq 0 ]; then
    echo "ok: firefox-esr, webkit2gtk-driver (WebKitWebDriver, MiniBrowser), xvfb"
  else
    step "apt-get install ${missing[*]}"
    [ "$(id -u)" = 0 ] || die "run as root (or install ${missing[*]} with apt)"
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
  fi
}

ensure_build_tools() {
  ensure_base_tools
  ensure_wasm_target
  ensure_trunk
  ensure_wasm_bindgen
  ensure_npm_tools
}

fetch_crates() {
  step "cargo fetch --locked"
  cargo fetch --locked
}

build_release() {
  step "trunk build --release (offline)"
  local t0=$SECONDS
  trunk build --release --offline
  echo "built dist/ in $((SECONDS - t0)) s"
}
