/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-bsd-delayed-ack.h"

#include "tcp-delayed-ack-clock.h"

#include "ns3/node.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(TcpBsdDelayedAck);

TypeId
TcpBsdDelayedAck::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TcpBsdDelayedAck")
            .SetParent<TcpDelayedAckPolicy>()
            .SetGroupName("TcpHost")
            .AddConstructor<TcpBsdDelayedAck>()
            .AddAttribute("WindowUpdateSegments",
                          "Window opening by application reads, in maximum segments, that "
                          "sends an ACK at once (4.4BSD tcp_output: adv >= 2 * t_maxseg).",
                          UintegerValue(2),
                          MakeUintegerAccessor(&TcpBsdDelayedAck::m_updateSegments),
                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

std::string
TcpBsdDelayedAck::GetName() const
{
    return "TcpBsdDelayedAck";
}

bool
TcpBsdDelayedAck::DecidesAcks() const
{
    return true;
}

TcpDelayedAckPolicy::Verdict
TcpBsdDelayedAck::OnSegment(const TcpAckState& /* state */)
{
    return Verdict::DEFER; // TF_DELACK: the next fast-timer tick sends it
}

bool
TcpBsdDelayedAck::OnRead(const TcpAckState& state)
{
    // Reads since the last ACK are what the window can be opened by.
    return state.readSinceAck >= m_updateSegments * state.mss ||
           2 * uint64_t(state.readSinceAck) >= state.bufferSize;
}

Time
TcpBsdDelayedAck::GetDelay(Ptr<Node> node, Time now, Time /* standard */)
{
    return TcpDelayedAckClock::Get(node)->GetNextTick(now) - now;
}

Ptr<TcpDelayedAckPolicy>
TcpBsdDelayedAck::Fork() const
{
    return CopyObject<TcpBsdDelayedAck>(this);
}

} // namespace ns3
