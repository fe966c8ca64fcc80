/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-delayed-ack-policy.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(TcpDelayedAckPolicy);

TypeId
TcpDelayedAckPolicy::GetTypeId()
{
    static TypeId tid = TypeId("ns3::TcpDelayedAckPolicy")
                            .SetParent<Object>()
                            .SetGroupName("TcpHost")
                            .AddConstructor<TcpDelayedAckPolicy>();
    return tid;
}

TcpDelayedAckPolicy::~TcpDelayedAckPolicy()
{
}

std::string
TcpDelayedAckPolicy::GetName() const
{
    return "TcpDelayedAckPolicy";
}

bool
TcpDelayedAckPolicy::DecidesAcks() const
{
    return false;
}

TcpDelayedAckPolicy::Verdict
TcpDelayedAckPolicy::OnSegment(const TcpAckState& /* state */)
{
    return Verdict::STANDARD;
}

bool
TcpDelayedAckPolicy::OnRead(const TcpAckState& /* state */)
{
    return false;
}

Time
TcpDelayedAckPolicy::GetDelay(Ptr<Node> /* node */, Time /* now */, Time standard)
{
    return standard;
}

Ptr<TcpDelayedAckPolicy>
TcpDelayedAckPolicy::Fork() const
{
    return CopyObject<TcpDelayedAckPolicy>(this);
}

const char*
TcpDelayedAckPolicy::VerdictName(Verdict verdict)
{
    switch (verdict)
    {
    case Verdict::STANDARD:
        return "STANDARD";
    case Verdict::ACK_NOW:
        return "ACK_NOW";
    case Verdict::DEFER:
        return "DEFER";
    case Verdict::ACK_BEFORE_NOW:
        return "ACK_BEFORE_NOW";
    case Verdict::HOLD:
        return "HOLD";
    }
    return "?";
}

} // namespace ns3
