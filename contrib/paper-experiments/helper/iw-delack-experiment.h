/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef IW_DELACK_EXPERIMENT_H
#define IW_DELACK_EXPERIMENT_H

#include "ns3/tcpdump-trace.h"
#include "ns3/trace-comparison.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ns3
{

/**
 * @ingroup paper-experiments
 * @brief One HTTP/1.0 GET between two hosts on a LAN (seed 002's
 * experiment): which hosts, the server's initial window, the phases of the
 * hosts' delayed-ACK clocks, the document.
 */
struct IwDelackConfig
{
    std::string serverProfile{"Solaris-2.5.1-Apache-1.2.5"}; //!< Server's TcpHostProfile
    std::string clientProfile{"IRIX-6.2-Indy"};              //!< Client's TcpHostProfile
    uint32_t serverInitialWindow{1}; //!< Server's initial window, segments (tcp_slow_start_initial)
    uint32_t clientInitialWindow{1}; //!< Client's initial window, segments
    /// Time of the client's first delayed-ACK tick after its SYN, seconds
    /// (taken modulo the tick interval); none: a random boot phase.
    std::optional<double> clientTick;
    std::optional<double> serverTick; //!< The same for the server
    uint32_t bodyBytes{13293}; //!< Document size (the 256-byte Apache 1.2.5 head comes on top)
    uint32_t readSize{1024};   //!< Client's read size (Stevens' sock: 1024); 0: all there is
    std::string linkRate{"100Mbps"}; //!< The LAN's rate
    double linkDelay{10e-6};         //!< One-way propagation delay, seconds

    /// @return "" if the configuration can run, else what is wrong with it
    std::string Validate() const;
};

/**
 * @ingroup paper-experiments
 * @brief The configuration of one of the page's figures, with the boot
 * phases documented in the iw-delack doc.
 * @param figure "2.1", "2.2", "3.1", "3.2", "3.3", "3.4" or "3.5"
 * @return the configuration
 */
IwDelackConfig IwDelackCase(const std::string& figure);

/// @return the figures IwDelackCase knows
std::vector<std::string> IwDelackCases();

/**
 * @ingroup paper-experiments
 * @brief What one GET gave.
 */
struct IwDelackResult
{
    std::vector<TcpdumpLine> trace; //!< The segments, as tcpdump at the server saw them
    uint16_t clientPort{0};         //!< For printing the trace
    double transferTime{0};         //!< Seconds from the first segment to the last
    uint32_t delayedAcks{0};        //!< Bare ACKs that waited (IsDelayedAck)
    double clientTick{0};           //!< Client's first tick after its SYN, seconds
    double serverTick{0};           //!< Server's first tick after the client's SYN, seconds
    bool completed{false};          //!< The client got the whole response
    uint64_t events{0};             //!< Simulator events
};

/**
 * @ingroup paper-experiments
 * @brief Run one GET (aborts with a message on a bad configuration).
 * @param config the configuration
 * @return the result
 */
IwDelackResult RunIwDelack(const IwDelackConfig& config);

} // namespace ns3

#endif /* IW_DELACK_EXPERIMENT_H */
