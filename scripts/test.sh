#!/usr/bin/env bash
# README command 2: every test. Installs dependencies and, from Debian's packages, what the tests need
# (Chromium, PostgreSQL, Redis) when missing, then runs the build, then side by side: the browser
# tests in Chromium, in two halves, each against its own server and database; and, one after
# another, formatting, lint, types, API + storage tests on SQLite, the storage suite on PostgreSQL
# and the Redis suite. The unit tests run last, once the browser tests are done. Every step runs even
# if an earlier one failed, so one run shows every problem; the script exits non-zero if anything
# failed and ends with "N passed, N failed" (test cases, with each check step counted as one).
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
# `wait_beside` prints it and records the result. The browser tests are the longest step and spend
# most of their time waiting (on the browser, on the network going quiet, on timed orders' periods)
# rather than computing, which leaves the cores free: they start as soon as the build is there, and
# every other step runs beside them.
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

# The browser tests drive the built product, so the build comes first. They run in two halves (by
# spec file) at once, each with its own server, database and port (E2E_PORT and the one after it):
# the halves share no state, not even the operators' one-time codes or the audit log, which one
# Playwright run with two workers against one server would.
step "build" - npm run --silent build
e2e_port=${E2E_PORT:-4173}
for half in 1 2; do
  step_beside "browser tests $half/2 (Playwright, Chromium)" "playwright-$half.json" \
    env E2E_PORT=$((e2e_port + half - 1)) PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright-$half.json" \
    npx playwright test -c apps/web/e2e/playwright.config.ts --shard="$half/2" \
    --output="$reports/playwright-$half" --reporter=list,json
done
step "format (prettier)" - npx prettier --check . --log-level warn
step "lint (eslint)" - npx eslint --max-warnings=0 .
step "types (tsc)" - npm run --silent typecheck
step "server suite (API + storage) on SQLite" vitest-server.json \
  npx vitest run --project server --reporter=default --reporter=json --outputFile.json="$reports/vitest-server.json"
step "server suite (API + storage) on PostgreSQL" vitest-postgres.json bash scripts/with-postgres.sh \
  npx vitest run --project server --reporter=default --reporter=json --outputFile.json="$reports/vitest-postgres.json"
step "scale-out suite on Redis" vitest-redis.json bash scripts/with-redis.sh \
  npx vitest run --project server-redis --reporter=default --reporter=json --outputFile.json="$reports/vitest-redis.json"
wait_beside
# The unit tests come last, alone: the screens' tests wait at most 5 s for what they expect and one
# checks a computation's speed, which two browsers and their servers beside them made fail.
step "unit tests: packages, tools, web app and console (vitest)" vitest.json \
  npx vitest run --project domain --project contract --project i18n --project client --project tools \
  --project web --project admin --reporter=default --reporter=json --outputFile.json="$reports/vitest.json"

node scripts/test-summary.mjs "$reports" || status=1
exit $status
