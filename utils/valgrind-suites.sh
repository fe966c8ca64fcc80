#!/bin/sh
# Runs test suites under valgrind's memcheck; fails on any error it reports
# (an uninitialised read, an invalid access, a leak of a definite kind).
# Not part of ./test.py: valgrind runs them about 100 times slower.
#   utils/valgrind-suites.sh                      # the close-path suite (tcp-host's)
#   utils/valgrind-suites.sh tw-avoid-swap-close tw-avoid-close-path
set -e
cd "$(dirname "$0")/.."
[ -x build/bin/test-runner ] || ./ns3 build test-runner
for suite in ${@:-tcp-host-close-path}; do
    echo "valgrind: $suite"
    valgrind --error-exitcode=1 --quiet build/bin/test-runner --suite="$suite"
done
