/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// libFuzzer target for HttpParser (see run-http-parser-fuzzer.sh). Each
// input is parsed as requests and as responses answering GETs, HEADs, or
// both in turn (so 1xx, 204, 304 and HEAD framing are reached), whole, byte
// by byte, every 7 bytes and at four points drawn from the input itself. It
// aborts when an invariant of http-parser-invariants.h fails; the sanitizers
// catch memory errors. Inputs it finds go into http-parser-corpus/, which
// the http-parser test suite replays and mutates on every ./test.py.

#include "http-parser-invariants.h"

#include <cstdio>
#include <cstdlib>

extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    // Cut points from an FNV-1a hash of the input: the same for every run.
    uint64_t h = 14695981039346656037ULL;
    for (size_t i = 0; i < size; ++i)
    {
        h = (h ^ data[i]) * 1099511628211ULL;
    }
    std::vector<size_t> cuts;
    for (int k = 0; k < 4; ++k)
    {
        cuts.push_back(h % (size + 1));
        h = h * 6364136223846793005ULL + 1442695040888963407ULL;
    }
    std::string problem = ns3::http_fuzz::CheckInvariants(data, size, {cuts});
    if (!problem.empty())
    {
        std::fprintf(stderr, "HttpParser invariant failed: %s\n", problem.c_str());
        std::abort();
    }
    return 0;
}
