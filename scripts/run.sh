#!/usr/bin/env bash
# The README's run command: the QuickStart sample against a real ClickHouse server.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

eval "$(scripts/clickhouse-server.sh start)"
trap 'scripts/clickhouse-server.sh stop --if-started' EXIT

dotnet run -c Release --project samples/QuickStart -- "$@"
