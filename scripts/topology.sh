#!/usr/bin/env bash
# The production topology on one machine, without containers (docs/scale.md, "Running the topology"):
# HAProxy in front of three API instances and two job workers, on a PostgreSQL primary and a streaming replica (two new
# clusters of the installed PostgreSQL, made with initdb and pg_basebackup -R) and a Redis server of its own.
#
#   scripts/topology.sh up       start what is not running (idempotent), wait until every API instance is ready
#   scripts/topology.sh status   what runs, where, and whether it answers
#   scripts/topology.sh down     stop every process it started (TERM, then KILL after 15 s); the data stays
#   scripts/topology.sh purge    down, then remove the state directory
#   scripts/topology.sh db-up | db-down   the two PostgreSQL clusters alone (the replica-routing test uses them)
#
# Everything lives under TOPOLOGY_DIR (default /tmp/dso-topology): data, one log and one pid file per process, the
# generated haproxy.cfg and the HAProxy admin socket. Ports: TOPOLOGY_PORT (HAProxy, 18080; its statistics on +404),
# the API instances on +1..+3, PostgreSQL primary and replica on TOPOLOGY_PG_PORT (15432) and TOPOLOGY_REPLICA_PORT
# (the next one), Redis on TOPOLOGY_REDIS_PORT (16379). Variables of the server's own (REQUEST_LIMITS, LOG_LEVEL, ...) set by the caller reach
# every instance and worker. TOPOLOGY_KEYWORDS (100000) generated keywords are seeded into an empty library.
# As root, PostgreSQL runs as the `postgres` system user (initdb refuses root).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
DIR=${TOPOLOGY_DIR:-/tmp/dso-topology}
LB_PORT=${TOPOLOGY_PORT:-18080}
STATS_PORT=$((LB_PORT + 404))
PG_PORT=${TOPOLOGY_PG_PORT:-15432}
REPLICA_PORT=${TOPOLOGY_REPLICA_PORT:-$((PG_PORT + 1))}
REDIS_PORT=${TOPOLOGY_REDIS_PORT:-16379}
API_COUNT=3
WORKER_COUNT=2
KEYWORDS=${TOPOLOGY_KEYWORDS:-100000}
PG_BIN=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
DIST="$ROOT/apps/server/dist"

PRIMARY_URL="postgres://postgres@127.0.0.1:$PG_PORT/dso"
REPLICA_URL="postgres://postgres@127.0.0.1:$REPLICA_PORT/dso"
REDIS_URL_OWN="redis://127.0.0.1:$REDIS_PORT"

say() { printf '[topology] %s\n' "$*"; }
die() { printf '[topology] %s\n' "$*" >&2; exit 1; }

# PostgreSQL's programs as its own user when we are root, else as ourselves.
as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

pid_alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

# Starts a command in its own session (so that `down` can end it with everything it started), its output to a log.
spawn() {
  local name=$1
  shift
  if pid_alive "$DIR/run/$name.pid"; then
    say "$name already running (pid $(cat "$DIR/run/$name.pid"))"
    return
  fi
  setsid "$@" >>"$DIR/logs/$name.log" 2>&1 </dev/null &
  echo $! >"$DIR/run/$name.pid"
  say "$name started (pid $!, log $DIR/logs/$name.log)"
}

# TERM to the process's session, KILL after 15 s (the server and the worker exit within 10 s of SIGTERM).
stop() {
  local name=$1 file="$DIR/run/$1.pid"
  [ -f "$file" ] || return 0
  local pid
  pid=$(cat "$file")
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 150); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    if kill -0 "$pid" 2>/dev/null; then
      say "$name did not stop within 15 s: KILL"
      kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null || true
    fi
    say "$name stopped"
  fi
  rm -f "$file"
}

wait_for() {
  local what=$1 seconds=$2
  shift 2
  for _ in $(seq 1 $((seconds * 5))); do
    if "$@" >/dev/null 2>&1; then return 0; fi
    sleep 0.2
  done
  die "$what not ready within $seconds s (logs under $DIR/logs)"
}

pg_up() {
  local name=$1 port=$2 data="$DIR/pg/$1"
  if as_pg "$PG_BIN/pg_ctl" -D "$data" status >/dev/null 2>&1; then
    say "postgres $name already running on $port"
    return
  fi
  as_pg "$PG_BIN/pg_ctl" -D "$data" -l "$DIR/logs/postgres-$name.log" -w -t 60 \
    -o "-p $port -c listen_addresses=127.0.0.1 -k $DIR/pg/socket" start >/dev/null
  say "postgres $name running on 127.0.0.1:$port"
}

