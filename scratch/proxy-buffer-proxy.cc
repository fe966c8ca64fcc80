/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The proxy paper's experiment (seed 004, section 4): clients -> HTTP
// proxy -> 50 origin servers over 100 Mb/s links of the paper's loss rates
// and delays, SURGE user equivalents asking for SURGE documents, a cache hit
// ratio of 0.5, Nmax 200, a 3200 KB pool for every connection's buffers,
// persistent timers of 15 s; scheme 1 (fixed 16 KB buffers), 2 (E2-ATBT),
// 3 (and idle connections closed for new ones), 4 (and gradual release).
//
//   ./ns3 run 'proxy-buffer-proxy --scheme=3 --clients=200'
//   ./ns3 run 'proxy-buffer-proxy --scheme=1 --clients=100 --duration=60 --csv --header'
//   ./ns3 run 'proxy-buffer-proxy --scheme=3 --idlePolicy=ns3::NginxKeepalivePolicy'

#include "ns3/core-module.h"
#include "ns3/experiment-io-module.h"
#include "ns3/paper-experiments-module.h"
#include "ns3/proxy-buffer-module.h"
#include "ns3/tcp-host-module.h"

#include <iomanip>
#include <iostream>

using namespace ns3;

/// The program itself; main() turns a refused setting into exit 1.
static int
Run(ProgramInput& input)
{
    ProxyExperimentConfig c;
    bool csv = false;
    bool header = false;
    input.Add("scheme",
              "1 fixed, 2 E2-ATBT, 3 and eviction of idle ones, 4 and gradual release",
              c.scheme);
    input.Add("clients", "Client hosts", c.clients);
    input.Add("servers", "Origin servers", c.servers);
    input.Add("maxConnections", "Nmax", c.maxConnections);
    uint64_t poolKb = c.poolBytes / 1024;
    input.Add("poolKb", "The proxy's socket-buffer pool (E2-ATBT), KB", poolKb);
    input.Add("hitRatio", "The proxy's cache hit ratio", c.hitRatio);
    input.Add("idlePolicy", "The connection manager's IdleConnectionPolicy type", c.idlePolicy);
    input.Add("upstreamPolicy",
              "Schemes 2-4: the TcpBufferPolicy type of the proxy's connections to origins",
              c.upstreamPolicy);
    input.Add("duration", "Seconds simulated", c.duration);
    input.Add("persistentTimeout",
              "The proxy's persistent timer, s: idle connections closed after it (0: never)",
              c.persistentTimeout);
    input.Add("originKeepAlive",
              "Origins' keep-alive timeout, s (0: the whole run)",
              c.originKeepAlive);
    input.Add("originMaxRequests",
              "Requests an origin serves on a connection before closing it",
              c.originMaxRequests);
    input.Add("msl", "Every host's maximum segment lifetime, s (TIME_WAIT is twice it)", c.msl);
    input.Add("responses",
              "Write one CSV row per request due (document bytes, seconds waited, answered) "
              "to this file",
              c.responseFile);
    input.Add("stockSockets",
              "Scheme 1 on ns-3's TcpSocketBase instead of TcpHostSocket (cost comparison)",
              c.stockSockets);
    input.Add("csv", "One CSV row", csv);
    input.Add("header", "With --csv: print the header first", header);
    ExperimentCapture capture;
    capture.AddOptions(input);
    if (!input.Parse() || !input.Writable("responses", c.responseFile) ||
        !capture.CheckOutputs(input))
    {
        return 1;
    }
    c.poolBytes = poolKb * 1024;
    std::string invalid = c.Validate();
    if (!invalid.empty())
    {
        std::cerr << "proxy-buffer-proxy: " << invalid << "\n";
        return 1;
    }
    capture.Arm();
    ProxyExperimentResult r = RunProxyExperiment(c);
    if (csv)
    {
        CsvRow row = CsvRow::Significant(6);
        row.Add("scheme", c.scheme)
            .Add("clients", c.clients)
            .Add("policy", c.idlePolicy)
            .Add("run", RngSeedManager::GetRun())
            .Add("bytes_moved", r.bytesMoved)
            .Add("requests", r.requests)
            .Add("mean_response_s", r.meanResponse)
            .Add("pending", r.pending)
            .Add("mean_wait_s", r.meanWait)
            .Add("refused", r.refused)
            .Add("client_refused", r.clientRefused)
            .Add("connections", r.connections)
            .Add("unavailable", r.unavailable)
            .Add("evictions", r.evictions)
            .Add("timed_out", r.timedOut)
            .Add("events", r.events);
        row.Print(std::cout, header);
        return 0;
    }
    std::cout << std::setprecision(6);
    std::cout << "scheme " << c.scheme << ", " << c.clients << " clients, " << c.duration << " s\n"
              << "bytes moved          " << r.bytesMoved / 1e6 << " MB\n"
              << "responses            " << r.requests << ", mean " << r.meanResponse << " s\n"
              << "pending at the end   " << r.pending << ", mean with them " << r.meanWait << " s\n"
              << "SYNs refused / 503   " << r.refused << " / " << r.unavailable << "\n"
              << "client connections   " << r.connections << ", " << r.clientRefused
              << " given up (SYN retries out)\n"
              << "idle ones closed     " << r.evictions << " for room, " << r.timedOut
              << " timed out\n"
              << "events               " << r.events << "\n";
    return 0;
}

int
main(int argc, char* argv[])
{
    ProgramInput input("proxy-buffer-proxy", argc, argv);
    return input.Run(&Run);
}
