#!/usr/bin/env bash
# Compiles samples/AotSample ahead of time to a native executable for net10.0 and runs it: proof that the runtime,
# the generated code and the HTTP client work under Native AOT, not only that the analyzers are quiet. Its HTTP round
# trip needs a server: this starts one the way scripts/test.sh does (or uses CLICKHOUSE_URL). Uses gcc as the
# linker (clang is not needed).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
eval "$(scripts/clickhouse-server.sh start)"
trap 'scripts/clickhouse-server.sh stop --if-started' EXIT
out="$PWD/artifacts/aot-sample"
rm -rf "$out"
dotnet publish samples/AotSample -c Release -f net10.0 -r linux-x64 \
  -p:NativeAot=true -p:CppCompilerAndLinker=gcc -o "$out"
head -c 4 "$out/AotSample" | grep -q ELF || { echo "scripts/aot-sample.sh: no native executable was produced" >&2; exit 1; }
"$out/AotSample" | tee "$out/output.txt"
grep -q '^aot: ClickHouse ' "$out/output.txt" || { echo "scripts/aot-sample.sh: the native sample did no HTTP round trip" >&2; exit 1; }
