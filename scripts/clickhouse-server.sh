#!/usr/bin/env bash
# A real ClickHouse server for tests, samples and CI.
#
#   eval "$(scripts/clickhouse-server.sh start)"   # exports CLICKHOUSE_URL (and USER/PASSWORD)
#   scripts/clickhouse-server.sh stop [--if-started]
#   scripts/clickhouse-server.sh url
#   scripts/clickhouse-server.sh install [extra apt packages...]
#
# `start` uses, in order: $CLICKHOUSE_URL if it answers; a server already on 127.0.0.1:8123;
# docker compose (the repo's docker-compose.yml) when a Docker engine answers; else Debian's
# clickhouse-server package, installed if missing and run as a background process with its
# config, data and logs under <repo>/.clickhouse/. Only `export`/`unset` lines go to stdout.
# When `start` launched a server it also exports CLICKHOUSE_SERVER_STARTED=1, so that
# `stop --if-started` (in an EXIT trap) stops only a server this shell started.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
state="$repo/.clickhouse"
compose_file="$repo/docker-compose.yml"
compose_user=default compose_password=clickhouse # as in docker-compose.yml

log() { echo "clickhouse-server.sh: $*" >&2; }
die() { log "$*"; exit 1; }

emit() { # export NAME=VALUE lines for the caller's eval
  while [ $# -gt 0 ]; do printf 'export %s=%q\n' "$1" "$2"; shift 2; done
}

pings() { curl -fsS --max-time 3 "$1/ping" 2>/dev/null | grep -q '^Ok\.'; }

query_ok() { # url user password: does a trivial query pass authentication?
  curl -fsS --max-time 5 -u "$2:$3" "$1/?query=SELECT%201" >/dev/null 2>&1
}

port_busy() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

free_port() { # the preferred port, else the first free one from the fallback upward
  local p=$1
  port_busy "$p" || { echo "$p"; return; }
  for ((p = $2; p < $2 + 100; p++)); do port_busy "$p" || { echo "$p"; return; }; done
  die "no free port near $2"
}

lock_state() { # one start/stop at a time per state folder (concurrent test runs share it)
  mkdir -p "$state"
  exec 9>"$state/lock"
  flock -w 600 9 || die "timed out waiting for $state/lock"
}

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

server_binary() {
  if [ -x /usr/bin/clickhouse ]; then echo "/usr/bin/clickhouse server" # upstream packages
  elif [ -x /usr/sbin/clickhouse-server ]; then echo /usr/sbin/clickhouse-server # Debian's
  elif command -v clickhouse-server >/dev/null; then command -v clickhouse-server
  fi
}

# Debian packages a local server needs and this machine lacks.
missing_packages() {
  [ -n "$(server_binary)" ] || echo clickhouse-server clickhouse-client
  command -v curl >/dev/null || echo curl ca-certificates
}

# Installs the given packages with one `apt-get update`. clickhouse-server's postinst runs
# `invoke-rc.d clickhouse-server start || exit 1`; a policy-rc.d that answers 101 ("do not start
# services") keeps it from starting a second server on 8123, or failing where no init runs.
install_packages() {
  [ $# -gt 0 ] || return 0
  command -v apt-get >/dev/null || die "cannot install $*: no apt-get; install them, or set CLICKHOUSE_URL"
  log "installing $*"
  local policy=/usr/sbin/policy-rc.d added='' rc=0
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' | as_root tee "$policy" >/dev/null
    as_root chmod +x "$policy"
    added=1
  fi
  { as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q &&
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$@"
  } </dev/null >&2 || rc=$?
  [ -z "$added" ] || as_root rm -f "$policy"
  [ $rc = 0 ] || die "apt-get failed ($rc) installing $*"
}

write_config() { # http_port tcp_port
  mkdir -p "$state"/{data,tmp,user_files,format_schemas,log}
  cat >"$state/config.xml" <<EOF
<?xml version="1.0"?>
<!-- Written by scripts/clickhouse-server.sh; rewritten on every start. -->
<yandex>
    <logger>
        <level>information</level>
        <log>$state/log/clickhouse-server.log</log>
        <errorlog>$state/log/clickhouse-server.err.log</errorlog>
        <size>100M</size>
        <count>2</count>
    </logger>
    <listen_host>127.0.0.1</listen_host>
    <http_port>$1</http_port>
    <tcp_port>$2</tcp_port>
    <path>$state/data/</path>
    <tmp_path>$state/tmp/</tmp_path>
    <user_files_path>$state/user_files/</user_files_path>
    <format_schema_path>$state/format_schemas/</format_schema_path>
    <users_config>$state/users.xml</users_config>
    <default_profile>default</default_profile>
    <default_database>default</default_database>
    <timezone>UTC</timezone>
    <mark_cache_size>268435456</mark_cache_size>
    <uncompressed_cache_size>268435456</uncompressed_cache_size>
</yandex>
EOF
  # The default profile is a stock server's: whatever a query needs (say allow_experimental_low_cardinality_type
  # on 18.16 for LowCardinality columns) it sends itself, so that the tests pass beside any server.
  cat >"$state/users.xml" <<'EOF'
<?xml version="1.0"?>
<yandex>
    <profiles>
        <default>
        </default>
    </profiles>
    <users>
        <default>
            <password></password>
            <networks><ip>127.0.0.1</ip><ip>::1</ip></networks>
            <profile>default</profile>
            <quota>default</quota>
        </default>
        <!-- Tests use it to check that a wrong password is an authentication error. -->
        <tester>
            <password>tester-secret</password>
            <networks><ip>127.0.0.1</ip><ip>::1</ip></networks>
            <profile>default</profile>
            <quota>default</quota>
        </tester>
    </users>
    <quotas><default></default></quotas>
</yandex>
EOF
}

own_pid() { # pid of the server an earlier `start` launched, if it still runs
  local pid
  pid=$(cat "$state/clickhouse.pid" 2>/dev/null) || return 1
  grep -qa clickhouse "/proc/$pid/cmdline" 2>/dev/null && echo "$pid"
}

start_local() {
  local bin http tcp url pid
  bin=$(server_binary)
  [ -n "$bin" ] || die "no clickhouse server binary after install"
  if own_pid >/dev/null; then stop_local; fi # an earlier one that no longer answers
  http=$(free_port 8123 18123)
  tcp=$(free_port 9000 19000)
  url="http://127.0.0.1:$http"
  write_config "$http" "$tcp"
  log "starting $bin on $url (state in $state)"
  # Not the caller's stdout (it would hold their $(...) open) nor the lock's fd 9.
  $bin --config-file="$state/config.xml" </dev/null >"$state/log/stdout.log" 2>&1 9>&- &
  pid=$!
  echo "$pid" >"$state/clickhouse.pid"
  echo "$url" >"$state/url"
  for _ in $(seq 120); do
    if pings "$url"; then
      log "ready: $(curl -fsS "$url/?query=SELECT%20version()") at $url (pid $pid)"
      emit CLICKHOUSE_URL "$url" CLICKHOUSE_USER default CLICKHOUSE_PASSWORD "" CLICKHOUSE_SERVER_STARTED 1
      return
    fi
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.5
  done
  if kill -0 "$pid" 2>/dev/null; then log "no answer from $url/ping within 60 s; log tail:"
  else log "the server exited; log tail:"; fi
  tail -n 40 "$state/log/stdout.log" "$state/log/clickhouse-server.err.log" "$state/log/clickhouse-server.log" >&2 2>/dev/null || true
  stop_local
  exit 1
}

start() {
  lock_state
  command -v curl >/dev/null || install_packages curl ca-certificates
  if [ -n "${CLICKHOUSE_URL:-}" ]; then
    if pings "$CLICKHOUSE_URL"; then
      log "using CLICKHOUSE_URL=$CLICKHOUSE_URL"
      echo "unset CLICKHOUSE_SERVER_STARTED"
      return
    fi
    log "CLICKHOUSE_URL=$CLICKHOUSE_URL does not answer /ping; looking for another server"
  fi
  local url
  if own_pid >/dev/null && url=$(cat "$state/url") && pings "$url"; then
    log "using the server started earlier at $url"
    emit CLICKHOUSE_URL "$url" CLICKHOUSE_USER default CLICKHOUSE_PASSWORD ""
    echo "unset CLICKHOUSE_SERVER_STARTED"
    return
  fi
  url=http://127.0.0.1:8123
  if pings "$url"; then
    log "using the server already answering on $url"
    emit CLICKHOUSE_URL "$url"
    # A compose server started earlier needs its password; keep credentials that already work.
    if ! query_ok "$url" "${CLICKHOUSE_USER:-default}" "${CLICKHOUSE_PASSWORD:-}" &&
      query_ok "$url" "$compose_user" "$compose_password"; then
      emit CLICKHOUSE_USER "$compose_user" CLICKHOUSE_PASSWORD "$compose_password"
    fi
    echo "unset CLICKHOUSE_SERVER_STARTED"
    return
  fi
  if command -v docker >/dev/null && timeout 20 docker info >/dev/null 2>&1 &&
    docker compose version >/dev/null 2>&1; then
    log "starting $compose_file with docker compose"
    docker compose -f "$compose_file" up -d --wait >&2
    mkdir -p "$state" && echo "$url" >"$state/url" && touch "$state/docker"
    emit CLICKHOUSE_URL "$url" CLICKHOUSE_USER "$compose_user" CLICKHOUSE_PASSWORD "$compose_password" \
      CLICKHOUSE_SERVER_STARTED 1
    return
  fi
  # shellcheck disable=SC2046 # word splitting intended
  install_packages $(missing_packages)
  start_local
}

stop_server() {
  lock_state
  if [ -f "$state/docker" ]; then
    log "docker compose down"
    docker compose -f "$compose_file" down >&2
    rm -f "$state/docker" "$state/url"
  else
    stop_local
  fi
}

stop_local() {
  local pid
  if ! pid=$(own_pid); then
    rm -f "$state/clickhouse.pid" "$state/url"
    log "no server started by this script is running"
    return
  fi
  log "stopping pid $pid"
  kill "$pid"
  for _ in $(seq 60); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.5
  done
  if kill -0 "$pid" 2>/dev/null; then
    log "pid $pid still running after 30 s; killing it"
    kill -9 "$pid"
  fi
  # Reap it when it is our own child (start_local's failure path); harmless otherwise.
  wait "$pid" 2>/dev/null || true
  rm -f "$state/clickhouse.pid" "$state/url"
}

case "${1:-}" in
  start) start ;;
  stop)
    if [ "${2:-}" = --if-started ] && [ -z "${CLICKHOUSE_SERVER_STARTED:-}" ]; then exit 0; fi
    stop_server
    ;;
  url) echo "${CLICKHOUSE_URL:-$(cat "$state/url" 2>/dev/null || echo http://127.0.0.1:8123)}" ;;
  install)
    shift
    # shellcheck disable=SC2046 # word splitting intended
    install_packages "$@" $(missing_packages)
    ;;
  *) die "usage: $0 start | stop [--if-started] | url | install [apt packages...]" ;;
esac
