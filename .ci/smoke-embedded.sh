#!/usr/bin/env bash
# Starts Kindred exactly as the README says (`npm start`, no settings at all), waits for /readyz,
# checks the embedded database and the landing page, then stops it with SIGTERM: it must exit 0
# within 5 s. Runs in the repository, so it refuses to touch an existing ./data.
set -euo pipefail
cd "$(dirname "$0")/.."
[ ! -e data ] || { echo "smoke: ./data already exists; run this from a clean clone"; exit 1; }
port=3000
log=$(mktemp)
cleanup() { pkill -KILL -f "node dist/server/src/main.js" 2>/dev/null || true; rm -rf data "$log"; }
trap cleanup EXIT

env -i PATH="$PATH" HOME="$HOME" npm start >"$log" 2>&1 &
npm_pid=$!

ready=""
for _ in $(seq 1 120); do
  if body=$(curl -fsS "http://127.0.0.1:$port/readyz" 2>/dev/null); then ready=$body; break; fi
  kill -0 "$npm_pid" 2>/dev/null || { echo "smoke: npm start exited early"; cat "$log"; exit 1; }
  sleep 1
done
[ -n "$ready" ] || { echo "smoke: /readyz never answered 200"; cat "$log"; exit 1; }
echo "smoke: /readyz $ready"
echo "$ready" | grep -q '"mode":"embedded"' || { echo "smoke: database is not embedded"; exit 1; }
echo "$ready" | grep -Eq '"vectorExtension":"[0-9.]+"' || { echo "smoke: no vector extension"; exit 1; }
curl -fsS "http://127.0.0.1:$port/" | grep -q '<div id="root">' || { echo "smoke: / does not serve the SPA"; exit 1; }

server_pid=$(pgrep -n -f "node dist/server/src/main.js")
t0=$(date +%s%N)
kill -TERM "$server_pid"
code=0; wait "$npm_pid" || code=$?
ms=$(( ($(date +%s%N) - t0) / 1000000 ))
echo "smoke: exit code $code after SIGTERM, in ${ms} ms"
[ "$code" -eq 0 ] || { cat "$log"; exit 1; }
[ "$ms" -lt 5000 ] || { echo "smoke: shutdown took longer than 5 s"; exit 1; }
