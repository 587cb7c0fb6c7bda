#!/usr/bin/env bash
# Measures a kept share card served over HTTP by `landfall serve`, side by side with the
# association file from the same server in the same run, and appends the figures to
# RESULTS.md here.
#
# Target (issue 22, "Speed"): a cached card served at the association file's rate. The figure
# judged is the median over the rounds of the card's req/s over the association file's in the
# same round.
#
#   Benchmarks/Cards/serve.sh                          # builds landfall in release; then about 2 minutes
#   LANDFALL_BIN=.build/debug/landfall Benchmarks/Cards/serve.sh   # that binary, not built
#   DURATION=2s ROUNDS=2 NO_RESULTS=1 Benchmarks/Cards/serve.sh     # a quick look, nothing appended
#
# It starts the built-in demo on 127.0.0.1, reads the puzzle page of 2026-11-20 for its card
# address (og:image), asks for the card once (drawn and kept), checks it is a PNG, warms both
# up, then runs `wrk -t2 -c64 -d3s --latency` against the association file and the card in
# turn, 10 rounds (ROUNDS), the order reversed every other round. The server is stopped on exit.
# Needs wrk (apt-get install wrk) and curl.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
. "$here/../median.sh"
root="$(cd "$here/../.." && pwd)"
duration="${DURATION:-3s}"
warmup="${WARMUP:-3s}"
threads=2
connections=64
rounds="${ROUNDS:-10}"
port="${LANDFALL_PORT:-18096}"
host_header="Host: daily.example.com"
association="/.well-known/apple-app-site-association"

for tool in wrk curl; do
    command -v "$tool" >/dev/null || { echo "error: $tool is not installed (apt-get install $tool)" >&2; exit 1; }
done
load_at_start="$(cut -d' ' -f1-3 /proc/loadavg)"

if [ -n "${LANDFALL_BIN:-}" ]; then
    [ -x "$LANDFALL_BIN" ] || { echo "error: LANDFALL_BIN=$LANDFALL_BIN is not an executable" >&2; exit 1; }
    binary="$LANDFALL_BIN"
else
    echo "== build (release)"
    (cd "$root" && swift build -c release --product landfall </dev/null)
    binary="$root/.build/release/landfall"
fi
build_kind="$(case "$binary" in *release*) echo release;; *debug*) echo "debug (not optimized: compare the ratio only)";; *) echo "as given";; esac)"

work="$(mktemp -d)"
pid=""
stop() {
    [ -n "$pid" ] && { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; }
    rm -rf "$work"
}
trap stop EXIT

# --rate-limit 0: pages (cards among them) are rate limited per client address by default, and
# wrk's 64 connections come from one address; the association file is not rate limited.
"$binary" serve --port "$port" --data-dir "$work/data" --rate-limit 0 >"$work/landfall.log" 2>&1 &
pid=$!
for _ in $(seq 1 150); do
    curl -sf -o /dev/null -H "$host_header" "http://127.0.0.1:$port$association" && break
    sleep 0.2
done
if grep -q "share cards are off" "$work/landfall.log"; then
    echo "error: this landfall has cards off:" >&2; grep "share cards are off" "$work/landfall.log" >&2; exit 1
fi
card_url="$(curl -sf -H "$host_header" -A "Twitterbot/1.0" "http://127.0.0.1:$port/puzzle/2026-11-20" \
    | sed -n 's/.*<meta property="og:image" content="\([^"]*\)".*/\1/p' | head -1)"
case "$card_url" in
    https://daily.example.com/static/cards/*) ;;
    *) echo "error: the puzzle page names no card (og:image '$card_url')" >&2; exit 1 ;;
esac
card_path="${card_url#https://daily.example.com}"
curl -sf -H "$host_header" "http://127.0.0.1:$port$card_path" >"$work/card.png"
card_bytes="$(wc -c <"$work/card.png" | tr -d ' ')"
head -c 8 "$work/card.png" | od -An -tx1 | grep -q "89 50 4e 47 0d 0a 1a 0a" || { echo "error: the card is not a PNG" >&2; exit 1; }
association_bytes="$(curl -sf -H "$host_header" "http://127.0.0.1:$port$association" | wc -c | tr -d ' ')"
echo "card $card_path: $card_bytes bytes; association file: $association_bytes bytes"

url_of() { case "$1" in association) echo "http://127.0.0.1:$port$association";; card) echo "http://127.0.0.1:$port$card_path";; esac; }
wrk_run() { timeout 120 wrk -t"$threads" -c"$connections" -d"$2" --latency -H "$host_header" "$(url_of "$1")" >"$3"; }
requests_per_second() { awk '/^Requests\/sec:/ { print $2 }' "$1"; }
p99_ms() {
    awk '$1 == "99%" { v = $2
        if (v ~ /us$/) { sub(/us$/, "", v); print v / 1000 } else if (v ~ /ms$/) { sub(/ms$/, "", v); print v + 0 }
        else if (v ~ /s$/) { sub(/s$/, "", v); print v * 1000 } }' "$1"
}
transfer_of() { awk '/^Transfer\/sec:/ { print $2 }' "$1"; }
requests_of() { awk '/requests in/ { print $1 }' "$1"; }
# The server's CPU time (user + system) in clock ticks: per request, it depends less on what
# else the 2 cores run than req/s does.
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }
ticks_per_second="$(getconf CLK_TCK)"
errors_of() { awk '/Socket errors|Non-2xx/ { $1 = $1; printf "%s; ", $0 }' "$1"; }

