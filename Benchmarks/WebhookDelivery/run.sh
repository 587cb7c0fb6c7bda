#!/usr/bin/env bash
# Measures how fast `landfall serve` delivers webhooks (issue 17, "Speed": 10,000 events reach a
# local receiver within 30 s), against the same receiver taking the same 10,000 POSTs from wrk in
# the same run, and appends the figures to RESULTS.md here.
#
#   Benchmarks/WebhookDelivery/run.sh                       # 3 rounds; a few minutes once built
#   ROUNDS=1 NO_RESULTS=1 Benchmarks/WebhookDelivery/run.sh  # one round, nothing appended
#   LANDFALL_BIN=/path/to/landfall Benchmarks/WebhookDelivery/run.sh   # that binary, not built here
#   DATABASE_URL=postgres://… Benchmarks/WebhookDelivery/run.sh        # PostgreSQL (emptied before each round)
#
# It builds `webhook-receiver` (a Hummingbird handler answering every POST with 204 at once, after
# noting when it arrived, its webhook-id and the event's type and timestamp) and `landfall` in
# release, in ../ShortLinkRedirect's package and build folder (the receiver is one of its targets;
# landfall comes from this checkout's sources through its path dependency), under `nice -n 10`.
# The receiver starts once on 127.0.0.1. Then for each round:
#   - a fresh data directory; `landfall webhooks add http://127.0.0.1:RECEIVER/landfall-R
#     --events link.created` and `landfall keys create --scope write` on it;
#   - `landfall serve --data-dir DIR --port P --rate-limit 0 --log-level warning` (the built-in demo,
#     whose webhooks.allowPrivateNetworks lets it deliver to 127.0.0.1), until /ready answers;
#   - 10,000 links created as fast as one client can: 10 `POST /v1/links/bulk` of 1,000 links each
#     (the most the API takes at once), one after the other with curl;
#   - waiting (at most 120 s) until the receiver has every event id landfall stored (from its
#     webhook_events table), then SIGTERM to landfall;
#   - the anchor: the bodies the receiver got, each once, POSTed by wrk (post-bodies.lua: -t2 -c32,
#     32 connections like the delivery service's 32 attempts at a time, with the webhook-id header)
#     to another path of the same receiver;
#   - a queue of 10,000: the same, in a second fresh store, with `landfall serve --no-webhook-delivery`
#     while the links are created; then landfall is started again (delivering) on that store: the
#     time from its start, and from its first delivery to the 10,000th, is the delivery alone;
#   - analyze.py: for landfall, the time from the first event stored (the smallest event timestamp)
#     to the arrival that completed the 10,000 (target: 30 s), ids missing, repeats, delivery latency
#     (arrival − event timestamp) p50/p99/max; for wrk, the time from its first arrival to the one
#     that completed the 10,000. The ratio is landfall's time over wrk's in the same round.
# Needs wrk, curl, sqlite3 (psql with DATABASE_URL) and python3.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
package="$here/../ShortLinkRedirect"
. "$here/../median.sh"
rounds="${ROUNDS:-3}"
links=10000
batch=1000
receiver_port="${RECEIVER_PORT:-18098}"
landfall_port="${LANDFALL_PORT:-18099}"
anchor_threads=2
anchor_connections=32
target="https://daily.example.com/puzzle/2026-11-20"

for tool in wrk curl sqlite3 python3 timeout; do
    command -v "$tool" >/dev/null || { echo "error: $tool is not installed (apt-get install $tool)" >&2; exit 1; }
done
if [ -n "${DATABASE_URL:-}" ]; then
    command -v psql >/dev/null || { echo "error: DATABASE_URL needs psql (apt-get install postgresql-client)" >&2; exit 1; }
fi
if [ -n "${LANDFALL_BIN:-}" ] && [ ! -x "$LANDFALL_BIN" ]; then
    echo "error: LANDFALL_BIN=$LANDFALL_BIN is not an executable" >&2
    exit 1
fi

load_at_start="$(cut -d' ' -f1-3 /proc/loadavg)"

