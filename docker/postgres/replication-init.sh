#!/bin/sh
# The one-shot replication-init of compose.replica.yaml, run as the postgres user against the
# running primary, on every `up` (it changes nothing the second time). Lets the replica copy and
# follow the primary:
#   - a role that may log in and replicate, and nothing more (REPLICATION_USER, default
#     replicator), with the password of REPLICATION_PASSWORD_FILE, set again on every run so a
#     changed secret is taken up; psql reads and quotes it (:'pw'), so any character is safe;
#   - a line in the primary's pg_hba.conf (PRIMARY_HBA_FILE: the file in the primary's data
#     volume) letting that role connect for replication with its password, then a reload.
# Connects with the PG* variables (PGHOST, PGUSER: the superuser) and, when POSTGRES_PASSWORD_FILE
# is set, that password through a libpq password file (never a command line or the environment).
set -eu

role="${REPLICATION_USER:-replicator}"
password_file="${REPLICATION_PASSWORD_FILE:-/run/secrets/replication_password}"
hba="${PRIMARY_HBA_FILE:-/primary/pg_hba.conf}"

if [ ! -r "$password_file" ] || [ ! -s "$password_file" ]; then
  echo "replication-init.sh: $password_file is missing, unreadable for $(id -un) or empty: run scripts/init-secrets.sh (secrets/replication_password)" >&2
  exit 1
fi
if [ -n "${POSTGRES_PASSWORD_FILE:-}" ]; then
  export PGPASSFILE="${TMPDIR:-/tmp}/kindred-superuser.pgpass"
  # In a password file, : and \ are escaped with \.
  (umask 077 && printf '*:*:*:*:%s\n' "$(sed -e 's/[\\:]/\\&/g' "$POSTGRES_PASSWORD_FILE")" > "$PGPASSFILE")
fi

# Debian's and the image's pg_hba.conf end with `host all all ...`, and "all" does not cover
# replication connections: this line is the only one that does.
line="host replication $role all scram-sha-256"
grep -qxF "$line" "$hba" || printf '%s\n' "$line" >> "$hba"

psql --no-psqlrc -v ON_ERROR_STOP=1 --no-password -q -v role="$role" -v password_file="$password_file" <<'SQL'
\set pw `cat :'password_file'`
SELECT format('CREATE ROLE %I', :'role') WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'role') \gexec
ALTER ROLE :"role" WITH LOGIN REPLICATION NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS PASSWORD :'pw';
\unset pw
SELECT pg_reload_conf() \g /dev/null
SQL

echo "replication-init.sh: ${role} may replicate from this server"