db_up() {
  [ -x "$PG_BIN/initdb" ] || die "no PostgreSQL binaries (set PG_BIN to the folder of initdb and pg_ctl)"
  mkdir -p "$DIR/pg/socket" "$DIR/logs" "$DIR/run"
  if [ "$(id -u)" = 0 ]; then
    # The postgres user must reach its folders, also under a private temporary directory (mktemp -d is 0700).
    chmod a+x "$DIR"
    chown postgres "$DIR/pg" "$DIR/pg/socket" "$DIR/logs"
  fi
  if [ ! -f "$DIR/pg/primary/PG_VERSION" ]; then
    # trust on 127.0.0.1 only (listen_addresses below), replication included: a machine-local test topology.
    as_pg "$PG_BIN/initdb" -D "$DIR/pg/primary" -U postgres -A trust -E UTF8 --locale=C.UTF-8 --no-sync >/dev/null
    cat >>"$DIR/pg/primary/postgresql.conf" <<EOF
# scripts/topology.sh
wal_level = replica
max_wal_senders = 5
hot_standby = on
shared_buffers = 256MB
max_connections = 200
fsync = off
EOF
    say "primary cluster made with initdb in $DIR/pg/primary"
  fi
  pg_up primary "$PG_PORT"
  as_pg "$PG_BIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -Atqc "SELECT 1 FROM pg_database WHERE datname = 'dso'" |
    grep -q 1 || as_pg "$PG_BIN/createdb" -h 127.0.0.1 -p "$PG_PORT" -U postgres dso
  if [ ! -f "$DIR/pg/replica/PG_VERSION" ]; then
    # -R writes standby.signal and primary_conninfo: the copy starts as a streaming replica of the primary.
    as_pg "$PG_BIN/pg_basebackup" -h 127.0.0.1 -p "$PG_PORT" -U postgres -D "$DIR/pg/replica" -R -X stream \
      --checkpoint=fast --no-sync
    say "replica made with pg_basebackup -R in $DIR/pg/replica"
  fi
  pg_up replica "$REPLICA_PORT"
}

db_down() {
  local name
  for name in replica primary; do
    if [ -f "$DIR/pg/$name/postmaster.pid" ]; then
      as_pg "$PG_BIN/pg_ctl" -D "$DIR/pg/$name" -m fast -w -t 30 stop >/dev/null 2>&1 ||
        as_pg "$PG_BIN/pg_ctl" -D "$DIR/pg/$name" -m immediate -w stop >/dev/null 2>&1 || true
      say "postgres $name stopped"
    fi
  done
}

# The environment of every API instance and worker; a caller's own setting of a variable wins.
server_env() {
  export NODE_ENV=${NODE_ENV:-development}
  export DATABASE_URL="$PRIMARY_URL"
  export READ_DATABASE_URL="$REPLICA_URL"
  export REDIS_URL="$REDIS_URL_OWN"
  export DATA_DIR="$DIR/files"
  export DEMO=false
  export JOBS_IN_PROCESS=false
  export TRUST_PROXY=127.0.0.1
  export METRICS_TOKEN=${METRICS_TOKEN:-topology-metrics-token}
  export LOG_LEVEL=${LOG_LEVEL:-warn}
  export HOST=127.0.0.1
}

write_haproxy_cfg() {
  {
    cat <<EOF
# Written by scripts/topology.sh from deploy/haproxy.cfg's settings, for processes on this machine.
global
  log stdout format raw local0
  maxconn 4096
  stats socket $DIR/run/haproxy.sock mode 600 level admin

defaults
  mode http
  log global
  option httplog
  option dontlog-normal
  option forwardfor
  option redispatch
  retries 2
  # A request its instance died holding goes to another one, with the same X-Request-ID (see deploy/haproxy.cfg).
  retry-on conn-failure empty-response
  timeout connect 2s
  timeout client 60s
  timeout server 120s
  timeout http-request 10s
  timeout http-keep-alive 10s
  timeout queue 10s
  # A busy instance answers /readyz slowly; only a silent one fails its check.
  timeout check 5s
  # What the balancer answers itself (no instance up, an instance that died holding the request, a timeout) is the API's
  # envelope with 650, which the web client shows as 服务器繁忙，刷新试试 like an instance's own 650.
  http-error status 502 content-type "application/json; charset=utf-8" string '{"code":650,"msg":"服务器繁忙，刷新试试","data":null}'
  http-error status 503 content-type "application/json; charset=utf-8" string '{"code":650,"msg":"服务器繁忙，刷新试试","data":null}'
  http-error status 504 content-type "application/json; charset=utf-8" string '{"code":650,"msg":"服务器繁忙，刷新试试","data":null}'

frontend site
  bind 127.0.0.1:$LB_PORT
  # The balancer's own request id, over any the client sent (see deploy/haproxy.cfg).
  unique-id-format %{+X}o%ci%cp%fi%fp%Ts%rt%pid
  http-request set-header X-Request-ID %[unique-id]
  default_backend api

backend api
  balance leastconn
  option httpchk GET /readyz
  http-check expect status 200
  # Down after three failed checks (1 s apart, then 500 ms); a connection refused to a request marks it down at once.
  default-server check inter 1s fastinter 500ms fall 3 rise 2 observe layer4 error-limit 1 on-error mark-down
EOF
    for index in $(seq 1 $API_COUNT); do echo "  server api$index 127.0.0.1:$((LB_PORT + index))"; done
    cat <<EOF

frontend statistics
  bind 127.0.0.1:$STATS_PORT
  stats enable
  stats uri /
EOF
  } >"$DIR/haproxy.cfg"
}

