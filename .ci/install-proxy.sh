#!/usr/bin/env bash
# Debian's Caddy for the scale-out test (two app servers behind one proxy, as in compose.yaml).
set -euo pipefail
if ! command -v caddy >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq caddy >/dev/null
  # The package starts a caddy service on port 80; the test runs its own.
  $SUDO systemctl disable --now caddy >/dev/null 2>&1 || $SUDO pkill -x caddy || true
fi
echo "caddy: $(caddy version)"
