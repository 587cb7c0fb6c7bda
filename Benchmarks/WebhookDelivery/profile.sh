#!/usr/bin/env bash
# Where landfall's time goes while it delivers a queue of 10,000 webhooks: the links are created
# by `landfall serve --no-webhook-delivery` (one endpoint for link.created at webhook-receiver),
# then `landfall serve` is started again on the store and sampled with perf until the receiver
# has all 10,000; the samples are split by what their call stacks contain, and landfall's CPU
# time is set against the time the drain took (a server using far less than its cores is waiting,
# not computing).
#
#   Benchmarks/WebhookDelivery/profile.sh      # after run.sh built the binaries
#
# perf samples the CPU clock (no hardware counters in this VM) at 999 Hz with frame-pointer call
# stacks. Swift async frames break the stacks at every `await`, so the split looks for names
# anywhere in a sample's stack (the first category that matches wins). Needs perf, curl, python3.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
bin="$here/../ShortLinkRedirect/.build/release"
landfall="${LANDFALL_BIN:-$bin/landfall}"
receiver_port="${RECEIVER_PORT:-18098}"
port="${LANDFALL_PORT:-18099}"
links=10000
for tool in perf curl python3; do
    command -v "$tool" >/dev/null || { echo "error: $tool is not installed" >&2; exit 1; }
done
[ -x "$landfall" ] && [ -x "$bin/webhook-receiver" ] || { echo "error: run run.sh first (it builds $bin/landfall and webhook-receiver)" >&2; exit 1; }

work="$(mktemp -d)"
receiver_pid=""
landfall_pid=""
cleanup() {
    for pid in "$landfall_pid" "$receiver_pid"; do
        [ -n "$pid" ] || continue
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
    rm -rf "$work"
}
trap cleanup EXIT
ready() { for _ in $(seq 1 300); do curl -sf -o /dev/null "$1" && return 0; sleep 0.2; done; echo "error: $1 did not answer" >&2; exit 1; }
received() { curl -s "http://127.0.0.1:$receiver_port/records" | awk '$1 == "/profile" && !seen[$3]++ { n++ } END { printf "%d", n }'; }

"$bin/webhook-receiver" "$receiver_port" >"$work/receiver.log" 2>&1 &
receiver_pid=$!
ready "http://127.0.0.1:$receiver_port/health"
"$landfall" webhooks add "http://127.0.0.1:$receiver_port/profile" --events link.created --data-dir "$work/data" >/dev/null 2>&1
key="$("$landfall" keys create --name profile --scope write --data-dir "$work/data" 2>/dev/null)"
"$landfall" serve --data-dir "$work/data" --port "$port" --rate-limit 0 --log-level warning --no-webhook-delivery >"$work/landfall.log" 2>&1 &
landfall_pid=$!
ready "http://127.0.0.1:$port/ready"
for ((b = 0; b < links / 1000; b++)); do
    awk -v first="$((b * 1000))" 'BEGIN { printf "{\"links\":["; for (i = first; i < first + 1000; i++) printf "%s{\"target\":\"https://daily.example.com/puzzle/2026-11-20\",\"slug\":\"p%05d\"}", (i > first ? "," : ""), i; printf "]}" }' >"$work/bulk.json"
    curl -sf -o /dev/null -X POST -H "Authorization: Bearer $key" -H 'Content-Type: application/json' --data-binary "@$work/bulk.json" "http://127.0.0.1:$port/v1/links/bulk"
done
kill -TERM "$landfall_pid"; wait "$landfall_pid" || true

"$landfall" serve --data-dir "$work/data" --port "$port" --rate-limit 0 --log-level warning >>"$work/landfall.log" 2>&1 &
landfall_pid=$!
ready "http://127.0.0.1:$port/ready"
started="$(date +%s.%N)"
ticks_before="$(awk '{ print $14 + $15 }' "/proc/$landfall_pid/stat")"
perf record -F 999 -e cpu-clock -g -p "$landfall_pid" -o "$work/perf.data" >/dev/null 2>&1 &
perf_pid=$!
for _ in $(seq 1 600); do [ "$(received)" -ge "$links" ] && break; sleep 0.2; done
ticks_after="$(awk '{ print $14 + $15 }' "/proc/$landfall_pid/stat")"
ended="$(date +%s.%N)"
kill -INT "$perf_pid"; wait "$perf_pid" || true
# Connections landfall opened to the receiver and closed (TIME-WAIT stays on the closing side for
# 60 s): about 32 if the delivery client's connections are reused, about 10,000 if not.
closed="$(ss -Htan state time-wait "( dport = :$receiver_port )" | wc -l)"
open_now="$(ss -Htan state established "( dport = :$receiver_port )" | wc -l)"
seconds="$(awk -v a="$started" -v b="$ended" 'BEGIN { printf "%.2f", b - a }')"
echo "drained $(received) of $links in $seconds s after /ready; landfall used $(awk -v t="$((ticks_after - ticks_before))" -v hz="$(getconf CLK_TCK)" -v s="$seconds" 'BEGIN { printf "%.2f s of CPU (%.0f %% of one core; %.0f µs per delivery)", t / hz, 100 * t / hz / s, t / hz * 1e6 / 10000 }'); load $(cut -d' ' -f1-3 /proc/loadavg); connections to the receiver: $open_now open, $closed closed (TIME-WAIT)"

perf script -i "$work/perf.data" -F comm,tid,ip,sym 2>/dev/null >"$work/samples.txt"
python3 - "$work/samples.txt" <<'EOF'
import collections, sys

rules = [
    ("taking due deliveries (Storage.takeDueWebhookDeliveries)", ["takeDueWebhookDeliveries"]),
    ("recording attempts (Storage.recordWebhookAttempts)", ["recordWebhookAttempts", "6record_"]),
    ("SQL built by SQLKit", ["SQLKit"]),
    ("SQLite: writing (B-tree, WAL, commit)", ["sqlite3BtreeInsert", "sqlite3WalFrames", "sqlite3PagerCommitPhaseOne", "sqlite3BtreeCommitPhase"]),
    ("SQLite: preparing statements", ["sqlite3Prepare", "sqlite3LockAndPrepare"]),
    ("SQLite: other (stepping)", ["sqlite3"]),
    ("SQLiteNIO and its thread pool", ["NIOThreadPool", "SQLiteNIO"]),
    ("signing (WebhookSignature, HMAC-SHA256)", ["WebhookSignature", "HMAC", "SHA256", "sha256"]),
    ("checking the URL and address (WebhookURL, NetworkAddressKind, resolver)", ["WebhookURL", "NetworkAddressKind", "WebhookResolver", "getaddrinfo"]),
    ("AsyncHTTPClient (requests, connection pool)", ["AsyncHTTPClient"]),
    ("the delivery service (task group, outcome)", ["WebhookDeliveryService", "WebhookSender"]),
    ("NIO event loops (HTTP writing and parsing, sockets)", ["SelectableEventLoop"]),
    ("Swift concurrency runtime (no frame above)", ["swift_job_run", "swift_task"]),
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
        counts["other: kernel, malloc/free, futex outside any stack above"] += 1
print(f"{total} samples of landfall's threads (1 ms each)")
for name, count in counts.most_common():
    print(f"  {100 * count / total:5.1f} %  {name}")
print("by thread name: " + ", ".join(f"{name} {100 * count / total:.0f} %" for name, count in threads.most_common()))
EOF
