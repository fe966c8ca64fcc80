#!/bin/sh
# Runs test suites, then a 200-connection run of the host model's example,
# under valgrind's memcheck with leak checking; fails on any error it reports
# (an uninitialised read, an invalid access, memory definitely lost).
# Not part of ./test.py: valgrind runs them about 100 times slower.
#   utils/valgrind-suites.sh                      # the close-path suite (tcp-host's)
#   utils/valgrind-suites.sh tw-avoid-swap-close tw-avoid-close-path
# A leak matters beyond one run: Python and test-runner run many
# simulations in one process (issue 39 found a node per host model lost).
set -e
cd "$(dirname "$0")/.."
[ -x build/bin/test-runner ] || ./ns3 build test-runner
memcheck="valgrind --error-exitcode=1 --quiet --leak-check=full --errors-for-leak-kinds=definite"
for suite in ${@:-tcp-host-close-path}; do
    # A suite whose stock ns-3 peers accept connections meets ns-3's own
    # TcpCubic copy-constructor defect there (utils/valgrind-stock-ns3.supp);
    # every other suite runs without a suppression.
    case "$suite" in
    tw-avoid-close-stress) suppress="--suppressions=utils/valgrind-stock-ns3.supp" ;;
    *) suppress="" ;;
    esac
    echo "valgrind: $suite"
    $memcheck $suppress build/bin/test-runner --suite="$suite"
done
# 200 connections (100 per second for 2 s), both nodes with the host model.
echo "valgrind: tcp-host-model-example, 200 connections"
$memcheck build/bin/tcp-host-model-example --duration=2 --rate=100 --msl=1 >/dev/null
