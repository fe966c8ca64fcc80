/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "e2atbt-send-buffer.h"

#include "gradual-release.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/tcp-buffer-control.h"
#include "ns3/tcp-socket-extensions.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("E2AtbtSendBuffer");

NS_OBJECT_ENSURE_REGISTERED(E2AtbtSendBuffer);

TypeId
E2AtbtSendBuffer::GetTypeId()
{
    static TypeId tid = TypeId("ns3::E2AtbtSendBuffer")
                            .SetParent<TcpBufferPolicy>()
                            .SetGroupName("ProxyBuffer")
                            .AddConstructor<E2AtbtSendBuffer>();
    return tid;
}

E2AtbtSendBuffer::~E2AtbtSendBuffer()
{
}

std::string
E2AtbtSendBuffer::GetName() const
{
    return "E2AtbtSendBuffer";
}

void
E2AtbtSendBuffer::Established(TcpBufferControl& socket)
{
    Ptr<E2AtbtAllocator> allocator = socket.GetNode()->GetObject<E2AtbtAllocator>();
    NS_ABORT_MSG_IF(!allocator,
                    "E2AtbtSendBuffer: node " << socket.GetNode()->GetId()
                                              << " has no E2AtbtAllocator aggregated");
    m_socket = &socket;
    m_allocator = allocator;
    m_suspended = false;
    Join();
    NS_LOG_DEBUG("socket " << m_socket << " is connection " << m_id);
}

void
E2AtbtSendBuffer::Join()
{
    // Virtual calls through the callbacks: a subclass measures and sizes
    // its own buffer.
    m_id = m_allocator->Add(MakeCallback(&E2AtbtSendBuffer::MeasureNow, this),
                            MakeCallback(&E2AtbtSendBuffer::Apply, this),
                            MakeCallback(&E2AtbtSendBuffer::Held, this));
}

void
E2AtbtSendBuffer::Suspend()
{
    if (!m_allocator || m_suspended)
    {
        return;
    }
    m_suspended = true;
    uint32_t id = m_id;
    m_id = 0;
    m_allocator->Remove(id);
}

void
E2AtbtSendBuffer::Resume()
{
    if (!m_allocator || !m_suspended)
    {
        return;
    }
    m_suspended = false;
    Join();
}

void
E2AtbtSendBuffer::Released()
{
    Suspend();
}

bool
E2AtbtSendBuffer::Restored()
{
    Resume();
    return true;
}

bool
E2AtbtSendBuffer::IsSuspended() const
{
    return m_suspended;
}

void
E2AtbtSendBuffer::Closed()
{
    Ptr<E2AtbtAllocator> allocator = m_allocator;
    uint32_t id = m_id;
    m_socket = nullptr;
    m_allocator = nullptr;
    m_id = 0;
    m_suspended = false;
    if (allocator && id != 0)
    {
        allocator->Remove(id); // evaluates without this connection
    }
}

Ptr<TcpBufferPolicy>
E2AtbtSendBuffer::Fork() const
{
    Ptr<E2AtbtSendBuffer> copy = CreateObject<E2AtbtSendBuffer>(); // registered on its own
    return copy;
}

uint32_t
E2AtbtSendBuffer::GetConnectionId() const
{
    return m_id;
}

Ptr<E2AtbtAllocator>
E2AtbtSendBuffer::GetAllocator() const
{
    return m_allocator;
}

E2AtbtAllocator::Measurement
E2AtbtSendBuffer::Measure(const TcpBufferControl& socket)
{
    E2AtbtAllocator::Measurement m;
    uint64_t sent = socket.GetDataSegmentsSent();
    m.lossRatio = sent == 0 ? 0.0 : double(socket.GetDataSegmentsRetransmitted()) / sent;
    m.rto = socket.GetRto();
    m.rtt = socket.GetSmoothedRtt();
    if (!m.rtt.IsStrictlyPositive())
    {
        m.rtt = m.rto;
    }
    m.segmentSize = socket.GetSegmentSize();
    return m;
}

Ptr<E2AtbtSendBuffer>
E2AtbtSendBuffer::Of(Ptr<const Socket> socket)
{
    const TcpSocketExtensions* tcp = TcpSocketExtensions::Of(socket);
    if (!tcp)
    {
        return nullptr;
    }
    Ptr<TcpBufferPolicy> policy = tcp->GetBufferPolicy();
    if (Ptr<GradualRelease> release = DynamicCast<GradualRelease>(policy))
    {
        policy = release->GetInner(); // the policy that sizes it in use
    }
    return DynamicCast<E2AtbtSendBuffer>(policy);
}

E2AtbtAllocator::Measurement
E2AtbtSendBuffer::MeasureNow() const
{
    return Measure(*m_socket);
}

void
E2AtbtSendBuffer::Apply(uint64_t bytes)
{
    uint32_t set = m_socket->ResizeSendBuffer(std::min<uint64_t>(bytes, UINT32_MAX));
    NS_LOG_LOGIC("connection " << m_id << ": share " << bytes << ", send buffer " << set);
}

uint64_t
E2AtbtSendBuffer::Held() const
{
    return m_socket->GetSendBufferSize();
}

} // namespace ns3
