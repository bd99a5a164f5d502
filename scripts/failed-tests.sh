#!/usr/bin/env bash
# Prints each failed test's name and the start of its message, from the trx files under the folder given, so that the
# tail of a CI log says what failed and why.
set -euo pipefail
results=${1:?usage: scripts/failed-tests.sh RESULTS_FOLDER}
find "$results" -name '*.trx' -exec awk '
    function unescape(s) { gsub(/&quot;/, "\"", s); gsub(/&apos;/, "\047", s); gsub(/&lt;/, "<", s); gsub(/&gt;/, ">", s); gsub(/&amp;/, "\\&", s); return s }
    /<UnitTestResult / && /outcome="Failed"/ { match($0, /testName="[^"]*"/); print "FAILED " unescape(substr($0, RSTART + 10, RLENGTH - 11)); inside = 1; lines = 0; next }
    inside && /<\/UnitTestResult>/ { inside = 0; next }
    inside && /<Message>/ { message = 1 }
    inside && message && lines < 12 { line = $0; sub(/.*<Message>/, "", line); sub(/<\/Message>.*/, "", line); print "  " unescape(line); lines++ }
    inside && /<\/Message>/ { message = 0 }
  ' {} +
