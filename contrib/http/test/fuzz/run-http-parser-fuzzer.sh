#!/usr/bin/env bash
# Fuzz HttpParser with libFuzzer (Debian: apt-get install clang libfuzzer-14-dev).
#
#   contrib/http/test/fuzz/run-http-parser-fuzzer.sh [SECONDS]
#
# Builds the parser alone (it needs nothing from ns-3) with ASan and UBSan,
# then fuzzes for SECONDS (default 60), adding new inputs to
# http-parser-corpus/. Commit the new corpus files: ./test.py replays them.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
model="$here/../../model"
out="${TMPDIR:-/tmp}/http-fuzz"
mkdir -p "$out/include/ns3"
for h in http-message.h http-parser.h; do
    ln -sf "$model/$h" "$out/include/ns3/$h"
done
clang++ -std=c++20 -g -O1 -fsanitize=fuzzer,address,undefined \
    -I"$out/include" -I"$model" \
    "$here/http-parser-fuzzer.cc" "$model/http-parser.cc" "$model/http-message.cc" \
    -o "$out/http-parser-fuzzer"
# -merge keeps the committed corpus minimal: only inputs that add coverage.
mkdir -p "$out/new"
"$out/http-parser-fuzzer" -max_total_time="${1:-60}" -max_len=4096 "$out/new" "$here/http-parser-corpus"
"$out/http-parser-fuzzer" -merge=1 "$here/http-parser-corpus" "$out/new"
