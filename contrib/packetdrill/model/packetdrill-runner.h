/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef PACKETDRILL_RUNNER_H
#define PACKETDRILL_RUNNER_H

// Plays a packetdrill script on a fresh pair of ns-3 nodes: the node under
// test with the socket chosen, and a scripted peer that injects the
// script's inbound segments and checks the node's outbound ones.

#include "packetdrill-script.h"

#include "ns3/nstime.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * @ingroup packetdrill
 * @brief How a script is run.
 */
struct PacketdrillConfig
{
    std::string socket{"suite"};     //!< "suite" (TcpHostSocket) or "stock" (TcpSocketBase)
    std::string profile{"Linux-6"};  //!< The host profile of the node under test (suite)
    Time tolerance{MilliSeconds(4)}; //!< How far an outbound segment may be from its time
    Time limit{Seconds(600)};        //!< Simulated time after which a script is stopped
    bool trace{false};               //!< Record every segment in the verdict's trace

    /// @return what is wrong with it ("": nothing)
    std::string Validate() const;
};

/**
 * @ingroup packetdrill
 * @brief What a script's run came to.
 */
struct PacketdrillVerdict
{
    /// The outcome
    enum Kind
    {
        PASS,        //!< Every event as the script says
        FAIL,        //!< The first mismatch (or a malformed line)
        UNSUPPORTED, //!< A construct the runner lacks: not run
    };

    Kind kind{PASS};                  //!< The outcome
    uint32_t line{0};                 //!< FAIL, UNSUPPORTED: the script line (0: none)
    std::string message;              //!< FAIL, UNSUPPORTED: what happened
    std::vector<std::string> skipped; //!< Shell commands and Python blocks not run
    std::vector<std::string> trace;   //!< With PacketdrillConfig::trace: "t < ..." and "t > ..."

    /**
     * @param file the script's name
     * @return the program's line: `PASS file`, `FAIL file:line: ...`, `UNSUPPORTED file:line: ...`
     */
    std::string Format(const std::string& file) const;
};

/**
 * @ingroup packetdrill
 * @brief Runs packetdrill scripts against an ns-3 TCP socket.
 *
 * Each script runs in its own simulation (Simulator::Destroy after it): the
 * node under test (10.0.0.1) and the peer (10.0.0.2) are joined by a
 * point-to-point link (10 Gb/s, no delay). The peer has no internet stack:
 * it sends the script's inbound segments as IPv4 packets straight onto its
 * PointToPointNetDevice and receives what the node under test sends through
 * the device's receive callback, so no TCP of its own answers a segment the
 * script did not write.
 */
class PacketdrillRunner
{
  public:
    /**
     * @param script a parsed script
     * @param config how to run it
     * @return its verdict
     */
    static PacketdrillVerdict Run(const PacketdrillScript& script, const PacketdrillConfig& config);

    /**
     * @param path a script file
     * @param config how to run it
     * @return its verdict (FAIL on line 0 if the file cannot be read)
     */
    static PacketdrillVerdict RunFile(const std::string& path, const PacketdrillConfig& config);
};

} // namespace ns3

#endif // PACKETDRILL_RUNNER_H
