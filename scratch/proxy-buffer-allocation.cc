/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// One sender with a limited socket-buffer pool, many receivers on paths of
// the proxy paper's loss rates and delays, downloading without end: how
// fixed 16 KB send buffers, E2-ATBT and Linux's send-buffer autotuning
// share the pool.
//
//   ./ns3 run 'proxy-buffer-allocation --scheme=e2atbt --receivers=100'
//   ./ns3 run 'proxy-buffer-allocation --scheme=e2atbt --csv --header' one CSV row (./figures.py)
//   ./ns3 run 'proxy-buffer-allocation --scheme=linux --connectionsFile=c.csv --timeline=t.csv'
//       and per connection (c.csv), and the send buffers' sum over time (t.csv)

#include "ns3/core-module.h"
#include "ns3/experiment-io-module.h"
#include "ns3/paper-experiments-module.h"
#include "ns3/proxy-buffer-module.h"
#include "ns3/tcp-host-module.h"

#include <fstream>
#include <iomanip>
#include <iostream>

using namespace ns3;

/// The program itself; main() turns a refused setting into exit 1.
static int
Run(ProgramInput& input)
{
    BufferAllocationConfig c;
    uint32_t poolKb = c.poolBytes / 1024;
    uint32_t bufferKb = c.fixedBuffer / 1024;
    bool csv = false;
    bool header = false;
    std::string connectionsFile;
    std::string timeline;
    input.Add("scheme", "fixed, e2atbt or linux", c.scheme);
    input.Add("receivers", "Connections, one receiver each", c.receivers);
    input.Add("poolKb", "The sender's socket-buffer pool, KB", poolKb);
    input.Add("bufferKb", "Every send buffer at the start (all of it in 'fixed'), KB", bufferKb);
    input.Add("minDelay", "Smallest one-way delay, s", c.minDelay);
    input.Add("maxDelay", "Largest one-way delay, s", c.maxDelay);
    input.Add("warmup", "Seconds before measuring", c.warmup);
    input.Add("duration", "Seconds measured", c.duration);
    input.Add("csv", "One CSV row of totals", csv);
    input.Add("header", "With --csv: print the header first", header);
    input.Add("connectionsFile", "Write one CSV row per connection to this file", connectionsFile);
    input.Add("timeline", "Write the send buffers' sum over time to this CSV file", timeline);
    ExperimentCapture capture;
    capture.AddOptions(input);
    if (!input.Parse() || !input.Writable("connectionsFile", connectionsFile) ||
        !input.Writable("timeline", timeline) || !capture.CheckOutputs(input))
    {
        return 1;
    }
    if (poolKb == 0)
    {
        input.Fail("--poolKb must be at least 1");
        return 1;
    }
    c.poolBytes = uint64_t(poolKb) * 1024;
    c.fixedBuffer = bufferKb * 1024;
    std::string invalid = c.Validate();
    if (!invalid.empty())
    {
        std::cerr << "proxy-buffer-allocation: " << invalid << "\n";
        return 1;
    }

    std::ofstream connectionsOut;
    std::ofstream timelineOut;
    for (auto& [name, out] :
         {std::pair<const std::string&, std::ofstream&>{connectionsFile, connectionsOut},
          {timeline, timelineOut}})
    {
        if (!name.empty())
        {
            out.open(name);
            if (!out)
            {
                std::cerr << "proxy-buffer-allocation: cannot write " << name << "\n";
                return 1;
            }
            out << std::setprecision(6);
        }
    }

    capture.Arm();
    BufferAllocationResult r = RunBufferAllocation(c);
    std::cout << std::setprecision(6);
    if (connectionsOut.is_open())
    {
        connectionsOut << "receiver,loss,rtt,throughput,prediction,sendbuffer\n";
        for (size_t i = 0; i < r.connections.size(); ++i)
        {
            const auto& k = r.connections[i];
            connectionsOut << i << "," << k.lossRate << "," << k.rtt << "," << k.throughput << ","
                           << k.prediction << "," << k.sendBuffer << "\n";
        }
    }
    if (timelineOut.is_open())
    {
        timelineOut << "time,pool\n";
        for (size_t i = 0; i < r.sampleTime.size(); ++i)
        {
            timelineOut << r.sampleTime[i] << "," << r.sendBuffers[i] << "\n";
        }
    }
    uint64_t peak = 0;
    for (uint64_t u : r.sendBuffers)
    {
        peak = std::max(peak, u);
    }
    if (csv)
    {
        CsvRow row = CsvRow::Significant(6);
        row.Add("scheme", c.scheme)
            .Add("receivers", c.receivers)
            .Add("pool_kb", poolKb)
            .Add("run", RngSeedManager::GetRun())
            .Add("aggregate_mbps", r.aggregate / 1e6)
            .Add("jain", r.jainThroughput)
            .Add("jain_normalized", r.jainNormalized)
            .Add("pool_use", r.poolUse)
            .Add("events", r.events);
        row.Print(std::cout, header);
    }
    else
    {
        std::cout << "scheme " << c.scheme << ", " << c.receivers << " receivers, pool " << poolKb
                  << " KB\n"
                  << "aggregate throughput  " << r.aggregate / 1e6 << " Mb/s\n"
                  << "Jain index            " << r.jainThroughput << " (throughput), "
                  << r.jainNormalized << " (throughput / PFTK prediction)\n"
                  << "send buffers          " << r.poolUse * 100
                  << " % of the pool while measured, " << peak / 1024 << " KB at peak\n"
                  << "events                " << r.events << "\n";
    }
    return 0;
}

int
main(int argc, char* argv[])
{
    ProgramInput input("proxy-buffer-allocation", argc, argv);
    return input.Run(&Run);
}
