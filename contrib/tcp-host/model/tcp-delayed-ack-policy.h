/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCP_DELAYED_ACK_POLICY_H
#define TCP_DELAYED_ACK_POLICY_H

#include "ns3/nstime.h"
#include "ns3/object.h"

#include <string>

namespace ns3
{

/**
 * @ingroup tcp-host
 * @brief When a delayed ACK goes out: the delayed-ACK policy slot of
 * TcpHostSocket.
 *
 * TcpSocketBase acknowledges every DelAckCount-th in-sequence segment at
 * once and arms a per-connection timer of DelAckTimeout for the others.
 * Each time it arms that timer, TcpHostSocket asks its policy how long the
 * ACK should wait instead. This base class keeps ns-3's timer (the
 * standard behaviour); a host whose delayed ACKs are sent by a periodic
 * clock (4.4BSD's 200 ms fast timer, fixed since boot) returns the time to
 * its next tick. Forked into accepted sockets.
 */
class TcpDelayedAckPolicy : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    ~TcpDelayedAckPolicy() override;

    /// @return the policy's name, for logs
    virtual std::string GetName() const;

    /**
     * @brief The delay of an ACK that is being deferred.
     * @param now the current time
     * @param standard the socket's DelAckTimeout
     * @return how long the ACK waits (standard, for this base class)
     */
    virtual Time GetDelay(Time now, Time standard) const;

    /**
     * @brief A copy for a socket that a listening socket forks.
     * @return the copy
     */
    virtual Ptr<TcpDelayedAckPolicy> Fork() const;
};

} // namespace ns3

#endif /* TCP_DELAYED_ACK_POLICY_H */
