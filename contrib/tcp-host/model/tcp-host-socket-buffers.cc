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
    m_sizer.StartCharging(m_node ? m_node->GetObject<SocketMemory>() : nullptr,
                          m_bufferPolicy->SendBufferDrawsFromMemory(),
                          GetSndBufSize(),
                          GetRcvBufSize());
}

void
TcpHostSocket::StopChargingBuffers()
{
    m_sizer.StopCharging(GetSndBufSize(), GetRcvBufSize());
}

void
TcpHostSocket::SetSndBufSize(uint32_t size)
{
    TcpSocketBase::SetSndBufSize(m_sizer.Grant(TcpBufferSizer::SEND, GetSndBufSize(), size));
}

void
TcpHostSocket::SetRcvBufSize(uint32_t size)
{
    TcpSocketBase::SetRcvBufSize(m_sizer.Grant(TcpBufferSizer::RECEIVE, GetRcvBufSize(), size));
}

uint32_t
TcpHostSocket::PromisedBuffer() const
{
    Ptr<TcpRxBuffer> rx = m_tcb->m_rxBuffer;
    // The buffer starts at the first byte the application has not read;
    // the window last advertised ends at the ACK's number plus the window.
    SequenceNumber32 firstUnread = rx->NextRxSequence() - rx->Available();
    SequenceNumber32 promisedEdge = m_ack.AckedUpTo() + SequenceNumber32(m_advWnd.Get());
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
    // Below what it holds: reached as ACKs free room (StepSendBufferDown).
    uint32_t size = m_sizer.Aim(TcpBufferSizer::SEND, bytes, m_txBuffer->Size());
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
    if (uint32_t size = m_sizer.Step(TcpBufferSizer::SEND, m_txBuffer->Size()))
    {
        SetSndBufSize(size);
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
    // Below the promise: reached later, as the edge allows (NoteAckSent).
    uint32_t size = m_sizer.Aim(TcpBufferSizer::RECEIVE, wanted, floor);
    SetRcvBufSize(size);    // advertises a grown window at once
    size = GetRcvBufSize(); // less if the socket memory granted less growth
    NS_LOG_LOGIC("receive buffer " << size << " (asked " << bytes << ", floor " << floor << ")");
    return size;
}

} // namespace ns3
