/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "e2atbt-rcv-buffer.h"

#include "ns3/log.h"
#include "ns3/tcp-buffer-control.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("E2AtbtRcvBuffer");

NS_OBJECT_ENSURE_REGISTERED(E2AtbtRcvBuffer);

TypeId
E2AtbtRcvBuffer::GetTypeId()
{
    static TypeId tid = TypeId("ns3::E2AtbtRcvBuffer")
                            .SetParent<E2AtbtSendBuffer>()
                            .SetGroupName("ProxyBuffer")
                            .AddConstructor<E2AtbtRcvBuffer>();
    return tid;
}

std::string
E2AtbtRcvBuffer::GetName() const
{
    return "E2AtbtRcvBuffer";
}

Ptr<TcpBufferPolicy>
E2AtbtRcvBuffer::Fork() const
{
    return CreateObject<E2AtbtRcvBuffer>();
}

E2AtbtAllocator::Measurement
E2AtbtRcvBuffer::MeasureReceiver(const TcpBufferControl& socket)
{
    E2AtbtAllocator::Measurement m = E2AtbtSendBuffer::Measure(socket);
    uint64_t received = socket.GetDataSegmentsReceived();
    m.lossRatio = received == 0 ? 0.0 : double(socket.GetDataSegmentsReceivedAgain()) / received;
    return m;
}

E2AtbtAllocator::Measurement
E2AtbtRcvBuffer::MeasureNow() const
{
    return MeasureReceiver(*m_socket);
}

void
E2AtbtRcvBuffer::Apply(uint64_t bytes)
{
    uint32_t set = m_socket->ResizeReceiveBuffer(std::min<uint64_t>(bytes, UINT32_MAX));
    NS_LOG_LOGIC("connection " << GetConnectionId() << ": share " << bytes << ", receive buffer "
                               << set);
}

uint64_t
E2AtbtRcvBuffer::Held() const
{
    return m_socket->GetReceiveBufferSize();
}

} // namespace ns3
