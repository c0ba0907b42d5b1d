#!/bin/sh
# Makes ./secrets for compose.yaml: one file per secret, mode 0400, in a folder only its owner may
# enter. Never overwrites a file that exists, so it is safe to run again (after an upgrade that
# adds a secret, say). Kindred's own secrets get 32 random bytes (hex); the campus's (SMTP,
# Stripe, OIDC, off-host backups...) are made empty for you to fill in:
#   printf '%s' 'the-password' > secrets/smtp_password   (no trailing newline needed; one is ignored)
# Rotation of a secret Kindred makes itself: scripts/init-secrets.sh --rotate NAME (writes a new
# value; for session_secret the old one moves to session_secret_previous, which keeps members
# signed in until the next rotation). docs/operations.md, "Rotating secrets".
# Upgrading a stack from before 1.0.0, whose secrets were variables in .env: --from-env .env
# writes each one found there into its file first (the database passwords must stay the ones the
# database volume was made with, and the old session secret keeps everyone signed in), and says
# which lines to delete from .env afterwards (docs/upgrading.md).
#   scripts/init-secrets.sh [--dir DIR] [--rotate NAME] [--from-env FILE]
set -eu

dir="$(cd "$(dirname "$0")/.." && pwd)/secrets"
rotate=""
from_env=""
while [ $# -gt 0 ]; do
  case "$1" in
    --dir) dir="$2"; shift 2 ;;
    --rotate) rotate="$2"; shift 2 ;;
    --from-env) from_env="$2"; shift 2 ;;
    *) echo "init-secrets.sh: unknown argument $1 (--dir DIR, --rotate NAME, --from-env FILE)" >&2; exit 2 ;;
  esac
done

# Made here, random: nobody outside this stack needs to know them.
GENERATED="postgres_password kindred_db_password session_secret s3_secret_access_key replication_password"
# Given by the campus or a provider, or optional: empty until filled in (an empty one is unset to
# the app: no Stripe, no /metrics, no previous session secret...).
EMPTY="session_secret_previous smtp_password stripe_secret_key stripe_webhook_secret metrics_token oidc_client_secret backup_s3_secret_access_key"

random_secret() { od -An -tx1 -N32 /dev/urandom | tr -d ' \n'; }

write() { # name value: a new file, 0400, replacing any old one atomically
  tmp="$dir/.$1.tmp"
  rm -f "$tmp"
  (umask 077 && printf '%s' "$2" > "$tmp")
  chmod 0400 "$tmp"
  mv -f "$tmp" "$dir/$1"
}

(umask 077 && mkdir -p "$dir")
chmod 0700 "$dir"

if [ -n "$rotate" ]; then
  case " $GENERATED " in
    *" $rotate "*) ;;
    *) echo "init-secrets.sh: $rotate is not one Kindred makes; write the new value into $dir/$rotate yourself" >&2; exit 2 ;;
  esac
  [ -f "$dir/$rotate" ] || { echo "init-secrets.sh: $dir/$rotate does not exist yet: run without --rotate first" >&2; exit 1; }
  if [ "$rotate" = session_secret ]; then write session_secret_previous "$(cat "$dir/session_secret")"; fi
  write "$rotate" "$(random_secret)"
  echo "init-secrets.sh: new $rotate written; next: docs/operations.md, \"Rotating secrets\""
  exit 0
fi

made=""
if [ -n "$from_env" ]; then
  [ -f "$from_env" ] || { echo "init-secrets.sh: $from_env does not exist" >&2; exit 1; }
  taken=""
  # secret file = the variable that held it before 1.0.0
  for pair in postgres_password=POSTGRES_PASSWORD kindred_db_password=KINDRED_DB_PASSWORD session_secret=SESSION_SECRET \
    s3_secret_access_key=S3_SECRET_ACCESS_KEY replication_password=REPLICATION_PASSWORD stripe_secret_key=STRIPE_SECRET_KEY \
    stripe_webhook_secret=STRIPE_WEBHOOK_SECRET metrics_token=METRICS_TOKEN oidc_client_secret=OIDC_CLIENT_SECRET; do
    name=${pair%%=*}; variable=${pair#*=}
    # The last NAME=value line, without the quotes .env allows around it.
    value=$(sed -n "s/^$variable=//p" "$from_env" | tail -n 1 | sed "s/^'\(.*\)'\$/\1/; s/^\"\(.*\)\"\$/\1/")
    if [ -n "$value" ] && [ ! -e "$dir/$name" ]; then write "$name" "$value"; taken="$taken $variable"; fi
  done
  echo "init-secrets.sh: from $from_env:${taken:- nothing}"
  [ -z "$taken" ] || echo "init-secrets.sh: delete these lines from $from_env now:$taken (and MINIO_ROOT_USER, MINIO_ROOT_PASSWORD)"
  case "$(sed -n 's/^SMTP_URL=//p' "$from_env" | tail -n 1)" in
    *://*:*@*) echo "init-secrets.sh: SMTP_URL in $from_env holds a password: put it in $dir/smtp_password and remove it from the URL" ;;
  esac
fi
for name in $GENERATED; do
  [ -e "$dir/$name" ] || { write "$name" "$(random_secret)"; made="$made $name"; }
done
for name in $EMPTY; do
  [ -e "$dir/$name" ] || { write "$name" ""; made="$made $name"; }
done
echo "init-secrets.sh: ${made:+made$made; }$(ls "$dir" | wc -l | tr -d ' ') secret files in $dir"
for name in smtp_password; do
  [ -s "$dir/$name" ] || echo "init-secrets.sh: $dir/$name is empty: put the SMTP account's password in it"
done
