#!/bin/sh
# Runs once, as the superuser, when the Postgres data volume is first created (the image's
# docker-entrypoint-initdb.d). Creates what Kindred cannot create for itself:
#   - the role Kindred connects as (KINDRED_DB_USER, default kindred): it may log in and it owns
#     its database, and nothing more (no superuser, no CREATEDB, no CREATEROLE);
#   - its database (KINDRED_DB_NAME, default kindred), owned by that role;
#   - the pgvector extension in that database (creating an extension needs a privileged role;
#     the app's first migration, CREATE EXTENSION IF NOT EXISTS vector, is then a no-op).
# The role's password is read from the secret file KINDRED_DB_PASSWORD_FILE by psql itself (a
# backquoted \set), so it is neither on a command line nor in the environment, and is quoted
# by psql (:'pw'), so any character is safe in it.
# Changing the password later: scripts/rotate-db-password.sh (docs/operations.md, "Rotating
# secrets"). This script never runs again on an existing volume.
set -eu

role="${KINDRED_DB_USER:-kindred}"
database="${KINDRED_DB_NAME:-kindred}"
password_file="${KINDRED_DB_PASSWORD_FILE:?KINDRED_DB_PASSWORD_FILE must name the file holding the password of the role ${role}}"

# Readable by this user (postgres) and not empty: else the role would get no usable password.
if [ ! -r "$password_file" ] || [ ! -s "$password_file" ]; then
  echo "10-kindred.sh: $password_file is missing, unreadable for $(id -un) or empty: run scripts/init-secrets.sh (secrets/kindred_db_password)" >&2
  exit 1
fi

psql --no-psqlrc -v ON_ERROR_STOP=1 --username "${POSTGRES_USER:-postgres}" --no-password --dbname "${POSTGRES_DB:-postgres}" \
  -v role="$role" -v database="$database" -v password_file="$password_file" <<'SQL'
\set pw `cat :'password_file'`
CREATE ROLE :"role" LOGIN PASSWORD :'pw' NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS;
\unset pw
CREATE DATABASE :"database" OWNER :"role";
\connect :"database"
CREATE EXTENSION IF NOT EXISTS vector;
SQL

echo "10-kindred.sh: role ${role} owns database ${database}, which has the vector extension"
