#!/usr/bin/env bash
# Plots the fleet suite's table (artifacts/fleet.csv, written by
# `dotnet run -c Release --project benchmarks -- --fleet [--quick]`) as docs/scaling-fleet.png: the INSERTs per second
# the fleet sent into one table against docs/scaling.md's model, per fleet size, with fixed and with adaptive options,
# and the sizes at which the servers delayed or refused INSERTs.
# Usage: bash scripts/plot-fleet.sh [CSV] [PNG]. Needs gnuplot (Debian: apt-get install -y gnuplot-nox).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
csv=${1:-artifacts/fleet.csv}
png=${2:-docs/scaling-fleet.png}
if ! command -v gnuplot >/dev/null; then
  echo "plot-fleet: gnuplot is missing (Debian: apt-get install -y gnuplot-nox)" >&2
  exit 1
fi
[ -f "$csv" ] || { echo "plot-fleet: no $csv; run the fleet suite first" >&2; exit 1; }
gnuplot <<GNUPLOT
set terminal pngcairo size 960,600 font 'sans,11'
set output '$png'
set datafile separator ','
set key top left
set logscale xy 2
set grid
set xlabel 'application instances (each its own client and batch inserter)'
set ylabel 'INSERTs per second into one table (3 shards)'
set title 'Fleet of batch inserters: measured against the model (MaxDelay 100 ms, 200 rows/s per instance)'
fixed = '< grep ^fixed, $csv'
adaptive = '< grep ^adaptive, $csv'
plot fixed using 2:5 with lines lw 2 dt 2 lc rgb '#555555' title 'predicted: N / (MaxDelay + 1/r)', \
     fixed using 2:4 with linespoints lw 2 pt 7 lc rgb '#1f77b4' title 'measured, fixed options', \
     adaptive using 2:4 with linespoints lw 2 pt 5 lc rgb '#2ca02c' title 'measured, adaptive options', \
     fixed using 2:((\$11 + \$12) > 0 ? \$4 : 1/0) with points pt 6 ps 3 lw 2 lc rgb '#d62728' title 'servers delayed or refused INSERTs', \
     adaptive using 2:((\$11 + \$12) > 0 ? \$4 : 1/0) with points pt 6 ps 3 lw 2 lc rgb '#d62728' notitle
GNUPLOT
echo "plot-fleet: $png"
