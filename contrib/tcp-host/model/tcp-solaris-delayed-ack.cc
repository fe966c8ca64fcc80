/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-solaris-delayed-ack.h"

#include "tcp-delayed-ack-clock.h"

#include "ns3/node.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(TcpSolarisDelayedAck);

TypeId
TcpSolarisDelayedAck::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TcpSolarisDelayedAck")
            .SetParent<TcpDelayedAckPolicy>()
            .SetGroupName("TcpHost")
            .AddConstructor<TcpSolarisDelayedAck>()
            .AddAttribute("InitialAcks",
                          "Data segments acknowledged at once at the start of a connection "
                          "(2 in the seed's Figures 3.1 to 3.5).",
                          UintegerValue(2),
                          MakeUintegerAccessor(&TcpSolarisDelayedAck::m_initialAcks),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("DeferredAcksMax",
                          "Deferred data, in maximum segments, that sends an ACK at once "
                          "(Solaris tcp_deferred_acks_max, 8 by its tunables manual).",
                          UintegerValue(8),
                          MakeUintegerAccessor(&TcpSolarisDelayedAck::m_deferredAcksMax),
                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

std::string
TcpSolarisDelayedAck::GetName() const
{
    return "TcpSolarisDelayedAck";
}

bool
TcpSolarisDelayedAck::DecidesAcks() const
{
    return true;
}

TcpDelayedAckPolicy::Verdict
TcpSolarisDelayedAck::OnSegment(const TcpAckState& state)
{
    if (state.bytes < state.mss)
    {
        // A short segment after an odd amount of unacknowledged data: the
        // data before it is acknowledged; a short segment after nothing odd
        // may end a transaction, and its ACK waits for the response.
        if (state.unacked > 0 && state.unacked % state.mss != 0)
        {
            return state.pushed ? Verdict::ACK_BEFORE_NOW : Verdict::HOLD;
        }
        return Verdict::DEFER;
    }
    if (state.segments <= m_initialAcks)
    {
        return Verdict::ACK_NOW; // the initial phase of a transfer
    }
    if (state.unacked + state.bytes >= uint64_t(m_deferredAcksMax) * state.mss)
    {
        return Verdict::ACK_NOW;
    }
    return Verdict::DEFER;
}

Time
TcpSolarisDelayedAck::GetDelay(Ptr<Node> node, Time now, Time /* standard */)
{
    return TcpDelayedAckClock::Get(node)->GetNextTick(now) - now;
}

Ptr<TcpDelayedAckPolicy>
TcpSolarisDelayedAck::Fork() const
{
    return CopyObject<TcpSolarisDelayedAck>(this);
}

} // namespace ns3
