#!/usr/bin/env bash
# Compiles samples/AotSample ahead of time to a native executable and runs it: proof that the runtime and the
# generated code work under Native AOT, not only that the analyzers are quiet. Uses gcc as the linker (clang is
# not needed) and the net8.0 ILCompiler packs, the ones the package mirror here holds.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out="$PWD/artifacts/aot-sample"
rm -rf "$out"
dotnet publish samples/AotSample -c Release -f net8.0 -r linux-x64 \
  -p:NativeAot=true -p:CppCompilerAndLinker=gcc -o "$out"
head -c 4 "$out/AotSample" | grep -q ELF || { echo "scripts/aot-sample.sh: no native executable was produced" >&2; exit 1; }
"$out/AotSample"
