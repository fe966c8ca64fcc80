/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-close-policy.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpClosePolicy");

NS_OBJECT_ENSURE_REGISTERED(TcpClosePolicy);

TypeId
TcpClosePolicy::GetTypeId()
{
    static TypeId tid = TypeId("ns3::TcpClosePolicy")
                            .SetParent<Object>()
                            .SetGroupName("TcpHost")
                            .AddConstructor<TcpClosePolicy>();
    return tid;
}

TcpClosePolicy::TcpClosePolicy()
{
    NS_LOG_FUNCTION(this);
}

TcpClosePolicy::TcpClosePolicy(const TcpClosePolicy& other)
    : Object(other)
{
    NS_LOG_FUNCTION(this);
}

TcpClosePolicy::~TcpClosePolicy()
{
    NS_LOG_FUNCTION(this);
}

std::string
TcpClosePolicy::GetName() const
{
    return "TcpClosePolicy";
}

TcpClosePolicy::PassiveEnd
TcpClosePolicy::GetPassiveEnd() const
{
    return PASSIVE_CLOSED;
}

bool
TcpClosePolicy::KeepsTimeWaitAfterActiveClose() const
{
    return true;
}

std::vector<uint8_t>
TcpClosePolicy::OptionToSend(uint8_t /* flags */)
{
    return {};
}

void
TcpClosePolicy::HandshakeSegment(const TcpHeader& /* header */, TcpSocket::TcpStates_t /* state */)
{
}

Ptr<TcpClosePolicy>
TcpClosePolicy::Fork() const
{
    return CopyObject<TcpClosePolicy>(this);
}

} // namespace ns3
