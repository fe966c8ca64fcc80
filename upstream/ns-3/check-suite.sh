#!/bin/sh
# Build, test and verify the suite against another ns-3 (issue 26, part 2).
#
#   upstream/ns-3/check-suite.sh NS3 [VERIFY_N]
#
# NS3 is an ns-3 install prefix or a configured and built ns-3 source tree,
# as ./ns3 configure --with-ns3 takes it (for example ns-3.48, with or
# without the patch series of this directory applied: the suite's socket
# behaves the same on both, its workarounds correct on a fixed ns-3). The suite is
# configured in a build directory of its own, build-check-<name of NS3>/
# (build/ is left as it is; logs check-*.log in it), built, and tested with the suite's ./test.py;
# then ./figures.py --verify VERIFY_N (default 1) re-runs that many stored
# points of each experiment on it and says whether their rows are the
# store's (which the wheel's ns-3 3.44 made). Nothing is adopted: the store
# stays the wheel's. Prints ./test.py's last line, one line per experiment
# and "N identical, N differ" (experiments).
set -eu

ns3=${1:?usage: check-suite.sh NS3_PREFIX_OR_TREE [VERIFY_N]}
verify=${2:-1}
root=$(cd "$(dirname "$0")/../.." && pwd)
ns3=$(cd "$ns3" && pwd)
build="$root/build-check-$(basename "$ns3")"
export NS3_SUITE_BUILD_DIR="$build"
cd "$root"
mkdir -p "$build"
log="$build/check-configure-build.log"
: > "$log"

./ns3 configure --with-ns3 "$ns3" >> "$log" 2>&1 ||
    { echo "configure failed (the reason is at the end of $log):" >&2; tail -5 "$log" >&2; exit 1; }
./ns3 build >> "$log" 2>&1 || { echo "build failed: $log" >&2; exit 1; }
echo "suite built against ns-3 $(sed -n "s/^version=//p" "$build/ns3-runtime.txt") at $ns3 in $build"

echo "./test.py:"
./test.py --fullness EXTENSIVE > "$build/check-test.log" 2>&1 || true
grep -E "^(FAIL|CRASH|TIMEOUT)" "$build/check-test.log" | sed 's/^/  /' || true
echo "  $(tail -1 "$build/check-test.log")"

echo "./figures.py --verify $verify, per experiment (rows against the store's):"
same=0
differ=0
experiments=$(.venv/bin/python -c 'from figures_lib import registry, experiments; print(" ".join(registry.experiments()))')
for e in $experiments; do
    ./figures.py --only "$e" --verify "$verify" > "$build/check-verify-$e.log" 2>&1 || true
    line=$(grep "^verify: " "$build/check-verify-$e.log" || echo "verify: no result ($build/check-verify-$e.log)")
    echo "  $e: ${line#verify: }"
    case "$line" in "verify: "*" identical, 0 differ, 0 failed"*) same=$((same + 1)) ;;
                    *) differ=$((differ + 1)) ;; esac
done
echo "$same identical, $differ differ"
