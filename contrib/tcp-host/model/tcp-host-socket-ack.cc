/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// TcpHostSocket: acknowledgements, translated: arriving data handed to the ACK decider
// (TcpAckDecider, which owns the delayed-ACK policy and what it is told), and its answer
// carried out through TcpSocketBase (its timer, its ReceivedData, the held segment).

#include "tcp-host-socket.h"
#include "tcp-socket-base-workarounds.h"

#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/tcp-header.h"
#include "ns3/tcp-rx-buffer.h"

#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpHostSocketAck");

void
TcpHostSocket::ReceivedData(Ptr<Packet> packet, const TcpHeader& tcpHeader)
{
    ReleaseHeld(); // a held segment goes in before anything that follows it
    SequenceNumber32 nextBefore = m_tcb->m_rxBuffer->NextRxSequence();
    if (packet->GetSize() > 0)
    {
        // Below the highest data received: a retransmission (the loss
        // ratio a receiver can see; links here do not reorder).
        SequenceNumber32 end = tcpHeader.GetSequenceNumber() + packet->GetSize();
        ++m_dataSegmentsReceived;
        if (m_highRxKnown && tcpHeader.GetSequenceNumber() < m_highRxEnd)
        {
            ++m_dataSegmentsReceivedAgain;
        }
        if (!m_highRxKnown || end > m_highRxEnd)
        {
            m_highRxEnd = end;
            m_highRxKnown = true;
        }
    }
    bool pushed = (tcpHeader.GetFlags() & (TcpHeader::PSH | TcpHeader::FIN)) || m_finFollows;
    auto verdict = m_ack.OnSegment(ReceiverView(),
                                   packet->GetSize(),
                                   pushed,
                                   tcpHeader.GetSequenceNumber() == nextBefore);
    if (verdict == TcpDelayedAckPolicy::Verdict::STANDARD)
    {
        uint32_t armedBefore = m_delAckEvent.GetUid();
        TcpSocketBase::ReceivedData(packet, tcpHeader);
        if (m_delAckEvent.GetUid() != armedBefore && m_delAckEvent.IsPending())
        {
            // TcpSocketBase deferred an ACK by DelAckTimeout: the policy
            // says when it goes.
            Time delay = m_ack.GetDelay(m_node, Simulator::Now(), m_delAckTimeout);
            if (delay != m_delAckTimeout)
            {
                m_delAckEvent.Cancel();
                m_delAckEvent = Simulator::Schedule(delay, &TcpHostSocket::DelAckTimeout, this);
            }
        }
    }
    else
    {
        ReceivedDataByPolicy(packet, tcpHeader, verdict);
    }
    // Data that fills the gap before a FIN that came early completes the
    // peer's close, which stock ns-3 takes to CLOSE_WAIT. A fixed ns-3 (0014)
    // leaves us in FIN_WAIT_1/2 for ProcessWait: there this finds nothing to do.
    LeaveActiveClosersCloseWait();
    SequenceNumber32 nextAfter = m_tcb->m_rxBuffer->NextRxSequence();
    if (nextAfter > nextBefore)
    {
        m_bufferPolicy->DataReceived(*this, nextAfter - nextBefore);
    }
}

void
TcpHostSocket::ReceivedDataByPolicy(Ptr<Packet> packet,
                                    const TcpHeader& tcpHeader,
                                    TcpDelayedAckPolicy::Verdict verdict)
{
    using Verdict = TcpDelayedAckPolicy::Verdict;
    if (verdict == Verdict::HOLD)
    {
        // Out of the ACK the timer sends for the data before it; in after.
        m_ack.Hold(packet, tcpHeader);
        ArmDelayedAck();
        return;
    }
    if (verdict == Verdict::ACK_BEFORE_NOW && Unacked() > 0)
    {
        SendEmptyPacket(TcpHeader::ACK);
    }
    // TcpSocketBase takes the data in and tells the application (whose
    // reads may send a window update); the policy, not its segment count,
    // decides the ACK.
    uint32_t maxCount = m_delAckMaxCount;
    m_delAckMaxCount = std::numeric_limits<uint32_t>::max();
    m_delAckCount = 0;
    uint32_t armedBefore = m_delAckEvent.GetUid();
    TcpSocketBase::ReceivedData(packet, tcpHeader);
    m_delAckMaxCount = maxCount;
    if (Unacked() == 0)
    {
        m_delAckEvent.Cancel(); // an ACK left meanwhile (a window update, a FIN's)
        return;
    }
    if (verdict == Verdict::ACK_NOW)
    {
        SendEmptyPacket(TcpHeader::ACK);
        return;
    }
    if (m_delAckEvent.GetUid() != armedBefore && m_delAckEvent.IsPending())
    {
        m_delAckEvent.Cancel(); // TcpSocketBase's DelAckTimeout: the policy says when
        ArmDelayedAck();
    }
}

void
TcpHostSocket::ArmDelayedAck()
{
    if (!m_delAckEvent.IsPending())
    {
        Time delay = m_ack.GetDelay(m_node, Simulator::Now(), m_delAckTimeout);
        m_delAckEvent = Simulator::Schedule(delay, &TcpHostSocket::DelAckTimeout, this);
    }
}

void
TcpHostSocket::DelAckTimeout()
{
    TcpSocketBase::DelAckTimeout();
    ReleaseHeld();
    // The released segment may complete a FIN that came after it (recorded
    // early, while the segment was held). For a segment, ProcessWait ends
    // the active close then; for this timer nothing does.
    if (LeaveActiveClosersCloseWait())
    {
        return;
    }
    if ((m_state == FIN_WAIT_1 || m_state == FIN_WAIT_2) && m_tcb->m_rxBuffer->Finished())
    {
        // A fixed ns-3 (0014) leaves the FIN to ProcessWait.
        CompleteActiveClose();
        SendEmptyPacket(TcpHeader::ACK);
    }
}

void
TcpHostSocket::ReleaseHeld()
{
    Ptr<Packet> packet;
    TcpHeader header;
    if (!m_ack.TakeHeld(packet, header))
    {
        return;
    }
    NS_LOG_LOGIC("held segment " << header.GetSequenceNumber() << " goes in");
    ReceivedDataByPolicy(packet, header, TcpDelayedAckPolicy::Verdict::DEFER);
}

TcpReceiverView
TcpHostSocket::ReceiverView() const
{
    TcpReceiverView view;
    view.mss = m_tcb->m_segmentSize;
    view.rcvNext = m_tcb->m_rxBuffer->NextRxSequence();
    view.rcvMax = m_tcb->m_rxBuffer->MaxRxSequence();
    view.bufferSize = m_tcb->m_rxBuffer->MaxBufferSize();
    view.advertisedWindow = m_advWnd.Get();
    return view;
}

uint32_t
TcpHostSocket::Unacked() const
{
    return m_ack.Unacked(m_tcb->m_rxBuffer->NextRxSequence());
}

void
TcpHostSocket::NoteAckSent()
{
    // Shrink as far as the last promise allows: the right edge stays. (A
    // shrink: no window update; the socket memory is given it back.)
    if (uint32_t size = m_sizer.Step(TcpBufferSizer::RECEIVE,
                                     std::max(PromisedBuffer(), m_tcb->m_rxBuffer->Size())))
    {
        SetRcvBufSize(size);
    }
    m_ack.AckSent(m_tcb->m_rxBuffer->NextRxSequence());
}

} // namespace ns3
