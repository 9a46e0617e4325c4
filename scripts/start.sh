#!/usr/bin/env bash
# README command 1: install, build, migrate and seed the embedded SQLite database under ./data, and
# serve the web app (/), the admin console (/admin), the API (/api) and its docs (/api/docs) on one
# port (PORT, default 8080). Migration and seeding happen in `serve` and only add what is missing.
# `serve` then prints the demo logins: users, and the console's operators with their TOTP secrets
# (`npm run ops -- operator-code <username>` prints an operator's current code).
set -euo pipefail
cd "$(dirname "$0")/.."

echo "[start] installing dependencies"
npm ci --no-audit --no-fund --loglevel=error
echo "[start] building web, admin and server"
npm run build --silent
echo "[start] starting"
# A larger young generation: the server allocates many short-lived objects per request and per
# settlement batch, and fewer, larger scavenges cost less (see docs/operations.md).
exec node --max-semi-space-size=64 apps/server/dist/cli.js serve
