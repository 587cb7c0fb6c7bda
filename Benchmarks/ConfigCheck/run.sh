#!/usr/bin/env bash
# Times `landfall config check` on generated site configurations of 1,000, 2,000, 4,000 and
# 8,000 routes (routes-config.sh here), once each, and prints one line per size; with
# RESULTS=1 the lines are appended to RESULTS.md here. Each run is bounded by `timeout`
# (LIMIT seconds, 300 by default): a size that takes longer is reported as "> LIMIT s".
#
#   Benchmarks/ConfigCheck/run.sh                                  # the debug build in .build
#   LANDFALL_BIN=.build/release/landfall SIZES="1000 2000" Benchmarks/ConfigCheck/run.sh
#   LANDFALL_BIN=/path/to/old/landfall RESULTS=1 Benchmarks/ConfigCheck/run.sh   # before/after
#
# Issue 15, finding 11: 1,000 routes took 2.3 s and 2,000 7.9 s (quadratic).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
bin="${LANDFALL_BIN:-$root/.build/debug/landfall}"
sizes="${SIZES:-1000 2000 4000 8000}"
limit="${LIMIT:-300}"
[ -x "$bin" ] || { echo "error: $bin is not an executable; build with swift build, or set LANDFALL_BIN" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
lines=()
for size in $sizes; do
    "$here/routes-config.sh" "$size" > "$work/landfall.yml"
    start=$(date +%s.%N)
    if timeout "$limit" "$bin" config check "$work/landfall.yml" > "$work/out" 2>&1 || [ $? -eq 1 ]; then
        seconds=$(echo "$(date +%s.%N) - $start" | bc)
        line=$(printf '%6d routes: %7.2f s  (%s)' "$size" "$seconds" "$(tail -1 "$work/out" | sed "s|$work/||")")
    else
        line=$(printf '%6d routes: > %s s (stopped)' "$size" "$limit")
    fi
    echo "$line"
    lines+=("$line")
done

if [ -n "${RESULTS:-}" ]; then
    {
        echo
        echo "## $(date -u +%Y-%m-%d\ %H:%M) UTC, $bin"
        echo "Load at start: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores."
        echo '```'
        printf '%s\n' "${lines[@]}"
        echo '```'
    } >> "$here/RESULTS.md"
fi
