/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The proxy paper's experiment (seed 004, section 4): clients -> HTTP
// proxy -> 50 origin servers over 100 Mb/s links of the paper's loss rates
// and delays, SURGE documents, a cache hit ratio of 0.5, Nmax 200; scheme 1
// (fixed 16 KB buffers), 2 (E2-ATBT), 3 (and idle connections closed for
// new ones), 4 (and gradual release).
//
//   ./ns3 run 'proxy-buffer-proxy --scheme=3 --clients=200'
//   ./ns3 run 'proxy-buffer-proxy --scheme=1 --clients=100 --duration=60 --csv --header'
//   ./ns3 run 'proxy-buffer-proxy --scheme=3 --idlePolicy=ns3::NginxKeepalivePolicy'

#include "ns3/core-module.h"
#include "ns3/paper-experiments-module.h"
#include "ns3/proxy-buffer-module.h"
#include "ns3/tcp-host-module.h"

#include <iomanip>
#include <iostream>

using namespace ns3;

int
main(int argc, char* argv[])
{
    ProxyExperimentConfig c;
    bool csv = false;
    bool header = false;
    CommandLine cmd(__FILE__);
    cmd.AddValue("scheme",
                 "1 fixed, 2 E2-ATBT, 3 and eviction of idle ones, 4 and gradual release",
                 c.scheme);
    cmd.AddValue("clients", "Client hosts", c.clients);
    cmd.AddValue("servers", "Origin servers", c.servers);
    cmd.AddValue("maxConnections", "Nmax", c.maxConnections);
    uint64_t poolKb = c.poolBytes / 1024;
    cmd.AddValue("poolKb", "The proxy's socket-buffer pool (E2-ATBT), KB", poolKb);
    cmd.AddValue("hitRatio", "The proxy's cache hit ratio", c.hitRatio);
    cmd.AddValue("idlePolicy", "The connection manager's IdleConnectionPolicy type", c.idlePolicy);
    cmd.AddValue("upstreamPolicy",
                 "Schemes 2-4: the TcpBufferPolicy type of the proxy's connections to origins",
                 c.upstreamPolicy);
    cmd.AddValue("gapMean", "Mean pause between a client's requests, s", c.gapMean);
    cmd.AddValue("duration", "Seconds simulated", c.duration);
    cmd.AddValue("persistentTimeout",
                 "The proxy's persistent timer, s: idle connections closed after it (0: never)",
                 c.persistentTimeout);
    cmd.AddValue("msl", "Every host's maximum segment lifetime, s (TIME_WAIT is twice it)", c.msl);
    cmd.AddValue("responses",
                 "Write one CSV row per response (bytes, seconds) to this file",
                 c.responseFile);
    cmd.AddValue("stockSockets",
                 "Scheme 1 on ns-3's TcpSocketBase instead of TcpHostSocket (cost comparison)",
                 c.stockSockets);
    cmd.AddValue("csv", "One CSV row", csv);
    cmd.AddValue("header", "With --csv: print the header first", header);
    ProgramInput input("proxy-buffer-proxy", argc, argv);
    if (!input.Parse(cmd, {"scheme", "clients", "servers", "maxConnections", "poolKb"}) ||
        !input.Writable("responses", c.responseFile))
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
    ProxyExperimentResult r = RunProxyExperiment(c);
    std::cout << std::setprecision(6);
    if (csv)
    {
        if (header)
        {
            std::cout << "scheme,clients,policy,run,bytes_moved,requests,mean_response_s,pending,"
                         "mean_wait_s,refused,unavailable,evictions,events\n";
        }
        std::cout << c.scheme << "," << c.clients << "," << c.idlePolicy << ","
                  << RngSeedManager::GetRun() << "," << r.bytesMoved << "," << r.requests << ","
                  << r.meanResponse << "," << r.pending << "," << r.meanWait << "," << r.refused
                  << "," << r.unavailable << "," << r.evictions << "," << r.events << "\n";
        return 0;
    }
    std::cout << "scheme " << c.scheme << ", " << c.clients << " clients, " << c.duration << " s\n"
              << "bytes moved          " << r.bytesMoved / 1e6 << " MB\n"
              << "responses            " << r.requests << ", mean " << r.meanResponse << " s\n"
              << "pending at the end   " << r.pending << ", mean with them " << r.meanWait << " s\n"
              << "refused / 503        " << r.refused << " / " << r.unavailable << "\n"
              << "idle ones closed     " << r.evictions << " for room, " << r.timedOut
              << " timed out\n"
              << "events               " << r.events << "\n";
    return 0;
}
