#!/usr/bin/env bash
# The stack-check tools, from Debian: Caddy for the scale-out test (two app servers behind one
# proxy, as in compose.yaml), and Prometheus for promtool, which lints a real /metrics page
# (server/src/features/metrics/promtool.test.ts).
set -euo pipefail
if ! command -v caddy >/dev/null 2>&1 || ! command -v promtool >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends caddy prometheus >/dev/null
  # The packages start a caddy service on port 80 and a prometheus one on 9090; the tests need neither.
  $SUDO systemctl disable --now caddy >/dev/null 2>&1 || $SUDO pkill -x caddy || true
  $SUDO systemctl disable --now prometheus >/dev/null 2>&1 || $SUDO pkill -x prometheus || true
fi
echo "caddy: $(caddy version)"
echo "promtool: $(promtool --version 2>&1 | head -1)"
