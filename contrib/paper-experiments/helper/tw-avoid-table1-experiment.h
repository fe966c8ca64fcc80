/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TW_AVOID_TABLE1_EXPERIMENT_H
#define TW_AVOID_TABLE1_EXPERIMENT_H

#include "tw-avoid-testbed.h"

#include "ns3/nstime.h"

#include <array>
#include <cstdint>
#include <string>

namespace ns3
{

/**
 * @ingroup paper-experiments
 * @brief Parameters of the worst-case throughput experiment (Table 1 of the TIME_WAIT draft).
 */
struct TwAvoidTable1Config
{
    uint32_t timeWaitTcbs{0};       //!< N: short connections the 4th host makes first
    bool swapClose{false};          //!< TCP modification on the client hosts
    Time transferTime{Seconds(10)}; //!< Length of the measured bulk transfer
    TwAvoidTestbedConfig testbed;   //!< Hosts and LAN
    uint32_t dummyConcurrency{8};   //!< Short connections the 4th host keeps open at once

    /**
     * @brief Check the parameters.
     * @return an explanation of the first impossible parameter, or "" if all are possible
     */
    std::string Validate() const;
};

/**
 * @ingroup paper-experiments
 * @brief Outcome of one Table 1 run.
 */
struct TwAvoidTable1Result
{
    std::array<double, 2> clientMbps{}; //!< Throughput of each bulk client, Mb/s
    double meanMbps{0};                 //!< Their average (the draft's "throughput")
    uint32_t serverTimeWait{0};         //!< TIME_WAIT TCBs at the server when the transfer starts
    uint32_t dummyHostTimeWait{0};      //!< TIME_WAIT TCBs at the 4th host then
    uint32_t serverTcbs{0};             //!< All TCBs at the server then
    double serverCpuBusy{0};            //!< Fraction of the transfer the server CPU was busy
    uint64_t serverDrops{0};            //!< Segments dropped at the server's input queue
    uint64_t events{0};                 //!< Simulator events executed
    double simulatedSeconds{0};         //!< Simulated time at the end
};

/**
 * @ingroup paper-experiments
 * @brief The worst-case throughput experiment of the TIME_WAIT draft (its Table 1).
 *
 * Four hosts of the draft's testbed (TwAvoidTestbed: a Myrinet-like LAN at
 * 640 Mb/s, microsecond latency). Two clients connect to the server first, so their TCBs are at the
 * tail of the server's list; a fourth host then makes N real short
 * connections that the server closes actively, leaving N TIME_WAIT TCBs at
 * the server (unmodified TCP) or at the fourth host (swap close); then both
 * clients bulk-transfer to the server and their throughput is measured from
 * the start of the transfer. Every node has a TcpHostModel.
 */
class TwAvoidTable1Experiment
{
  public:
    /**
     * @brief Set up an experiment.
     * @param config its parameters
     */
    explicit TwAvoidTable1Experiment(const TwAvoidTable1Config& config);

    /**
     * @brief Run it once (the RNG run number is the global one, e.g. --RngRun).
     *
     * Calls Simulator::Destroy at the end.
     *
     * @return the outcome
     */
    TwAvoidTable1Result Run();

  private:
    TwAvoidTable1Config m_config; //!< Parameters
};

} // namespace ns3

#endif /* TW_AVOID_TABLE1_EXPERIMENT_H */
