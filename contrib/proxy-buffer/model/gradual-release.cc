/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gradual-release.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/tcp-buffer-control.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GradualRelease");

NS_OBJECT_ENSURE_REGISTERED(GradualRelease);

TypeId
GradualRelease::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::GradualRelease")
            .SetParent<TcpBufferPolicy>()
            .SetGroupName("ProxyBuffer")
            .AddConstructor<GradualRelease>()
            .AddAttribute("Inner",
                          "The policy that sizes the buffers while the connection is in use.",
                          PointerValue(),
                          MakePointerAccessor(&GradualRelease::m_inner),
                          MakePointerChecker<TcpBufferPolicy>())
            .AddAttribute("ReleaseInterval",
                          "Time between two halvings of an idle connection's buffers.",
                          TimeValue(Seconds(3)),
                          MakeTimeAccessor(&GradualRelease::m_interval),
                          MakeTimeChecker(MilliSeconds(1)))
            .AddAttribute("ReleaseFloor",
                          "Smallest buffer the release leaves, bytes.",
                          UintegerValue(1024),
                          MakeUintegerAccessor(&GradualRelease::m_floor),
                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

GradualRelease::GradualRelease()
    : m_inner(CreateObject<TcpBufferPolicy>())
{
}

GradualRelease::~GradualRelease()
{
}

Ptr<GradualRelease>
GradualRelease::Wrap(Ptr<TcpBufferPolicy> inner)
{
    NS_ABORT_MSG_IF(!inner, "GradualRelease::Wrap: no policy to wrap");
    Ptr<GradualRelease> wrapping = CreateObject<GradualRelease>();
    wrapping->m_inner = inner;
    return wrapping;
}

Ptr<TcpBufferPolicy>
GradualRelease::GetInner() const
{
    return m_inner;
}

bool
GradualRelease::IsReleasing() const
{
    return m_socket != nullptr;
}

std::string
GradualRelease::GetName() const
{
    return "GradualRelease(" + m_inner->GetName() + ")";
}

void
GradualRelease::Established(TcpBufferControl& socket)
{
    m_inner->Established(socket);
}

void
GradualRelease::DataAcked(TcpBufferControl& socket, uint32_t bytes)
{
    m_inner->DataAcked(socket, bytes);
}

void
GradualRelease::DataReceived(TcpBufferControl& socket, uint32_t bytes)
{
    m_inner->DataReceived(socket, bytes);
}

void
GradualRelease::DataRead(TcpBufferControl& socket, uint32_t bytes)
{
    m_inner->DataRead(socket, bytes);
}

void
GradualRelease::Closed()
{
    m_halving.Cancel();
    m_socket = nullptr;
    m_inner->Closed();
}

bool
GradualRelease::SendBufferDrawsFromMemory() const
{
    return m_inner->SendBufferDrawsFromMemory();
}

void
GradualRelease::Idle(TcpBufferControl& socket)
{
    if (IsReleasing())
    {
        return; // idle already
    }
    m_socket = &socket;
    m_sendBefore = socket.GetSendBufferSize();
    m_receiveBefore = socket.GetReceiveBufferSize();
    m_inner->Idle(socket);
    m_inner->Released(); // E2-ATBT: out of the computation while released
    m_halving = Simulator::Schedule(m_interval, &GradualRelease::Halve, this);
}

void
GradualRelease::Active(TcpBufferControl& socket)
{
    if (!IsReleasing())
    {
        return;
    }
    // The buffers come back: the allocator's share for an E2-ATBT send
    // buffer (the inner policy sizes it), the size before idling otherwise.
    m_halving.Cancel();
    m_socket = nullptr;
    socket.ResizeReceiveBuffer(m_receiveBefore);
    if (!m_inner->Restored())
    {
        socket.ResizeSendBuffer(m_sendBefore);
    }
    m_inner->Active(socket);
}

void
GradualRelease::Halve()
{
    uint32_t snd = m_socket->GetSendBufferSize();
    uint32_t rcv = m_socket->GetReceiveBufferSize();
    m_socket->ResizeSendBuffer(std::max(snd / 2, m_floor));
    m_socket->ResizeReceiveBuffer(std::max(rcv / 2, m_floor));
    NS_LOG_LOGIC("idle connection's buffers: " << m_socket->GetSendBufferSize() << " / "
                                               << m_socket->GetReceiveBufferSize());
    if (snd / 2 > m_floor || rcv / 2 > m_floor)
    {
        m_halving = Simulator::Schedule(m_interval, &GradualRelease::Halve, this);
    }
}

Ptr<TcpBufferPolicy>
GradualRelease::Fork() const
{
    Ptr<GradualRelease> copy = Wrap(m_inner->Fork());
    copy->m_interval = m_interval;
    copy->m_floor = m_floor;
    return copy;
}

void
GradualRelease::DoDispose()
{
    m_halving.Cancel();
    m_socket = nullptr;
    m_inner = nullptr;
    TcpBufferPolicy::DoDispose();
}

} // namespace ns3
