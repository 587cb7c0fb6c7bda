#!/usr/bin/env bash
# Measures Landfall's association file endpoint against a bare Hummingbird handler that sends
# the same bytes, side by side in one run, and appends the figures to RESULTS.md here.
#
# Target (the issue): landfall sustains at least 90 % of the bare handler's requests per second;
# both figures and the p99 latency at 64 connections are reported.
#
#   Benchmarks/AssociationEndpoint/run.sh              # from anywhere; about 2.5 minutes
#   DURATION=2s ROUNDS=2 Benchmarks/AssociationEndpoint/run.sh  # shorter runs (not for RESULTS.md)
#   BASELINE=/path/to/landfall Benchmarks/AssociationEndpoint/run.sh  # before/after; about 3 minutes
#   LANDFALL_BIN=/path/to/landfall DURATION=3s WARMUP=1s NO_RESULTS=1 Benchmarks/AssociationEndpoint/run.sh
#                                                      # that binary, not built; nothing appended
#
# It builds `landfall` (in the repository root) and `bare-server` (here) in release, starts
# both on 127.0.0.1, checks that they send the same body, warms both up, then runs
# `wrk -t2 -c64 -d3s --latency` against each in turn, 10 rounds (ROUNDS), the order reversed
# every other round: bare, landfall; landfall, bare; ... Every run is bounded by wrk's duration
# (and `timeout`); both servers are stopped on exit.
# The figure judged against the target is the median of the rounds' ratios, each landfall's
# req/s over the bare handler's in the same round: the machine is shared, its speed drifts by
# a fifth within minutes, and a ratio of two runs seconds apart cancels most of that drift
# (the means of all rounds and their ratio are given too).
# With BASELINE (another landfall binary, such as a build of the commit before a change), that
# binary runs too, as a third server (port BASELINE_PORT, its own data directory), and is
# measured in the same rotation with the same settings: bare, landfall, baseline, bare, ...;
# the results add its req/s, p99 and ratio to bare, and landfall's ratio to it (after/before).
# LANDFALL_BIN measures that binary as landfall instead of building the sources; NO_RESULTS
# appends nothing to RESULTS.md.
# Needs wrk (apt-get install wrk) and curl.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
# median_of: the median of numbers on standard input.
. "$here/../median.sh"
root="$(cd "$here/../.." && pwd)"
duration="${DURATION:-3s}"
warmup="${WARMUP:-5s}"
threads=2
connections=64
rounds="${ROUNDS:-10}"
bare_port="${BARE_PORT:-18091}"
landfall_port="${LANDFALL_PORT:-18092}"
baseline_port="${BASELINE_PORT:-18095}"
path="/.well-known/apple-app-site-association"
host_header="Host: daily.example.com"

for tool in wrk curl; do
    command -v "$tool" >/dev/null || { echo "error: $tool is not installed (apt-get install $tool)" >&2; exit 1; }
done

load_at_start="$(cut -d' ' -f1-3 /proc/loadavg)"

servers=(bare landfall)
if [ -n "${BASELINE:-}" ]; then
    [ -x "$BASELINE" ] || { echo "error: BASELINE=$BASELINE is not an executable" >&2; exit 1; }
    servers+=(baseline)
fi

echo "== build (release)"
if [ -n "${LANDFALL_BIN:-}" ]; then
    [ -x "$LANDFALL_BIN" ] || { echo "error: LANDFALL_BIN=$LANDFALL_BIN is not an executable" >&2; exit 1; }
    landfall_binary="$LANDFALL_BIN"
else
    (cd "$root" && swift build -c release --product landfall </dev/null)
    landfall_binary="$root/.build/release/landfall"
fi
(cd "$here" && swift build -c release --product bare-server </dev/null)
bare_binary="$here/.build/release/bare-server"

work="$(mktemp -d)"
pids=()
stop_servers() {
    for pid in "${pids[@]}"; do
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
    rm -rf "$work"
}
trap stop_servers EXIT

echo "== start both servers on 127.0.0.1${BASELINE:+ (and the baseline)}"
declare -A pid_of
"$bare_binary" "$bare_port" >"$work/bare.log" 2>&1 &
pids+=($!)
pid_of[bare]=$!
# landfall as `landfall serve` runs by default: log level info, one log line per request (to a file).
"$landfall_binary" serve --port "$landfall_port" --data-dir "$work/landfall-data" >"$work/landfall.log" 2>&1 &
pids+=($!)
pid_of[landfall]=$!
if [ -n "${BASELINE:-}" ]; then
    "$BASELINE" serve --port "$baseline_port" --data-dir "$work/baseline-data" >"$work/baseline.log" 2>&1 &
    pids+=($!)
    pid_of[baseline]=$!
