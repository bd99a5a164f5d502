#!/usr/bin/env bash
# The README's test command: every test project against a real ClickHouse server, then one line
# `tests: N passed, N failed, N skipped` summed over the trx files. With CI=true it also compiles and
# runs the Native AOT sample and runs the benchmarks' smoke mode. Exits non-zero when a test fails or when no test ran.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

eval "$(scripts/clickhouse-server.sh start)"
trap 'scripts/clickhouse-server.sh stop --if-started' EXIT

results="$PWD/artifacts/test-results"
rm -rf "$results" && mkdir -p "$results"
status=0
# console verbosity=detailed: "normal" lists each test but hides the output of passing ones.
dotnet test ClickHouse.RowBinary.slnx -c Release \
  --logger "trx;LogFilePrefix=results" --logger "console;verbosity=detailed" \
  --results-directory "$results" || status=$?

# Skipped tests count in a trx's `total` but not in `executed` (its `notExecuted` stays 0).
summary=$({ find "$results" -name '*.trx' -exec grep -ho '<Counters [^>]*>' {} + || true; } |
  awk '{
      delete a
      for (i = 2; i <= NF; i++) { split($i, kv, "="); gsub(/[^0-9]/, "", kv[2]); a[kv[1]] = kv[2] + 0 }
      passed += a["passed"]
      failed += a["failed"] + a["error"] + a["timeout"] + a["aborted"]
      skipped += a["total"] - a["executed"]
    }
    END { printf "%d %d %d\n", passed, failed, skipped }')
read -r passed failed skipped <<<"$summary"
if [ "$status" = 0 ] && [ $((passed + failed)) = 0 ]; then
  echo "scripts/test.sh: no test ran" >&2
  status=1
fi
if [ "$status" = 0 ] && [ "$failed" != 0 ]; then status=1; fi

# Each failed test's name and the start of its message, near the end of the output, where a CI log's tail shows them.
if [ "$failed" != 0 ]; then scripts/failed-tests.sh "$results"; fi

if [ "${CI:-}" = true ]; then
  aot=0
  bash scripts/aot-sample.sh || aot=$?
  if [ "$status" = 0 ]; then status=$aot; fi
fi

if [ "${CI:-}" = true ] && compgen -G 'benchmarks/*.csproj' >/dev/null; then
  smoke=0
  dotnet run -c Release --project benchmarks -- --smoke || smoke=$?
  if [ "$status" = 0 ]; then status=$smoke; fi
fi
# Last, so that it closes the output even after the AOT sample and the benchmarks' smoke run.
echo "tests: $passed passed, $failed failed, $skipped skipped"
exit "$status"
