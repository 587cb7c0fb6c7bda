# Sourced by the benchmarks' run.sh: says which code a measured landfall binary was built from,
# for the RESULTS.md line "Code:".
#
#   built_from BINARY        the commit of the checkout the binary's folder is in, if any
#   landfall_code ROOT       the code run.sh measured: LANDFALL_BIN's commit, else the
#                            checkout ROOT's (noting uncommitted changes in Sources/ or
#                            Package.swift)

# What a binary was built from: the commit of the checkout its folder is in, if any.
built_from() { # binary
    local folder
    folder="$(cd "$(dirname "$1")" && pwd)"
    if git -C "$folder" rev-parse --git-dir >/dev/null 2>&1; then
        local described="\`$(git -C "$folder" rev-parse --short HEAD)\`"
        git -C "$folder" diff --quiet HEAD -- ':/Sources' ':/Package.swift' || described+=" with uncommitted changes in Sources/ or Package.swift"
        echo "$described"
    else
        echo "a build outside git"
    fi
}

# The code measured as landfall: LANDFALL_BIN's build, or the sources of the checkout ROOT.
landfall_code() { # root
    local root="$1" code
    if [ -n "${LANDFALL_BIN:-}" ]; then
        code="$(built_from "$LANDFALL_BIN") (the binary \`$LANDFALL_BIN\`, LANDFALL_BIN)"
    elif git -C "$root" rev-parse --git-dir >/dev/null 2>&1; then
        code="\`$(git -C "$root" rev-parse --short HEAD)\`"
        git -C "$root" diff --quiet HEAD -- Sources Package.swift || code+=" with uncommitted changes in Sources/ or Package.swift"
    else
        code="a copy of the sources outside git"
    fi
    echo "$code"
}
