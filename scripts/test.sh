#!/usr/bin/env bash
# README command 2: every test. Installs dependencies and, from Debian's packages, what the tests need
# (Chromium, PostgreSQL, Redis) when missing, then runs: formatting, lint, types, unit + API + storage
# tests on SQLite, the build, then the browser tests in Chromium while the storage suite runs on
# PostgreSQL and the Redis suite runs beside them. Every step runs even if an earlier one failed, so
# one run shows every problem; the script exits non-zero if anything failed and ends with "N passed,
# N failed" (test cases, with each check step counted as one).
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
reports="$root/test-results"
rm -rf "$reports"
mkdir -p "$reports"
status=0

# step NAME REPORT COMMAND...: REPORT is the JSON report the command writes, or "-" for a check
# step that counts as one test. Results go to steps.tsv for the closing summary.
step() {
  local name=$1 report=$2
  shift 2
  echo ""
  echo "=== $name"
  local started=$SECONDS result=ok
  if ! "$@"; then
    result=failed
    status=1
  fi
  echo "=== $name: $result ($((SECONDS - started)) s)"
  printf '%s\t%s\t%s\n' "$name" "$result" "$report" >>"$reports/steps.tsv"
}

# step_beside NAME REPORT COMMAND...: starts a step in the background, its output kept in a log until
# `wait_beside` prints it and records the result. The browser tests spend much of their time waiting
# on the browser and on timed orders' periods, which leaves a core free for a suite beside them.
beside=()
step_beside() {
  local name=$1 report=$2 log="$reports/beside-${#beside[@]}.log"
  shift 2
  echo ""
  echo "=== $name (started, runs beside the next steps)"
  (
    started=$SECONDS
    if "$@" >"$log" 2>&1; then echo ok >"$log.result"; else echo failed >"$log.result"; fi
    echo $((SECONDS - started)) >"$log.seconds"
  ) &
  beside+=("$!|$name|$report|$log")
}

wait_beside() {
  for entry in "${beside[@]}"; do
    IFS='|' read -r pid name report log <<<"$entry"
    wait "$pid"
    local result
    result=$(cat "$log.result" 2>/dev/null || echo failed)
    echo ""
    echo "=== $name"
    cat "$log"
    [ "$result" = ok ] || status=1
    echo "=== $name: $result ($(cat "$log.seconds" 2>/dev/null || echo '?') s)"
    printf '%s\t%s\t%s\n' "$name" "$result" "$report" >>"$reports/steps.tsv"
  done
  beside=()
}

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "=== installing dependencies"
  npm ci --no-audit --no-fund --loglevel=error || { echo "npm ci failed"; echo "0 passed, 1 failed"; exit 1; }
fi
bash scripts/ensure-test-deps.sh || { echo "0 passed, 1 failed"; exit 1; }

step "format (prettier)" - npx prettier --check . --log-level warn
step "lint (eslint)" - npx eslint --max-warnings=0 .
step "types (tsc)" - npm run --silent typecheck
step "unit tests: packages, tools, web app and console (vitest)" vitest.json \
  npx vitest run --project domain --project contract --project i18n --project client --project tools \
  --project web --project admin --reporter=default --reporter=json --outputFile.json="$reports/vitest.json"
step "server suite (API + storage) on SQLite" vitest-server.json \
  npx vitest run --project server --reporter=default --reporter=json --outputFile.json="$reports/vitest-server.json"
step "build" - npm run --silent build
step_beside "browser tests (Playwright, Chromium)" playwright.json env PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json" \
  npx playwright test -c apps/web/e2e/playwright.config.ts --reporter=list,json
step "server suite (API + storage) on PostgreSQL" vitest-postgres.json bash scripts/with-postgres.sh \
  npx vitest run --project server --reporter=default --reporter=json --outputFile.json="$reports/vitest-postgres.json"
step "scale-out suite on Redis" vitest-redis.json bash scripts/with-redis.sh \
  npx vitest run --project server-redis --reporter=default --reporter=json --outputFile.json="$reports/vitest-redis.json"
wait_beside

node scripts/test-summary.mjs "$reports" || status=1
exit $status
