#!/bin/sh
# google/packetdrill's TCP scripts through build/bin/packetdrill, one line of
# counts per directory of gtests/net/tcp, then each script's line with -v.
# The scripts are not in this repository: give a checkout of
# https://github.com/google/packetdrill.
#
#   contrib/packetdrill/test/google-corpus.sh CHECKOUT [-v] [packetdrill options]
set -eu
if [ $# -lt 1 ] || [ ! -d "$1/gtests/net/tcp" ]; then
    echo "usage: $0 CHECKOUT-OF-google/packetdrill [-v] [--socket=stock ...]" >&2
    exit 2
fi
checkout=$1
shift
verbose=false
if [ "${1:-}" = "-v" ]; then
    verbose=true
    shift
fi
program=$(cd "$(dirname "$0")/../../.." && pwd)/build/bin/packetdrill
for dir in "$checkout"/gtests/net/tcp/*/; do
    scripts=$(find "$dir" -name '*.pkt' | sort)
    [ -n "$scripts" ] || continue
    # shellcheck disable=SC2086 # one argument per script
    out=$("$program" "$@" $scripts) || true
    if $verbose; then
        printf '%s\n' "$out" | sed '$d'
    fi
    printf '%s: %s\n' "$(basename "$dir")" "$(printf '%s\n' "$out" | tail -n 1)"
done
