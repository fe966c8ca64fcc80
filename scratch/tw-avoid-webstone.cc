/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tables 2 and 3 of the TIME_WAIT draft: WebSTONE clients against one HTTP
// server on the draft's testbed, one variant per run.
//
//   ./ns3 run 'tw-avoid-webstone --table=2 --variant=http --RngRun=2 --header'
//
// Variants: unmodified (Connection: close, TIME_WAIT at the server), tcp
// (the client hosts swap-close), http (CLIENT_CLOSE), negotiated (the ends
// agree on SYN and SYN-ACK that the client keeps TIME_WAIT). Prints one CSV row
// over the measurement interval; ./figures.py sweeps variants and runs.

#include "ns3/core-module.h"
#include "ns3/experiment-io-module.h"
#include "ns3/http-module.h"
#include "ns3/paper-experiments-module.h"
#include "ns3/tcp-host-module.h"
#include "ns3/tw-avoid-module.h"

#include <fstream>
#include <iostream>
#include <sstream>

using namespace ns3;

namespace
{
/**
 * HttpClient's RequestDone trace: one row of --requests.
 * @param out the file
 * @param prefix the row's first columns (table, variant, run)
 */
void
RequestDone(std::ofstream* out, std::string prefix, Time latency, uint64_t bodyBytes, uint16_t)
{
    *out << prefix << Simulator::Now().GetSeconds() << "," << bodyBytes << ","
         << latency.GetSeconds() * 1e3 << "\n";
}

/**
 * @param table "2" or "3"
 * @param variant the run's
 * @param s one second of the run (default: none, for the header)
 * @return the --timeline row of that second
 */
CsvRow
TimelineRow(const std::string& table,
            const std::string& variant,
            const TwAvoidWebStoneResult::Second& s)
{
    CsvRow row = CsvRow::Significant(6);
    row.Add("table", table)
        .Add("variant", variant)
        .Add("run", RngSeedManager::GetRun())
        .Add("time_s", s.time)
        .Add("server_tcb_kb", s.serverTcbKB)
        .Add("connections", s.connections)
        .Add("failed", s.failed);
    return row;
}
} // namespace