echo "== build (release, nice -n 10, in $package)"
build() { # swift build arguments
    for attempt in 1 2 3; do
        if (cd "$package" && nice -n 10 swift build -c release --disable-build-manifest-caching "$@" </dev/null); then return 0; fi
        [ "$attempt" = 3 ] || { echo "build failed; trying again in 30 s" >&2; sleep 30; }
    done
    echo "error: the release build failed three times" >&2
    exit 1
}
build --product webhook-receiver
[ -n "${LANDFALL_BIN:-}" ] || build --product landfall
bin="$package/.build/release"
landfall="${LANDFALL_BIN:-$bin/landfall}"

work="$(mktemp -d)"
receiver_pid=""
landfall_pid=""
stop_all() {
    for pid in "$landfall_pid" "$receiver_pid"; do
        [ -n "$pid" ] || continue
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
    rm -rf "$work"
}
trap stop_all EXIT

wait_until_answers() { # name url log
    for _ in $(seq 1 300); do
        if curl -sf -o /dev/null "$1"; then return 0; fi
        sleep 0.2
    done
    echo "error: $2 did not answer on $1 within 60 s; its log:" >&2
    cat "$3" >&2
    exit 1
}
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }
# The event ids of link.created that landfall stored, one a line.
stored_event_ids() { # data
    local query="SELECT id FROM webhook_events WHERE type = 'link.created' ORDER BY id"
    if [ -n "${DATABASE_URL:-}" ]; then psql -Atq "$DATABASE_URL" -c "$query"; else sqlite3 "$1/landfall.sqlite" "$query"; fi
}
deliveries_by_status() { # data
    local query="SELECT status || ' ' || COUNT(*) FROM webhook_deliveries GROUP BY status ORDER BY status"
    if [ -n "${DATABASE_URL:-}" ]; then psql -Atq "$DATABASE_URL" -c "$query"; else sqlite3 "$1/landfall.sqlite" "$query"; fi | paste -sd, - | sed 's/,/, /g'
}
attempts_of() { # data
    local query="SELECT COUNT(*) FROM webhook_attempts"
    if [ -n "${DATABASE_URL:-}" ]; then psql -Atq "$DATABASE_URL" -c "$query"; else sqlite3 "$1/landfall.sqlite" "$query"; fi
}
# How many distinct webhook-ids the receiver got on PATH.
distinct_on() { # path
    curl -s "http://127.0.0.1:$receiver_port/records" | awk -v path="$1" '$1 == path && !seen[$3]++ { n++ } END { printf "%d", n }'
}
database_options=()
[ -n "${DATABASE_URL:-}" ] && database_options=(--database-url "$DATABASE_URL")

echo "== start webhook-receiver on 127.0.0.1:$receiver_port"
"$bin/webhook-receiver" "$receiver_port" >"$work/receiver.log" 2>&1 &
receiver_pid=$!
wait_until_answers "http://127.0.0.1:$receiver_port/health" webhook-receiver "$work/receiver.log"

# The 10 bulk bodies: 1,000 links each, slugs w00000 … w09999 (each round has a fresh store).
for ((b = 0; b < links / batch; b++)); do
    awk -v first="$((b * batch))" -v n="$batch" -v target="$target" 'BEGIN {
        printf "{\"links\":["
        for (i = first; i < first + n; i++) printf "%s{\"target\":\"%s\",\"slug\":\"w%05d\"}", (i > first ? "," : ""), target, i
        printf "]}"
    }' >"$work/bulk-$b.json"
done

