#!/bin/sh
# Checks a server before the first `up` of compose.yaml (and before an upgrade), one line each:
# the Compose tool and its version, .env, the secret files, the TLS mode's files, ports 80 and
# 443, free disk, and DNS for PUBLIC_URL. Exit 1 when anything would stop the stack; warnings
# (exit 0) are things to look at. Run it from the checkout: scripts/preflight.sh
set -u
cd "$(dirname "$0")/.."

failed=0
ok() { printf 'ok    %-9s %s\n' "$1" "$2"; }
warn() { printf 'warn  %-9s %s\n' "$1" "$2"; }
fail() { printf 'FAIL  %-9s %s\n' "$1" "$2"; failed=1; }

# version_at_least 1.29.2 1.29.0 -> true
version_at_least() {
  [ "$(printf '%s\n%s\n' "$2" "$1" | sort -t. -k1,1n -k2,2n -k3,3n | head -n1)" = "$2" ]
}

# ---- Compose: v2 (any 2.x), docker-compose 1.29.2+, podman-compose 1.0.3+ ----
compose=""
if docker compose version >/dev/null 2>&1; then
  v=$(docker compose version --short 2>/dev/null | sed 's/^v//')
  compose="docker compose"
  ok compose "Docker Compose $v"
elif command -v docker-compose >/dev/null 2>&1; then
  v=$(docker-compose version --short 2>/dev/null | sed 's/^v//')
  compose="docker-compose"
  if version_at_least "$v" 1.29.2; then ok compose "docker-compose $v"; else fail compose "docker-compose $v is older than 1.29.2 (profiles and one-shot dependencies): install Docker Compose v2 or your distribution's 1.29.2"; fi
elif command -v podman-compose >/dev/null 2>&1; then
  v=$(podman-compose version 2>/dev/null | sed -n 's/^podman-composer* version *//p' | head -n1)
  compose="podman-compose"
  if ! version_at_least "${v:-0}" 1.0.3; then fail compose "podman-compose ${v:-?} is older than 1.0.3"
  elif podman-compose --help 2>/dev/null | grep -q -- '--profile'; then ok compose "podman-compose $v"
  else warn compose "podman-compose $v ignores profiles and waits for no dependency: start the services by name (docs/operations.md, \"Podman\")"; fi
else
  fail compose "no Compose found: Docker Compose v2, docker-compose 1.29.2+ or podman-compose 1.0.3+"
fi

# ---- .env: the settings compose reads ----
value() { sed -n "s/^$1=//p" .env 2>/dev/null | tail -n1 | sed "s/^['\"]//; s/['\"]\$//"; }
if [ ! -f .env ]; then
  fail env ".env is missing: cp .env.example .env and fill it in"
else
  [ -n "$(value KINDRED_VERSION)" ] && ok version "KINDRED_VERSION=$(value KINDRED_VERSION)" || fail version "KINDRED_VERSION is empty in .env (the release you deploy, e.g. 1.0.0)"
  public_url=$(value PUBLIC_URL)
  case "$public_url" in
    https://*/*) fail env "PUBLIC_URL=$public_url has a path: https://host only" ;;
    https://?*) ok env "PUBLIC_URL=$public_url" ;;
    *) fail env "PUBLIC_URL must be https://host (it is '${public_url}')" ;;
  esac
  smtp_url=$(value SMTP_URL)
  case "$smtp_url" in
    "") fail smtp "SMTP_URL is empty in .env (smtps://kindred@mail.your-campus.edu:465)" ;;
    *://*:*@*) warn smtp "SMTP_URL carries a password: move it to secrets/smtp_password" ;;
    *) ok smtp "SMTP_URL=$smtp_url" ;;
  esac
  [ -n "$(value COMPOSE_PROJECT_NAME)" ] || warn env "COMPOSE_PROJECT_NAME is unset: the project is named after this folder ($(basename "$(pwd)")); keep it the same for every command"
fi

# ---- secrets: scripts/init-secrets.sh ----
if [ ! -d secrets ]; then
  fail secrets "secrets/ is missing: scripts/init-secrets.sh"
else
  missing=0
  for name in $(sed -n 's|^ *file: \./secrets/||p' compose.yaml); do
    file="secrets/$name"
    if [ ! -f "$file" ]; then fail secrets "$file is missing: scripts/init-secrets.sh makes it"; missing=1; continue; fi
    case "$name" in
      postgres_password | kindred_db_password | session_secret) [ -s "$file" ] || { fail secrets "$file is empty"; missing=1; } ;;
    esac
    mode=$(stat -c '%a' "$file")
    case "$mode" in 400 | 600) ;; *) warn secrets "$file has mode $mode: chmod 0400 $file" ;; esac
  done
  [ "$missing" = 0 ] && ok secrets "$(ls secrets | wc -l | tr -d ' ') files in secrets/"
  [ -s secrets/smtp_password ] || warn secrets "secrets/smtp_password is empty (fine only for a relay that takes no password)"
