#!/usr/bin/env bash
# Measures LandfallQR (issue 16: "A QR code for a short link in under 1 ms") against segno, a
# widely used pure-Python QR encoder, on the same payloads and cases, side by side in one run,
# and appends the figures to RESULTS.md here.
#
#   Benchmarks/QRCode/run.sh                          # from anywhere; about 5 minutes once built
#   ROUNDS=1 ANCHOR_SECONDS=0.5 NO_RESULTS=1 Benchmarks/QRCode/run.sh   # a quick look, nothing appended
#
# It builds the QRCode benchmark target (Benchmarks/Benchmarks/QRCode) in release with the
# benchmark plugin and this package's build folder (--scratch-path ../.build-bench, apart from
# the main package's .build/, so it never waits on the others' debug builds), under nice -n 10
# because others compile on the same 2 cores. segno (pinned, SEGNO_VERSION) is installed from
# PyPI into a virtual environment in that build folder (.build-bench/venv-segno, ignored by git).
# Then ROUNDS rounds (3 by default), the order reversed every other round (ours, segno; segno,
# ours; ...): ours is ordo-one/benchmark's run of every case (one code per iteration, 2 s per
# case, 5 s for the worst case: p0, p50, p90, p99 and mallocs per code); segno's is anchor.py
# (timeit, repeats of about 20 ms, about ANCHOR_SECONDS per case: the median per code). The
# ratio judged is ours' p50 over segno's median in the same round, and the median of the rounds'
# ratios is the figure given: the machine is shared, and a ratio of two runs a minute apart
# cancels most of its drift. Every step runs under `timeout`, so the script stops by itself.
# Needs python3 with venv (apt-get install python3-venv) and PyPI for the first run.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
benchmarks="$(cd "$here/.." && pwd)"
root="$(cd "$benchmarks/.." && pwd)"
# median_of: the median of numbers on standard input.
. "$benchmarks/median.sh"
rounds="${ROUNDS:-3}"
anchor_seconds="${ANCHOR_SECONDS:-2}"
segno_version="${SEGNO_VERSION:-1.6.6}"
scratch="$root/.build-bench"
venv="$scratch/venv-segno"

for tool in python3 timeout swift; do
    command -v "$tool" >/dev/null || { echo "error: $tool is not installed" >&2; exit 1; }
done
case "$rounds" in '' | *[!0-9]* | 0) echo "error: ROUNDS must be a whole number of at least 1, not '$rounds'" >&2; exit 1 ;; esac

load_at_start="$(cut -d' ' -f1-3 /proc/loadavg)"

if ! "$venv/bin/python" -c "import segno, sys; sys.exit(segno.__version__ != '$segno_version')" 2>/dev/null; then
    echo "== install segno $segno_version into $venv"
    [ -x "$venv/bin/python" ] || python3 -m venv "$venv" || {
        echo "error: python3 -m venv failed (on Debian: apt-get install python3-venv)" >&2
        exit 1
    }
    timeout 300 "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "segno==$segno_version" </dev/null
fi

benchmark() { # benchmark plugin arguments
    (cd "$benchmarks" && nice -n 10 timeout "${BENCHMARK_TIMEOUT:-2400}" swift package --scratch-path "$scratch" \
        --disable-sandbox benchmark "$@" </dev/null)
}

echo "== build the QRCode benchmark (release, nice -n 10)"
# Others edit the checkout while this builds: a build that fails (a file changed under it) is
# tried again, three times in all, half a minute apart.
for attempt in 1 2 3; do
    if benchmark list --target QRCode >/dev/null; then break; fi
    [ "$attempt" = 3 ] && { echo "error: the release build failed three times" >&2; exit 1; }
    echo "build failed; trying again in 30 s" >&2
    sleep 30
