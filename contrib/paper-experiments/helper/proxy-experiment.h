/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef PROXY_EXPERIMENT_H
#define PROXY_EXPERIMENT_H

#include "ns3/http-file-set.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * @ingroup proxy-buffer
 * @brief A document set of SURGE's sizes (Barford and Crovella, "Generating
 * representative Web workloads for network and server performance
 * evaluation", SIGMETRICS 1998, Table 1): a log-normal body (mu 9.357,
 * sigma 1.318, of the size in bytes) below k = 133 KB, and a Pareto tail
 * (alpha 1.1) from k on, drawn with probability TailShare (0.07). Equal
 * request weights (the proxy paper's cache is a hit ratio, so popularity
 * plays no part).
 * @param documents how many documents
 * @param stream the random stream to draw their sizes from
 * @param tailShare the probability of a tail document
 * @return the set, paths /d0, /d1, ...
 */
Ptr<HttpFileSet> MakeSurgeDocuments(uint32_t documents, int64_t stream, double tailShare = 0.07);

/**
 * @ingroup proxy-buffer
 * @brief The proxy paper's experiment (seed 004, section 4): clients ->
 * proxy -> origin servers, every link 100 Mb/s, one fifth of the links at
 * each of the five loss rates (both directions), propagation delays uniform
 * in 10-100 ms (client links) and 10-200 ms (server links); each client
 * keeps a persistent connection to the proxy and asks for a SURGE document
 * from a random origin, pausing RequestGap between requests; the proxy
 * answers half from its cache. Schemes:
 * 1. fixed 16 KB buffers, refuse at Nmax;
 * 2. E2-ATBT send buffers, refuse at Nmax;
 * 3. E2-ATBT, close the oldest idle connection at Nmax;
 * 4. (3) with gradual release.
 */
struct ProxyExperimentConfig
{
    uint32_t scheme{1};              //!< 1 to 4
    uint32_t clients{50};            //!< Client hosts
    uint32_t servers{50};            //!< Origin servers
    uint32_t maxConnections{200};    //!< Nmax
    uint64_t poolBytes{3200 * 1024}; //!< The proxy's socket-buffer pool (E2-ATBT)
    uint32_t buffer{16 * 1024};      //!< Fixed send and receive buffers (all of them in scheme 1)
    double hitRatio{0.5};            //!< The proxy's cache
    std::string idlePolicy{"ns3::IdleConnectionPolicy"}; //!< The manager's Policy
    /// Schemes 2-4: the buffer policy of the proxy's connections to origins
    /// (the paper's receive-buffer autotuning; WindowFollowingRcvBuf, which
    /// also shrinks, throttles them: doc/proxy-buffer.rst)
    std::string upstreamPolicy{"ns3::LinuxRcvBufAutotuning"};
    uint32_t documents{2000}; //!< SURGE documents
    double gapMean{3};        //!< Mean pause between requests, s (Pareto, alpha 1.5)
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
    double originKeepAlive{0}; //!< Origins' keep-alive timeout, s (0: the whole run)
    /// The proxy's persistent timer, s: a connection idle this long is
    /// closed, on either side (PersistentConnectionManager::IdleTimeout; 0:
    /// never, the default, since the paper does not give its value)
    double persistentTimeout{0};
    /// Count TIME_WAIT TCBs at the proxy and the origins every second (their
    /// host models are installed, at no cost)
    bool countTimeWait{false};
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
    uint64_t refused{0};           //!< Client connections the proxy refused
    uint64_t unavailable{0};       //!< Misses answered 503
    uint64_t evictions{0};         //!< Idle connections closed for room
    uint64_t timedOut{0};          //!< Idle connections closed by the persistent timer
    uint64_t events{0};            //!< Simulator events
    double proxyTimeWait{0};       //!< Mean TIME_WAIT TCBs at the proxy (countTimeWait)
    double originTimeWait{0};      //!< Mean TIME_WAIT TCBs at all origins together
    uint32_t proxyTimeWaitPeak{0}; //!< Most TIME_WAIT TCBs at the proxy at a sample
    std::vector<std::pair<uint64_t, double>> responses; //!< (body bytes, seconds)
};

/**
 * @brief Run one configuration (the run's RNG: RngSeedManager).
 * @param config a valid configuration (NS_ABORT otherwise)
 * @return the result
 */
ProxyExperimentResult RunProxyExperiment(const ProxyExperimentConfig& config);

} // namespace ns3

#endif /* PROXY_EXPERIMENT_H */
