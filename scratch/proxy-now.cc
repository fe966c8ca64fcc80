/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The proxy paper's proxy today: a reverse proxy on Linux 6 hosts (the
// Linux-6 profile on the proxy, its clients and its origins: 60-s
// TIME_WAIT in records, the kernel's queues, today's delayed ACK, initial
// window and buffers), thousands of clients, and Linux's choice of the
// local port of each connect() towards the origins: per destination from
// ip_local_port_range, with tcp_tw_reuse. One proxy address towards few
// origins has a finite port budget per origin (28 232 ports by default);
// TIME_WAIT on the proxy's side of its upstream connections spends it.
//
// The defaults are documented ones, not fitted: nginx's keepalive_timeout
// (75 s) as the persistent timer, and its upstream default (HTTP/1.0
// without the keepalive directive: one request per upstream connection,
// --originMaxRequests 1); Apache 2.4's KeepAliveTimeout (5 s) at the
// origins; Nmax and the pool scaled with the clients (the paper's 4
// connections and 64 KB per client) up to what Linux lets TCP take of the
// proxy host's memory (tcp_mem's hard limit: 2.25 GiB of 24 GiB, the host
// the Linux-6 profile describes). The clients share 100 hosts, each with
// its own path to the proxy: the users behind one access network; they
// start over 4.5 s, a SURGE user's mean time between requests.
// proxy-buffer.rst, "The proxy today", gives the sources.
//
//   ./ns3 run 'proxy-now --clients=5000 --placement=swap --twReuse=Off'
//   ./ns3 run 'proxy-now --clients=2000 --duration=70 --csv --header'

#include "ns3/core-module.h"
#include "ns3/experiment-io-module.h"
#include "ns3/paper-experiments-module.h"
#include "ns3/proxy-buffer-module.h"
#include "ns3/tcp-host-module.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <iostream>

using namespace ns3;

namespace
{

/// Linux's TCP memory limits on a host, in bytes (4-KiB pages).
struct TcpMem
{
    uint64_t pressure; //!< tcp_mem[1]: above it, memory pressure
    uint64_t hard;     //!< tcp_mem[2]: the hard limit
};

/**
 * Linux's tcp_mem on a host of the given memory: tcp_init_mem() takes a
 * sixteenth of the free buffer pages (taken here as all of them) as
 * tcp_mem[1] (6.25 % of the memory), three quarters of it as tcp_mem[0]
 * and twice that as tcp_mem[2] (9.37 %).
 * @param hostBytes the host's memory
 * @return tcp_mem[1] and tcp_mem[2]
 */
TcpMem
TcpMemOf(uint64_t hostBytes)
{
    const uint64_t page = 4096;
    uint64_t limit = std::max<uint64_t>(hostBytes / page / 16, 128);
    return {limit * page, limit / 4 * 3 * 2 * page};
}

} // namespace

