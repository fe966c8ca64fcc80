/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Wall time of one E2-ATBT evaluation with N connections (bench/bench-e2atbt.py):
// N connections with measurements spread over the paper's loss rates and
// RTTs, half of them fed by another (paired), registered (each arrival
// evaluates; not timed), then --evaluations evaluations timed together.
// Prints one CSV row.
//
//   ./ns3 run 'proxy-buffer-allocator-cost --connections=10000 --header'

#include "ns3/core-module.h"
#include "ns3/proxy-buffer-module.h"
#include "ns3/tcp-host-module.h"

#include <chrono>
#include <iostream>

using namespace ns3;

int
main(int argc, char* argv[])
{
    uint32_t n = 1000;
    uint32_t evaluations = 20;
    bool header = false;
    ProgramInput input("proxy-buffer-allocator-cost", argc, argv);
    input.Add("connections", "Connections registered", n);
    input.Add("evaluations", "Evaluations timed", evaluations);
    input.Add("header", "Print the CSV header first", header);
    if (!input.Parse())
    {
        return 1;
    }
    if (n == 0 || evaluations == 0)
    {
        input.Fail("--connections and --evaluations must be at least 1");
        return 1;
    }

    const double losses[] = {0.0001, 0.0005, 0.001, 0.005, 0.01};
    std::vector<E2AtbtAllocator::Measurement> measurements(n);
    for (uint32_t i = 0; i < n; ++i)
    {
        auto& m = measurements[i];
        m.lossRatio = losses[i % 5];
        m.rtt = MilliSeconds(20 + (i * 37) % 380);
        m.rto = Seconds(1);
        m.segmentSize = 1448;
    }
    uint64_t applied = 0;
    Ptr<E2AtbtAllocator> allocator = CreateObject<E2AtbtAllocator>();
    // The pool it divides is its node's socket memory: here the allocator's
    // own, the paper's 3200 KB (without it the allocator refuses to run).
    SocketMemory::Of(allocator)->SetAttribute("Limit", UintegerValue(3200 * 1024));
    allocator->SetAttribute("Interval", TimeValue(Time(0))); // only the evaluations timed
    std::vector<uint32_t> ids;
    for (uint32_t i = 0; i < n; ++i)
    {
        ids.push_back(allocator->Add(
            Callback<E2AtbtAllocator::Measurement>(
                [&measurements, i]() { return measurements[i]; }),
            Callback<void, uint64_t>([&applied](uint64_t bytes) { applied += bytes; })));
    }
    for (uint32_t i = 1; i < n; i += 2)
    {
        allocator->Pair(ids[i], ids[i - 1]); // half the connections are fed by another
    }
    auto start = std::chrono::steady_clock::now();
    for (uint32_t k = 0; k < evaluations; ++k)
    {
        allocator->Evaluate();
    }
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CsvRow row = CsvRow::Significant(6);
    row.Add("connections", n)
        .Add("evaluations", evaluations)
        .Add("seconds_per_evaluation", seconds / evaluations)
        .Add("applied", applied);
    row.Print(std::cout, header);
    return 0;
}
