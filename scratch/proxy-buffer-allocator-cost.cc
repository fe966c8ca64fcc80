/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// What E2-ATBT costs with N connections (bench/bench-e2atbt.py): N
// connections with measurements spread over the paper's loss rates and RTTs
// arrive (timed: the cost of an arrival), half of them fed by another
// (paired); then --evaluations full evaluations are timed together, and
// --changes departures each followed by an arrival (the cost of a change
// between two evaluations, which should not grow with N). Prints one CSV row.
//
//   ./ns3 run 'proxy-buffer-allocator-cost --connections=10000 --header'

#include "ns3/core-module.h"
#include "ns3/experiment-io-module.h"
#include "ns3/proxy-buffer-module.h"
#include "ns3/tcp-host-module.h"

#include <chrono>
#include <iostream>

using namespace ns3;

/// The program itself; main() turns a refused setting into exit 1.
static int
Run(ProgramInput& input)
{
    uint32_t n = 1000;
    uint32_t evaluations = 20;
    uint32_t changes = 1000;
    bool header = false;
    input.Add("connections", "Connections registered", n);
    input.Add("evaluations", "Evaluations timed", evaluations);
    input.Add("changes", "Departures, each followed by an arrival, timed", changes);
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
    auto add = [&allocator, &measurements, &applied](uint32_t i) {
        return allocator->Add(
            Callback<E2AtbtAllocator::Measurement>(
                [&measurements, i]() { return measurements[i]; }),
            Callback<void, uint64_t>([&applied](uint64_t bytes) { applied += bytes; }));
    };
    using Clock = std::chrono::steady_clock;
    auto since = [](Clock::time_point start) {
        return std::chrono::duration<double>(Clock::now() - start).count();
    };
    // Arrivals between two evaluations (the simulator never runs here, so
    // the periodic evaluation never comes).
    std::vector<uint32_t> ids;
    auto start = Clock::now();
    for (uint32_t i = 0; i < n; ++i)
    {
        ids.push_back(add(i));
    }
    double arrivals = since(start);
    for (uint32_t i = 1; i < n; i += 2)
    {
        allocator->Pair(ids[i], ids[i - 1]); // half the connections are fed by another
    }
    start = Clock::now();
    for (uint32_t k = 0; k < evaluations; ++k)
    {
        allocator->Evaluate();
    }
    double seconds = since(start);
    // Changes: the feeding connections leave and come back, in turn.
    start = Clock::now();
    for (uint32_t k = 0; k < changes; ++k)
    {
        uint32_t i = (2 * k) % n;
        allocator->Remove(ids[i]);
        ids[i] = add(i);
    }
    double changed = since(start);
    CsvRow row = CsvRow::Significant(6);
    row.Add("connections", n)
        .Add("evaluations", evaluations)
        .Add("seconds_per_evaluation", seconds / evaluations)
        .Add("seconds_per_arrival", arrivals / n)
        .Add("changes", changes)
        .Add("seconds_per_change", changes == 0 ? 0.0 : changed / changes)
        .Add("applied", applied);
    row.Print(std::cout, header);
    return 0;
}

int
main(int argc, char* argv[])
{
    ProgramInput input("proxy-buffer-allocator-cost", argc, argv);
    return input.Run(&Run);
}
