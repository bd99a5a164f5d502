#!/usr/bin/env bash
# ClickHouse 26.9 over HTTP on this machine, without Docker: the engine the workshop's oracle bundles (chDB) with
# its HTTP listener started (scripts/modern-server.py). For measuring and trying the client against a modern server
# where only the old Debian package installs; the tests and samples use scripts/clickhouse-server.sh.
#
#   eval "$(scripts/modern-server.sh start)"   # exports CLICKHOUSE_URL=http://127.0.0.1:<port>
#   scripts/modern-server.sh stop
#
# The engine comes from ../shared/clickhouse-oracle (its venv, installed offline on first use) or from any python3
# that can `import chdb` (`pip install chdb-core`), named by $CHDB_PYTHON. State (config, data, log) is under
# <repo>/.clickhouse-modern/. Only `export` lines go to stdout.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
state="$repo/.clickhouse-modern"
oracle="$repo/../shared/clickhouse-oracle/oracle"

log() { echo "modern-server.sh: $*" >&2; }
die() { log "$*"; exit 1; }

pings() { curl -fsS --max-time 3 "$1/ping" 2>/dev/null | grep -q '^Ok\.'; }

port_busy() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

python_with_chdb() {
  if [ -n "${CHDB_PYTHON:-}" ]; then echo "$CHDB_PYTHON"; return; fi
  [ -x "$oracle" ] || die "no engine: set CHDB_PYTHON to a python3 with chdb-core installed, or work beside ../shared/clickhouse-oracle"
  "$oracle" version >/dev/null # installs the oracle's venv on first use
  echo "${CLICKHOUSE_ORACLE_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/clickhouse-oracle/venv}/bin/python"
}

own_pid() {
  local pid
  pid=$(cat "$state/server.pid" 2>/dev/null) || return 1
  grep -qa modern-server "/proc/$pid/cmdline" 2>/dev/null && echo "$pid"
}

start() {
  local python port url pid
  if own_pid >/dev/null && pings "$(cat "$state/url")"; then
    log "already running at $(cat "$state/url")"
    printf 'export CLICKHOUSE_URL=%q\n' "$(cat "$state/url")"
    return
  fi
  stop
  python=$(python_with_chdb)
  for ((port = 18223; port < 18323; port++)); do port_busy "$port" || break; done
  url="http://127.0.0.1:$port"
  mkdir -p "$state/data"
  cat >"$state/config.xml" <<EOF
<clickhouse>
    <http_port>$port</http_port>
    <listen_host>127.0.0.1</listen_host>
</clickhouse>
EOF
  log "starting ClickHouse (chDB) on $url (state in $state)"
  (cd "$state" && exec "$python" "$repo/scripts/modern-server.py" "$state/data" </dev/null >"$state/server.log" 2>&1) &
  pid=$!
  echo "$pid" >"$state/server.pid"
  echo "$url" >"$state/url"
  for _ in $(seq 120); do
    if pings "$url"; then
      log "ready: $(curl -fsS "$url/?query=SELECT%20version()") at $url (pid $pid)"
      printf 'export CLICKHOUSE_URL=%q\n' "$url"
      return
    fi
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.5
  done
  tail -n 20 "$state/server.log" >&2 || true
  stop
  die "no answer from $url/ping"
}

stop() {
  local pid
  if pid=$(own_pid); then
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 20); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
    kill -9 "$pid" 2>/dev/null || true
  fi
  rm -rf "$state"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *) die "usage: $0 start|stop" ;;
esac