fi

# ---- replicas and uploads ----
replicas=$(value APP_REPLICAS); replicas=${replicas:-1}
if [ "$replicas" -gt 1 ] 2>/dev/null && [ -z "$(value S3_BUCKET)" ]; then
  fail replicas "APP_REPLICAS=$replicas needs S3_BUCKET (uploads every server sees): --profile s3 or the campus's S3"
else
  ok replicas "APP_REPLICAS=$replicas"
fi

# ---- TLS ----
tls_mode=$(value TLS_MODE); tls_mode=${tls_mode:-acme}
case "$tls_mode" in
  acme) ok tls "public ACME: ports 80 and 443 must be reachable from the internet" ;;
  acme_eab)
    if [ -n "$(value TLS_ACME_DIRECTORY)" ] && [ -n "$(value TLS_EAB_KEY_ID)" ] && [ -n "$(value TLS_EAB_HMAC_KEY)" ]; then ok tls "ACME at $(value TLS_ACME_DIRECTORY) with EAB"
    else fail tls "TLS_MODE=acme_eab needs TLS_ACME_DIRECTORY, TLS_EAB_KEY_ID and TLS_EAB_HMAC_KEY"; fi ;;
  files)
    cert="certs/$(value TLS_CERT_FILE)"; key="certs/$(value TLS_KEY_FILE)"
    [ "$cert" = certs/ ] && cert=certs/fullchain.pem
    [ "$key" = certs/ ] && key=certs/privkey.pem
    if [ -s "$cert" ] && [ -s "$key" ]; then
      if command -v openssl >/dev/null 2>&1 && ! openssl x509 -in "$cert" -noout -checkend 1209600 >/dev/null 2>&1; then warn tls "$cert expires within 14 days (or is not a PEM certificate)"
      else ok tls "certificate files $cert and $key"; fi
    else fail tls "TLS_MODE=files needs $cert and $key (certs/README.md)"; fi ;;
  internal) ok tls "Caddy's internal CA: members' browsers must trust it" ;;
  *) fail tls "TLS_MODE=$tls_mode: acme, acme_eab, files or internal" ;;
esac

# ---- ports 80 and 443 free (or ours already) ----
if command -v ss >/dev/null 2>&1; then
  for port in 80 443; do
    if ss -Hltn "sport = :$port" 2>/dev/null | grep -q .; then
      warn ports "something listens on port $port already (fine if it is this stack's caddy)"
    else ok ports "port $port is free"; fi
  done
fi

# ---- disk: the images, the database and the backups ----
for path in "$(pwd)" /var/lib/docker /var/lib/containers; do
  [ -d "$path" ] || continue
  free_kb=$(df -Pk "$path" | awk 'NR==2 {print $4}')
  free_gb=$((free_kb / 1024 / 1024))
  if [ "$free_gb" -lt 5 ]; then fail disk "$path has ${free_gb} GB free (at least 5: the images, the database and a backup)"
  elif [ "$free_gb" -lt 20 ]; then warn disk "$path has ${free_gb} GB free (20+ recommended; more with Ollama's models)"
  else ok disk "$path has ${free_gb} GB free"; fi
done

# ---- DNS for PUBLIC_URL ----
host=$(printf '%s' "${public_url:-}" | sed -n 's|^https://\([^/:]*\).*|\1|p')
if [ -n "$host" ]; then
  if addresses=$(getent ahosts "$host" 2>/dev/null | awk '{print $1}' | sort -u | tr '\n' ' ') && [ -n "$addresses" ]; then
    ok dns "$host resolves to $addresses"
  elif [ "$tls_mode" = acme ] || [ "$tls_mode" = acme_eab ]; then
    fail dns "$host does not resolve: ACME cannot issue a certificate for it"
  else
    warn dns "$host does not resolve from this server"
  fi
fi

# ---- the file renders with this Compose ----
if [ -n "$compose" ] && [ "$compose" != podman-compose ] && [ -f .env ]; then
  if out=$($compose -f compose.yaml config -q 2>&1); then ok render "$compose config: the stack renders"
  else fail render "$compose config: $(printf '%s' "$out" | grep -v 'variable is not set' | head -n3)"; fi
fi

exit "$failed"