echo "== warm up ($warmup each)"
for what in association card; do wrk_run "$what" "$warmup" "$work/warmup-$what.txt"; done

load_before="$(cut -d' ' -f1-3 /proc/loadavg)"
declare -A rps p99 cpu
rows=""
for round in $(seq 1 "$rounds"); do
    order=(association card)
    [ $((round % 2)) = 0 ] && order=(card association)
    for what in "${order[@]}"; do
        report="$work/$what-$round.txt"
        ticks_before="$(cpu_ticks)"
        wrk_run "$what" "$duration" "$report"
        ticks_after="$(cpu_ticks)"
        rps[$what-$round]="$(requests_per_second "$report")"
        cpu[$what-$round]="$(awk -v t="$((ticks_after - ticks_before))" -v hz="$ticks_per_second" -v n="$(requests_of "$report")" 'BEGIN { printf "%.1f", t / hz * 1000000 / n }')"
        p99[$what-$round]="$(p99_ms "$report")"
        errors="$(errors_of "$report")"
        if grep -q "Non-2xx" "$report"; then echo "error: $what answered other than 200 in round $round:" >&2; cat "$report" >&2; exit 1; fi
        printf '%-12s round %d: %10s req/s   p99 %8s ms   server CPU %6s µs/request   %s/s   %s\n' "$what" "$round" "${rps[$what-$round]}" \
            "${p99[$what-$round]}" "${cpu[$what-$round]}" "$(transfer_of "$report")" "$errors"
        rows+="| $round | $what | $(printf '%.0f' "${rps[$what-$round]}") | $(printf '%.2f' "${p99[$what-$round]}") | ${cpu[$what-$round]} | $(transfer_of "$report")/s | ${errors:-none} |"$'\n'
    done
done
load_after="$(cut -d' ' -f1-3 /proc/loadavg)"

cpu_ratio="$(for round in $(seq 1 "$rounds"); do awk -v c="${cpu[card-$round]}" -v a="${cpu[association-$round]}" 'BEGIN { print 100 * c / a }'; done | median_of)"
ratio="$(for round in $(seq 1 "$rounds"); do awk -v c="${rps[card-$round]}" -v a="${rps[association-$round]}" 'BEGIN { print 100 * c / a }'; done | median_of)"
mean() { for round in $(seq 1 "$rounds"); do echo "${rps[$1-$round]}"; done | awk '{ s += $1 } END { printf "%.0f", s / NR }'; }
drawn="$(ls "$work/data/cards" 2>/dev/null | wc -l | tr -d ' ')"
echo
echo "association file: $(mean association) req/s; card: $(mean card) req/s (means of $rounds rounds)"
echo "card / association file: $ratio % of its req/s, $cpu_ratio % of its server CPU per request (medians of the rounds' ratios); cards kept on disk: $drawn"

if [ -n "${NO_RESULTS:-}" ]; then echo "NO_RESULTS is set: nothing appended"; exit 0; fi
. "$here/../landfall-code.sh"
{
    echo
    echo "## A kept card served over HTTP, beside the association file: $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo
    echo "- Code: landfall at $(landfall_code "$root"), $build_kind build; $(swift --version 2>/dev/null | head -1)."
    echo "- Machine: $(nproc) cores, wrk and the server on the same cores. Load average (1, 5, 15 min): $load_at_start at the start, $load_before after the warm-up, $load_after at the end (other builds on the machine: the figures are noisy; the ratio, of runs seconds apart, is the one to read)."
    echo "- Responses: the card ($card_bytes bytes, \`$card_path\`) and the association file ($association_bytes bytes), from the same \`landfall serve --port $port --data-dir TMP --rate-limit 0\` (the built-in demo; without --rate-limit 0 the card, a page path, would be rate limited per client address and wrk's connections share one)."
    echo "- Command: \`Benchmarks/Cards/serve.sh\`$( [ -n "${LANDFALL_BIN:-}" ] && echo " with \`LANDFALL_BIN=$LANDFALL_BIN\`"), which runs \`wrk -t$threads -c$connections -d$duration --latency -H '$host_header' URL\` on each in turn, $rounds rounds after a $warmup warm-up, the order reversed every other round."
    echo
    echo "| round | response | req/s | p99 (ms) | server CPU per request (µs) | transfer | wrk errors |"
    echo "| ---: | --- | ---: | ---: | ---: | ---: | --- |"
    printf '%s' "$rows"
    echo
    echo "**The card at $ratio % of the association file's req/s**, with **$cpu_ratio % of its server CPU per request** (the medians of the rounds' ratios; means: association file $(mean association) req/s, card $(mean card) req/s)."
} >>"$here/RESULTS.md"
echo "appended to $here/RESULTS.md"
