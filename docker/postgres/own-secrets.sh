#!/bin/sh
# The entrypoint wrapper of the Postgres-image services (compose.yaml, compose.replica.yaml).
# Compose mounts each secret file of ./secrets (scripts/init-secrets.sh, mode 0400) read-only at
# /run/secrets/NAME with the host's owner, which no tool of the three (Compose v2, docker-compose
# 1.29, podman-compose) lets us change for a file secret. Started as root, this copies them into
# /tmp/secrets owned by the image's postgres user (uid 999), which the scripts run as, then runs
# the command: docker-entrypoint.sh (it drops to postgres itself), or `gosu postgres …`.
set -eu
install -d -m 0700 -o postgres -g postgres /tmp/secrets
for file in /run/secrets/*; do
  [ -f "$file" ] && install -m 0400 -o postgres -g postgres "$file" "/tmp/secrets/${file##*/}"
done
exec "$@"
