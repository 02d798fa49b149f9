#!/usr/bin/env bash
# Build the release with Trunk and serve dist/ locally.
#   scripts/serve.sh                 -> http://127.0.0.1:8080/
#   PORT=9000 BASE=/games/loewenherz/ scripts/serve.sh
#   HOST=0.0.0.0 scripts/serve.sh    (reachable from other machines)
#   NO_BUILD=1 scripts/serve.sh      (serve the existing dist/)
#   NO_COMPRESSION=1 scripts/serve.sh (every file as is, not its .br/.gz variant)
# Served like a real host (tests/e2e/server.mjs): precompressed variants by
# Accept-Encoding, types, cache headers, ETags.
# Installs what is missing first: wasm32 target, trunk, wasm-bindgen-cli, npm tools.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

if [ -z "${NO_BUILD:-}" ]; then
  ensure_build_tools
  fetch_crates
  build_release
fi
[ -f dist/index.html ] || die "dist/index.html missing: build first"

step "serving dist/"
exec node tests/e2e/server.mjs dist "${PORT:-8080}" "${BASE:-/}" "${HOST:-127.0.0.1}"
