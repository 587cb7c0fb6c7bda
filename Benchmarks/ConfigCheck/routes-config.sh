#!/usr/bin/env bash
# Writes to standard output a site configuration (landfall.yml) with N routes, N the first
# argument: the demo's hosts and app, then routes of the kinds a big site has, each with an
# example URL and a page title, every one valid, so that `landfall config check` runs every
# check and accepts it.
#
#   Benchmarks/ConfigCheck/routes-config.sh 2000 > /tmp/landfall-2000.yml
set -euo pipefail

count="${1:?usage: routes-config.sh N (the number of routes)}"
case "$count" in ''|*[!0-9]*) echo "error: N must be a whole number of routes, not '$count'" >&2; exit 2 ;; esac

cat <<'YAML'
site:
  name: Many Routes
  timeZone: UTC
  home: /section0/index

hosts:
  site: big.example.com
  links: go.big.example.com

apps:
  - name: big
    ios:
      teamID: ABCDE12345
      bundleID: com.example.big
    android:
      package: com.example.big
      sha256:
        - 14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5

routes:
YAML

awk -v count="$count" 'BEGIN {
    for (i = 0; i < count; i++) {
        # Four kinds in turn: a literal path, one parameter, two parameters, an optional tail.
        kind = i % 4
        if (kind == 0) { pattern = "/section" i "/index"; example = pattern }
        else if (kind == 1) { pattern = "/section" i "/:id"; example = "/section" i "/42" }
        else if (kind == 2) { pattern = "/section" i "/:year/:slug"; example = "/section" i "/2026/spring" }
        else { pattern = "/section" i "(/*rest)"; example = "/section" i "/a/b" }
        printf "  - name: route%d\n    pattern: %s\n    examples: [https://big.example.com%s]\n    page:\n      title: Route %d\n\n", i, pattern, example, i
    }
}'
