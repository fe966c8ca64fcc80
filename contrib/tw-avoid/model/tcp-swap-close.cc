/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-swap-close.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(TcpSwapClose);

TypeId
TcpSwapClose::GetTypeId()
{
    static TypeId tid = TypeId("ns3::TcpSwapClose")
                            .SetParent<TcpClosePolicy>()
                            .SetGroupName("TwAvoid")
                            .AddConstructor<TcpSwapClose>();
    return tid;
}

std::string
TcpSwapClose::GetName() const
{
    return "TcpSwapClose";
}

TcpClosePolicy::PassiveEnd
TcpSwapClose::GetPassiveEnd() const
{
    return PASSIVE_RST_TIME_WAIT;
}

Ptr<TcpClosePolicy>
TcpSwapClose::Fork() const
{
    return CopyObject<TcpSwapClose>(this);
}

} // namespace ns3
