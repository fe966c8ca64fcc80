/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// TcpHostSocket: buffers resized while the connection runs: the buffer policy's sizes,
// the window a resize may not take back, and the policy told of the end.

#include "tcp-host-socket.h"

#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/simulator.h"
#include "ns3/socket-memory.h"
#include "ns3/tcp-rx-buffer.h"
#include "ns3/tcp-tx-buffer.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpHostSocketBuffers");

void
TcpHostSocket::TellBufferPolicyClosed()
{
    StopChargingBuffers();
    if (m_bufferPolicyActive)
    {
        m_bufferPolicyActive = false;
        m_bufferPolicy->Closed();
    }
}

void
TcpHostSocket::StartChargingBuffers()
{
    Ptr<SocketMemory> memory = m_node ? m_node->GetObject<SocketMemory>() : nullptr;
    if (!memory || m_chargedTo)
    {
        return;
    }
    bool both = memory->SocketsChargeBuffers();
    if (!both && !m_bufferPolicy->SendBufferDrawsFromMemory())
    {
        return;
    }
    m_chargedTo = memory;
    m_chargesReceiveBuffer = both;
    // A connection's first buffers are never refused (as a kernel's socket
    // creation): the pool may run past its limit by them, and then no
    // buffer grows until it is below again.
    memory->TakeBuffer(ChargedBufferBytes());
}

void
TcpHostSocket::StopChargingBuffers()
{
    if (m_chargedTo)
    {
        m_chargedTo->ReleaseBuffer(ChargedBufferBytes());
        m_chargedTo = nullptr;
    }
}

uint64_t
TcpHostSocket::ChargedBufferBytes() const
{
    return uint64_t(GetSndBufSize()) + (m_chargesReceiveBuffer ? GetRcvBufSize() : 0);
}

uint32_t
TcpHostSocket::ChargeBuffer(bool charged, uint32_t from, uint32_t to)
{
    if (!m_chargedTo || !charged || to == from)
    {
        return to;
    }
    if (to < from)
    {
        m_chargedTo->ReleaseBuffer(from - to);
        return to;
    }
    return from + m_chargedTo->GrowBuffer(to - from);
}

void
TcpHostSocket::SetSndBufSize(uint32_t size)
{
    TcpSocketBase::SetSndBufSize(ChargeBuffer(true, GetSndBufSize(), size));
}

void
TcpHostSocket::SetRcvBufSize(uint32_t size)
{
    TcpSocketBase::SetRcvBufSize(ChargeBuffer(m_chargesReceiveBuffer, GetRcvBufSize(), size));
}

uint32_t
TcpHostSocket::PromisedBuffer() const
{
    Ptr<TcpRxBuffer> rx = m_tcb->m_rxBuffer;
    // The buffer starts at the first byte the application has not read;
    // the window last advertised ends at the ACK's number plus the window.
    SequenceNumber32 firstUnread = rx->NextRxSequence() - rx->Available();
    SequenceNumber32 promisedEdge = m_ackedUpTo + SequenceNumber32(m_advWnd.Get());
    if (m_state == CLOSED || m_state == LISTEN || promisedEdge <= firstUnread)
    {
        return 0;
    }
    return promisedEdge - firstUnread;
}

uint32_t
TcpHostSocket::GetReceiveBufferSize() const
{
    return GetRcvBufSize();
}

uint32_t
TcpHostSocket::GetSendBufferSize() const
{
    return GetSndBufSize();
}

uint16_t
TcpHostSocket::AdvertisedWindowSize(bool scale) const
{
    uint16_t w = TcpSocketBase::AdvertisedWindowSize(scale);
    if (m_synWindowCap > 0)
    {
        w = std::min<uint32_t>(w, scale ? m_synWindowCap >> m_rcvWindShift : m_synWindowCap);
    }
    return w;
}

uint32_t
TcpHostSocket::ResizeSendBuffer(uint32_t bytes)
{
    uint32_t size = std::max(bytes, m_txBuffer->Size());
    // Below what it holds: reached as ACKs free room (StepSendBufferDown).
    m_sndBufTarget = size > bytes ? std::max<uint32_t>(bytes, 1) : 0;
    uint32_t before = GetSndBufSize();
    SetSndBufSize(size);
    size = GetSndBufSize(); // less if the socket memory granted less growth
    if (size > before && (m_state == ESTABLISHED || m_state == CLOSE_WAIT))
    {
        Ptr<TcpHostSocket> self = this;
        Simulator::ScheduleNow([self]() { self->NotifySend(self->GetTxAvailable()); });
    }
    NS_LOG_LOGIC("send buffer " << size << " (asked " << bytes << ")");
    return size;
}

void
TcpHostSocket::StepSendBufferDown()
{
    if (m_sndBufTarget == 0)
    {
        return;
    }
    uint32_t size = std::max(m_sndBufTarget, m_txBuffer->Size());
    SetSndBufSize(size);
    if (size == m_sndBufTarget)
    {
        m_sndBufTarget = 0;
    }
}

uint32_t
TcpHostSocket::ResizeReceiveBuffer(uint32_t bytes)
{
    uint32_t floor = std::max(m_tcb->m_rxBuffer->Size(), PromisedBuffer());
    uint64_t wanted = bytes;
    bool scaleChosen = m_state != CLOSED && m_state != LISTEN && m_state != SYN_SENT;
    if (scaleChosen)
    {
        uint64_t ceiling = uint64_t(m_maxWinSize) << (m_winScalingEnabled ? m_rcvWindShift : 0);
        wanted = std::min<uint64_t>(wanted, ceiling);
    }
    uint32_t size = std::max<uint64_t>(wanted, floor);
    // Below the promise: reached later, as the edge allows (NoteAckSent).
    m_rcvBufTarget = size > wanted ? std::max<uint32_t>(wanted, 1) : 0;
    SetRcvBufSize(size);    // advertises a grown window at once
    size = GetRcvBufSize(); // less if the socket memory granted less growth
    NS_LOG_LOGIC("receive buffer " << size << " (asked " << bytes << ", floor " << floor << ")");
    return size;
}

} // namespace ns3
