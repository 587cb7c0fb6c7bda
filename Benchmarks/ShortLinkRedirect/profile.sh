#!/usr/bin/env bash
# Where landfall's time goes on the short-link redirect: samples `landfall serve` with perf while
# wrk sends random-slug redirects, and splits the samples by what their call stacks contain.
#
#   Benchmarks/ShortLinkRedirect/profile.sh 1000       # after run.sh built and seeded
#   Benchmarks/ShortLinkRedirect/profile.sh 1000000
#   HOT=1 Benchmarks/ShortLinkRedirect/profile.sh 1000 # one slug only
#   LANDFALL_BIN=/tmp/s1-baseline-landfall SEEDED=/tmp/dir-with-landfall.sqlite profile.sh 1000000
#                                                      # another binary, on a copy of another data directory
#
# perf samples the CPU clock (this VM has no hardware counters) at 999 Hz with frame-pointer
# call stacks, for 8 s in the middle of a 12 s wrk run (the run.sh command, 64 connections).
# Swift async frames break the stacks at every `await`, so the split below looks for
# names anywhere in a sample's stack (the first category that matches wins) instead of using
# perf's inclusive times. Needs perf (apt-get install linux-perf), wrk, curl and python3; uses
# the binaries and the seeded data directories that run.sh left in .build/.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
count="${1:?usage: profile.sh COUNT   (a count run.sh has seeded: 1000 or 1000000)}"
port="${LANDFALL_PORT:-18095}"
bin="$here/.build/release"
for tool in perf wrk curl python3; do
    command -v "$tool" >/dev/null || { echo "error: $tool is not installed" >&2; exit 1; }
done
landfall="${LANDFALL_BIN:-$bin/landfall}"
[ -x "$landfall" ] || { echo "error: run run.sh first (it builds $bin/landfall), or name a binary with LANDFALL_BIN" >&2; exit 1; }
seeded="${SEEDED:-$here/.build/seeded/links-$count-schema-$("$bin/seed-links" --schema-version)}"
[ -f "$seeded/landfall.sqlite" ] || { echo "error: no seeded directory $seeded: run run.sh with COUNTS=$count first" >&2; exit 1; }
user_agent="Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15"