fi

url_of() {
    case "$1" in
        bare) echo "http://127.0.0.1:$bare_port$path" ;;
        landfall) echo "http://127.0.0.1:$landfall_port$path" ;;
        baseline) echo "http://127.0.0.1:$baseline_port$path" ;;
    esac
}

for server in "${servers[@]}"; do
    ready=""
    for _ in $(seq 1 150); do
        if curl -sf -o /dev/null -H "$host_header" "$(url_of "$server")"; then ready=yes; break; fi
        sleep 0.2
    done
    if [ -z "$ready" ]; then
        echo "error: $server did not answer on $(url_of "$server") within 30 s; its log:" >&2
        cat "$work/$server.log" >&2
        exit 1
    fi
done

curl -s -H "$host_header" "$(url_of bare)" >"$work/bare.body"
curl -s -H "$host_header" "$(url_of landfall)" >"$work/landfall.body"
if ! cmp -s "$work/bare.body" "$work/landfall.body"; then
    echo "error: the two servers send different bodies; update the constant in Sources/bare-server/main.swift" >&2
    diff "$work/bare.body" "$work/landfall.body" >&2 || true
    exit 1
fi
body_bytes="$(wc -c <"$work/landfall.body" | tr -d ' ')"
bare_response_bytes="$(curl -s -i -H "$host_header" "$(url_of bare)" | wc -c | tr -d ' ')"
landfall_response_bytes="$(curl -s -i -H "$host_header" "$(url_of landfall)" | wc -c | tr -d ' ')"
baseline_bytes_note=""
if [ -n "${BASELINE:-}" ]; then
    curl -s -H "$host_header" "$(url_of baseline)" >"$work/baseline.body"
    if ! cmp -s "$work/bare.body" "$work/baseline.body"; then
        echo "error: the baseline sends another body than the bare handler" >&2
        diff "$work/bare.body" "$work/baseline.body" >&2 || true
        exit 1
    fi
    baseline_response_bytes="$(curl -s -i -H "$host_header" "$(url_of baseline)" | wc -c | tr -d ' ')"
    baseline_bytes_note=", baseline $baseline_response_bytes bytes"
fi
echo "same $body_bytes-byte body; whole responses: bare $bare_response_bytes bytes, landfall $landfall_response_bytes bytes$baseline_bytes_note"

wrk_run() { # server seconds output
    timeout 120 wrk -t"$threads" -c"$connections" -d"$2" --latency -H "$host_header" "$(url_of "$1")" >"$3"
}

# Requests/sec and the p99 latency in milliseconds, from wrk's report.
requests_per_second() { awk '/^Requests\/sec:/ { print $2 }' "$1"; }
p99_ms() {
    awk '$1 == "99%" {
        value = $2
        if (value ~ /us$/) { sub(/us$/, "", value); print value / 1000 }
        else if (value ~ /ms$/) { sub(/ms$/, "", value); print value + 0 }
        else if (value ~ /s$/) { sub(/s$/, "", value); print value * 1000 }
    }' "$1"
}
# The CPU time (user + system) a process has used, in clock ticks.
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
requests_of() { awk '/ requests in / { print $1 }' "$1"; }
errors_of() { awk '/Socket errors|Non-2xx/ { $1 = $1; printf "%s; ", $0 }' "$1"; }

echo "== warm up ($warmup each)"
for server in "${servers[@]}"; do
    wrk_run "$server" "$warmup" "$work/warmup-$server.txt"
done

