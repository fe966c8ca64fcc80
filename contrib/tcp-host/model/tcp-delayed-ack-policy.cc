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

Time
TcpDelayedAckPolicy::GetDelay(Time /* now */, Time standard) const
{
    return standard;
}

Ptr<TcpDelayedAckPolicy>
TcpDelayedAckPolicy::Fork() const
{
    return CopyObject<TcpDelayedAckPolicy>(this);
}

} // namespace ns3
