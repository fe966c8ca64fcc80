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
#include "ns3/http-module.h"
#include "ns3/paper-experiments-module.h"
#include "ns3/tcp-host-module.h"
#include "ns3/tw-avoid-module.h"

#include <cmath>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <limits>
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
} // namespace

int
main(int argc, char* argv[])
{
    uint32_t table = 2;
    std::string pcap;
    std::string variant = "unmodified";
    // NaN: not given, the table's own value (a negative value is an error).
    double warmup = std::numeric_limits<double>::quiet_NaN();
    double measure = std::numeric_limits<double>::quiet_NaN();
    uint32_t clientHosts = 0;
    uint32_t clientsPerHost = 0;
    uint32_t requestsPerConnection = 1;
    bool header = false;
    std::string timeline;
    std::string requestsFile;
    std::string memoryPool; // empty: the host profile's

    CommandLine cmd(__FILE__);
    cmd.AddValue("table", "2 (2 hosts x 20 clients, 9 KB-5 MB files) or 3 (4 x 2, 500 B)", table);
    cmd.AddValue("variant",
                 "unmodified | tcp (swap close) | http (CLIENT_CLOSE) | negotiated",
                 variant);
    cmd.AddValue("warmup", "seconds before the measurement (nan: the table's, 70)", warmup);
    cmd.AddValue("measure", "seconds measured (nan: the table's, 60)", measure);
    cmd.AddValue("clientHosts", "client hosts (default: the table's)", clientHosts);
    cmd.AddValue("clientsPerHost",
                 "WebSTONE clients per host (default: the table's)",
                 clientsPerHost);
    cmd.AddValue("requestsPerConnection", "requests per connection", requestsPerConnection);
    cmd.AddValue("header", "print the CSV header first", header);
    cmd.AddValue("memoryPool",
                 "TcbOnly (TCBs alone draw from the server's memory) or Shared (TCBs and "
                 "socket-buffer data; the host profile's)",
                 memoryPool);
    cmd.AddValue("timeline", "also write the run second by second to this CSV file", timeline);
    cmd.AddValue("requests",
                 "also write every completed request (time, body bytes, latency) to this CSV file",
                 requestsFile);
    cmd.AddValue("pcap",
                 "write a pcap file per host with this prefix (opens in Wireshark as HTTP)",
                 pcap);
    ProgramInput input("tw-avoid-webstone", argc, argv);
    if (!input.Parse(cmd, {"table", "clientHosts", "clientsPerHost", "requestsPerConnection"}) ||
        !input.Writable("timeline", timeline) || !input.Writable("requests", requestsFile) ||
        !input.WritablePrefix("pcap", pcap))
    {
        return 1;
    }

    if (table != 2 && table != 3)
    {
        std::cerr << "tw-avoid-webstone: --table must be 2 or 3" << std::endl;
        return 1;
    }
    TwAvoidWebStoneConfig c =
        table == 2 ? TwAvoidWebStoneConfig::Table2() : TwAvoidWebStoneConfig::Table3();
    c.variant = variant;
    c.testbed.pcapPrefix = pcap;
    c.testbed.memoryPool = memoryPool;
    c.requestsPerConnection = requestsPerConnection;
    c.clientHosts = clientHosts ? clientHosts : c.clientHosts;
    c.clientsPerHost = clientsPerHost ? clientsPerHost : c.clientsPerHost;
    c.warmup = std::isnan(warmup) ? c.warmup : Seconds(warmup);
    c.measure = std::isnan(measure) ? c.measure : Seconds(measure);
    if (std::string problem = c.Validate(); !problem.empty())
    {
        std::cerr << "tw-avoid-webstone: " << problem << std::endl;
        return 1;
    }

    // Every request as it completes: what the window's bytes per connection
    // are made of (the draft's rows have 53.1-53.4 KB; see the doc).
    std::ofstream requests;
    if (!requestsFile.empty())
    {
        requests.open(requestsFile);
        if (!requests)
        {
            std::cerr << "tw-avoid-webstone: cannot write " << requestsFile << std::endl;
            return 1;
        }
        requests << "table,variant,run,time_s,body_bytes,latency_ms\n";
        std::ostringstream prefix;
        prefix << table << "," << variant << "," << RngSeedManager::GetRun() << ",";
        // The clients exist once the run has built its hosts, at time 0.
        Simulator::Schedule(Seconds(0), [&requests, row = prefix.str()]() {
            Config::ConnectWithoutContext(
                "/NodeList/*/ApplicationList/*/$ns3::HttpClient/RequestDone",
                MakeBoundCallback(&RequestDone, &requests, row));
        });
    }

    TwAvoidWebStoneResult r = TwAvoidWebStoneExperiment(c).Run();
    if (!timeline.empty())
    {
        std::ofstream out(timeline);
        if (!out)
        {
            std::cerr << "tw-avoid-webstone: cannot write " << timeline << std::endl;
            return 1;
        }
        out << "table,variant,run,time_s,server_tcb_kb,connections,failed\n";
        for (const auto& s : r.timeline)
        {
            out << table << "," << variant << "," << RngSeedManager::GetRun() << "," << s.time
                << "," << s.serverTcbKB << "," << s.connections << "," << s.failed << "\n";
        }
    }

    if (header)
    {
        std::cout << "table,variant,run,throughput_mbps,conn_per_s,failed_per_s,latency_ms,"
                     "server_tcb_kb,server_tcb_max_kb,server_time_wait,client_time_wait,"
                     "server_segments_per_conn,server_rsts_per_conn,server_tcb_lifetime_ms,"
                     "server_cpu_busy,server_syns_turned_away,events"
                  << std::endl;
    }
    std::cout << std::fixed << std::setprecision(4) << table << "," << variant << ","
              << RngSeedManager::GetRun() << "," << r.throughputMbps << ","
              << r.connectionsPerSecond << "," << r.failedPerSecond << "," << r.meanLatencyMs << ","
              << r.serverTcbMemoryKB << "," << r.serverTcbMemoryMaxKB << "," << r.serverTimeWait
              << "," << r.clientTimeWait << "," << r.serverSegmentsPerConnection << ","
              << r.serverRstsPerConnection << "," << r.serverTcbLifetimeMs << "," << r.serverCpuBusy
              << "," << r.serverSynsTurnedAway << "," << r.events << std::endl;
    return 0;
}