# A fresh store in DATA (PostgreSQL: the database emptied) with an endpoint for link.created at
# the receiver's PATH; prints a write key.
fresh_store() { # data path
    mkdir -p "$1"
    if [ -n "${DATABASE_URL:-}" ]; then
        PGOPTIONS='--client-min-messages=warning' psql -q "$DATABASE_URL" -c "DROP SCHEMA public CASCADE; CREATE SCHEMA public;" >/dev/null
    fi
    "$landfall" webhooks add "http://127.0.0.1:$receiver_port$2" --events link.created --data-dir "$1" "${database_options[@]}" >/dev/null 2>"$work/add.txt" \
        || { cat "$work/add.txt" >&2; exit 1; }
    "$landfall" keys create --name webhook-bench --scope write --data-dir "$1" "${database_options[@]}" 2>/dev/null
}
start_landfall() { # data log [serve options]
    local data="$1" log="$2"
    shift 2
    "$landfall" serve --data-dir "$data" "${database_options[@]}" --port "$landfall_port" --rate-limit 0 --log-level warning "$@" >>"$log" 2>&1 &
    landfall_pid=$!
    wait_until_answers "http://127.0.0.1:$landfall_port/ready" landfall "$log"
}
stop_landfall() {
    kill -TERM "$landfall_pid"
    wait "$landfall_pid" || true
    landfall_pid=""
}
# The 10,000 links, 1,000 per POST /v1/links/bulk, one after the other; prints the seconds taken.
create_links() { # key
    local started
    started="$(now)"
    for ((b = 0; b < links / batch; b++)); do
        status="$(curl -s -o "$work/bulk-answer.json" -w '%{http_code}' -X POST -H "Authorization: Bearer $1" \
            -H 'Content-Type: application/json' --data-binary "@$work/bulk-$b.json" "http://127.0.0.1:$landfall_port/v1/links/bulk")"
        [ "$status" = 201 ] || { echo "error: POST /v1/links/bulk answered $status:" >&2; head -c 2000 "$work/bulk-answer.json" >&2; exit 1; }
    done
    elapsed "$started" "$(now)"
}
# Waits (at most 120 s) until the receiver has LINKS distinct ids on PATH, then a second more
# (for repeats, if any).
wait_for_all() { # path
    for _ in $(seq 1 480); do
        [ "$(distinct_on "$1")" -ge "$links" ] && break
        sleep 0.25
    done
    sleep 1
}