done

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# ours ROUND: every case; "name p0 p50 p90 p99 mallocs" lines (ns) in $work/ours-ROUND.tsv.
run_ours() {
    echo "== round $1: LandfallQR (ordo-one/benchmark)"
    mkdir -p "$work/ours-$1"
    BENCHMARK_TIMEOUT=900 benchmark --target QRCode --no-progress --format influx --path "$work/ours-$1" >"$work/ours-$1.log"
    # Influx lines: ...,metric,unit,test,percentile,value,... (test is the benchmark's name).
    awk -F, 'FNR > 2 {
            test = $9
            if ($7 ~ /^Time/) { if ($10 == 0) p0[test] = $11; if ($10 == 50) p50[test] = $11; if ($10 == 90) p90[test] = $11; if ($10 == 99) p99[test] = $11 }
            if ($7 ~ /^Malloc/ && $10 == 50) mallocs[test] = $11
        }
        END { for (t in p50) printf "%s\t%s\t%s\t%s\t%s\t%s\n", t, p0[t], p50[t], p90[t], p99[t], mallocs[t] }' "$work/ours-$1"/*.csv \
        | sort >"$work/ours-$1.tsv"
    [ -s "$work/ours-$1.tsv" ] || { echo "error: the benchmark wrote no figures; its output:" >&2; cat "$work/ours-$1.log" >&2; exit 1; }
    awk -F'\t' '{ printf "  %-20s p50 %9.1f µs  p99 %9.1f µs\n", $1, $3 / 1000, $5 / 1000 }' "$work/ours-$1.tsv"
}

# anchor ROUND: "name median min p90 repeats number version mask" lines (ns) in $work/segno-ROUND.tsv.
run_anchor() {
    echo "== round $1: segno $segno_version (timeit)"
    timeout 900 "$venv/bin/python" "$here/anchor.py" "$anchor_seconds" </dev/null | sort >"$work/segno-$1.tsv"
    awk -F'\t' '{ printf "  %-20s median %9.1f µs  (version %s, mask %s)\n", $1, $2 / 1000, $7, $8 }' "$work/segno-$1.tsv"
}

load_before="$(cut -d' ' -f1-3 /proc/loadavg)"
for round in $(seq 1 "$rounds"); do
    if [ $((round % 2)) = 1 ]; then run_ours "$round"; run_anchor "$round"; else run_anchor "$round"; run_ours "$round"; fi
done
load_after="$(cut -d' ' -f1-3 /proc/loadavg)"

# One line per case and round: "name round p0 p50 p90 p99 mallocs segno_median segno_version ratio%".
for round in $(seq 1 "$rounds"); do
    join -t $'\t' "$work/ours-$round.tsv" "$work/segno-$round.tsv" \
        | awk -F'\t' -v r="$round" -v OFS='\t' '{ print $1, r, $2, $3, $4, $5, $6, $7, $12, 100 * $3 / $7 }'
done >"$work/joined.tsv"
cases=(
    "encode short L" "encode short M" "encode short Q" "encode short H"
    "encode long L" "encode long M" "encode long Q" "encode long H"
    "encode worst H" "svg short M" "png short M" "svg long M" "png long M" "png worst H"
    "encode+png short M" "encode varied M" "encode+png varied M"
)
field() { # case column: the column's values over the rounds, one a line
    awk -F'\t' -v c="$1" -v k="$2" '$1 == c { print $k }' "$work/joined.tsv"
}
time_of() { # ns
    awk -v v="$1" 'BEGIN { if (v >= 1e6) printf (v >= 1e8 ? "%.0f ms" : v >= 1e7 ? "%.1f ms" : "%.2f ms"), v / 1e6; else printf (v >= 1e5 ? "%.0f µs" : v >= 1e4 ? "%.1f µs" : "%.2f µs"), v / 1e3 }'
}
worst_of() { sort -g | tail -1; }
rows=""
for name in "${cases[@]}"; do
    [ -n "$(field "$name" 1)" ] || { echo "error: no figures for '$name' (ours or segno's missing)" >&2; exit 1; }
    p0="$(field "$name" 3 | median_of)"
    p50="$(field "$name" 4 | median_of)"
    p90="$(field "$name" 5 | median_of)"
    p99="$(field "$name" 6 | median_of)"
    p99_worst="$(field "$name" 6 | worst_of)"
    mallocs="$(field "$name" 7 | median_of)"
    segno="$(field "$name" 8 | median_of)"
    version="$(field "$name" 9 | head -1)"
    ratio="$(field "$name" 10 | median_of)"
    each="$(field "$name" 10 | awk '{ printf "%s%.1f", (NR > 1 ? ", " : ""), $1 }')"
    speedup="$(awk -v r="$ratio" 'BEGIN { printf "%.0f", 100 / r }')"
    rows+="| $name | $version | $(time_of "$p0") | **$(time_of "$p50")** | $(time_of "$p90") | $(time_of "$p99") ($(time_of "$p99_worst")) | ${mallocs%.0} | $(time_of "$segno") | **$ratio %** ($each) | ${speedup}× |
