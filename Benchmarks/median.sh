# Sourced by the benchmarks' run.sh: the median of the numbers on standard input, one per line,
# written with one decimal (the figure judged against a target: the median of the rounds'
# paired ratios).
#
#   printf '%s\n' 91.2 88.0 95.4 | median_of    # 91.2
median_of() {
    sort -g | awk '{ v[NR] = $1 } END { printf "%.1f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
