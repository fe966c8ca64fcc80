#!/bin/sh
# Check the suite's patch series against an ns-3-dev tree (issue 26).
#
#   upstream/ns-3/check-series.sh /path/to/ns-3-dev [--show-red]
#
# On a new branch of that tree (its git checkout must be clean), applies
# every patch of this directory in order (git am), builds the internet
# module with its tests, and runs ns-3's own test.py on every TCP suite of
# the internet module (tcp-*) and the series' new suites; prints one line per
# suite and a summary. With --show-red it first builds the tree with each
# patch's test alone (its model change left out) and shows that test fail.
# Nothing of ns-3 is copied into this repository: the patches are diffs.
set -eu

tree=${1:?usage: check-series.sh NS3_DEV_TREE [--show-red]}
show_red=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
cd "$tree"
[ -x ./ns3 ] && [ -d src/internet ] || { echo "check-series.sh: $tree is not an ns-3 source tree" >&2; exit 1; }
base=$(git rev-parse HEAD)
echo "ns-3 tree: $tree at $(git log -1 --format='%h %cd' --date=short)"

configure() {
    ./ns3 configure --enable-tests --disable-examples --enable-modules internet -d default \
        > /tmp/check-series-configure.log 2>&1 || { echo "configure failed: /tmp/check-series-configure.log" >&2; exit 1; }
}
build() {
    ./ns3 build > /tmp/check-series-build.log 2>&1 || { echo "build failed: /tmp/check-series-build.log" >&2; exit 1; }
}
suite_result() {  # one suite's line from ns-3's test.py
    ./test.py --no-build --suite="$1" 2>/dev/null | grep -E "^(PASS|FAIL|CRASH|SKIP|VALGR)" | head -1
}
new_suites() {  # the suites a patch's test files register
    git show "$1" -- 'src/internet/test/*.cc' | grep -E '^\+.*TestSuite\("' | sed -E 's/.*TestSuite\("([^"]+)".*/\1/'
}

git checkout -q -b "suite-series-$(date +%Y%m%d%H%M%S)"
git am -q "$here"/*.patch
patches=$(git rev-list --reverse "$base"..HEAD)

if [ "$show_red" = "--show-red" ]; then
    echo "Each patch's test without its model change (must FAIL):"
    for p in $patches; do
        git checkout -q "$base"
        git show "$p" -- 'src/internet/test' 'src/internet/CMakeLists.txt' | git apply
        configure; build
        for s in $(new_suites "$p"); do
            echo "  $(git log -1 --format=%s "$p"): $(suite_result "$s")"
        done
        git checkout -q -- src/internet && git clean -q -fd src/internet/test
    done
    git checkout -q -
fi

configure; build
echo "With the series applied ($(echo "$patches" | wc -w) patch(es)):"
pass=0; fail=0
suites=$( (./test.py --list 2>/dev/null | tr -s ' \t' '\n' | grep -E '^tcp-'
           for p in $patches; do new_suites "$p"; done) | sort -u)
for s in $suites; do
    line=$(suite_result "$s")
    echo "  $line"
    case "$line" in PASS*) pass=$((pass + 1)) ;; *) fail=$((fail + 1)) ;; esac
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