rows=""
queued_rows=""
summary=""
load_before="$(cut -d' ' -f1-3 /proc/loadavg)"
for round in $(seq 1 "$rounds"); do
    data="$work/data-$round"
    path="/landfall-$round"
    anchor_path="/anchor-$round"
    echo "== round $round: a fresh store, endpoint http://127.0.0.1:$receiver_port$path for link.created, a write key"
    key="$(fresh_store "$data" "$path")"
    log="$work/landfall-$round.log"
    start_landfall "$data" "$log"
    echo "== round $round: $links links in $((links / batch)) POST /v1/links/bulk, delivered as they come"
    create_s="$(create_links "$key")"
    wait_for_all "$path"
    stop_landfall
    stored_event_ids "$data" >"$work/ids-$round.txt"
    outbox="$(deliveries_by_status "$data")"
    attempts="$(attempts_of "$data")"
    warnings="$(grep -cE '(warning|error|critical) ' "$log" || true)"

    echo "== round $round: the anchor: the same bodies POSTed by wrk -t$anchor_threads -c$anchor_connections"
    curl -s "http://127.0.0.1:$receiver_port/bodies?path=$path" | awk '!seen[$0]++' >"$work/bodies-$round.txt"
    timeout 60 wrk -t"$anchor_threads" -c"$anchor_connections" -d20s -s "$here/post-bodies.lua" "http://127.0.0.1:$receiver_port" \
        -- "$work/bodies-$round.txt" "$anchor_threads" "$anchor_connections" "$anchor_path" >"$work/wrk-$round.txt"

    # A queue of 10,000: the links created by a landfall that does not deliver
    # (--no-webhook-delivery), then one that does started: the delivery alone, from its start.
    queued="$work/queued-$round"
    queued_path="/queued-$round"
    echo "== round $round: a queue of $links (created with --no-webhook-delivery), then delivered by a fresh start"
    key="$(fresh_store "$queued" "$queued_path")"
    queued_log="$work/queued-$round.log"
    start_landfall "$queued" "$queued_log" --no-webhook-delivery
    create_links "$key" >/dev/null
    stop_landfall
    stored_event_ids "$queued" >"$work/queued-ids-$round.txt"
    queued_started="$(now)"
    start_landfall "$queued" "$queued_log"
    queued_ready="$(now)"
    wait_for_all "$queued_path"
    stop_landfall
    queued_outbox="$(deliveries_by_status "$queued")"

    curl -s "http://127.0.0.1:$receiver_port/records" >"$work/records-$round.txt"
    unset figures; declare -A figures
    while IFS='=' read -r name value; do figures[$name]="$value"; done \
        < <(python3 "$here/analyze.py" "$work/records-$round.txt" "$work/ids-$round.txt" "$path" "$anchor_path")
    unset queued_figures; declare -A queued_figures
    while IFS='=' read -r name value; do queued_figures[$name]="$value"; done \
        < <(python3 "$here/analyze.py" "$work/records-$round.txt" "$work/queued-ids-$round.txt" "$queued_path" /none)
    f() { echo "${figures[$1]:-?}"; }
    q() { echo "${queued_figures[$1]:-?}"; }
    ratio="$(awk -v a="$(f delivery_s)" -v b="$(f anchor_s)" 'BEGIN { printf "%.1f", a / b }')"
    rate="$(awk -v n="$links" -v s="$(f delivery_s)" 'BEGIN { printf "%.0f", n / s }')"
    anchor_rate="$(awk -v n="$links" -v s="$(f anchor_s)" 'BEGIN { printf "%.0f", n / s }')"
    queued_total="$(awk -v a="$queued_started" -v b="$(q completed_at)" 'BEGIN { printf "%.2f", b - a }')"
    queued_after_ready="$(awk -v a="$queued_ready" -v b="$(q completed_at)" 'BEGIN { printf "%.2f", b - a }')"
    queued_rate="$(awk -v n="$links" -v s="$(q span_s)" 'BEGIN { printf "%.0f", n / s }')"
    queued_ratio="$(awk -v a="$(q span_s)" -v b="$(f anchor_s)" 'BEGIN { printf "%.1f", a / b }')"
    echo "round $round: created $links links in $create_s s; stored $(f stored) events over $(f stored_span_s) s; landfall delivered all: $(f complete), $(f delivery_s) s from the first stored to the last received ($rate/s), $(f after_last_stored_s) s after the last stored; missing $(f missing), repeats $(f repeats), strangers $(f strangers); latency p50 $(f latency_p50_ms) ms, p99 $(f latency_p99_ms) ms, max $(f latency_max_ms) ms; anchor (wrk) $(f anchor_s) s ($anchor_rate/s), missing $(f anchor_missing); landfall/anchor $ratio×; outbox $outbox, $attempts attempts"
    echo "round $round: a queue of $links: complete $(q complete), $queued_total s after the start ($queued_after_ready s after /ready), first to last arrival $(q span_s) s ($queued_rate/s, $queued_ratio× wrk's); missing $(q missing), repeats $(q repeats); in hundreds of arrivals $(q within_batches_s) s, between them $(q between_batches_s) s; outbox $queued_outbox"
    rows+="| $round | $create_s | $(f stored) | **$(f delivery_s)** ($rate/s) | $(f after_last_stored_s) | $(f missing) | $(f repeats) | $(f latency_p50_ms) / $(f latency_p99_ms) / $(f latency_max_ms) | $(f anchor_s) ($anchor_rate/s) | $(f anchor_missing) | **$ratio×** | $outbox; $attempts attempts; $warnings log lines ≥ warning |"$'\n'
    queued_rows+="| $round | $queued_total | $queued_after_ready | $(q span_s) ($queued_rate/s) | $(q within_batches_s) / $(q between_batches_s) | $(q missing) | $(q repeats) | $queued_ratio× | $queued_outbox |"$'\n'
    summary+="$(f delivery_s) $ratio $(q span_s) $queued_ratio"$'\n'
done
load_after="$(cut -d' ' -f1-3 /proc/loadavg)"

