/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef BUFFER_ALLOCATION_EXPERIMENT_H
#define BUFFER_ALLOCATION_EXPERIMENT_H

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * @ingroup paper-experiments
 * @brief Section 4 of the buffers issue: one sender (the proxy's side
 * that sends) with a limited socket-buffer pool and many receivers, each
 * on its own 100 Mb/s path of a given loss rate and propagation delay.
 * Every receiver downloads without end; what differs between runs is how
 * the sender sizes its send buffers:
 * - "fixed": every connection keeps FixedBuffer (16 KB);
 * - "e2atbt": E2AtbtSendBuffer under the node's E2AtbtAllocator;
 * - "linux": LinuxSndBufAutotuning within the node's SocketMemory (Buffers).
 * Receivers use LinuxRcvBufAutotuning, so the sender's buffer is what
 * limits a connection's window.
 */
struct BufferAllocationConfig
{
    std::string scheme{"e2atbt"};    //!< "fixed", "e2atbt" or "linux"
    uint32_t receivers{100};         //!< Connections, one receiver each
    uint64_t poolBytes{3200 * 1024}; //!< The sender's socket-buffer pool
    uint32_t fixedBuffer{16 * 1024}; //!< Every send buffer's size at the start (and in "fixed")
    /// Loss rates, assigned round robin to the receivers (the paper's five)
    std::vector<double> lossRates{0.0001, 0.0005, 0.001, 0.005, 0.01};
    double minDelay{0.010};          //!< Smallest one-way propagation delay, seconds
    double maxDelay{0.100};          //!< Largest (uniform in between)
    std::string linkRate{"100Mbps"}; //!< Every path's rate
    double warmup{10};               //!< Seconds before measuring
    double duration{60};             //!< Seconds measured
    double sampleInterval{0.25};     //!< Seconds between two samples of the pool's use

    /// @return "" if the configuration can run, else what is wrong with it
    std::string Validate() const;
};

/// One connection of a run.
struct BufferAllocationConnection
{
    double lossRate{0};     //!< Its path's packet loss rate
    double rtt{0};          //!< Its path's round-trip propagation delay, seconds
    double throughput{0};   //!< Received while measured, bit/s
    double prediction{0};   //!< PFTK's throughput for the path, bit/s (unbounded window)
    uint32_t sendBuffer{0}; //!< Send buffer at the end, bytes
};

/// A run's result.
struct BufferAllocationResult
{
    std::vector<BufferAllocationConnection> connections; //!< By receiver
    double aggregate{0};                                 //!< Sum of throughputs, bit/s
    double jainThroughput{0};                            //!< Jain's index of the throughputs
    double jainNormalized{0};          //!< Jain's index of throughput / prediction
    double poolUse{0};                 //!< Mean sum of the send buffers while measured / the pool
    std::vector<double> sampleTime;    //!< Sample times, seconds (connections open in [0, 1))
    std::vector<uint64_t> sendBuffers; //!< Sum of the sender's send buffers then, bytes
    uint64_t events{0};                //!< Simulator events
};

/**
 * @brief Run one configuration (the run's RNG: RngSeedManager).
 * @param config a valid configuration (NS_ABORT otherwise)
 * @return the result
 */
BufferAllocationResult RunBufferAllocation(const BufferAllocationConfig& config);

/**
 * @brief Jain's fairness index, (sum x)^2 / (n sum x^2).
 * @param values the values (not all zero)
 * @return the index, in [1/n, 1]
 */
double JainIndex(const std::vector<double>& values);

} // namespace ns3

#endif /* BUFFER_ALLOCATION_EXPERIMENT_H */