load_before="$(cut -d' ' -f1-3 /proc/loadavg)"
declare -A rps p99 cpu_us
ticks_per_second="$(getconf CLK_TCK)"
rows=""
for round in $(seq 1 "$rounds"); do
    order=("${servers[@]}")
    if [ $((round % 2)) = 0 ]; then order=(); for ((i = ${#servers[@]} - 1; i >= 0; i--)); do order+=("${servers[$i]}"); done; fi
    for server in "${order[@]}"; do
        echo "== round $round: $server ($duration)"
        report="$work/$server-$round.txt"
        ticks_before="$(cpu_ticks "${pid_of[$server]}")"
        wrk_run "$server" "$duration" "$report"
        ticks_after="$(cpu_ticks "${pid_of[$server]}")"
        rps[$server-$round]="$(requests_per_second "$report")"
        p99[$server-$round]="$(p99_ms "$report")"
        cpu_us[$server-$round]="$(awk -v t="$((ticks_after - ticks_before))" -v hz="$ticks_per_second" -v n="$(requests_of "$report")" \
            'BEGIN { printf "%.1f", t / hz * 1000000 / n }')"
        errors="$(errors_of "$report")"
        printf '%-8s round %d: %12s req/s   p99 %8s ms   server CPU %6s µs/request   %s\n' "$server" "$round" \
            "${rps[$server-$round]}" "${p99[$server-$round]}" "${cpu_us[$server-$round]}" "$errors"
        rows+="| $round | $server | $(printf '%.0f' "${rps[$server-$round]}") | $(printf '%.2f' "${p99[$server-$round]}") | ${cpu_us[$server-$round]} | ${errors:-none} |"$'\n'
    done
done
load_after="$(cut -d' ' -f1-3 /proc/loadavg)"

mean() { # server: the mean req/s over the rounds
    local sum=0
    for round in $(seq 1 "$rounds"); do sum="$(awk -v a="$sum" -v b="${rps[$1-$round]}" 'BEGIN { print a + b }')"; done
    awk -v s="$sum" -v n="$rounds" 'BEGIN { printf "%.0f", s / n }'
}
worst_p99() { # server: the larger p99 of the rounds
    local worst=0
    for round in $(seq 1 "$rounds"); do worst="$(awk -v a="$worst" -v b="${p99[$1-$round]}" 'BEGIN { print (b > a ? b : a) }')"; done
    printf '%.2f' "$worst"
}
median_ratio() { # server other: the median over the rounds of server's req/s over other's in the same round, in %
    for round in $(seq 1 "$rounds"); do
        awk -v l="${rps[$1-$round]}" -v b="${rps[$2-$round]}" 'BEGIN { print 100 * l / b }'
    done | median_of
}
bare_mean="$(mean bare)"
landfall_mean="$(mean landfall)"
means_ratio="$(awk -v l="$landfall_mean" -v b="$bare_mean" 'BEGIN { printf "%.1f", 100 * l / b }')"
ratio="$(median_ratio landfall bare)"
verdict="$(awk -v r="$ratio" 'BEGIN { print (r >= 90 ? "met" : "missed") }')"
round_ratios=""
for round in $(seq 1 "$rounds"); do
    round_ratios+="$(awk -v l="${rps[landfall-$round]}" -v b="${rps[bare-$round]}" 'BEGIN { printf "%.1f %%", 100 * l / b }') (round $round), "
done
request_lines="$(grep -c ' request$' "$work/landfall.log" || true)"

echo
echo "bare handler: $bare_mean req/s (mean of $rounds rounds), worst p99 $(worst_p99 bare) ms"
echo "landfall:     $landfall_mean req/s (mean of $rounds rounds), worst p99 $(worst_p99 landfall) ms"
echo "ratio:        $ratio %, the median of the rounds' (target >= 90 %: $verdict); per round ${round_ratios%, }; of the means $means_ratio %"
if [ -n "${BASELINE:-}" ]; then
    baseline_mean="$(mean baseline)"
    baseline_ratio="$(awk -v l="$baseline_mean" -v b="$bare_mean" 'BEGIN { printf "%.1f", 100 * l / b }')"
    baseline_median="$(median_ratio baseline bare)"
    after_before="$(median_ratio landfall baseline)"
    after_before_rounds=""
    for round in $(seq 1 "$rounds"); do
        after_before_rounds+="$(awk -v l="${rps[landfall-$round]}" -v b="${rps[baseline-$round]}" 'BEGIN { printf "%.1f %%", 100 * l / b }') (round $round), "
    done
    echo "baseline:     $baseline_mean req/s (mean of $rounds rounds), worst p99 $(worst_p99 baseline) ms; $baseline_median % of the bare handler (median of the rounds), $baseline_ratio % of the means"
    echo "after/before: landfall $after_before % of the baseline's req/s (median of the rounds); per round ${after_before_rounds%, }"
fi

if [ -n "${NO_RESULTS:-}" ]; then
    echo "NO_RESULTS is set: nothing appended to RESULTS.md"
    exit 0
fi

# built_from and landfall_code: which code a binary was built from (shared with the other benchmark).
. "$here/../landfall-code.sh"
code="$(landfall_code "$root")"

results="$here/RESULTS.md"
if [ ! -f "$results" ]; then
    cat >"$results" <<'EOF'
# Association file endpoint: landfall against a bare Hummingbird handler

The target: `landfall serve` answers `GET /.well-known/apple-app-site-association` at no less
than **90 %** of the requests per second of a bare Hummingbird handler that sends the same
body, measured side by side in the same run, with both figures and the p99 latency at 64
connections. `run.sh` here makes the measurement and appends one section per run below; see
the comments at its top for what it does.

The bare handler (`Sources/bare-server/main.swift`) is a Hummingbird `Router` with one route
that returns the demo's association file as a constant `ByteBuffer` with the same
`Content-Type`, `ETag` and `Cache-Control`. landfall runs as `landfall serve` does by default
(the built-in demo, log level `info`: one log line per request, written to a file here); its
responses also carry `X-Request-ID` and `Server: landfall`. The script checks that both send
the same body before it measures.

**The machine has 2 cores, and wrk runs on the same machine as the server**: wrk's two
threads and the server's event loops share them, so neither gets a core to itself and the
absolute figures are far below what the server does on a machine of its own. The ratio is the
figure to compare; the load average (other engineers build and test on the same machine)
is given with every run.

**Server CPU per request** is the server process's user + system CPU time during one wrk run
(from `/proc/PID/stat`, in 10 ms ticks) divided by the requests wrk completed: it depends less
than req/s on what else runs on the cores, and says how much work one request costs.
EOF
fi
{
    echo
    echo "## $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo
    echo "- Code: landfall at $code, release build; $(swift --version 2>/dev/null | head -1)."
    echo "- Machine: $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')), $(uname -r); wrk and $([ -n "${BASELINE:-}" ] && echo "all three" || echo both) servers on the same 2 cores."
    echo "- Load average (1, 5, 15 min): $load_at_start before the build (the machine's own load); $load_before after the warm-up and $load_after at the end (the benchmark itself keeps both cores busy)."
    echo "- Responses: the same $body_bytes-byte body; $bare_response_bytes bytes in all from the bare handler, $landfall_response_bytes from landfall (its extra headers)."
    echo "- Commands: \`Benchmarks/AssociationEndpoint/run.sh\`, which runs, after a $warmup warm-up of each,"
    echo "  \`wrk -t$threads -c$connections -d$duration --latency -H '$host_header' http://127.0.0.1:PORT$path\`"
    echo "  against bare-server (\`bare-server $bare_port\`) and landfall (\`landfall serve --port $landfall_port --data-dir TMP\`) in turn, $rounds rounds, the order reversed every other round; the ratio judged is the median of the rounds' ratios."
    if [ -n "${BASELINE:-}" ]; then
        echo "- Baseline (before): landfall at $(built_from "$BASELINE") (the binary \`$BASELINE\`, BASELINE), as a third server (\`landfall serve --port $baseline_port --data-dir TMP\`) in the same rotation: bare, landfall, baseline, then baseline, landfall, bare; its whole response is $baseline_response_bytes bytes."
    fi
    echo "- landfall logged $request_lines request lines (warm-up included)."
    echo
    echo "| round | server | req/s | p99 (ms) | server CPU per request (µs) | wrk errors |"
    echo "| ---: | --- | ---: | ---: | ---: | --- |"
    printf '%s' "$rows"
    echo
    echo "**landfall $ratio % of the bare handler (the median of the $rounds rounds' ratios)** — target ≥ 90 %: **$verdict**."
    echo "Per round: ${round_ratios%, }. Means of the rounds: bare $bare_mean req/s, landfall $landfall_mean req/s ($means_ratio %). Worst p99: bare $(worst_p99 bare) ms, landfall $(worst_p99 landfall) ms."
    if [ -n "${BASELINE:-}" ]; then
        echo
        echo "**Baseline (before): $baseline_median % of bare (median of the rounds; means $baseline_mean req/s, $baseline_ratio %); landfall (after): $after_before % of the baseline** (after/before, median of the rounds)."
        echo "Per round: ${after_before_rounds%, }. Worst p99: baseline $(worst_p99 baseline) ms."
    fi
} >>"$results"
echo "appended to $results"
