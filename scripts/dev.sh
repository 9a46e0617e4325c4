#!/usr/bin/env bash
# Development: the API with reload on change (port 8080) and the web app with hot module reload
# (Vite on 5173, proxying /api). Ctrl-C stops both.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules ] || npm install
trap 'kill 0' EXIT
NODE_ENV=development LOG_LEVEL=${LOG_LEVEL:-info} npx tsx watch apps/server/src/cli.ts serve &
npm run dev -w @vela/web &
wait
