#!/usr/bin/env bash
# Makes this Debian 12 machine's Postgres 15 ready for Kindred's tests: server running,
# pgvector built from Debian's source package (Debian 12 ships no binary), `vector` creatable.
# Idempotent: every step checks before it acts. Package sources are derived from the machine's
# own apt configuration; no host name is written here.
set -euo pipefail

PG_MAJOR=15
PG_CONFIG=/usr/lib/postgresql/$PG_MAJOR/bin/pg_config
SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
apt_updated=""
apt_update() { [ -n "$apt_updated" ] || { $SUDO apt-get update -qq; apt_updated=1; }; }

if [ ! -x "/usr/lib/postgresql/$PG_MAJOR/bin/postgres" ]; then
  apt_update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "postgresql-$PG_MAJOR" >/dev/null
fi

if [ ! -f "/usr/share/postgresql/$PG_MAJOR/extension/vector.control" ]; then
  echo "provision: building pgvector for Postgres $PG_MAJOR"
  src_list=/etc/apt/sources.list.d/pgvector-src.sources
  if [ ! -f "$src_list" ]; then
    # First stanza of the machine's own Debian source list, turned into a deb-src entry for
    # the next suite, which carries the pgvector source package.
    awk 'BEGIN{RS="";ORS="\n\n"} NR==1' /etc/apt/sources.list.d/debian.sources \
      | sed -e 's/^Types: .*/Types: deb-src/' -e 's/^Suites: .*/Suites: trixie/' \
      | $SUDO tee "$src_list" >/dev/null
    apt_updated=""
  fi
  apt_update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "postgresql-server-dev-$PG_MAJOR" build-essential >/dev/null
  work=$(mktemp -d)
  (
    cd "$work"
    apt-get source --download-only pgvector >/dev/null
    tar xzf pgvector_*.orig.tar.gz
    cd pgvector-*/
    # OPTFLAGS="" avoids -march=native so the build runs on any x86-64.
    make -s PG_CONFIG="$PG_CONFIG" OPTFLAGS="" >/dev/null
    $SUDO make -s install PG_CONFIG="$PG_CONFIG" >/dev/null
  )
  rm -rf "$work"
fi

if ! pg_isready -q -h 127.0.0.1 -p 5432; then
  echo "provision: starting Postgres $PG_MAJOR"
  $SUDO pg_ctlcluster --skip-systemctl-redirect "$PG_MAJOR" main start
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
fi

# The read-replica test (server/src/db/replica.test.ts) copies this server with pg_basebackup and
# starts the copy as a hot standby: it needs a replication connection from 127.0.0.1, which
# Debian's pg_hba.conf does not allow (its "all" does not cover replication).
psql_admin() { psql -X -At -h 127.0.0.1 -U postgres -d postgres "$@"; }
[ "$(psql_admin -c "SHOW wal_level")" != "minimal" ] && [ "$(psql_admin -c "SHOW max_wal_senders")" -gt 0 ] \
  || { echo "provision: streaming replication is off (wal_level minimal or max_wal_senders 0)" >&2; exit 1; }
hba=$(psql_admin -c "SHOW hba_file")
if ! $SUDO grep -Eq '^host[[:space:]]+replication[[:space:]]+all[[:space:]]+127\.0\.0\.1/32[[:space:]]+trust' "$hba"; then
  echo "provision: allowing replication connections from 127.0.0.1 (the read-replica test)"
  printf 'host    replication     all             127.0.0.1/32            trust\n' | $SUDO tee -a "$hba" >/dev/null
  psql_admin -q -c "SELECT pg_reload_conf()" >/dev/null
fi

available=$(psql -X -At -h 127.0.0.1 -U postgres -d postgres -c "SELECT count(*) FROM pg_available_extensions WHERE name = 'vector'")
[ "$available" = "1" ] || { echo "provision: the server does not offer the vector extension" >&2; exit 1; }
echo "provision: Postgres $PG_MAJOR with pgvector $(awk -F"'" '/default_version/{print $2}' /usr/share/postgresql/$PG_MAJOR/extension/vector.control) ready"
