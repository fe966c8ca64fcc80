/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCP_DELAYED_ACK_POLICY_H
#define TCP_DELAYED_ACK_POLICY_H

#include "ns3/nstime.h"
#include "ns3/object.h"

#include <cstdint>
#include <string>

namespace ns3
{

class Node;

/**
 * @ingroup tcp-host
 * @brief What a receiver knows when it decides about an ACK: an in-sequence
 * data segment has arrived, or the application has read.
 */
struct TcpAckState
{
    uint32_t mss{0};          //!< The connection's maximum segment size
    uint32_t bytes{0};        //!< Payload of the arriving segment (0 on a read)
    bool pushed{false};       //!< The segment carries PSH or FIN
    uint32_t unacked{0};      //!< Bytes received before it and not yet acknowledged
    uint32_t segments{0};     //!< Data segments received so far, this one included
    uint32_t readSinceAck{0}; //!< Bytes the application read since the last ACK left
    uint32_t bufferSize{0};   //!< Receive buffer size
    /// Bytes the window last advertised still lets the peer send (its
    /// right edge less the next byte expected; 0 if it is closed)
    uint32_t windowLeft{0};
    /// The window an ACK sent now would advertise (the buffer's free room)
    uint32_t windowNow{0};
};

/**
 * @ingroup tcp-host
 * @brief When an ACK goes out: the delayed-ACK policy slot of TcpHostSocket.
 *
 * A receiver may acknowledge a segment at once or defer the ACK, hoping to
 * send it with data or to cover more segments. The rules differ between
 * TCP implementations and decide the delays the seed-002 traces show. For
 * each in-sequence data segment the socket asks OnSegment(); after each
 * read by the application it asks OnRead() (a window update); a deferred
 * ACK leaves when the timer of GetDelay() fires, unless something sends an
 * ACK first.
 *
 * This base class leaves everything to TcpSocketBase (an ACK for every
 * DelAckCount-th segment, a per-connection timer of DelAckTimeout for the
 * others): ns-3's own behaviour, the default. Forked into accepted sockets.
 */
class TcpDelayedAckPolicy : public Object
{
  public:
    /// What to do with an arriving in-sequence data segment.
    enum class Verdict
    {
        STANDARD,       //!< TcpSocketBase decides (DelAckCount, DelAckTimeout)
        ACK_NOW,        //!< Acknowledge it at once
        DEFER,          //!< Defer the ACK to the timer (or an earlier ACK)
        ACK_BEFORE_NOW, //!< Acknowledge the data before it at once; defer its own ACK
        HOLD,           //!< Acknowledge the data before it with the timer; hold it out of
                        //!< ACKs (and from the application) until then
    };

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    ~TcpDelayedAckPolicy() override;

    /// @return the policy's name, for logs
    virtual std::string GetName() const;

    /**
     * @brief Whether the policy decides ACKs itself (OnSegment does not
     * always return STANDARD): the socket then also hands it a FIN that
     * carries data as the data and then the bare FIN, so that TcpSocketBase
     * acknowledges the FIN once (it acknowledges the data of a FIN segment
     * as a filled gap, then the FIN again).
     * @return false for this base class
     */
    virtual bool DecidesAcks() const;

    /**
     * @brief An in-sequence data segment has arrived.
     * @param state the receiver's state, the segment not yet taken in
     * @return what to do (STANDARD for this base class)
     */
    virtual Verdict OnSegment(const TcpAckState& state);

    /**
     * @brief The application has read (state.readSinceAck includes it).
     * @param state the receiver's state
     * @return whether to send an ACK (a window update) now (false for this
     * base class)
     */
    virtual bool OnRead(const TcpAckState& state);

    /**
     * @brief The delay of an ACK that is being deferred.
     * @param node the socket's node
     * @param now the current time
     * @param standard the socket's DelAckTimeout
     * @return how long the ACK waits (standard, for this base class)
     */
    virtual Time GetDelay(Ptr<Node> node, Time now, Time standard);

    /**
     * @brief A copy for a socket that a listening socket forks.
     * @return the copy
     */
    virtual Ptr<TcpDelayedAckPolicy> Fork() const;

    /**
     * @brief Name of a verdict, for logs.
     * @param verdict the verdict
     * @return its name
     */
    static const char* VerdictName(Verdict verdict);
};

} // namespace ns3

#endif /* TCP_DELAYED_ACK_POLICY_H */
