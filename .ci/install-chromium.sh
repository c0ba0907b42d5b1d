#!/usr/bin/env bash
# Debian's Chromium for the browser tests (playwright-core drives it; it never downloads one).
set -euo pipefail
if ! command -v chromium >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-liberation >/dev/null
fi
echo "chromium: $(chromium --version)"
