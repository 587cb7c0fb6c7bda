#!/usr/bin/env bash
# Measures what one PostgreSQL on this machine carries for a fleet of `landfall serve` instances:
# how many click-count rows per second it stores when written as Landfall's flush writes them
# (multi-row INSERT ... ON CONFLICT DO UPDATE into click_counts, then the links' click_count),
# and how many one-link look-ups per second it answers (a cache miss of the redirect), with
# pgbench from this machine against a throwaway server, 1, 2 and 4 clients (a client stands for
# an instance flushing without pause). The figures feed the capacity model in
# Sources/LandfallServer/LandfallServer.docc/Scaling.md; results are appended to RESULTS.md here.
#
#   Benchmarks/ClickWrites/run.sh                      # about 2 minutes
#   LINKS=100000 DURATION=5 NO_RESULTS=1 Benchmarks/ClickWrites/run.sh   # quicker, nothing appended
#   LANDFALL_BIN=/path/to/landfall Benchmarks/ClickWrites/run.sh        # that binary migrates the schema
#
# Steps: starts a throwaway PostgreSQL with scripts/with-postgres (which stops and removes it
# however the run ends); lets `landfall links list --database-url` create Landfall's schema (so
# the tables and indexes are exactly the ones Landfall makes); inserts LINKS links (1,000,000
# by default) with generate_series; then for each client count runs pgbench for DURATION
# seconds with
#   - flush.sql: one statement of up to ROWS (500, Landfall's rows per statement) distinct
#     links' counts for today, sorted by link id as Landfall sorts them (no deadlocks), and the
#     matching UPDATE of links.click_count, in one transaction;
#   - journal.sql: the flush of a second whose clicks are spread over more links than the server's
#     journal threshold (500): ROWS counts appended to click_journal in one statement and one
#     transaction (schema 7), what the server then adds to the counts in the background at the
#     flush.sql rate;
#   - lookup.sql: the one-link read of a random slug (`SELECT * FROM links WHERE host = $1 AND slug = $2`).
# Rows per second = transactions per second x the rows each wrote (counted, not assumed:
# click_counts' total and click_journal's rows before and after). Needs pgbench and psql (Debian's postgresql package).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"

if [ -z "${LANDFALL_TEST_POSTGRES_URL:-}" ]; then
    exec "$root/scripts/with-postgres" "$0" "$@"
fi

links="${LINKS:-1000000}"
rows="${ROWS:-500}"
duration="${DURATION:-15}"
clients_list="${CLIENTS:-1 2 4}"
landfall="${LANDFALL_BIN:-$root/.build/debug/landfall}"
bindir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r | head -1)"
export PATH="$bindir:$PATH"
if [ ! -x "$landfall" ]; then
    echo "error: no landfall binary at $landfall: build it (swift build --product landfall) or set LANDFALL_BIN" >&2
    exit 1
fi

base="$LANDFALL_TEST_POSTGRES_URL"
database="clickwrites"
url="${base%/*}/$database"
psql -q -X -v ON_ERROR_STOP=1 "$base" -c "CREATE DATABASE $database" >/dev/null
"$landfall" links list --database-url "$url" >/dev/null
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "== seeding $links links"
psql -q -X -v ON_ERROR_STOP=1 "$url" <<SQL
INSERT INTO links (id, host, slug, target, created_at, updated_at)
SELECT 'L' || lpad(n::text, 9, '0'), 'go.example.com', 'b' || lpad(n::text, 7, '0'),
       'https://example.com/' || n, 0, 0
FROM generate_series(0, $links - 1) AS n;
ANALYZE links;
SQL

cat >"$work/flush.sql" <<SQL
BEGIN;
INSERT INTO click_counts (link_id, day, platform, referrer_host, count)
SELECT v.id, '2026-11-27', 'desktop', '', 1
FROM (SELECT DISTINCT 'L' || lpad(floor(random() * $links)::int::text, 9, '0') AS id FROM generate_series(1, $rows)) AS v
WHERE EXISTS (SELECT 1 FROM links WHERE links.id = v.id)
ORDER BY v.id
ON CONFLICT (link_id, day, platform, referrer_host) DO UPDATE SET count = click_counts.count + excluded.count;
UPDATE links SET click_count = click_count + 1
WHERE id IN (SELECT 'L' || lpad(floor(random() * $links)::int::text, 9, '0') FROM generate_series(1, $rows));
COMMIT;
SQL
cat >"$work/journal.sql" <<SQL
BEGIN;
INSERT INTO click_journal (link_id, day, platform, referrer_host, clicks, people)
SELECT v.id, '2026-11-27', 'desktop', '', 1, 1
FROM (SELECT DISTINCT 'L' || lpad(floor(random() * $links)::int::text, 9, '0') AS id FROM generate_series(1, $rows)) AS v
ORDER BY v.id;
COMMIT;
SQL
cat >"$work/lookup.sql" <<SQL
\set n random(0, $links - 1)
SELECT * FROM links WHERE host = 'go.example.com' AND slug = 'b' || lpad(:n::text, 7, '0');
SQL

total() { psql -X -A -t "$url" -c "SELECT coalesce(sum(count), 0) FROM click_counts"; }
journaled() { psql -X -A -t "$url" -c "SELECT count(*) FROM click_journal"; }
results="$work/results.md"
cores="$(nproc)"
{
    echo
    echo "## $(date -u '+%Y-%m-%d %H:%M UTC'): $links links, $rows rows per flush statement, ${duration} s per run, $cores cores, $(postgres --version)"
    echo
    echo "| clients | flush transactions/s | click rows stored/s | journal rows appended/s | look-ups/s | look-up mean latency |"
    echo "| ---: | ---: | ---: | ---: | ---: | ---: |"
} >"$results"
for clients in $clients_list; do
    before="$(total)"
    flush_out="$(timeout $((duration + 60)) pgbench -n -M prepared --max-tries=10 -c "$clients" -j "$clients" -T "$duration" -f "$work/flush.sql" "$url" 2>&1)"
    after="$(total)"
    flush_tps="$(echo "$flush_out" | sed -n 's/^tps = \([0-9.]*\).*/\1/p')"
    rows_per_second="$(awk -v a="$after" -v b="$before" -v d="$duration" 'BEGIN { printf "%.0f", (a - b) / d }')"
    journal_before="$(journaled)"
    timeout $((duration + 60)) pgbench -n -M prepared -c "$clients" -j "$clients" -T "$duration" -f "$work/journal.sql" "$url" >/dev/null 2>&1
    journal_per_second="$(awk -v a="$(journaled)" -v b="$journal_before" -v d="$duration" 'BEGIN { printf "%.0f", (a - b) / d }')"
    lookup_out="$(timeout $((duration + 60)) pgbench -n -M prepared -c "$clients" -j "$clients" -T "$duration" -f "$work/lookup.sql" "$url" 2>&1)"
    lookup_tps="$(echo "$lookup_out" | sed -n 's/^tps = \([0-9.]*\).*/\1/p')"
    lookup_latency="$(echo "$lookup_out" | sed -n 's/^latency average = \(.*\)$/\1/p')"
    printf '| %s | %.0f | %s | %s | %.0f | %s |\n' "$clients" "$flush_tps" "$rows_per_second" "$journal_per_second" "$lookup_tps" "$lookup_latency" | tee -a "$results"
    echo "$flush_out" | grep -E "failed|retried|deadlock" || true
done
cat "$results"
if [ -z "${NO_RESULTS:-}" ]; then
    cat "$results" >>"$here/RESULTS.md"
    echo "appended to $here/RESULTS.md"
fi
