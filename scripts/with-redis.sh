#!/usr/bin/env bash
# Runs a command with a throw-away Redis server on 127.0.0.1:6390 and TEST_REDIS_URL pointing at it.
# Installs redis-server from Debian's packages when it is missing; fails loudly when it cannot.
# Usage: bash scripts/with-redis.sh npx vitest run --project server-redis
set -euo pipefail

if ! command -v redis-server >/dev/null 2>&1; then
  echo "[redis] installing redis-server"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
fi

port=6390
dir=$(mktemp -d)
redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no --dir "$dir" --daemonize yes \
  --pidfile "$dir/redis.pid" --logfile "$dir/redis.log"
cleanup() {
  redis-cli -p "$port" shutdown nosave >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

for _ in $(seq 1 50); do
  redis-cli -p "$port" ping >/dev/null 2>&1 && break
  sleep 0.1
done
if ! redis-cli -p "$port" ping >/dev/null 2>&1; then
  echo "[redis] FAILED: redis-server did not start; log:" >&2
  cat "$dir/redis.log" >&2 || true
  exit 1
fi

export TEST_REDIS_URL="redis://127.0.0.1:$port"
"$@"
