#!/usr/bin/env bash
# Runs a command with a PostgreSQL 15 server available and TEST_DATABASE_URL pointing at a fresh,
# empty database, so the server suite runs against PostgreSQL instead of temporary SQLite files.
#
# Usage (from the repository root):
#   bash scripts/with-postgres.sh npx vitest run --project server                 # every server test
#   bash scripts/with-postgres.sh npx vitest run --project server test/storage    # the storage suite
#
# The `server` project has its root in apps/server, so a file filter is matched against paths below
# it. The test helper (apps/server/test/helpers/test-app.ts) switches to PostgreSQL whenever
# TEST_DATABASE_URL is set and gives every test app its own throw-away database.
#
# What it does:
#   1. installs Debian's `postgresql` package when PostgreSQL 15 is missing (needs root);
#   2. creates the cluster 15/main if it does not exist and starts it if it is down;
#   3. creates (or resets) the role `vela` (LOGIN, CREATEDB: the test helper gives every test app its
#      own throw-away database next to it; a member of pg_signal_backend: dropping such a database
#      WITH (FORCE) must also end an autovacuum worker that happens to be in it, which runs under no
#      role and may otherwise only be ended by a superuser) and recreates the database `vela_test`;
#   4. runs the command with TEST_DATABASE_URL=postgres://vela:vela@127.0.0.1:5432/vela_test and
#      exits with the command's status. A cluster this script started is stopped again afterwards
#      (set KEEP_POSTGRES=1 to leave it running).
#
# Every step fails loudly with a non-zero status and a message naming the step: a database test that
# silently skips is worse than a red run.
set -euo pipefail

PG_VERSION=15
PG_CLUSTER=main
PG_PORT=5432
DB_ROLE=vela
DB_PASSWORD=vela
DB_NAME=vela_test

log() { echo "[with-postgres] $*" >&2; }
fail() {
  echo "[with-postgres] FAILED: $*" >&2
  exit 1
}

