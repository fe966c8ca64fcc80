#!/usr/bin/env bash
# Fuzz HttpParser with libFuzzer (Debian: apt-get install clang libfuzzer-14-dev).
#
#   contrib/http/test/fuzz/run-http-parser-fuzzer.sh [SECONDS]
#   contrib/http/test/fuzz/run-http-parser-fuzzer.sh --replay
#
# Builds the parser core alone (http-parser.cc and http-message.cc, which
# include nothing from ns-3: the build fails if they do) with ASan and UBSan,
# then fuzzes for SECONDS (default 60), adding new inputs to
# http-parser-corpus/. Commit the new corpus files: ./test.py replays them
# and mutates them in a short seeded run.
#
# --replay (or no clang++): builds the same target with g++ (or clang++) and a
# plain main() instead of libFuzzer, and runs it once on every corpus file.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
model="$here/../../model"
out="${TMPDIR:-/tmp}/http-fuzz"
mkdir -p "$out/include/ns3"
for h in http-message.h http-parser.h; do
    ln -sf "$model/$h" "$out/include/ns3/$h"
done
sources=("$here/http-parser-fuzzer.cc" "$model/http-parser.cc" "$model/http-message.cc")
if [[ "${1:-}" == "--replay" ]] || ! command -v clang++ >/dev/null; then
    cxx="$(command -v clang++ || command -v g++)"
    "$cxx" -std=c++20 -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all \
        -I"$out/include" -I"$model" \
        "${sources[@]}" "$here/http-parser-fuzz-replay.cc" -o "$out/http-parser-replay"
    "$out/http-parser-replay" "$here"/http-parser-corpus/*
    exit 0
fi
clang++ -std=c++20 -g -O1 -fsanitize=fuzzer,address,undefined \
    -I"$out/include" -I"$model" \
    "${sources[@]}" -o "$out/http-parser-fuzzer"
# -merge keeps the committed corpus minimal: only inputs that add coverage.
mkdir -p "$out/new"
"$out/http-parser-fuzzer" -max_total_time="${1:-60}" -max_len=4096 "$out/new" "$here/http-parser-corpus"
"$out/http-parser-fuzzer" -merge=1 "$here/http-parser-corpus" "$out/new"