up() {
  command -v haproxy >/dev/null || die "haproxy not installed (apt-get install -y haproxy)"
  command -v redis-server >/dev/null || die "redis-server not installed (apt-get install -y redis-server)"
  mkdir -p "$DIR/logs" "$DIR/run" "$DIR/files" "$DIR/redis"
  db_up
  spawn redis redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --dir "$DIR/redis" --save '' --appendonly no
  wait_for redis 20 redis-cli -p "$REDIS_PORT" ping
  if [ ! -f "$DIST/main.js" ] || [ -n "${TOPOLOGY_BUILD:-}" ]; then
    say "building the server (npm run build -w @dso/server)"
    (cd "$ROOT" && npm run build -w @dso/server >"$DIR/logs/build.log" 2>&1) || die "build failed: $DIR/logs/build.log"
  fi
  server_env
  # Once, before several processes start on one database (README, "Production").
  node "$DIST/migrate.js" >>"$DIR/logs/migrate.log" 2>&1 || die "migrations failed: $DIR/logs/migrate.log"
  local held
  held=$(as_pg "$PG_BIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -d dso -Atqc 'SELECT EXISTS (SELECT 1 FROM keywords)')
  if [ "$held" != t ] && [ "$KEYWORDS" -gt 0 ]; then
    say "seeding $KEYWORDS generated keywords (log $DIR/logs/seed.log)"
    node "$DIST/seed.js" --keywords "$KEYWORDS" >>"$DIR/logs/seed.log" 2>&1 || die "seed failed: $DIR/logs/seed.log"
  fi
  for index in $(seq 1 $API_COUNT); do PORT=$((LB_PORT + index)) spawn "api$index" node "$DIST/main.js"; done
  for index in $(seq 1 $WORKER_COUNT); do spawn "worker$index" node "$DIST/worker.js"; done
  write_haproxy_cfg
  haproxy -c -q -f "$DIR/haproxy.cfg" || die "haproxy.cfg refused"
  spawn haproxy haproxy -db -f "$DIR/haproxy.cfg"
  for index in $(seq 1 $API_COUNT); do
    wait_for "api$index" 90 curl -fsS "http://127.0.0.1:$((LB_PORT + index))/readyz"
  done
  wait_for haproxy 20 curl -fsS "http://127.0.0.1:$LB_PORT/readyz"
  say "ready: http://127.0.0.1:$LB_PORT (HAProxy statistics on http://127.0.0.1:$STATS_PORT)"
}

down() {
  stop haproxy
  for index in $(seq 1 $API_COUNT); do stop "api$index"; done
  for index in $(seq 1 $WORKER_COUNT); do stop "worker$index"; done
  stop redis
  db_down
}

status() {
  local name state
  for name in haproxy $(seq -f 'api%g' 1 $API_COUNT) $(seq -f 'worker%g' 1 $WORKER_COUNT) redis; do
    if pid_alive "$DIR/run/$name.pid"; then state="running (pid $(cat "$DIR/run/$name.pid"))"; else state=stopped; fi
    case $name in
      api*)
        local port=$((LB_PORT + ${name#api}))
        state="$state, :$port /readyz $(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/readyz" || true)"
        ;;
      haproxy) state="$state, :$LB_PORT /readyz $(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$LB_PORT/readyz" || true)" ;;
    esac
    printf '%-9s %s\n' "$name" "$state"
  done
  for name in primary replica; do
    local port=$PG_PORT
    [ $name = replica ] && port=$REPLICA_PORT
    if [ -x "$PG_BIN/psql" ] && state=$("$PG_BIN/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -Atqc \
      'SELECT CASE WHEN pg_is_in_recovery() THEN '"'"'in recovery (streaming replica)'"'"' ELSE '"'"'primary'"'"' END' 2>/dev/null); then
      printf '%-9s running on :%s, %s\n' "$name" "$port" "$state"
    else
      printf '%-9s stopped\n' "$name"
    fi
  done
}

case ${1:-} in
  up) up ;;
  down) down ;;
  status) status ;;
  purge)
    down
    rm -rf "$DIR"
    say "removed $DIR"
    ;;
  db-up) db_up ;;
  db-down) db_down ;;
  *) die "usage: scripts/topology.sh up|down|status|purge|db-up|db-down" ;;
esac
