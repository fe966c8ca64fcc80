/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-ack-decider.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/node.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpAckDecider");

TcpAckDecider::TcpAckDecider()
    : TcpAckDecider(CreateObject<TcpDelayedAckPolicy>())
{
}

TcpAckDecider::TcpAckDecider(Ptr<TcpDelayedAckPolicy> policy)
    : m_policy(policy)
{
}

TcpAckDecider
TcpAckDecider::ForkOf(const TcpAckDecider& listener)
{
    return TcpAckDecider(listener.m_policy->Fork());
}

void
TcpAckDecider::SetPolicy(Ptr<TcpDelayedAckPolicy> policy)
{
    NS_ABORT_MSG_IF(!policy, "TcpAckDecider::SetPolicy: null policy");
    m_policy = policy;
}

Ptr<TcpDelayedAckPolicy>
TcpAckDecider::GetPolicy() const
{
    return m_policy;
}

bool
TcpAckDecider::DecidesAcks() const
{
    return m_policy->DecidesAcks();
}

TcpAckDecider::Verdict
TcpAckDecider::OnSegment(const TcpReceiverView& r, uint32_t bytes, bool pushed, bool inSequence)
{
    inSequence = inSequence && bytes > 0;
    m_segments += inSequence;
    // ns-3's own rule (the default policy) needs no receiver state per segment.
    if (!inSequence || !m_policy->DecidesAcks())
    {
        return Verdict::STANDARD;
    }
    Verdict verdict = m_policy->OnSegment(StateOf(r, bytes, pushed));
    NS_LOG_LOGIC("segment at " << r.rcvNext << " (" << bytes
                               << " bytes): " << TcpDelayedAckPolicy::VerdictName(verdict));
    return verdict;
}

bool
TcpAckDecider::OnRead(const TcpReceiverView& r, uint32_t bytes, bool canAck)
{
    m_readSinceAck += bytes;
    if (!canAck || !m_policy->OnRead(StateOf(r, 0, false)))
    {
        return false;
    }
    NS_LOG_LOGIC("window update after reading " << m_readSinceAck << " bytes");
    return true;
}

Time
TcpAckDecider::GetDelay(Ptr<Node> node, Time now, Time standard) const
{
    return m_policy->GetDelay(node, now, standard);
}

void
TcpAckDecider::AckSent(SequenceNumber32 rcvNext)
{
    m_ackedUpTo = rcvNext;
    m_readSinceAck = 0;
}

uint32_t
TcpAckDecider::Unacked(SequenceNumber32 rcvNext) const
{
    return rcvNext > m_ackedUpTo ? rcvNext - m_ackedUpTo : 0;
}

SequenceNumber32
TcpAckDecider::AckedUpTo() const
{
    return m_ackedUpTo;
}

uint32_t
TcpAckDecider::ReadSinceAck() const
{
    return m_readSinceAck;
}

void
TcpAckDecider::Hold(Ptr<Packet> packet, const TcpHeader& header)
{
    NS_ABORT_MSG_IF(m_heldPacket, "TcpAckDecider::Hold: a segment is held already");
    m_heldPacket = packet;
    m_heldHeader = header;
}

bool
TcpAckDecider::TakeHeld(Ptr<Packet>& packet, TcpHeader& header)
{
    if (!m_heldPacket)
    {
        return false;
    }
    packet = m_heldPacket;
    header = m_heldHeader;
    m_heldPacket = nullptr;
    return true;
}

void
TcpAckDecider::DropHeld()
{
    m_heldPacket = nullptr;
}

TcpAckState
TcpAckDecider::StateOf(const TcpReceiverView& r, uint32_t bytes, bool pushed) const
{
    TcpAckState state;
    state.mss = r.mss;
    state.bytes = bytes;
    state.pushed = pushed;
    state.unacked = Unacked(r.rcvNext);
    state.segments = m_segments;
    state.readSinceAck = m_readSinceAck;
    state.bufferSize = r.bufferSize;
    SequenceNumber32 edge = m_ackedUpTo + SequenceNumber32(r.advertisedWindow);
    state.windowLeft = edge > r.rcvNext ? edge - r.rcvNext : 0;
    state.windowNow = r.rcvMax > r.rcvNext ? r.rcvMax - r.rcvNext : 0;
    return state;
}

} // namespace ns3
