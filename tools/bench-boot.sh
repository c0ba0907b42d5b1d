#!/usr/bin/env bash
# Prints how long the built server takes from spawn to /readyz 200 on a fresh embedded data
# directory (cold: initdb + migrations) and on the same directory again (warm), and how long
# SIGTERM takes to exit; then `npm start` with the build up to date. Run `npm run build` first.
set -euo pipefail
cd "$(dirname "$0")/.."
port=${PORT:-3199}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for run in cold warm; do
  t0=$(date +%s%N)
  DATA_DIR=$dir PORT=$port LOG_LEVEL=warn AI_PROVIDER=builtin node dist/server/src/main.js &
  pid=$!
  until curl -fs "localhost:$port/readyz" >/dev/null 2>&1; do sleep 0.05; done
  echo "$run boot to /readyz: $(( ($(date +%s%N) - t0) / 1000000 )) ms"
  t1=$(date +%s%N)
  kill -TERM "$pid"
  code=0; wait "$pid" || code=$?
  echo "$run SIGTERM to exit: $(( ($(date +%s%N) - t1) / 1000000 )) ms (exit code $code)"
done

# `npm start` on a laptop that already built: the staleness check, then the same warm boot.
t0=$(date +%s%N)
DATA_DIR=$dir PORT=$port LOG_LEVEL=warn AI_PROVIDER=builtin setsid npm start >/dev/null 2>&1 &
group=$!
until curl -fs "localhost:$port/readyz" >/dev/null 2>&1; do sleep 0.05; done
echo "npm start (build up to date) to /readyz: $(( ($(date +%s%N) - t0) / 1000000 )) ms"
kill -TERM -- "-$group" 2>/dev/null || true
wait "$group" 2>/dev/null || true
