/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCP_ACK_DECIDER_H
#define TCP_ACK_DECIDER_H

#include "tcp-delayed-ack-policy.h"

#include "ns3/packet.h"
#include "ns3/ptr.h"
#include "ns3/sequence-number.h"
#include "ns3/tcp-header.h"

namespace ns3
{

/**
 * @ingroup tcp-host
 * @brief What the ACK decider reads of a receiver, at one moment: a narrow
 * view of the connection (as TcpSocketState is to ns-3's congestion ops).
 */
struct TcpReceiverView
{
    uint32_t mss{0};              //!< The connection's maximum segment size
    SequenceNumber32 rcvNext{0};  //!< RCV.NXT: the next byte expected
    SequenceNumber32 rcvMax{0};   //!< The highest byte the buffer has room for, plus one
    uint32_t bufferSize{0};       //!< Receive buffer size
    uint32_t advertisedWindow{0}; //!< The window the last ACK advertised
};

/**
 * @ingroup tcp-host
 * @brief The part of TcpHostSocket that decides acknowledgements: it owns
 * the delayed-ACK policy slot and what the policy is told (the in-sequence
 * segments counted, the bytes read since the last ACK, where that ACK
 * left the window, a segment held out of ACKs). The socket translates: it
 * hands each arriving segment and read here, and does what the answer
 * says through TcpSocketBase.
 */
class TcpAckDecider
{
  public:
    using Verdict = TcpDelayedAckPolicy::Verdict; //!< What to do with a segment

    /// A decider with ns-3's own rule (TcpDelayedAckPolicy's base class).
    TcpAckDecider();
    /**
     * The decider of a connection forked from a listener: its policy forked,
     * nothing received yet.
     * @param listener the listener's decider
     */
    static TcpAckDecider ForkOf(const TcpAckDecider& listener);

    /// @param policy the delayed-ACK policy (not null)
    void SetPolicy(Ptr<TcpDelayedAckPolicy> policy);
    /// @return the delayed-ACK policy
    Ptr<TcpDelayedAckPolicy> GetPolicy() const;
    /// @return true if the policy, not TcpSocketBase, decides ACKs
    bool DecidesAcks() const;

    /**
     * An arriving data segment.
     * @param r the receiver before the segment is taken in
     * @param bytes its payload
     * @param pushed it carries PSH or FIN (or a FIN follows it)
     * @param inSequence it starts at RCV.NXT
     * @return the policy's verdict; STANDARD if the policy leaves ACKs to
     *         TcpSocketBase or the segment is out of sequence
     */
    Verdict OnSegment(const TcpReceiverView& r, uint32_t bytes, bool pushed, bool inSequence);
    /**
     * The application read data.
     * @param r the receiver after the read
     * @param bytes the bytes read
     * @param canAck the connection may send an ACK now
     * @return true if a window update should go now
     */
    bool OnRead(const TcpReceiverView& r, uint32_t bytes, bool canAck);
    /**
     * @param node the receiving node
     * @param now the simulation time
     * @param standard TcpSocketBase's DelAckTimeout
     * @return how long a deferred ACK waits
     */
    Time GetDelay(Ptr<Node> node, Time now, Time standard) const;

    /// An ACK left, acknowledging up to RCV.NXT: @param rcvNext RCV.NXT then
    void AckSent(SequenceNumber32 rcvNext);
    /// @param rcvNext RCV.NXT now @return bytes received and not acknowledged
    uint32_t Unacked(SequenceNumber32 rcvNext) const;
    /// @return RCV.NXT in the last ACK sent
    SequenceNumber32 AckedUpTo() const;
    /// @return bytes the application read since the last ACK
    uint32_t ReadSinceAck() const;

    /**
     * Keep a segment out of the ACK the timer sends (the HOLD verdict).
     * @param packet the segment's payload
     * @param header its header
     */
    void Hold(Ptr<Packet> packet, const TcpHeader& header);
    /**
     * Take the held segment back, if any.
     * @param[out] packet its payload
     * @param[out] header its header
     * @return false if none was held
     */
    bool TakeHeld(Ptr<Packet>& packet, TcpHeader& header);
    /// Forget a held segment (the connection goes away).
    void DropHeld();

  private:
    /// A decider with this policy (ForkOf's: no default policy made to be replaced).
    /// @param policy the delayed-ACK policy
    explicit TcpAckDecider(Ptr<TcpDelayedAckPolicy> policy);
    /// @return the policy's view of the receiver
    TcpAckState StateOf(const TcpReceiverView& r, uint32_t bytes, bool pushed) const;

    Ptr<TcpDelayedAckPolicy> m_policy; //!< When a deferred ACK goes out
    SequenceNumber32 m_ackedUpTo{0};   //!< RCV.NXT in the last ACK sent
    uint32_t m_readSinceAck{0};        //!< Bytes the application read since then
    uint32_t m_segments{0};            //!< In-sequence data segments received
    Ptr<Packet> m_heldPacket;          //!< Segment held out of ACKs (HOLD), if any
    TcpHeader m_heldHeader;            //!< Its header
};

} // namespace ns3

#endif // TCP_ACK_DECIDER_H
