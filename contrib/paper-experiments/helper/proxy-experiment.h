/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef PROXY_EXPERIMENT_H
#define PROXY_EXPERIMENT_H

#include "ns3/http-file-set.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

namespace ns3
{

/**
 * @ingroup paper-experiments
 * @brief A document set of SURGE's sizes (Barford and Crovella, "Generating
 * representative Web workloads for network and server performance
 * evaluation", SIGMETRICS 1998, Table 1): a log-normal body (mu 9.357,
 * sigma 1.318, of the size in bytes) below k = 133 KB, and a Pareto tail
 * (alpha 1.1) from k on, drawn with probability TailShare (0.07). Equal
 * request weights (the proxy paper's cache is a hit ratio, so popularity
 * plays no part).
 * @param documents how many documents
 * @param stream the first of four random streams: three draw the sizes,
 *        the fourth the set's requests (HttpFileSet::AssignStreams)
 * @param tailShare the probability of a tail document
 * @return the set, paths /d0, /d1, ...
 */
Ptr<HttpFileSet> MakeSurgeDocuments(uint32_t documents, int64_t stream, double tailShare = 0.07);

/**
 * @ingroup paper-experiments
 * @brief The proxy paper's experiment (seed 004, section 4): clients ->
 * proxy -> origin servers, every link 100 Mb/s, one fifth of the links at
 * each of the five loss rates (both directions), propagation delays uniform
 * in 10-100 ms (client links) and 10-200 ms (server links; or, with
 * originRate, every origin link as given); the proxy
 * answers half the requests from its cache. Each client is a SURGE user
 * equivalent (SurgeOffTime: pages of a base file and its embedded files,
 * think times between pages) asking for SURGE documents from random
 * origins over a persistent connection to the proxy, which ends when the
 * proxy's persistent timer (persistentTimeout) closes it while idle; the
 * client's next request then opens a new one. Origins close idle
 * connections after originKeepAlive and after originMaxRequests requests
 * (Apache 1.3's defaults). The proxy's socket-buffer pool (poolBytes) holds
 * the send and receive buffers of every connection, client side and
 * upstream (SocketMemory, Accounting SocketBuffers). Schemes:
 * 1. fixed buffers (16 KB per connection: requestBuffer in the direction
 *    requests flow, the rest in the direction documents flow), refuse
 *    connections at Nmax;
 * 2. E2-ATBT sizes client connections' send buffers and upstream
 *    connections' receive buffers in the pool, refuse at Nmax;
 * 3. (2), and the oldest idle connection is closed for a new one at Nmax;
 * 4. (3) with gradual release.
 * Refusal is at the connection: the proxy does not answer the SYN (no TCB
 * is given), and the client retries; a miss that finds no room for an
 * upstream connection is answered 503, and the client asks again after its
 * next pause.
 */
struct ProxyExperimentConfig
{
    uint32_t scheme{1};   //!< 1 to 4
    uint32_t clients{50}; //!< Clients (SURGE user equivalents)
    /// The hosts the clients run on (0: one per client, the paper's set-up).
    /// With fewer, client i runs on host i mod clientHosts, and each host has
    /// the link (delay, loss) a client has above: the users behind one access
    /// path. ns-3 3.44's Node and TrafficControlLayer walk every device's
    /// protocol handlers for each packet a node receives, so with a link per
    /// client an event at the proxy costs in proportion to the clients
    /// (README, "Instructions per event"); a fixed number of hosts keeps it
    /// flat.
    uint32_t clientHosts{0};
    /// Seconds over which the clients start, evenly (the paper's set-up: the
    /// first second; with thousands of clients that is a flash crowd of as
    /// many first requests a second)
    double startSpread{1};
    uint32_t servers{50};            //!< Origin servers
    uint32_t maxConnections{200};    //!< Nmax
    uint64_t poolBytes{3200 * 1024}; //!< The proxy's socket-buffer pool (E2-ATBT)
    /// The pool's memory pressure limit (SocketMemory's PressureLimit,
    /// Linux's tcp_mem[1]): above it no buffer grows; 0: none
    uint64_t poolPressureBytes{0};
    /// Fixed buffers of a connection, both directions together (scheme 1:
    /// 3200 KB / 16 KB = Nmax, as the paper derives)
    uint32_t buffer{16 * 1024};
    /// Of it, the buffer that carries only requests (client connections'
    /// receive, upstream connections' send), bytes: the paper's smallest
    /// socket buffer; the rest carries documents
    uint32_t requestBuffer{1024};
    double hitRatio{0.5};                                //!< The proxy's cache
    std::string idlePolicy{"ns3::IdleConnectionPolicy"}; //!< The manager's Policy
    /// Schemes 2-4: the buffer policy of the proxy's connections to origins
    /// (E2AtbtRcvBuffer: their receive buffers sized by E2-ATBT in the pool,
    /// the paper's "complete information"; doc/proxy-buffer.rst)
    std::string upstreamPolicy{"ns3::E2AtbtRcvBuffer"};
    uint32_t documents{2000}; //!< SURGE documents
    double duration{300};     //!< Seconds simulated
    /// Every host's maximum segment lifetime, s (TIME_WAIT lasts twice it).
    /// The paper's ns-2 agents have no TIME_WAIT; in ns-3 the endpoints of
    /// the tens of thousands of closed connections would stay in every
    /// arriving segment's demultiplexing scan and in the proxy's ephemeral
    /// ports (16 384) for 240 s, so the reproduction keeps it short.
    double msl{0.5};
    std::string responseFile; //!< If set: one CSV row per response (size, time)
    /// Which end of a proxy-origin connection keeps TIME_WAIT (tw-avoid):
    /// "standard" (the active closer: the proxy when it closes idle ones,
    /// an origin when its keep-alive timer does), "swap" (the proxy, as the
    /// TIME_WAIT draft's client, also when an origin closes: TcpSwapClose),
    /// "negotiated" (the proxy, agreed on the handshake: TcpNegotiatedClose),
    /// "origin-swap" (the origins, also when the proxy closes: the swap
    /// close at the origins, the draft's roles turned round).
    std::string timeWaitPlacement{"standard"};
    /// Origins' keep-alive timeout, s (0: the whole run): Apache 1.3's
    /// documented KeepAliveTimeout
    double originKeepAlive{15};
    /// Requests an origin serves on a connection before closing it: Apache
    /// 1.3's documented MaxKeepAliveRequests
    uint32_t originMaxRequests{100};
    /// The proxy's persistent timer, s: a connection idle this long is
    /// closed, on either side (PersistentConnectionManager::IdleTimeout; 0:
    /// never). The paper does not give its value: Apache 1.3's documented
    /// KeepAliveTimeout, the era's persistent timer
    double persistentTimeout{15};
    /// Count TIME_WAIT TCBs at the proxy and the origins every second (their
    /// host models are installed, at no cost)
    bool countTimeWait{false};
    /// Every host's TcpHostProfile (TcpHostProfile::List), applied before
    /// the run's own settings above and below, which it never overrides
    /// ("": the suite's defaults, the paper's hosts)
    std::string hostProfile;
    /// The proxy chooses its connections' local ports as Linux does
    /// (LocalPortAllocator: per destination from ip_local_port_range, with
    /// tcp_tw_reuse); false: ns-3's own ephemeral ports (49152-65535 over
    /// all destinations), and the three settings below must keep their defaults
    bool linuxPorts{false};
    uint16_t portLow{32768};  //!< linuxPorts: ip_local_port_range's first port
    uint16_t portHigh{60999}; //!< linuxPorts: its last port
    /// linuxPorts: the proxy's tcp_tw_reuse (LocalPortAllocator::TwReuse:
    /// "Off", "On" or "LoopbackOnly", Linux's default)
    std::string twReuse{"LoopbackOnly"};
    /// The proxy-origin links' rate ("": the paper's links, 100 Mb/s, a
    /// one-way delay uniform in 10-200 ms and the five loss rates); with a
    /// DataRate ("10Gbps"), every origin link has that rate and the two
    /// settings below
    std::string originRate;
    double originDelay{0}; //!< With originRate: every origin link's one-way delay, s
    double originLoss{0};  //!< With originRate: its packet loss rate, each direction
    /// Every host on ns-3's own TcpSocketBase instead of TcpHostSocket
    /// (scheme 1 only: the others need TcpHostSocket's buffer policies), to
    /// compare the suite's cost per event with stock ns-3 on the same traffic
    bool stockSockets{false};

