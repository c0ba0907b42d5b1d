#!/usr/bin/env bash
# The distributions' own Compose tools, which docker/compose-tools.test.ts renders the stack with
# (no Docker engine needed): docker-compose 1.29 (Debian, Ubuntu) and podman-compose (RHEL, Rocky).
set -euo pipefail
if ! command -v docker-compose >/dev/null 2>&1 || ! command -v podman-compose >/dev/null 2>&1 || ! command -v podman >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends docker-compose podman podman-compose >/dev/null
fi
echo "docker-compose: $(docker-compose version --short); podman-compose: $(podman-compose version 2>/dev/null | sed -n 's/^podman-composer* version *//p' | head -n1)"
