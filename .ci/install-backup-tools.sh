#!/usr/bin/env bash
# age, which encrypts the off-host backups and decrypts them for a restore: the off-host tests
# (server/src/features/backup/offsite*.test.ts) run the real tool, as the app image does.
set -euo pipefail
if ! command -v age >/dev/null 2>&1 || ! command -v age-keygen >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq age tar >/dev/null
fi
echo "age: $(age --version), tar: $(tar --version | head -1)"
