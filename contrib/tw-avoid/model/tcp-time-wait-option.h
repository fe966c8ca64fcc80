/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCP_TIME_WAIT_OPTION_H
#define TCP_TIME_WAIT_OPTION_H

#include "ns3/ip-l4-protocol.h"
#include "ns3/object.h"
#include "ns3/tcp-header.h"

#include <optional>

namespace ns3
{

class Node;
class TcpL4Protocol;

/**
 * @ingroup tw-avoid
 * @brief The TCP option by which two ends agree, on SYN and SYN-ACK, which
 * of them keeps TIME_WAIT.
 *
 * The TIME_WAIT draft calls this negotiation the cleaner solution and did
 * not build it. The option is an RFC 6994 experimental option: kind 253,
 * length 5, experiment identifier 0x5457 ("TW"), then one byte saying who
 * keeps TIME_WAIT (ACTIVE_OPENER_KEEPS: the client). The active opener
 * offers it on its SYN; a passive opener that agrees echoes it on its
 * SYN-ACK. An end that does not understand it ignores it (RFC 793), and
 * both then close the standard way.
 *
 * ns-3's TcpHeader keeps an option of unknown kind when it parses one, but
 * will not add one (TcpHeader::AppendOption refuses unknown kinds), so
 * AddTo rebuilds the header from its bytes with the option appended.
 */
class TcpTimeWaitOption
{
  public:
    static constexpr uint8_t KIND = 253;              //!< RFC 6994 experimental option
    static constexpr uint16_t EXPERIMENT_ID = 0x5457; //!< "TW"
    static constexpr uint8_t LENGTH = 5;              //!< kind, length, ExID (2), value
    static constexpr uint8_t ACTIVE_OPENER_KEEPS = 1; //!< The client keeps TIME_WAIT

    /**
     * @brief The option's value in a header, if it carries the option.
     * @param header the header
     * @return the value, or nothing
     */
    static std::optional<uint8_t> Find(const TcpHeader& header);

    /**
     * @brief A copy of a header with the option appended.
     * @param header the header
     * @param value the option's value
     * @return the new header, or the old one if its option space is full
     */
    static TcpHeader AddTo(const TcpHeader& header, uint8_t value);
};

/**
 * @ingroup tw-avoid
 * @brief Puts the TIME_WAIT option on the SYN or SYN-ACK a socket is sending.
 *
 * One per node (TwAvoidHelper installs it). It wraps TCP's path down to
 * IPv4: a socket arms it with SetNext() just before it sends a SYN, and the
 * next TCP segment to go down (that SYN, in the same call) gets the option.
 */
class TcpTimeWaitOptionWriter : public Object
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
     * @brief Put the option, with this value, on the next segment sent.
     * @param value the option's value
     */
    void SetNext(uint8_t value);

    /// Forget an armed option that was not used.
    void Clear();

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

    IpL4Protocol::DownTargetCallback m_down; //!< IPv4's send
    std::optional<uint8_t> m_next;           //!< Armed option value
};

} // namespace ns3

#endif /* TCP_TIME_WAIT_OPTION_H */
