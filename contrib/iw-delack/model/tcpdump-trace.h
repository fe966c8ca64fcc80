/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCPDUMP_TRACE_H
#define TCPDUMP_TRACE_H

#include "ns3/ipv4-address.h"
#include "ns3/nstime.h"
#include "ns3/object.h"

#include <optional>
#include <string>
#include <vector>

namespace ns3
{

/**
 * @defgroup iw-delack iw-delack
 * Initial window against the BSD and Solaris delayed ACK (seed 002): one
 * HTTP/1.0 GET between hosts of 1998 (and of today), traced segment by
 * segment as tcpdump showed it, and compared with the page's traces.
 */

class Ipv4L3Protocol;
class Node;
class Packet;

/**
 * @ingroup iw-delack
 * @brief One TCP segment as tcpdump prints it (the seed page's format).
 */
struct TcpdumpLine
{
    double time{0};         //!< Seconds since the connection's first segment
    bool fromClient{false}; //!< Direction
    bool syn{false};        //!< SYN flag
    bool fin{false};        //!< FIN flag
    bool push{false};       //!< PSH flag
    bool rst{false};        //!< RST flag
    bool ack{false};        //!< ACK flag
    uint32_t seq{0};        //!< First sequence number, relative (0 for a SYN)
    uint32_t length{0};     //!< Payload bytes
    uint32_t ackNumber{0};  //!< Acknowledgement number, relative
    uint32_t window{0};     //!< Advertised window
    uint32_t mss{0};        //!< MSS option, 0 if none

    /// @return whether the segment is a bare ACK (no data, SYN, FIN or RST)
    bool IsBareAck() const;

    /**
     * @brief The line in the page's format.
     * @param index the line number
     * @param clientPort the client's port, printed as client.<port>
     * @return e.g. "6: 0.038097 client.1469 > server.www: . ack 1461 win 61320"
     */
    std::string Format(uint32_t index, uint16_t clientPort) const;

    /**
     * @brief Read a line in the page's format.
     * @param text the line
     * @return the segment, or nothing if the line is not a segment
     */
    static std::optional<TcpdumpLine> Parse(const std::string& text);
};

/**
 * @ingroup iw-delack
 * @brief A tcpdump at a node: the segments of one TCP connection that its
 * IPv4 sends and receives, with sequence and acknowledgement numbers made
 * relative to each side's initial sequence number, as tcpdump does.
 *
 * Segments that IPv4 fragments are not logged (keep the MSS and options
 * within the link's MTU). The capture point is IPv4's Tx and Rx traces: a segment is logged when it
 * leaves TCP's output path (after any output cost of the host model) or
 * arrives, before the receiving host's input cost, as a driver-level
 * tcpdump sees it.
 */
class TcpdumpTrace : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * @brief Start capturing at a node (the server, for the page's traces).
     * @param node the node; it must have IPv4
     * @param client the client's address: segments from it are "client >"
     */
    void Attach(Ptr<Node> node, Ipv4Address client);

    /// @return the segments captured, times relative to the first
    const std::vector<TcpdumpLine>& GetLines() const;

    /// @return the client's port (0 before the first segment)
    uint16_t GetClientPort() const;

  private:
    /**
     * @brief A segment at IPv4.
     * @param packet the packet, IPv4 header included
     */
    void Capture(Ptr<const Packet> packet);

    Ipv4Address m_client;             //!< The client's address
    std::vector<TcpdumpLine> m_lines; //!< Captured segments
    Time m_start;                     //!< Time of the first segment
    uint32_t m_clientIsn{0};          //!< Client's initial sequence number
    uint32_t m_serverIsn{0};          //!< Server's initial sequence number
    bool m_clientIsnKnown{false};     //!< m_clientIsn is set
    bool m_serverIsnKnown{false};     //!< m_serverIsn is set
    uint16_t m_clientPort{0};         //!< The client's port
};

} // namespace ns3

#endif /* TCPDUMP_TRACE_H */
