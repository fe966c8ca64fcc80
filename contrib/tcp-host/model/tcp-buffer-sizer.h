/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCP_BUFFER_SIZER_H
#define TCP_BUFFER_SIZER_H

#include "ns3/ptr.h"

#include <array>
#include <cstdint>

namespace ns3
{

class SocketMemory;

/**
 * @ingroup tcp-host
 * @brief The part of TcpHostSocket that owns its buffers' sizes against the
 * node's memory: what it charges to the node's SocketMemory (the only
 * writer of that charge, in every accounting mode), and the size a buffer
 * is being shrunk to when it cannot shrink at once (below the bytes it
 * holds, or below the window the last ACK promised). The socket applies
 * the sizes to TcpSocketBase's buffers.
 */
class TcpBufferSizer
{
  public:
    /// A socket's two buffers.
    enum Buffer : uint8_t
    {
        SEND = 0,
        RECEIVE = 1,
    };

    /**
     * The connection starts: its buffers as they are now draw from the node's
     * memory, both if the node's sockets charge their buffers
     * (SocketMemory::SocketsChargeBuffers), else the send buffer alone if its
     * policy draws from memory. A connection's first buffers are never
     * refused (as a kernel's socket creation): the memory may run past its
     * limit by them, and then no buffer grows until it is below again.
     * Nothing happens a second time, or without memory.
     * @param memory the node's socket memory (may be null)
     * @param sendDrawsFromMemory the buffer policy's answer
     * @param sendSize the send buffer's size now
     * @param receiveSize the receive buffer's size now
     */
    void StartCharging(Ptr<SocketMemory> memory,
                       bool sendDrawsFromMemory,
                       uint32_t sendSize,
                       uint32_t receiveSize);
    /**
     * The connection is over: what was charged goes back.
     * @param sendSize the send buffer's size now
     * @param receiveSize the receive buffer's size now
     */
    void StopCharging(uint32_t sendSize, uint32_t receiveSize);
    /// @param which a buffer @return true if it is charged now
    bool Charges(Buffer which) const;

    /**
     * A buffer's size changes: the change charged if the buffer is.
     * @param which the buffer
     * @param from its size now
     * @param to the size wanted
     * @return the size granted: to, unless growth exceeds the memory left
     */
    uint32_t Grant(Buffer which, uint32_t from, uint32_t to);

    /**
     * A size asked for a buffer that must not go below floor now: the size
     * to set now; the rest is reached later by Step.
     * @param which the buffer
     * @param wanted the size asked
     * @param floor what it must keep now (bytes held, the window promised)
     * @return max(wanted, floor)
     */
    uint32_t Aim(Buffer which, uint32_t wanted, uint32_t floor);
    /**
     * Closer to a size aimed at, as far as the floor now allows.
     * @param which the buffer
     * @param floor what it must keep now
     * @return the size to set, or 0 if it is not being shrunk
     */
    uint32_t Step(Buffer which, uint32_t floor);
    /// @param which a buffer @return the size it is being shrunk to (0: none)
    uint32_t Target(Buffer which) const;

  private:
    /// @return the bytes charged for buffers of these sizes
    uint64_t Charged(uint32_t sendSize, uint32_t receiveSize) const;

    Ptr<SocketMemory> m_chargedTo;            //!< Charged with the buffers (null: not)
    bool m_chargesReceiveBuffer{false};       //!< The receive buffer too
    std::array<uint32_t, 2> m_target{{0, 0}}; //!< Sizes being shrunk to (0: none)
};

} // namespace ns3

#endif // TCP_BUFFER_SIZER_H