median_delivery="$(awk 'NF { print $1 }' <<<"$summary" | median_of)"
median_ratio="$(awk 'NF { print $2 }' <<<"$summary" | median_of)"
median_queued="$(awk 'NF { print $3 }' <<<"$summary" | median_of)"
median_queued_ratio="$(awk 'NF { print $4 }' <<<"$summary" | median_of)"
worst_delivery="$(awk 'NF && (n++ == 0 || $1 > m) { m = $1 } END { print m }' <<<"$summary")"
verdict="$(awk -v w="$worst_delivery" 'BEGIN { print (w <= 30 ? "met" : "missed") }')"
echo
echo "$links events: median $median_delivery s from the first stored to the last received (worst $worst_delivery s; target 30 s: $verdict); landfall's time over wrk's: median ${median_ratio}×"
echo "a queue of $links: median $median_queued s from the first arrival to the last (${median_queued_ratio}× wrk's time)"

if [ -n "${NO_RESULTS:-}" ]; then
    echo "NO_RESULTS is set: nothing appended to RESULTS.md"
    exit 0
fi
. "$here/../landfall-code.sh"
code="$(landfall_code "$root")"
{
    echo
    echo "## $(date -u '+%Y-%m-%d %H:%M UTC')$([ -n "${DATABASE_URL:-}" ] && echo ", PostgreSQL" || echo ", SQLite")"
    echo
    echo "- Code: landfall at $code, release build; $(swift --version 2>/dev/null | head -1)."
    echo "- Machine: $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')), $(free -g | awk '/^Mem:/ { print $2 }') GB; landfall, the receiver, curl and wrk on the same cores."
    echo "- Load average (1, 5, 15 min): $load_at_start before the build, $load_before before the first round, $load_after at the end."
    echo "- Command: \`$([ -n "${DATABASE_URL:-}" ] && echo "DATABASE_URL=… ")$([ "$rounds" != 3 ] && echo "ROUNDS=$rounds ")Benchmarks/WebhookDelivery/run.sh\`: per round, \`landfall serve --data-dir FRESH$([ -n "${DATABASE_URL:-}" ] && echo " --database-url …") --port $landfall_port --rate-limit 0 --log-level warning\` with one endpoint for \`link.created\` at webhook-receiver; 10 × \`POST /v1/links/bulk\` of 1,000 links (curl, one after the other); the anchor \`wrk -t$anchor_threads -c$anchor_connections -s post-bodies.lua http://127.0.0.1:$receiver_port -- BODIES $anchor_threads $anchor_connections /anchor-R\` with the bodies received."
    echo
    echo "| round | creating 10,000 (s) | events stored | landfall: first stored → 10,000th received (s) | last stored → 10,000th (s) | missing | repeats | latency p50 / p99 / max (ms) | wrk: first → 10,000th (s) | wrk missing | landfall ÷ wrk | outbox after |"
    echo "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |"
    printf '%s' "$rows"
    echo
    echo "A queue of 10,000 (the same links created by \`landfall serve --no-webhook-delivery\`, then \`landfall serve\` started again on the store): the delivery alone. *Within / between hundreds*: the first arrivals in consecutive hundreds (the service takes 100 deliveries, sends them 32 at a time, records them, takes the next 100): the time inside the hundreds is sending, the time between them recording and taking."
    echo
    echo "| round | start → 10,000th received (s) | /ready → 10,000th (s) | first → 10,000th arrival (s) | within / between hundreds (s) | missing | repeats | ÷ wrk | outbox after |"
    echo "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |"
    printf '%s' "$queued_rows"
    echo
    echo "**$links events: median $median_delivery s from the first event stored to the 10,000th received (worst $worst_delivery s) — target 30 s: $verdict.** Landfall's time over the plain client's for the same bodies to the same receiver: median ${median_ratio}× (of the rounds). A queue of 10,000 alone: median $median_queued s from the first arrival to the last, ${median_queued_ratio}× wrk's time."
} >>"$here/RESULTS.md"
echo "appended to $here/RESULTS.md"
