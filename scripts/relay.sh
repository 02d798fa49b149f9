#!/usr/bin/env bash
# A real relay for remote play (issue 33): an MQTT broker over WebSocket on the loopback
# interface, from the npm dev tools (aedes, ws). Prints its address and runs until killed.
#   scripts/relay.sh                        -> ws://127.0.0.1:<any free port>
#   scripts/relay.sh 9001                   -> ws://127.0.0.1:9001
#   scripts/relay.sh 0 --log relay.jsonl    (every PUBLISH as a JSON line: topic, payload base64)
# The address is the only line on stdout (installing goes to stderr): start it in the
# background and read its first line (tests/e2e/relay.test.mjs spawns scripts/relay.mjs so).
# Installs what is missing first (npm ci, as scripts/test.sh does): idempotent.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

need node "install Node.js 20 or newer"
need npm "install npm (comes with Node.js)"
ensure_npm_tools >&2

exec node scripts/relay.mjs "$@"
