/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TW_AVOID_WEBSTONE_EXPERIMENT_H
#define TW_AVOID_WEBSTONE_EXPERIMENT_H

#include "tw-avoid-testbed.h"

#include "ns3/nstime.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * @ingroup paper-experiments
 * @brief Parameters of a WebSTONE run (Tables 2 and 3 of the TIME_WAIT draft).
 */
struct TwAvoidWebStoneConfig
{
    std::string fileSet{"large"}; //!< "large" (9 KB to 5 MB, Table 2) or "small" (500 B, Table 3)
    /// The large set's mean file size, KB (0: the mix as the suite assumes
    /// it, 55.3 KB; otherwise the weights of the files above 9 KB are scaled
    /// so that the mix has this mean: the assumption's sensitivity)
    double largeMeanKb{0};
    std::string variant{
        "unmodified"}; //!< "unmodified", "tcp" (swap close), "http" (CLIENT_CLOSE), "negotiated"
    uint32_t clientHosts{2};           //!< Client hosts
    uint32_t clientsPerHost{20};       //!< WebSTONE clients on each
    uint32_t requestsPerConnection{1}; //!< Requests per connection (WebSTONE 2: one)
    Time warmup{Seconds(70)};          //!< Before the measurement (TIME_WAIT builds up for 2*MSL)
    Time measure{Seconds(60)};         //!< Length of the measurement
    TwAvoidTestbedConfig testbed;      //!< Hosts and LAN

    /// @return Table 2's setup: 2 client hosts x 20 clients, large files
    static TwAvoidWebStoneConfig Table2();

    /// @return Table 3's setup: 4 client hosts x 2 clients, 500-byte files
    static TwAvoidWebStoneConfig Table3();

    /**
     * @brief Check the parameters.
     * @return an explanation of the first impossible parameter, or "" if all are possible
     */
    std::string Validate() const;
};

/**
 * @ingroup paper-experiments
 * @brief Outcome of one WebSTONE run, over the measurement interval.
 */
struct TwAvoidWebStoneResult
{
    double throughputMbps{0};       //!< Response bodies received by all clients, Mb/s
    double connectionsPerSecond{0}; //!< Connections completed per second
    double failedPerSecond{0};      //!< Connections refused, reset or timed out per second
    double meanLatencyMs{0};        //!< Mean request latency
    double serverTcbMemoryKB{0};    //!< Server TCB (and TIME_WAIT record) memory, time average (KB)
    double serverTcbMemoryMaxKB{0}; //!< Its maximum
    double serverTimeWait{0};       //!< Server TIME_WAIT TCBs, time average
    double clientTimeWait{0};       //!< TIME_WAIT TCBs per client host, time average
    double serverSegmentsPerConnection{
        0};                              //!< Segments the server received per completed connection
    double serverRstsPerConnection{0};   //!< RSTs among them
    double serverTcbLifetimeMs{0};       //!< Mean life of the server's connection TCBs released
    double serverCpuBusy{0};             //!< Fraction of the time the server's CPU was busy
    uint64_t serverSynsTurnedAway{0};    //!< SYNs the server had no TCB memory for
    uint64_t serverMemoryDrops{0};       //!< Data segments the server had no memory for
    uint64_t serverTimeWaitOverflows{0}; //!< Compact TIME_WAIT skipped: the bucket limit reached
    uint64_t events{0};                  //!< Simulator events executed

    /// One second of the whole run (warm-up included).
    struct Second
    {
        double time;        //!< End of the second, s
        double serverTcbKB; //!< Server TCB memory then, KB
        double connections; //!< Connections completed during the second
        double failed;      //!< Connections that failed during the second
    };

    std::vector<Second> timeline; //!< The run second by second
};

/**
 * @ingroup paper-experiments
 * @brief WebSTONE against one HTTP server on the draft's testbed.
 *
 * Closed-loop HttpClient applications on the client hosts fetch files from
 * an HttpServer; how they end connections is the variant: "unmodified"
 * (Connection: close, the server keeps TIME_WAIT), "tcp" (the same, with
 * the client hosts swap-closing: the TCP modification), "http"
 * (CLIENT_CLOSE: the HTTP modification) or "negotiated" (Connection: close,
 * with every host negotiating on SYN and SYN-ACK that the client keeps
 * TIME_WAIT: the cleaner solution the draft wished for). Every host has a TcpHostModel.
 */
class TwAvoidWebStoneExperiment
{
  public:
    /**
     * @brief Set up an experiment.
     * @param config its parameters (must validate)
     */
    explicit TwAvoidWebStoneExperiment(const TwAvoidWebStoneConfig& config);

    /**
     * @brief Run it once (the RNG run number is the global one). Calls Simulator::Destroy.
     * @return the outcome
     */
    TwAvoidWebStoneResult Run();

  private:
    TwAvoidWebStoneConfig m_config; //!< Parameters
};

} // namespace ns3

#endif /* TW_AVOID_WEBSTONE_EXPERIMENT_H */