if [ $# -eq 0 ]; then
  fail "no command given. Usage: bash scripts/with-postgres.sh <command> [args...]"
fi

as_postgres() {
  if command -v runuser >/dev/null 2>&1; then
    runuser -u postgres -- "$@"
  else
    su postgres -s /bin/sh -c "$(printf '%q ' "$@")"
  fi
}

# 1. PostgreSQL binaries.
if ! command -v pg_ctlcluster >/dev/null 2>&1 || [ ! -x "/usr/lib/postgresql/${PG_VERSION}/bin/postgres" ]; then
  if [ "$(id -u)" != 0 ]; then
    fail "PostgreSQL ${PG_VERSION} is not installed and installing it needs root (apt-get install postgresql)"
  fi
  log "installing PostgreSQL from Debian packages"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq || fail "apt-get update"
  apt-get install -y -qq postgresql >/dev/null || fail "apt-get install postgresql"
fi
[ -x "/usr/lib/postgresql/${PG_VERSION}/bin/postgres" ] ||
  fail "PostgreSQL ${PG_VERSION} binaries are still missing under /usr/lib/postgresql/${PG_VERSION}/bin"
id postgres >/dev/null 2>&1 || fail "the postgres system user does not exist"
if [ "$(id -u)" != 0 ] && [ "$(id -un)" != postgres ]; then
  fail "root is needed to manage the cluster and act as the postgres user"
fi

# 2. Cluster.
if ! pg_lsclusters -h 2>/dev/null | awk '{print $1" "$2}' | grep -qx "${PG_VERSION} ${PG_CLUSTER}"; then
  log "creating cluster ${PG_VERSION}/${PG_CLUSTER}"
  pg_createcluster "${PG_VERSION}" "${PG_CLUSTER}" --port "${PG_PORT}" >/dev/null ||
    fail "pg_createcluster ${PG_VERSION} ${PG_CLUSTER}"
fi

started_here=0
status="$(pg_lsclusters -h | awk -v v="${PG_VERSION}" -v c="${PG_CLUSTER}" '$1==v && $2==c {print $4}')"
port="$(pg_lsclusters -h | awk -v v="${PG_VERSION}" -v c="${PG_CLUSTER}" '$1==v && $2==c {print $3}')"
[ "${port}" = "${PG_PORT}" ] || fail "cluster ${PG_VERSION}/${PG_CLUSTER} listens on port ${port}, expected ${PG_PORT}"
if [ "${status}" != online ]; then
  log "starting cluster ${PG_VERSION}/${PG_CLUSTER}"
  pg_ctlcluster "${PG_VERSION}" "${PG_CLUSTER}" start ||
    fail "pg_ctlcluster ${PG_VERSION} ${PG_CLUSTER} start (see /var/log/postgresql/postgresql-${PG_VERSION}-${PG_CLUSTER}.log)"
  started_here=1
fi

stop_cluster() {
  if [ "${started_here}" = 1 ] && [ "${KEEP_POSTGRES:-0}" != 1 ]; then
    log "stopping cluster ${PG_VERSION}/${PG_CLUSTER}"
    pg_ctlcluster "${PG_VERSION}" "${PG_CLUSTER}" stop || log "warning: could not stop the cluster"
  fi
}
trap stop_cluster EXIT

# Wait until the server accepts connections (start returns before that on a slow machine).
ready=0
for _ in $(seq 1 30); do
  if as_postgres pg_isready -q -h 127.0.0.1 -p "${PG_PORT}"; then
    ready=1
    break
  fi
  sleep 1
done
[ "${ready}" = 1 ] || fail "PostgreSQL did not accept connections on 127.0.0.1:${PG_PORT} within 30 s"

# 3. Role and a fresh database.
psql_admin() { as_postgres psql -X -q -v ON_ERROR_STOP=1 -p "${PG_PORT}" -d postgres "$@"; }
psql_admin <<SQL || fail "creating the role ${DB_ROLE}"
DO \$\$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${DB_ROLE}') THEN
    CREATE ROLE ${DB_ROLE} LOGIN CREATEDB PASSWORD '${DB_PASSWORD}';
  ELSE
    ALTER ROLE ${DB_ROLE} LOGIN CREATEDB PASSWORD '${DB_PASSWORD}';
  END IF;
END
\$\$;
GRANT pg_signal_backend TO ${DB_ROLE};
SQL
psql_admin -c "SET client_min_messages = warning" -c "DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)" || fail "dropping the database ${DB_NAME}"
# Throw-away databases of the test helper (vela_t_*) left behind by an interrupted run.
leftovers="$(as_postgres psql -X -A -t -p "${PG_PORT}" -d postgres -c "SELECT datname FROM pg_database WHERE datname LIKE 'vela\_t\_%'")" ||
  fail "listing leftover test databases"
for leftover in ${leftovers}; do
  psql_admin -c "DROP DATABASE IF EXISTS \"${leftover}\" WITH (FORCE)" || fail "dropping the leftover database ${leftover}"
done
psql_admin -c "CREATE DATABASE ${DB_NAME} OWNER ${DB_ROLE}" || fail "creating the database ${DB_NAME}"

export TEST_DATABASE_URL="postgres://${DB_ROLE}:${DB_PASSWORD}@127.0.0.1:${PG_PORT}/${DB_NAME}"
# Check the URL itself works (password authentication over TCP), not only the local admin socket.
PGPASSWORD="${DB_PASSWORD}" psql -X -q -h 127.0.0.1 -p "${PG_PORT}" -U "${DB_ROLE}" -d "${DB_NAME}" -c 'SELECT 1' >/dev/null ||
  fail "cannot connect with ${TEST_DATABASE_URL%%@*}@… (check pg_hba.conf allows password logins on 127.0.0.1)"

# 4. The command.
log "TEST_DATABASE_URL=${TEST_DATABASE_URL}"
set +e
"$@"
code=$?
set -e
exit "${code}"