work="$(mktemp -d)"
landfall_pid=""
cleanup() {
    if [ -n "$landfall_pid" ]; then kill "$landfall_pid" 2>/dev/null || true; wait "$landfall_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
cp -r "$seeded" "$work/data"
"$landfall" serve --data-dir "$work/data" --port "$port" --rate-limit 0 --log-level warning >"$work/landfall.log" 2>&1 &
landfall_pid=$!
for _ in $(seq 1 300); do curl -sf -o /dev/null "http://127.0.0.1:$port/ready" && break; sleep 0.2; done
# Measure the steady state: with the table of every link (landfall_link_table_ready in /metrics),
# once it has loaded (within 5 minutes), as run.sh does.
if curl -s "http://127.0.0.1:$port/metrics" | grep -q '^landfall_link_table_ready '; then
    for _ in $(seq 1 1500); do curl -s "http://127.0.0.1:$port/metrics" | grep -q '^landfall_link_table_ready 1' && break; sleep 0.2; done
fi

load() { # seconds output
    if [ -n "${HOT:-}" ]; then
        timeout 60 wrk -t2 -c64 -d"$1" -H "Host: go.daily.example.com" -H "User-Agent: $user_agent" "http://127.0.0.1:$port/b0000000" >"$2"
    else
        timeout 60 wrk -t2 -c64 -d"$1" -H "Host: go.daily.example.com" -H "User-Agent: $user_agent" \
            -s "$here/random-slug.lua" "http://127.0.0.1:$port" -- "$count" >"$2"
    fi
}
load 5s "$work/warmup.txt"
ticks_before="$(awk '{ print $14 + $15 }' "/proc/$landfall_pid/stat")"
load 12s "$work/wrk.txt" &
wrk_pid=$!
sleep 2
perf record -F 999 -e cpu-clock -g -p "$landfall_pid" -o "$work/perf.data" -- sleep 8 2>/dev/null >/dev/null
wait "$wrk_pid"
ticks_after="$(awk '{ print $14 + $15 }' "/proc/$landfall_pid/stat")"
requests="$(awk '/ requests in / { print $1 }' "$work/wrk.txt")"
echo "N = $count${HOT:+, hot slug}: $(awk '/^Requests\/sec:/ { print $2 }' "$work/wrk.txt") req/s, landfall CPU $(awk -v t="$((ticks_after - ticks_before))" -v hz="$(getconf CLK_TCK)" -v n="$requests" 'BEGIN { printf "%.1f", t / hz * 1000000 / n }') µs per request (whole 12 s run, perf's own cost included); load $(cut -d' ' -f1-3 /proc/loadavg)"

perf script -i "$work/perf.data" -F comm,tid,ip,sym 2>/dev/null >"$work/samples.txt"
python3 - "$work/samples.txt" <<'EOF'
import collections, sys

# (category, substrings of mangled or C symbol names); the first category whose names appear
# anywhere in a sample's stack takes the sample.
rules = [
    ("link lookup: SQL text built by SQLKit (SQLSelect.serialize)", ["SQLSelect"]),
    ("click flush: SQL built by SQLKit (SQLUpdate, SQLRaw)", ["SQLUpdate", "6SQLRaw", "SQLQueryString"]),
    ("SQLite: prepare INSERT/UPDATE (click flush)", ["sqlite3Insert", "sqlite3Update", "sqlite3Upsert"]),
    ("SQLite: prepare SELECT (link lookup)", ["sqlite3Prepare"]),
    ("SQLite: write (B-tree insert, WAL, commit)", ["sqlite3BtreeInsert", "sqlite3WalFrames", "sqlite3PagerCommitPhaseOne", "sqlite3BtreeCommitPhase"]),
    ("SQLite: other (mostly stepping lookups)", ["sqlite3"]),
    ("link lookup: decoding the row (ShortLink(row:), SQLiteRow)", ["LandfallStorageE3row", "SQLiteRow", "SQLiteDataDecoder", "10SQLiteData", "RowReader"]),
    ("SQLiteNIO and its thread pool (hops to and from SQLite)", ["NIOThreadPool", "9SQLiteNIO", "10SQLiteNIO", "SQLiteConnection"]),
    ("link cache (LinkCache)", ["LinkCache"]),
    ("checking the target (DestinationPolicy.destination), twice per redirect", ["DestinationPolicy"]),
    ("the target's page (RoutePageFinder, RoutePage, Embargo) for a redirect", ["RoutePageFinder", "RoutePage", "Embargo", "PageRenderer", "ContentKey"]),
    ("click buffer (ClickRecorder, day formatting)", ["ClickRecorder", "UTCDayFormatter"]),
    ("rest of the visit (ShortLinkRoutes.visit, ClickDecision, VisitorClassifier, Response)", ["5visit_", "ClickDecision", "VisitorClassifier", "UserAgentSignature"]),
    ("rest of ShortLinkRoutes.respond, LinkLookup, Storage.link", ["ShortLinkRoutes", "LinkLookup", "Storage4link"]),
    ("routing (router, host resolution, SiteRoutes, path decoding, Origins, host roles)", ["RouterResponder", "RouterTrie", "HostMiddleware", "SiteRoutes", "PageStack", "RequestHost", "Origins", "SiteHosts", "removingPercentEncoding"]),
    ("middleware (request id, access log, metrics, client, HEAD, errors, rate limit, context)", ["Middleware", "LandfallRequestContext", "ServerMetrics", "RequestIDs", "RequestClient", "Prometheus", "CoreMetrics"]),
    ("Hummingbird, NIO and Swift runtime in request tasks (no Landfall frame)", ["swift_job_run"]),
    ("NIO event loops (HTTP parsing and writing, sockets)", ["SelectableEventLoop"]),
]
counts = collections.Counter()
threads = collections.Counter()
total = 0
for sample in open(sys.argv[1]).read().split("\n\n"):
    lines = [line for line in sample.strip().split("\n") if line.strip()]
    if not lines:
        continue
    total += 1
    threads[lines[0].split()[0]] += 1
    for name, needles in rules:
        if any(needle in sample for needle in needles):
            counts[name] += 1
            break
    else:
        counts["other: kernel, malloc/free and futex outside any stack above"] += 1
print(f"{total} samples of landfall's threads (1 ms each)")
for name, count in counts.most_common():
    print(f"  {100 * count / total:5.1f} %  {name}")
print("by thread name: " + ", ".join(f"{name} {100 * count / total:.0f} %" for name, count in threads.most_common()))
EOF
