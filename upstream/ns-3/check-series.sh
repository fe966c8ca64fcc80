#!/bin/sh
# Check the suite's patch series against an ns-3-dev tree (issue 26).
#
#   upstream/ns-3/check-series.sh /path/to/ns-3-dev [--show-red [NNNN...]]
#
# Applies every patch of this directory, in order, to the tree's working
# copy (git apply: the modules the patches touch, src/internet, src/network
# and src/traffic-control, must be unmodified; nothing is committed), builds
# the internet module and the modules it depends on (network and
# traffic-control among them) with their tests, runs ns-3's own test.py on
# every TCP suite of the internet module (tcp, tcp-*) and the series' new
# suites, and prints one line per suite and "N passed, N failed". With
# --show-red it first builds the tree with each patch's test alone (its
# model change left out) and shows that test fail (the cost patches, 0018,
# 0019, 0021 and 0022, have tests that pass without their change); patch
# numbers after --show-red (e.g. 0021 0022) limit it to those patches. At
# the end those modules are as they were (the series' new files removed).
# Nothing of ns-3 is copied into this repository: the patches are diffs.
set -eu

tree=${1:?usage: check-series.sh NS3_DEV_TREE [--show-red [NNNN...]]}
show_red=${2:-}
shift $(($# < 2 ? $# : 2))
red_only="$*"  # patch numbers for --show-red; none: every patch
here=$(cd "$(dirname "$0")" && pwd)
cd "$tree"
[ -x ./ns3 ] && [ -d src/internet ] || { echo "check-series.sh: $tree is not an ns-3 source tree" >&2; exit 1; }
modules=$(sed -n 's|^diff --git a/\(src/[^/]*\)/.*|\1|p' "$here"/*.patch | sort -u)  # src/internet ...
[ -z "$(git status --porcelain -- $modules)" ] ||
    { echo "check-series.sh: $tree has local changes in" $modules >&2; exit 1; }
echo "ns-3 tree: $tree at $(git log -1 --format='%h %cd' --date=short)"

added=$(for p in "$here"/*.patch; do grep -A1 '^--- /dev/null' "$p" | sed -n 's|^+++ b/||p'; done)
restore() { git checkout -q -- $modules && rm -f $added; }  # the series' new files only
trap restore EXIT
configure() {
    ./ns3 configure --enable-tests --disable-examples --enable-modules internet -d default \
        > /tmp/check-series-configure.log 2>&1 || { echo "configure failed: /tmp/check-series-configure.log" >&2; exit 1; }
}
build() {
    ./ns3 build > /tmp/check-series-build.log 2>&1 || { echo "build failed: /tmp/check-series-build.log" >&2; exit 1; }
}
suite_result() {  # one suite's line from ns-3's test.py, e.g. "PASS: TestSuite tcp-timestamp"
    ./test.py --no-build --suite="$1" 2>/dev/null | sed 's/\x1b\[[0-9;]*m//g' |
        grep -E "(PASS|FAIL|CRASH|SKIP|VALGR)[A-Z]*: TestSuite" | head -1 | sed 's/^\[[0-9/]*\] //'
}
new_suites() {  # the suites a patch's test files register
    grep -E '^\+.*TestSuite\("' "$1" | sed -E 's/.*TestSuite\("([^"]+)".*/\1/'
}
patches=$(ls "$here"/*.patch)

if [ "$show_red" = "--show-red" ]; then
    echo "Each patch's test without its model change (must FAIL):"
    configure
    for p in $patches; do
        if [ -n "$red_only" ]; then
            case " $red_only " in *" $(basename "$p" | cut -c1-4) "*) ;; *) continue ;; esac
        fi
        git apply --include='src/*/test/*' --include='src/*/CMakeLists.txt' "$p"
        build
        for s in $(new_suites "$p"); do
            echo "  $(basename "$p"): $(suite_result "$s")"
        done
        restore
    done
fi

for p in $patches; do
    git apply "$p"
done
configure
build
echo "With the series applied ($(echo "$patches" | wc -w) patch(es)):"
suites=$( (./test.py --list 2>/dev/null | tr -s ' \t' '\n' | grep -E '^tcp(-|$)'
           for p in $patches; do new_suites "$p"; done) | sort -u)
pass=0
fail=0
for s in $suites; do
    line=$(suite_result "$s")
    echo "  ${line:-NO RESULT: TestSuite $s}"
    case "$line" in PASS*) pass=$((pass + 1)) ;; *) fail=$((fail + 1)) ;; esac
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
