#!/usr/bin/env bash
# Debian's Chromium for the browser tests (playwright-core drives it; it never downloads one),
# with a CJK font: Debian's Chromium has none, and the Chinese screens would draw empty boxes.
set -euo pipefail
SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
if ! command -v chromium >/dev/null 2>&1 || ! dpkg -s fonts-noto-cjk >/dev/null 2>&1; then
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-liberation fonts-noto-cjk >/dev/null
fi
echo "chromium: $(chromium --version); CJK font: $(fc-list :lang=zh family | head -1)"
