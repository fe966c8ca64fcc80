/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCP_OUTPUT_STAGE_H
#define TCP_OUTPUT_STAGE_H

#include "ns3/ip-l4-protocol.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/tcp-header.h"
#include "ns3/traced-callback.h"

#include <optional>
#include <vector>

namespace ns3
{

class HostCpu;
class Node;

/**
 * @ingroup tcp-host
 * @brief A node's TCP output, between TcpL4Protocol and IPv4.
 *
 * One per node (TcpHostHelper installs it). It wraps TCP's path down to
 * IPv4 and has two jobs:
 * - options ns-3 cannot write: TcpHeader::AppendOption refuses option
 *   kinds it does not know, so a socket that must send one (a close
 *   policy's handshake option, for instance) arms it with ArmOption() just
 *   before it sends, and the next segment to go down, in the same call,
 *   gets it (AppendOption rebuilds the header from its bytes);
 * - the send-side cost: with a HostCpu on the node, each segment is charged
 *   PerSegmentCost + PerByteCost x payload bytes of kernel work and leaves
 *   when that work is done, after any kernel work queued before it.
 */
class TcpOutputStage : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * @brief Wrap a node's TCP output (the node must have TCP over IPv4).
     * @param node the node
     */
    void Install(Ptr<Node> node);

    /**
     * @brief Put an option on the next segment sent.
     * @param option the option's bytes: kind, length, data
     */
    void ArmOption(const std::vector<uint8_t>& option);

    /// Forget an armed option that was not used.
    void ClearOption();

    /**
     * @brief A copy of a header with an option appended after its options.
     * @param header the header
     * @param option the option's bytes: kind, length, data
     * @return the new header, or the old one if its option space is full
     */
    static TcpHeader AppendOption(const TcpHeader& header, const std::vector<uint8_t>& option);

  protected:
    void DoDispose() override;

  private:
    /**
     * @brief TCP's segment on its way to IPv4.
     * @param packet the segment, TCP header included
     * @param source source address
     * @param destination destination address
     * @param protocol protocol number (6)
     * @param route the route
     */
    void Send(Ptr<Packet> packet,
              Ipv4Address source,
              Ipv4Address destination,
              uint8_t protocol,
              Ptr<Ipv4Route> route);

    /**
     * @brief A segment whose CPU work is done: to IPv4, after Latency.
     * @param packet the segment, TCP header included
     * @param source source address
     * @param destination destination address
     * @param protocol protocol number (6)
     * @param route the route
     */
    void Leave(Ptr<Packet> packet,
               Ipv4Address source,
               Ipv4Address destination,
               uint8_t protocol,
               Ptr<Ipv4Route> route);

    Ptr<HostCpu> m_cpu;                           //!< The node's CPU, if it has one
    IpL4Protocol::DownTargetCallback m_down;      //!< IPv4's send
    std::optional<std::vector<uint8_t>> m_option; //!< Armed option
    Time m_perSegmentCost;                        //!< CPU time per segment sent
    Time m_perByteCost;                           //!< CPU time per payload byte sent
    Time m_latency;                               //!< Delay with no CPU busy
    uint64_t m_segments{0};                       //!< Segments sent
};

} // namespace ns3

#endif /* TCP_OUTPUT_STAGE_H */
