/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// libFuzzer target for HttpParser (see run-http-parser-fuzzer.sh). It aborts
// when an invariant of http-parser-invariants.h fails; the sanitizers catch
// memory errors. Inputs it finds go into http-parser-corpus/, which the
// http-parser test suite replays on every ./test.py.

#include "http-parser-invariants.h"

#include <cstdio>
#include <cstdlib>

extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    std::string problem = ns3::http_fuzz::CheckInvariants(data, size);
    if (!problem.empty())
    {
        std::fprintf(stderr, "HttpParser invariant failed: %s\n", problem.c_str());
        std::abort();
    }
    return 0;
}
