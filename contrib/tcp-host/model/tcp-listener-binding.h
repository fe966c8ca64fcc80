/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCP_LISTENER_BINDING_H
#define TCP_LISTENER_BINDING_H

#include "tcp-listen-queue.h"

#include "ns3/ptr.h"
#include "ns3/tcp-socket.h"

namespace ns3
{

/**
 * @ingroup tcp-host
 * @brief The part of TcpHostSocket that binds it to a listener's queues
 * (TcpListenQueue): a listener's own queues and the cookie verdict of the
 * SYN it forks next; a connection forked from a listener, its listener's
 * queues, whether it was answered with a cookie, and whether its bare ACK
 * was deferred (TCP_DEFER_ACCEPT). It tells the queues what they count:
 * a SYN admitted, the child leaving the SYN queue, the child gone. The
 * socket keeps the translation to TcpSocketBase (timers, the handshake).
 */
class TcpListenerBinding
{
  public:
    // A listener.

    /// @param queue the listener's queues (may be null: ns-3's backlog only)
    void SetQueue(Ptr<TcpListenQueue> queue);
    /// @return the listener's queues (null if none)
    Ptr<TcpListenQueue> GetQueue() const;
    /**
     * A SYN reached the listener: the queues' verdict, and (if admitted) the
     * cookie the child it forks next will carry.
     * @param reopensTimeWait the SYN reopens a connection from a TIME_WAIT record
     * @return the queues' verdict
     */
    TcpListenQueue::SynVerdict OnSyn(bool reopensTimeWait);
    /**
     * The listener forks a child for the SYN it admitted: the SYN queue
     * counts it from now (a cookie's is not counted).
     * @return the child's binding
     */
    TcpListenerBinding Fork();

    // A connection forked from a listener with queues.

    /// @return its listener's queues (null: not forked from one)
    Ptr<TcpListenQueue> GetParent() const;
    /// @return true if it was answered with a SYN cookie
    bool HasCookie() const;
    /**
     * The ACK that completes its handshake arrived: the queues' verdict
     * (ACK_DEFER is remembered: SYN+ACKs are then resent only as
     * ResendsSynAck says).
     * @param carriesData the ACK carries data
     * @param synAckTimeouts expiries of the SYN+ACK's timer so far
     * @return the verdict
     */
    TcpListenQueue::AckVerdict OnHandshakeAck(bool carriesData, uint32_t synAckTimeouts);
    /**
     * @param synAckTimeouts expiries of the SYN+ACK's timer so far
     * @return false if a deferred connection's SYN+ACK is not resent at this expiry
     */
    bool ResendsSynAck(uint32_t synAckTimeouts) const;
    /**
     * The connection changed state: it leaves the SYN queue when it leaves
     * SYN_RCVD (either way), the listener forgets it when it closes.
     * @param oldState the state before
     * @param newState the state now
     * @param self the connection's socket
     */
    void StateChanged(TcpSocket::TcpStates_t oldState,
                      TcpSocket::TcpStates_t newState,
                      Ptr<Socket> self);

    /// The socket goes away: no queue is kept alive by it.
    void Dispose();

  private:
    Ptr<TcpListenQueue> m_queue;  //!< A listener's queues
    bool m_forkCookie{false};     //!< A listener: the SYN forked next has a cookie
    Ptr<TcpListenQueue> m_parent; //!< A child's: its listener's queues
    bool m_synCookie{false};      //!< A child answered with a SYN cookie
    bool m_deferredAck{false};    //!< A child in SYN_RCVD whose bare ACK was deferred
};

} // namespace ns3

#endif // TCP_LISTENER_BINDING_H
