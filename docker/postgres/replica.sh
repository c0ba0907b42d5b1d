#!/bin/sh
# The entrypoint of postgres-replica (compose.replica.yaml), run as the postgres user: a streaming
# hot standby of the primary. On its first start (an empty data volume) it copies the primary's
# whole cluster with pg_basebackup, which also writes standby.signal and how to reach the primary
# (-R); every start then runs Postgres with the arguments given, and it follows the primary.
# The copy holds the primary's own postgresql.conf, pg_hba.conf, roles and passwords: the app
# connects to it as to the primary. server/src/db/replica.test.ts starts its standby with this
# script too (PRIMARY_HOST=127.0.0.1, its own config_file).
#   PGDATA                     where the copy lives
#   PRIMARY_HOST, PRIMARY_PORT the primary (postgres, 5432)
#   REPLICATION_USER           a role with REPLICATION (replicator; replication-init.sh makes it)
#   REPLICATION_PASSWORD_FILE  its password (/run/secrets/replication_password), if it needs one
set -eu

: "${PGDATA:?PGDATA must name the data directory}"
host="${PRIMARY_HOST:-postgres}"
port="${PRIMARY_PORT:-5432}"
user="${REPLICATION_USER:-replicator}"
password_file="${REPLICATION_PASSWORD_FILE:-/run/secrets/replication_password}"

# libpq reads the password from a password file (never a command line or the environment), for
# the copy and for streaming alike; written again on every start, so a changed secret is taken up.
if [ -s "$password_file" ]; then
  passfile="${TMPDIR:-/tmp}/kindred-replication.pgpass"
  # In a password file, : and \ are escaped with \.
  (umask 077 && printf '%s:%s:*:%s:%s\n' "$host" "$port" "$user" "$(sed -e 's/[\\:]/\\&/g' "$password_file")" > "$passfile")
  export PGPASSFILE="$passfile"
fi

if [ ! -s "$PGDATA/PG_VERSION" ]; then
  echo "replica.sh: copying the primary at $host:$port into $PGDATA (once; this takes a while for a big database)"
  # -c fast: the primary checkpoints now rather than over the next minutes.
  pg_basebackup -h "$host" -p "$port" -U "$user" -D "$PGDATA" -R -X stream -c fast
fi
# A volume's directory may be world-writable; Postgres starts only on a private one.
chmod 0700 "$PGDATA"
exec postgres "$@"
