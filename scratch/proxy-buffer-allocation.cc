/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// One sender with a limited socket-buffer pool, many receivers on paths of
// the proxy paper's loss rates and delays, downloading without end: how
// fixed 16 KB send buffers, E2-ATBT and Linux's send-buffer autotuning
// share the pool.
//
//   ./ns3 run 'proxy-buffer-allocation --scheme=e2atbt --receivers=100'
//   ./ns3 run 'proxy-buffer-allocation --scheme=linux --connections'   one row per connection
//   ./ns3 run 'proxy-buffer-allocation --scheme=fixed --pool'          the pool's use over time
//   ./ns3 run 'proxy-buffer-allocation --scheme=e2atbt --csv --header' one CSV row (./figures.py)

#include "ns3/core-module.h"
#include "ns3/proxy-buffer-module.h"

#include <iomanip>
#include <iostream>

using namespace ns3;

int
main(int argc, char* argv[])
{
    BufferAllocationConfig c;
    uint32_t poolKb = c.poolBytes / 1024;
    uint32_t bufferKb = c.fixedBuffer / 1024;
    bool csv = false;
    bool header = false;
    bool connections = false;
    bool pool = false;
    CommandLine cmd(__FILE__);
    cmd.AddValue("scheme", "fixed, e2atbt or linux", c.scheme);
    cmd.AddValue("receivers", "Connections, one receiver each", c.receivers);
    cmd.AddValue("poolKb", "The sender's socket-buffer pool, KB", poolKb);
    cmd.AddValue("bufferKb", "Every send buffer at the start (all of it in 'fixed'), KB", bufferKb);
    cmd.AddValue("minDelay", "Smallest one-way delay, s", c.minDelay);
    cmd.AddValue("maxDelay", "Largest one-way delay, s", c.maxDelay);
    cmd.AddValue("warmup", "Seconds before measuring", c.warmup);
    cmd.AddValue("duration", "Seconds measured", c.duration);
    cmd.AddValue("csv", "One CSV row of totals", csv);
    cmd.AddValue("header", "With --csv: print the header first", header);
    cmd.AddValue("connections", "One CSV row per connection", connections);
    cmd.AddValue("pool", "One CSV row per sample of the pool's use", pool);
    cmd.Parse(argc, argv);
    c.poolBytes = uint64_t(poolKb) * 1024;
    c.fixedBuffer = bufferKb * 1024;
    std::string invalid = c.Validate();
    if (!invalid.empty())
    {
        std::cerr << "proxy-buffer-allocation: " << invalid << "\n";
        return 1;
    }

    BufferAllocationResult r = RunBufferAllocation(c);
    std::cout << std::setprecision(6);
    if (connections)
    {
        std::cout << "scheme,run,receiver,loss,rtt,throughput,prediction,sendbuffer\n";
        for (size_t i = 0; i < r.connections.size(); ++i)
        {
            const auto& k = r.connections[i];
            std::cout << c.scheme << "," << RngSeedManager::GetRun() << "," << i << ","
                      << k.lossRate << "," << k.rtt << "," << k.throughput << "," << k.prediction
                      << "," << k.sendBuffer << "\n";
        }
    }
    else if (pool)
    {
        std::cout << "scheme,run,time,pool\n";
        for (size_t i = 0; i < r.poolTime.size(); ++i)
        {
            std::cout << c.scheme << "," << RngSeedManager::GetRun() << "," << r.poolTime[i] << ","
                      << r.poolUse[i] << "\n";
        }
    }
    else if (csv)
    {
        if (header)
        {
            std::cout << "scheme,receivers,pool,run,aggregate,jain,jainnormalized,events\n";
        }
        std::cout << c.scheme << "," << c.receivers << "," << c.poolBytes << ","
                  << RngSeedManager::GetRun() << "," << r.aggregate << "," << r.jainThroughput
                  << "," << r.jainNormalized << "," << r.events << "\n";
    }
    else
    {
        uint64_t peak = 0;
        for (uint64_t u : r.poolUse)
        {
            peak = std::max(peak, u);
        }
        std::cout << "scheme " << c.scheme << ", " << c.receivers << " receivers, pool "
                  << c.poolBytes / 1024 << " KB\n"
                  << "aggregate throughput  " << r.aggregate / 1e6 << " Mb/s\n"
                  << "Jain index            " << r.jainThroughput << " (throughput), "
                  << r.jainNormalized << " (throughput / PFTK prediction)\n"
                  << "send buffers at peak  " << peak / 1024 << " KB\n"
                  << "events                " << r.events << "\n";
    }
    return 0;
}
