#!/usr/bin/env bash
# Installs what the test suite needs from Debian's packages when it is missing:
# Chromium for the browser tests, PostgreSQL for the storage suite and Redis for
# the scale-out checks. It fails loudly when something cannot be installed,
# because a test that silently skips is worse than a red run.
set -euo pipefail

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /usr/lib/postgresql/15/bin ] || need+=(postgresql)
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)

if [ ${#need[@]} -gt 0 ]; then
  echo "[deps] installing from Debian packages: ${need[*]}"
  if [ "$(id -u)" != 0 ]; then
    echo "[deps] FAILED: root is needed to install ${need[*]}" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${need[@]}" >/dev/null
fi

for bin in chromium redis-server pg_ctlcluster; do
  command -v "$bin" >/dev/null 2>&1 || { echo "[deps] FAILED: $bin is still missing" >&2; exit 1; }
done
echo "[deps] chromium, postgresql and redis-server are present"
