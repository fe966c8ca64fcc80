/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCP_CLOSE_POLICY_H
#define TCP_CLOSE_POLICY_H

#include "ns3/object.h"
#include "ns3/tcp-header.h"
#include "ns3/tcp-socket.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * @ingroup tcp-host
 * @brief Which end of a connection keeps TIME_WAIT: the close policy slot of
 * TcpHostSocket.
 *
 * In the style of TcpCongestionOps: the socket carries out the close path
 * (one table of (state, segment) arms) and asks its policy the few
 * questions whose answers differ between close mechanisms. This base class
 * is the standard close of RFC 793: the active closer keeps TIME_WAIT, the
 * passive closer frees its TCB when its FIN is acknowledged, and the
 * handshake carries nothing. Subclasses (the swap close and the negotiated
 * placement of the tw-avoid module) override some of the questions. A
 * listening socket's policy is forked into each connection it accepts.
 */
class TcpClosePolicy : public Object
{
  public:
    /// How a passive closer ends once its FIN is acknowledged.
    enum PassiveEnd
    {
        PASSIVE_CLOSED,        //!< Free the TCB (RFC 793 LAST_ACK -> CLOSED)
        PASSIVE_RST_TIME_WAIT, //!< Send an RST, keep TIME_WAIT (the swap close)
        PASSIVE_TIME_WAIT,     //!< Keep TIME_WAIT, no RST (the peer agreed not to keep it)
    };

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    TcpClosePolicy();

    /**
     * @brief Copy constructor (for Fork).
     * @param other the policy to copy
     */
    TcpClosePolicy(const TcpClosePolicy& other);

    ~TcpClosePolicy() override;

    /// @return the policy's name, for logs
    virtual std::string GetName() const;

    /// @return how this end ends when it closes second
    virtual PassiveEnd GetPassiveEnd() const;

    /// @return whether this end keeps TIME_WAIT when it closes first
    virtual bool KeepsTimeWaitAfterActiveClose() const;

    /**
     * @brief An option to put on a segment without data the socket is about to send.
     *
     * Asked for SYNs, SYN-ACKs and bare ACKs.
     *
     * @param flags the segment's flags
     * @return the option's bytes (kind, length, data), or empty for none
     */
    virtual std::vector<uint8_t> OptionToSend(uint8_t flags);

    /**
     * @brief A segment arrived while the connection is being opened.
     * @param header its TCP header
     * @param state the socket's state (LISTEN, SYN_SENT or SYN_RCVD)
     */
    virtual void HandshakeSegment(const TcpHeader& header, TcpSocket::TcpStates_t state);

    /**
     * @brief A copy for a socket that a listening socket forks.
     * @return the copy
     */
    virtual Ptr<TcpClosePolicy> Fork() const;
};

} // namespace ns3

#endif /* TCP_CLOSE_POLICY_H */
