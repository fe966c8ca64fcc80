/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-buffer-policy.h"

#include "tcp-host-socket.h"

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
TcpBufferPolicy::Established(Ptr<TcpHostSocket> /* socket */)
{
}

void
TcpBufferPolicy::DataAcked(Ptr<TcpHostSocket> /* socket */, uint32_t /* bytes */)
{
}

void
TcpBufferPolicy::DataReceived(Ptr<TcpHostSocket> /* socket */, uint32_t /* bytes */)
{
}

void
TcpBufferPolicy::DataRead(Ptr<TcpHostSocket> /* socket */, uint32_t /* bytes */)
{
}

void
TcpBufferPolicy::Closed(Ptr<TcpHostSocket> /* socket */)
{
}

Ptr<TcpBufferPolicy>
TcpBufferPolicy::Fork() const
{
    return CopyObject<TcpBufferPolicy>(this);
}

} // namespace ns3
