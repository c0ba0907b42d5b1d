#!/usr/bin/env bash
# Prints how long the maintenance jobs take on a real Postgres with N sample members (default
# 2000), and what a SIGKILL midway costs: a fresh database is made, migrated and seeded, then
#   enhance-profiles --force   (every background rewritten and every profile embedded again)
#   regenerate-embeddings      (every vector current: the skip pass cron runs nightly)
#   standardize-profiles       (the rule-based standardizer over every address and profession)
#   enhance-profiles --force, killed with SIGKILL a third of the way, then run again
# Needs the provisioned Postgres (.ci/provision-postgres.sh). Usage: bash tools/bench-jobs.sh [N]
set -euo pipefail
cd "$(dirname "$0")/.."
members=${1:-2000}
admin_url=${PG_ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}
db="kindred_bench_jobs_$$"
export DATABASE_URL="${admin_url%/*}/$db" LOG_LEVEL=warn AI_PROVIDER=builtin DATA_DIR
DATA_DIR=$(mktemp -d)
psql -X -q "$admin_url" -c "CREATE DATABASE $db"
trap 'psql -X -q "$admin_url" -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null; rm -rf "$DATA_DIR"' EXIT

ms() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }
timed() {
  local label=$1; shift
  local t0; t0=$(date +%s%N)
  npm run -s cli -- "$@" >/dev/null 2>&1
  echo "$label: $(ms "$t0") ms"
}

npm run -s cli -- migrate up >/dev/null
timed "seed --demo $members" seed --demo "$members"
timed "enhance-profiles --force ($members profiles, JOB_PAUSE_MS=${JOB_PAUSE_MS:-200})" jobs run enhance-profiles --force
timed "regenerate-embeddings (all current)" jobs run regenerate-embeddings
timed "standardize-profiles" jobs run standardize-profiles

# Killed a third of the way through, then finished by the next run a minute later (backdated here).
# One process (not npm's chain), so SIGKILL hits the one that runs the job.
node --import tsx cli/src/index.ts jobs run enhance-profiles --force >/dev/null 2>&1 &
pid=$!
until [ "$(psql -X -At "$DATABASE_URL" -c "SELECT coalesce(max(processed), 0) FROM job_runs WHERE name = 'enhance-profiles' AND state = 'running'")" -ge $(( members / 3 )) ]; do sleep 0.2; done
kill -KILL "$pid"
wait "$pid" 2>/dev/null || true
psql -X -At "$DATABASE_URL" -c "SELECT 'killed at ' || processed || ' of ' || total FROM job_runs WHERE name = 'enhance-profiles' AND state = 'running'"
psql -X -q "$DATABASE_URL" -c "UPDATE job_runs SET heartbeat_at = heartbeat_at - interval '61 seconds' WHERE state = 'running'"
timed "enhance-profiles resumed after SIGKILL" jobs run enhance-profiles --force
psql -X -At "$DATABASE_URL" -c "SELECT 'resumed run: ' || state || ', ' || processed || '/' || total || ' processed, ' || (SELECT count(*) FROM job_run_items i WHERE i.run_id = r.id) || ' item rows, ' || (SELECT count(DISTINCT item_key) FROM job_run_items i WHERE i.run_id = r.id) || ' distinct' FROM job_runs r WHERE name = 'enhance-profiles' ORDER BY started_at DESC LIMIT 1"
