/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-buffer-policy.h"

#include "tcp-buffer-control.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(TcpBufferPolicy);

TypeId
TcpBufferPolicy::GetTypeId()
{
    static TypeId tid = TypeId("ns3::TcpBufferPolicy")
                            .SetParent<Object>()
                            .SetGroupName("TcpHost")
                            .AddConstructor<TcpBufferPolicy>();
    return tid;
}

TcpBufferPolicy::~TcpBufferPolicy()
{
}

std::string
TcpBufferPolicy::GetName() const
{
    return "TcpBufferPolicy";
}

void
TcpBufferPolicy::Established(TcpBufferControl& /* socket */)
{
}

void
TcpBufferPolicy::DataAcked(TcpBufferControl& /* socket */, uint32_t /* bytes */)
{
}

void
TcpBufferPolicy::DataReceived(TcpBufferControl& /* socket */, uint32_t /* bytes */)
{
}

void
TcpBufferPolicy::DataRead(TcpBufferControl& /* socket */, uint32_t /* bytes */)
{
}

void
TcpBufferPolicy::Closed()
{
}

bool
TcpBufferPolicy::SendBufferDrawsFromMemory() const
{
    return false;
}

void
TcpBufferPolicy::Idle(TcpBufferControl& /* socket */)
{
}

void
TcpBufferPolicy::Active(TcpBufferControl& /* socket */)
{
}

void
TcpBufferPolicy::Released()
{
}

bool
TcpBufferPolicy::Restored()
{
    return false;
}

Ptr<TcpBufferPolicy>
TcpBufferPolicy::Fork() const
{
    return CopyObject<TcpBufferPolicy>(this);
}

} // namespace ns3