/// The program itself; main() turns a refused setting into exit 1.
static int
Run(ProgramInput& input)
{
    ProxyExperimentConfig c;
    c.scheme = 3;
    c.clients = 5000;
    c.servers = 1;
    c.duration = 130;         // two TIME_WAIT lifetimes past the first second
    c.msl = 30;               // Linux's TCP_TIMEWAIT_LEN: TIME_WAIT lasts 60 s
    c.persistentTimeout = 75; // nginx's keepalive_timeout
    c.originKeepAlive = 5;    // Apache 2.4's KeepAliveTimeout
    c.originMaxRequests = 1;  // nginx upstream without keepalive: HTTP/1.0, one request
    c.hostProfile = "Linux-6";
    c.linuxPorts = true;
    // The origins beside the proxy in a data centre: a 10 Gb/s link, a round
    // trip of 100 us (DCTCP's measurements: under 250 us without queueing;
    // Alizadeh et al., SIGCOMM 2010), no loss. The clients keep the paper's
    // Internet paths (100 Mb/s, 10-100 ms one way, 0.01-1 % loss).
    const std::string dataCentreRate = "10Gbps";
    const double dataCentreDelay = 50e-6;
    c.originRate = dataCentreRate;
    c.originDelay = dataCentreDelay;
    c.countTimeWait = true;
    uint32_t perClient = 4; // the paper's Nmax per client (200 for 50)
    // The users behind 100 access paths: the proxy's per-packet walk of its
    // devices the same length at every size (ProxyExperimentConfig::clientHosts).
    uint32_t clientHosts = 100;
    // The clients start over a SURGE user's mean time between requests, so
    // that first requests come at the users' steady rate, not all in a second.
    c.startSpread = 4.5;
    // The proxy host's memory: the Linux-6 profile's 24 GiB host (its
    // established hash and tcp_max_syn_backlog are that host's).
    double hostMemory = 24;
    bool csv = false;
    bool header = false;
    input.Add("clients", "Clients (SURGE user equivalents)", c.clients);
    input.Add("clientHosts",
              "The hosts the clients run on, at most (fewer clients: a host each), each "
              "with its own path to the proxy; 0: a host per client",
              clientHosts);
    input.Add("servers", "Origin servers (each one address and port)", c.servers);
    input.Add("scheme",
              "The proxy paper's scheme: 1 fixed, 2 E2-ATBT, 3 and eviction of idle ones, "
              "4 and gradual release",
              c.scheme);
    input.Add("perClient",
              "Nmax per client (Nmax = perClient x clients, the pool 16 KB per connection "
              "up to tcp_mem's hard limit)",
              perClient);
    input.Add("hostMemory",
              "The proxy host's memory, GiB: the buffer pool is at most Linux's tcp_mem hard "
              "limit of it (9.37 %), and no buffer grows above its pressure limit (6.25 %)",
              hostMemory);
    input.Choice("placement",
                 "Which end keeps TIME_WAIT of a proxy-origin connection",
                 c.timeWaitPlacement,
                 {"standard", "swap", "negotiated", "origin-swap"});
    input.Add("hostProfile", "Every host's TcpHostProfile", c.hostProfile);
    input.Add("portLow", "The proxy's ip_local_port_range, first port", c.portLow);
    input.Add("portHigh", "Its last port", c.portHigh);
    input.Choice("twReuse",
                 "The proxy's tcp_tw_reuse (0 Off, 1 On, 2 LoopbackOnly)",
                 c.twReuse,
                 {"Off", "On", "LoopbackOnly"});
    std::string origins = "datacentre";
    input.Choice("origins",
                 "Where the origins are: beside the proxy (the link below) or the paper's "
                 "Internet paths (100 Mb/s, 10-200 ms one way, 0.01-1 % loss)",
                 origins,
                 {"datacentre", "paper"});
    input.Add("originRate", "With --origins=datacentre: the origin links' rate", c.originRate);
    input.Add("originDelay", "Their one-way delay, s", c.originDelay);
    input.Add("originLoss", "Their packet loss rate, each direction", c.originLoss);
    input.Add("duration", "Seconds simulated", c.duration);
    input.Add("startSpread", "Seconds over which the clients start, evenly", c.startSpread);
    input.Add("msl", "Every host's maximum segment lifetime, s (TIME_WAIT is twice it)", c.msl);
    input.Add("persistentTimeout",
              "The proxy's persistent timer, s: idle connections closed after it (0: never)",
              c.persistentTimeout);
    input.Add("originKeepAlive",
              "Origins' keep-alive timeout, s (0: the whole run)",
              c.originKeepAlive);
    input.Add("originMaxRequests",
              "Requests an origin serves on a connection before closing it",
              c.originMaxRequests);
    input.Add("csv", "One CSV row", csv);
    input.Add("header", "With --csv: print the header first", header);
    ExperimentCapture capture;
    capture.AddOptions(input);
    if (!input.Parse() || !capture.CheckOutputs(input))
    {
        return 1;
    }
    if (perClient == 0 || perClient > 1000)
    {
        input.Fail("--perClient must be 1 to 1000");
        return 1;
    }
    // At least Linux's smallest tcp_mem (128 pages of 4 KiB a sixteenth of
    // the memory: 8 MiB); at most 64 TiB, x86-64's physical address space.
    if (!(hostMemory >= 1.0 / 128 && hostMemory <= 65536))
    {
        input.Fail("--hostMemory must be 0.0078125 (8 MiB) to 65536 GiB");
        return 1;
    }
    if (origins == "paper")
    {
        if (c.originRate != dataCentreRate || c.originDelay != dataCentreDelay || c.originLoss != 0)
        {
            input.Fail("--originRate, --originDelay and --originLoss set the data centre's link: "
                       "not with --origins=paper");
            return 1;
        }
        c.originRate.clear(); // the paper's links
        c.originDelay = 0;
    }
    c.clientHosts = std::min(clientHosts, c.clients);
    c.maxConnections = perClient * c.clients;
    const TcpMem tcpMem = TcpMemOf(uint64_t(std::llround(hostMemory * (1 << 30))));
    c.poolBytes = std::min<uint64_t>(uint64_t(c.maxConnections) * c.buffer, tcpMem.hard);
    c.poolPressureBytes = tcpMem.pressure; // never reached by a pool below it
    if (std::string invalid = c.Validate(); !invalid.empty())
    {
        input.Fail(invalid);
        return 1;
    }
    capture.Arm();
    ProxyExperimentResult r = RunProxyExperiment(c);
    // Response time by size: a document within Linux's initial window (10
    // segments of 1448 bytes) against one of a megabyte or more.
    const uint64_t initialWindow = 10 * 1448;
    const uint64_t large = 1 << 20;
    double smallSum = 0;
    double largeSum = 0;
    uint64_t smallN = 0;
    uint64_t largeN = 0;
    for (const auto& [bytes, waited, answered] : r.responses)
    {
        if (answered && bytes <= initialWindow)
        {
            smallSum += waited;
            ++smallN;
        }
        else if (answered && bytes >= large)
        {
            largeSum += waited;
            ++largeN;
        }
    }
    double smallMean = smallN ? smallSum / smallN : 0;
    double largeMean = largeN ? largeSum / largeN : 0;
    if (csv)
    {
        CsvRow row = CsvRow::Significant(6);
        row.Add("clients", c.clients)
            .Add("client_hosts", r.proxyLinks - c.servers)
            .Add("servers", c.servers)
            .Add("placement", c.timeWaitPlacement)
            .Add("tw_reuse", c.twReuse)
            .Add("scheme", c.scheme)
            .Add("origins", origins)
            .Add("run", RngSeedManager::GetRun())
            .Add("bytes_moved", r.bytesMoved)
            .Add("requests", r.requests)
            .Add("mean_wait_s", r.meanWait)
            .Add("upstream_opened", r.upstreamOpened)
            .Add("connect_errors", r.upstreamConnectErrors)
            .Add("unavailable", r.unavailable)
            .Add("tw_reused", r.timeWaitReused)
            .Add("proxy_time_wait", r.proxyTimeWait)
            .Add("proxy_time_wait_peak", r.proxyTimeWaitPeak)
            .Add("origin_time_wait", r.originTimeWait)
            .Add("tw_overflows", r.proxyTimeWaitOverflows)
            .Add("listen_drops", r.proxyListenDrops)
            .Add("pool_bytes", c.poolBytes)
            .Add("memory_peak_bytes", r.proxyMemoryPeak)
            .Add("pressure_s", r.proxyPressureSeconds)
            .Add("response_small_s", smallMean)
            .Add("response_large_s", largeMean)
            .Add("refused", r.refused)
            .Add("events", r.events);
        row.Print(std::cout, header);
        return 0;
    }
    std::cout << std::setprecision(6);
    std::cout << c.clients << " clients on " << r.proxyLinks - c.servers << " hosts, " << c.servers
              << " origin(s), placement " << c.timeWaitPlacement << ", tcp_tw_reuse " << c.twReuse
              << ", " << c.duration << " s\n"
              << "bytes moved              " << r.bytesMoved / 1e6 << " MB\n"
              << "responses                " << r.requests << ", mean wait " << r.meanWait << " s\n"
              << "upstream connections     " << r.upstreamOpened << " opened, "
              << r.upstreamConnectErrors << " connect() without a port, " << r.unavailable
              << " misses answered 503\n"
              << "TIME_WAIT taken over     " << r.timeWaitReused << "\n"
              << "TIME_WAIT at the proxy   mean " << r.proxyTimeWait << ", peak "
              << r.proxyTimeWaitPeak << "\n"
              << "TIME_WAIT at the origins mean " << r.originTimeWait << " (all together)\n"
              << "TIME_WAIT overflows      " << r.proxyTimeWaitOverflows
              << " (tcp_max_tw_buckets)\n"
              << "listen queue drops       " << r.proxyListenDrops << "\n"
              << "socket memory, peak      " << r.proxyMemoryPeak / 1e6 << " MB of a pool of "
              << c.poolBytes / 1e6 << " MB\n"
              << "memory pressure          " << r.proxyPressureSeconds << " s above "
              << c.poolPressureBytes / 1e6 << " MB (tcp_mem[1])\n"
              << "mean response            " << smallMean << " s up to " << initialWindow
              << " bytes (" << smallN << "), " << largeMean << " s from " << large << " bytes ("
              << largeN << ")\n";
    return 0;
}

int
main(int argc, char* argv[])
{
    ProgramInput input("proxy-now", argc, argv);
    return input.Run(&Run);
}