    /// @return "" if the configuration can run, else what is wrong with it
    std::string Validate() const;
};

/// A run's result.
struct ProxyExperimentResult
{
    uint64_t bytesMoved{0}; //!< Bytes the proxy moved, both directions
    uint64_t requests{0};   //!< Responses clients received in full
    double meanResponse{0}; //!< Their mean response time, s
    uint64_t pending{0};    //!< Requests due at the end and not answered (clients refused so far)
    /// Mean response time with the pending requests counted up to the end
    /// (a lower bound for them): what refusals cost, which the mean over
    /// completed responses alone cannot show.
    double meanWait{0};
    uint64_t refused{0};               //!< Client SYNs the proxy refused (no TCB given)
    uint64_t clientRefused{0};         //!< Connection attempts clients gave up on (SYN retries out)
    uint64_t connections{0};           //!< Connections clients opened (attempts, refused included)
    uint32_t proxyLinks{0};            //!< The proxy's links (to client hosts and origins)
    uint64_t unavailable{0};           //!< Misses answered 503 (the client asks again)
    uint64_t evictions{0};             //!< Idle connections closed for room
    uint64_t timedOut{0};              //!< Idle connections closed by the persistent timer
    uint64_t events{0};                //!< Simulator events
    double proxyTimeWait{0};           //!< Mean TIME_WAIT TCBs at the proxy (countTimeWait)
    double originTimeWait{0};          //!< Mean TIME_WAIT TCBs at all origins together
    uint32_t proxyTimeWaitPeak{0};     //!< Most TIME_WAIT TCBs at the proxy at a sample
    uint64_t upstreamOpened{0};        //!< Connections the proxy opened to origins
    uint64_t upstreamConnectErrors{0}; //!< Of its connect()s, those that found no local port
    uint64_t timeWaitReused{0};        //!< linuxPorts: TIME_WAIT 4-tuples taken over
    uint64_t proxyListenDrops{0};      //!< SYNs and last ACKs its listen queues dropped
    uint64_t proxyTimeWaitOverflows{0}; //!< TIME_WAITs its full TimeWaitTable refused
    uint64_t proxyMemoryPeak{0};        //!< Most socket memory in use at a sample, bytes
    uint64_t proxyPressureSeconds{0};   //!< Seconds sampled under memory pressure
    /// Every request that became due: (document bytes, seconds waited,
    /// answered); one still pending at the end waited up to it
    std::vector<std::tuple<uint64_t, double, bool>> responses;
};

/**
 * @brief Run one configuration (the run's RNG: RngSeedManager).
 * @param config a valid configuration (NS_ABORT otherwise)
 * @return the result
 */
ProxyExperimentResult RunProxyExperiment(const ProxyExperimentConfig& config);

} // namespace ns3

#endif /* PROXY_EXPERIMENT_H */