"
    echo "$name: ours p50 $(time_of "$p50"), p99 $(time_of "$p99"); segno $(time_of "$segno"); ours/segno $ratio % ($each)"
done

# The target: a short link's QR code as GET /v1/links/{id}/qr serves it by default (encode at M
# and draw the PNG), under 1 ms, judged on the varied short links (one link repeated lets the
# branch predictor learn its symbol, and no server draws the same link over and over), on p50 and
# on p90 (the worst of the rounds): on 2 shared cores the p99 of a 0.1-0.3 ms operation mostly
# measures when the scheduler gave the core to someone else; it is given beside the verdict.
api_p50="$(field "encode+png varied M" 4 | median_of)"
api_p90="$(field "encode+png varied M" 5 | worst_of)"
api_p99="$(field "encode+png varied M" 6 | median_of)"
api_p99_worst="$(field "encode+png varied M" 6 | worst_of)"
repeated_p50="$(field "encode+png short M" 4 | median_of)"
level_p50="$(for level in L M Q H; do field "encode short $level" 4; done | worst_of)"
verdict="$(awk -v a="$api_p50" -v b="$api_p90" 'BEGIN { print (a < 1e6 && b < 1e6 ? "met" : "missed") }')"
p99_note="$(awk -v p="$api_p99_worst" 'BEGIN { print (p < 1e6 ? "under 1 ms too" : "over 1 ms in at least one round: preemption on the shared cores, not the encoder'"'"'s work (compare p0 and p50)") }')"
statement="**Target (issue 16), a QR code for a short link in under 1 ms: $verdict.** A short link as the API serves it by default (encode at M, then the PNG at 8 pixels per module with a 4-module margin), 1,024 different links in turn, takes **$(time_of "$api_p50") at p50** and $(time_of "$api_p90") at p90 (the worst of the $rounds rounds); the same link repeated $(time_of "$repeated_p50"); encoding one link alone at L, M, Q or H at most $(time_of "$level_p50") at p50. Its p99 ($(time_of "$api_p99"), the worst round $(time_of "$api_p99_worst")) is $p99_note."
echo "$statement" | tr -d '*'

if [ -n "${NO_RESULTS:-}" ]; then
    echo "NO_RESULTS is set: nothing appended to RESULTS.md"
    exit 0
fi

# Which code was measured: the checkout's commit, the last commit that changed LandfallQR, and
# whether LandfallQR had uncommitted changes (others' edits elsewhere in Sources/ do not matter).
if git -C "$root" rev-parse --git-dir >/dev/null 2>&1; then
    code="\`$(git -C "$root" rev-parse --short HEAD)\` (LandfallQR last changed in \`$(git -C "$root" log -1 --format=%h -- Sources/LandfallQR)\`)"
    if git -C "$root" diff --quiet HEAD -- Sources/LandfallQR; then code+=", no uncommitted changes in Sources/LandfallQR"; else code+=" with uncommitted changes in Sources/LandfallQR"; fi
else
    code="a copy of the sources outside git"
fi
results="$here/RESULTS.md"
if [ ! -f "$results" ]; then
    cat >"$results" <<'EOF'
# QR codes: LandfallQR against segno

