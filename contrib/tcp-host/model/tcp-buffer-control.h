/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCP_BUFFER_CONTROL_H
#define TCP_BUFFER_CONTROL_H

#include "ns3/nstime.h"
#include "ns3/ptr.h"

#include <cstdint>

namespace ns3
{

class Node;

/**
 * @ingroup tcp-host
 * @brief What a buffer policy (TcpBufferPolicy) sees of a connection and
 * may do to it: its measurements and its two buffer sizes, nothing else.
 *
 * TcpHostSocket implements it. A policy gets no wider view of the socket,
 * as ns-3's congestion operations get TcpSocketState and not the socket.
 */
class TcpBufferControl
{
  public:
    virtual ~TcpBufferControl() = default;

    /// @return the node the connection is on (for per-node objects: a pool, an allocator)
    virtual Ptr<Node> GetNode() const = 0;

    /// @return the smoothed round-trip time (0 before the first sample)
    virtual Time GetSmoothedRtt() const = 0;

    /// @return the retransmission timeout now
    virtual Time GetRto() const = 0;

    /// @return the congestion window, bytes
    virtual uint32_t GetCongestionWindow() const = 0;

    /// @return the segment size, bytes (SegmentSize)
    virtual uint32_t GetSegmentSize() const = 0;

    /// @return data segments sent, retransmissions included
    virtual uint64_t GetDataSegmentsSent() const = 0;

    /// @return data segments sent again (below the highest sequence sent)
    virtual uint64_t GetDataSegmentsRetransmitted() const = 0;

    /// @return data segments received, duplicates included
    virtual uint64_t GetDataSegmentsReceived() const = 0;

    /// @return data segments received below the highest sequence received
    /// so far: the sender's retransmissions as the receiver sees them (each
    /// fills a hole a loss left, or repeats what came already), so that a
    /// receiver can estimate the path's loss ratio as a sender does
    virtual uint64_t GetDataSegmentsReceivedAgain() const = 0;

    /// @return the send buffer's size, bytes (SndBufSize)
    virtual uint32_t GetSendBufferSize() const = 0;

    /// @return the receive buffer's size, bytes (RcvBufSize)
    virtual uint32_t GetReceiveBufferSize() const = 0;

    /**
     * @brief Set the send buffer at any time: never below the bytes it
     * holds. A size below that is reached gradually: the application gets
     * no room until ACKs have brought the bytes held below it. An
     * application waiting for room hears of it when the buffer grows.
     * @param bytes the size wanted
     * @return the size set
     */
    virtual uint32_t ResizeSendBuffer(uint32_t bytes) = 0;

    /**
     * @brief Set the receive buffer at any time: never below the bytes it
     * holds, nor below the window already advertised (the right edge of the
     * window never moves back), nor beyond what the window scale chosen at
     * SYN time can advertise (TcpHostSocket's MaxRcvBufSize). A grown window
     * is advertised at once. A size below the window advertised is reached
     * gradually: each later segment the socket sends keeps the right edge
     * where it was until the buffer is down to it.
     * @param bytes the size wanted
     * @return the size set now
     */
    virtual uint32_t ResizeReceiveBuffer(uint32_t bytes) = 0;
};

} // namespace ns3

#endif // TCP_BUFFER_CONTROL_H
