#!/bin/sh
# Rotates the password of the role Kindred connects as (kindred) in the compose stack, in the one
# order that never leaves the app unable to connect (docs/operations.md, "Rotating secrets"):
#   1. a new random password is set on the role, as Postgres's superuser (inside the postgres
#      container; existing connections keep working: Postgres checks a password at login only);
#   2. it is written to secrets/kindred_db_password (0400), replacing the old one;
#   3. secrets-init copies it for the app, and app and cron are recreated with it.
# Between 1 and 3 new connections of the running app would fail; its pools already hold theirs,
# and 3 follows within seconds. Run from the checkout: scripts/rotate-db-password.sh
# KINDRED_COMPOSE names the Compose command (default: docker compose; or docker-compose,
# podman-compose); the rehearsal test points it at a stand-in.
set -eu
cd "$(dirname "$0")/.."
compose=${KINDRED_COMPOSE:-docker compose}
file=secrets/kindred_db_password
[ -f "$file" ] || { echo "rotate-db-password.sh: $file is missing: scripts/init-secrets.sh" >&2; exit 1; }
role=${KINDRED_DB_USER:-kindred}

new=$(od -An -tx1 -N32 /dev/urandom | tr -d ' \n')
# The password goes to psql on its standard input, never on a command line.
printf '\\set pw %s\nALTER ROLE :"role" PASSWORD :'"'"'pw'"'"';\n' "$new" \
  | $compose exec -T postgres psql --no-psqlrc -v ON_ERROR_STOP=1 -v role="$role" -U postgres -d postgres -q
echo "rotate-db-password.sh: the role $role has its new password"

tmp="secrets/.kindred_db_password.tmp"
rm -f "$tmp"
(umask 077 && printf '%s' "$new" > "$tmp")
chmod 0400 "$tmp"
mv -f "$tmp" "$file"
echo "rotate-db-password.sh: $file holds it"

$compose up -d --force-recreate secrets-init app cron
echo "rotate-db-password.sh: app and cron use it; check with: $compose exec app node dist/cli/src/index.js doctor"