The target (issue 16, "Speed and size"): **a QR code for a short link in under 1 ms**. `run.sh`
here makes the measurement and appends one section per run below; the comments at its top say
what it does. Every case is one code: encoding (`QRCode(bytes, errorCorrection:)`: version,
Reed–Solomon, all eight masks scored) or drawing an encoded code (`svg`, `png`) at the API's
defaults, 8 pixels per module and a 4-module quiet zone. The payloads are in
[payloads.txt](payloads.txt): the short link `https://go.daily.example.com/Ab3xY9k` (36 bytes),
the same link with UTM parameters (302 bytes), and the worst case, version 40-H filled to
capacity (the long link repeated to 1,273 bytes). `encode+png short M` is what
`GET /v1/links/{id}/qr` does with its defaults; the `varied` cases do the same for 1,024
different short links in turn (other slugs, same length), and the target is judged on
`encode+png varied M`: encoding one link over and over lets the processor's branch predictor
learn that symbol's modules (the penalty rules branch on every module), which makes it about
twice as fast as a stream of different links, and no server draws one link over and over.

**The anchor** is [segno](https://pypi.org/project/segno/), a widely used QR encoder in pure
Python, timed in the same run on the same bytes (anchor.py, `timeit`). It is asked for what
LandfallQR does: byte mode with the payload as bytes (no ECI), the level asked for and no higher
(`boost_error=False`), the smallest version (both are checked to pick the versions listed in
payloads.txt, so both build the same symbols), every mask scored. Read the ratio knowing that:
- segno is interpreted Python, LandfallQR compiled Swift: a large ratio is expected, and the
  ratio is there to say how the encoder's cost moves from one run or one commit to the next on a
  noisy machine, not to rank the two.
- segno's penalty rules differ from ours in their corners (see LandfallQR's article), so the
  two may pick different masks: the amount of work is the same, the symbol may differ (on
  these payloads, at `02ef10b`, they pick the same mask for short Q and H, long M and Q, and the worst case;
  different ones for short L and M, long L and H).
- segno's PNG is compressed (zlib, level 9), LandfallQR's is stored uncompressed: segno does
  more work for a smaller file (a version 3 code: about 11 KB ours). segno's SVG draws each
  dark run as a stroked line segment of one path; ours as a rectangle subpath.
- segno's drawings write into a buffer (`io.BytesIO`); ours return a `String` or `[UInt8]`.

**Noise.** The machine has 2 cores shared with other engineers' builds and tests, and no
hardware counters: the load is given with every run, the rounds alternate which side runs
first, and the ratio given is the median of the rounds' ratios (ours' p50 over segno's median
in the same round). Ours' percentiles are the medians of the rounds' (the p99 column adds the
worst round's in brackets). The target is judged on p50 and p90: on 2 shared cores the p99 of
an operation of a tenth of a millisecond mostly measures when another process held the core.
EOF
fi
{
    echo
    echo "## $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo
    echo "- Code: LandfallQR at $code, release build; $(swift --version 2>/dev/null | head -1); segno $segno_version on $("$venv/bin/python" --version 2>&1)."
    echo "- Machine: $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')), $(free -g | awk '/^Mem:/ { print $2 }') GB, $(uname -r)."
    echo "- Load average (1, 5, 15 min): $load_at_start before the build; $load_before before the first round, $load_after after the last."
    echo "- Command: \`Benchmarks/QRCode/run.sh\` ($rounds rounds; ours: \`swift package --scratch-path ../.build-bench --disable-sandbox benchmark --target QRCode --no-progress --format influx\`, 2 s per case, 5 s for the worst case; segno: \`anchor.py $anchor_seconds\`)."
    echo
    echo "| case | version | ours p0 | ours p50 | ours p90 | ours p99 (worst round) | mallocs per code | segno median | ours ÷ segno, median (each round) | segno ÷ ours |"
    echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    printf '%s' "$rows"
    echo
    echo "$statement"
} >>"$results"
echo "appended to $results"
