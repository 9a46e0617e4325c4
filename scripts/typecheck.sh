#!/usr/bin/env bash
# Type-checks every project. The machine has two cores and each `tsc` uses one, so the projects run
# in two lanes of about equal weight (the web app, the biggest, has a lane nearly to itself); the
# script fails when either lane does.
set -uo pipefail
cd "$(dirname "$0")/.."
tsc=node_modules/.bin/tsc

"$tsc" -p apps/web && "$tsc" -p tools && "$tsc" -p packages/i18n && "$tsc" -p packages/domain &
web_lane=$!
"$tsc" -p apps/server && "$tsc" -p apps/admin && "$tsc" -p packages/contract && "$tsc" -p packages/client &&
  "$tsc" -p bench
other_lane=$?
wait "$web_lane"
web_status=$?
[ "$web_status" -eq 0 ] && [ "$other_lane" -eq 0 ]
