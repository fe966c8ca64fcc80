/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DTOC_EXPERIMENT_H
#define DTOC_EXPERIMENT_H

#include "ns3/nstime.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

class ProgramInput;

/**
 * @ingroup paper-experiments
 * @brief One period of an offered-load pattern.
 */
struct DtocLoadStep
{
    Time duration;      //!< How long it lasts
    double loadPercent; //!< Offered load, % of the server's capacity
};

/**
 * @ingroup paper-experiments
 * @brief Parameters of one run of the DTOC paper's experiments: impatient
 * users against a one-worker web server whose service time is proportional
 * to the response size.
 */
struct DtocExperimentConfig
{
    /**
     * What the server does with a connection it takes from its queue:
     * "regular" (serve it), "dtoc" (drop it if the client closed, after a
     * check of CheckCostShare of the mean service time), "abortonclose"
     * (HAProxy's option: the same drop, told by the close event, no polling
     * cost), "codel" (drop what waited too long while the queue has not
     * drained, CodelDispatchPolicy) or "lifo" (newest first while the queue
     * is congested, AdaptiveLifoDispatchPolicy).
     */
    std::string strategy{"regular"};
    std::string method{"State"};   //!< DTOC's detection method: Peek, State or Callback
    bool onlyUnderOverload{false}; //!< DTOC checks only when connections wait behind
    bool inServiceAbort{false};    //!< Stop preparing a response whose client closed
    Time timeout{Seconds(10)};     //!< Users' patience per attempt
    uint32_t retries{0};           //!< Attempts after the first
    /**
     * When a retry is made: "immediate" (at once, the paper's users),
     * "backoff" (BackoffRetryPolicy: exponential backoff with full jitter)
     * or "budget" (RetryBudgetPolicy over that backoff: Finagle's budget);
     * their attributes' defaults apply.
     */
    std::string retryPolicy{"immediate"};
    std::vector<DtocLoadStep> pattern{{Seconds(300), 100}}; //!< Offered load over the run
    Time warmup{Seconds(100)}; //!< Start of the pattern not counted in the totals
    double capacity{100};      //!< Server capacity, requests/s on the mix
    uint32_t queueLimit{1024}; //!< The server's listen queue
    /// Where that queue is: "application" (the server's own; ns-3's listener
    /// has no backlog) or "kernel" (Linux's accept queue, TcpListenQueue)
    std::string acceptQueue{"application"};
    bool abortOnOverflow{false};  //!< Kernel queue: tcp_abort_on_overflow
    Time deferAccept{0};          //!< Kernel queue: TCP_DEFER_ACCEPT
    double checkCostShare{0.005}; //!< A DTOC check's cost, share of the mean service time
    Time bin{Seconds(10)};        //!< Timeline resolution
    uint32_t userHosts{8};        //!< Hosts the users are spread over (simulation speed only)
    /**
     * Whether the users reach the server through a reverse proxy
     * (HttpProxy, ReverseTo the server, no cache), one upstream connection
     * per request (nginx's default towards its upstreams), on a link of a
     * data centre (10 Gb/s, 50 us one way): "none", "abort" (a user who
     * gives up has the proxy close the upstream connection: nginx's
     * default, proxy_ignore_client_abort off) or "ignore" (the request
     * runs to its end at the server: proxy_ignore_client_abort on).
     */
    std::string proxy{"none"};

    /**
     * @brief A day's load pattern (the paper's figures 4 and 5 as described
     * in its text; dtoc.rst gives the periods).
     * @param name "normal" or "busy"
     * @param period length of each of the day's nine periods
     * @param offPeakPercent the load outside the peaks, % of capacity: the
     *        paper's "just under capacity", an assumption (90, dtoc.rst)
     * @return the pattern, or an empty one for an unknown name
     */
    static std::vector<DtocLoadStep> Day(const std::string& name,
                                         Time period,
                                         double offPeakPercent = 90);

    /// @return the pattern's total length
    Time GetDuration() const;

    /**
     * @brief Offer the server's and the users' parameters as a program's
     * options (strategy, method, onlyUnderOverload, inServiceAbort,
     * timeout, retryPolicy, queueLimit, acceptQueue, abortOnOverflow,
     * deferAccept, bin), each set into this configuration by Parse.
     *
     * The load pattern, the retries and the outputs stay each program's own.
     * @param input the program's options
     */
    void AddOptions(ProgramInput& input);

    /**
     * @brief Check the parameters.
     * @return an explanation of the first impossible parameter, or "" if all are possible
     */
    std::string Validate() const;
};

/**
 * @ingroup paper-experiments
 * @brief Outcome of one run.
 */
struct DtocExperimentResult
{
    /// Requests that ended after the warm-up, by outcome (DtocClient::Outcome order).
    std::array<uint64_t, 4> outcomes{};
    double usefulPercent{
        0}; //!< Requests completed in time per second after the warm-up, % of capacity
    double meanResponseTime{
        0}; //!< Completed requests after the warm-up: mean time from the first attempt, s
    double cpuBusyPercent{0}; //!< Server CPU busy after the warm-up, %
    double deadCpuPercent{0}; //!< Server CPU on work no user received in time, % of the time
    // The server's counters cover the whole run, warm-up included.
    uint64_t serverDropped{0};     //!< Connections the dispatch policy dropped unserved
    uint64_t serverRefused{0};     //!< Connections refused by a full queue (kernel: ListenDrops)
    uint64_t serverAborted{0};     //!< Responses abandoned in service (in-service abort)
    uint64_t retries{0};           //!< Retries the users made (the whole run)
    uint64_t retriesRefused{0};    //!< Retries a budget refused (the whole run)
    uint64_t events{0};            //!< Simulator events executed
    uint64_t directDeliveries{0};  //!< Segments the input stages delivered without ns-3's lookup
    uint64_t serverLookups{0};     //!< Segments the server's input stage left to ns-3's lookup
    uint64_t proxyClientAborts{0}; //!< Users gone with their request at the server (proxy)
    uint64_t proxyResponsesDiscarded{0}; //!< Responses the proxy read for no one ("ignore")

    /// One bin of the run's timeline (warm-up included).
    struct Bin
    {
        double start;          //!< Start, s
        double offeredPercent; //!< Offered load then, % of capacity
        double usefulPercent;  //!< Completed in time, % of capacity
        double queueLength;    //!< Connections waiting at the end of the bin
        double cpuBusyPercent; //!< Server CPU busy, % of the bin
        double deadCpuPercent; //!< CPU on work no user received in time, % of the bin
    };

    std::vector<Bin> timeline; //!< The run, bin by bin
};

/**
 * @ingroup paper-experiments
 * @brief Run one experiment: user hosts, each on a 100 Mb/s link to the
 * server (or to the proxy in front of it: DtocExperimentConfig::proxy);
 * users issue open-loop Poisson requests for the SPECweb96-like mix.
 * @param config the parameters (must be valid)
 * @return what happened
 */
DtocExperimentResult RunDtocExperiment(const DtocExperimentConfig& config);

} // namespace ns3

#endif /* DTOC_EXPERIMENT_H */