/// The program itself; main() turns a refused setting into exit 1.
static int
Run(ProgramInput& input)
{
    std::string table = "2";
    TwAvoidWebStoneConfig c; // both tables' warm-up and measurement
    // 0: the table's.
    uint32_t clientHosts = 0;
    uint32_t clientsPerHost = 0;
    bool header = false;
    std::string timeline;
    std::string requestsFile;

    input.Choice("table",
                 "2: 2 hosts x 20 clients, 9 KB-5 MB files; 3: 4 x 2, 500 B",
                 table,
                 {"2", "3"});
    input.Add("variant",
              "unmodified | tcp (swap close) | http (CLIENT_CLOSE) | negotiated",
              c.variant);
    input.Add("warmup", "time before the measurement (s if no unit)", c.warmup);
    input.Add("measure", "time measured (s if no unit)", c.measure);
    input.Add("clientHosts", "client hosts (0: the table's)", clientHosts);
    input.Add("clientsPerHost", "WebSTONE clients per host (0: the table's)", clientsPerHost);
    input.Add("requestsPerConnection", "requests per connection", c.requestsPerConnection);
    input.Add("largeMeanKb",
              "Table 2: the file mix's mean, KB (0: the suite's assumed mix, 55.3 KB; the "
              "weights above 9 KB scaled to this mean)",
              c.largeMeanKb);
    input.Add("header", "print the CSV header first", header);
    input.Add("memoryPool",
              "TcbOnly (TCBs alone draw from the server's memory) or Shared (TCBs and "
              "socket-buffer data; empty: the host profile's)",
              c.testbed.memoryPool);
    input.Add("memoryLimit",
              "the server's socket memory, bytes (-1: the host profile's; 0: no limit)",
              c.testbed.memoryLimit);
    input.Add("timeWaitTable",
              "keep TIME_WAIT in Linux's compact records (TimeWaitTable)",
              c.testbed.timeWaitTable);
    input.Add("timeWaitBuckets",
              "with --timeWaitTable: tcp_max_tw_buckets (0: the table's default)",
              c.testbed.timeWaitBuckets);
    input.Add("timeline", "also write the run second by second to this CSV file", timeline);
    input.Add("requests",
              "also write every completed request (time, body bytes, latency) to this CSV file",
              requestsFile);
    // The testbed writes the pcap files (they open in Wireshark as HTTP).
    ExperimentCapture capture;
    capture.AddOptions(input, c.testbed.pcapPrefix);
    if (!input.Parse() || !input.Writable("timeline", timeline) ||
        !input.Writable("requests", requestsFile) || !capture.CheckOutputs(input))
    {
        return 1;
    }
    const TwAvoidWebStoneConfig tables =
        table == "2" ? TwAvoidWebStoneConfig::Table2() : TwAvoidWebStoneConfig::Table3();
    c.fileSet = tables.fileSet;
    if (c.largeMeanKb != 0 && c.fileSet != "large")
    {
        input.Fail("--largeMeanKb is for Table 2's file set (--table=2)");
        return 1;
    }
    c.clientHosts = clientHosts ? clientHosts : tables.clientHosts;
    c.clientsPerHost = clientsPerHost ? clientsPerHost : tables.clientsPerHost;
    if (std::string problem = c.Validate(); !problem.empty())
    {
        input.Fail(problem);
        return 1;
    }

    // Every request as it completes: what the window's bytes per connection
    // are made of (the draft's rows have 53.1-53.4 KB; see the doc).
    std::ofstream requests;
    if (!requestsFile.empty())
    {
        requests.open(requestsFile);
        requests << "table,variant,run,time_s,body_bytes,latency_ms\n";
        std::ostringstream prefix;
        prefix << table << "," << c.variant << "," << RngSeedManager::GetRun() << ",";
        // The clients exist once the run has built its hosts, at time 0.
        Simulator::Schedule(Seconds(0), [&requests, row = prefix.str()]() {
            Config::ConnectWithoutContext(
                "/NodeList/*/ApplicationList/*/$ns3::HttpClient/RequestDone",
                MakeBoundCallback(&RequestDone, &requests, row));
        });
    }

    capture.Arm();
    TwAvoidWebStoneResult r = TwAvoidWebStoneExperiment(c).Run();
    if (requests.is_open() && !requests)
    {
        input.Fail("cannot write " + requestsFile);
        return 1;
    }
    if (!timeline.empty())
    {
        std::ofstream out(timeline);
        out << TimelineRow(table, c.variant, {}).Header() << "\n";
        for (const auto& s : r.timeline)
        {
            out << TimelineRow(table, c.variant, s).Values() << "\n";
        }
        if (!out)
        {
            input.Fail("cannot write " + timeline);
            return 1;
        }
    }

    CsvRow row = CsvRow::Fixed(4);
    row.Add("table", table)
        .Add("variant", c.variant)
        .Add("run", RngSeedManager::GetRun())
        .Add("throughput_mbps", r.throughputMbps)
        .Add("conn_per_s", r.connectionsPerSecond)
        .Add("failed_per_s", r.failedPerSecond)
        .Add("latency_ms", r.meanLatencyMs)
        .Add("server_tcb_kb", r.serverTcbMemoryKB)
        .Add("server_tcb_max_kb", r.serverTcbMemoryMaxKB)
        .Add("server_time_wait", r.serverTimeWait)
        .Add("client_time_wait", r.clientTimeWait)
        .Add("server_segments_per_conn", r.serverSegmentsPerConnection)
        .Add("server_rsts_per_conn", r.serverRstsPerConnection)
        .Add("server_tcb_lifetime_ms", r.serverTcbLifetimeMs)
        .Add("server_cpu_busy", r.serverCpuBusy)
        .Add("server_syns_turned_away", r.serverSynsTurnedAway);
    if (c.testbed.timeWaitTable)
    {
        // Runs with compact TIME_WAIT say how they ran, and how many
        // connections closed with no TIME_WAIT (the bucket limit reached).
        row.Add("memory_limit", c.testbed.memoryLimit)
            .Add("tw_buckets", c.testbed.timeWaitBuckets)
            .Add("server_time_wait_overflows", r.serverTimeWaitOverflows);
    }
    row.Add("events", r.events);
    row.Print(std::cout, header);
    return 0;
}

int
main(int argc, char* argv[])
{
    ProgramInput input("tw-avoid-webstone", argc, argv);
    return input.Run(&Run);
}
