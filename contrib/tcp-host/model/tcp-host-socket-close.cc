/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// TcpHostSocket: the close path around the closing states' table: Close and
// its deferral, the FIN's sequence number and its one retransmission timer,
// giving up with an RST, FIN segments split for TcpSocketBase, and the close
// policy's options on the handshake. The table itself (CLOSING, LAST_ACK,
// TIME_WAIT) is tcp-host-socket-closing-states.cc; the guarantees both keep
// are tcp-host.rst's "The close path".

#include "tcp-close-policy.h"
#include "tcp-host-socket.h"
#include "tcp-listen-queue.h"
#include "tcp-output-stage.h"
#include "tcp-socket-base-workarounds.h"

#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/simulator.h"
#include "ns3/tcp-header.h"
#include "ns3/tcp-rx-buffer.h"
#include "ns3/tcp-tx-buffer.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpHostSocketClose");

void
TcpHostSocket::FinWait2Timeout()
{
    // An abort: a peer that never closes (or a stock peer stuck in
    // CLOSE_WAIT) would otherwise hold this TCB for ever. A peer that does
    // close later finds no TCB here; its FIN draws an RST.
    NS_LOG_INFO("FIN_WAIT_2 timed out: dropping the connection");
    Abort();
}

void
TcpHostSocket::SetFinWait2Timeout(Time timeout)
{
    m_close.SetFinWait2Timeout(timeout);
}

Time
TcpHostSocket::GetFinWait2Timeout() const
{
    return m_close.GetFinWait2Timeout();
}

void
TcpHostSocket::Abort()
{
    NotifyErrorClose();
    m_closeNotified = true; // the application heard "error", not "closed"
    CloseAndNotify();
}

void
TcpHostSocket::ProcessReset(const TcpHeader& tcpHeader)
{
    SequenceNumber32 seq = tcpHeader.GetSequenceNumber();
    SequenceNumber32 next = m_tcb->m_rxBuffer->NextRxSequence();
    if (seq == next)
    {
        // TcpSocketBase told the application a normal close: a response cut
        // by the reset then looked complete to whoever reads to the end.
        NS_LOG_LOGIC("RST at RCV.NXT in " << TcpStateName[m_state] << ": connection reset");
        Abort();
        return;
    }
    if (seq > next && seq < m_tcb->m_rxBuffer->MaxRxSequence())
    {
        // In the window but not at RCV.NXT: a challenge ACK; a peer that
        // really reset answers it with an RST at RCV.NXT.
        NS_LOG_LOGIC("RST in the window, not at RCV.NXT: challenge ACK");
        SendEmptyPacket(TcpHeader::ACK);
        return;
    }
    NS_LOG_LOGIC("RST outside the window: dropped");
}

int
TcpHostSocket::CloseWithReset()
{
    NS_LOG_FUNCTION(this);
    m_close.NoteCloseCalled();
    if (m_state == ESTABLISHED || m_state == CLOSE_WAIT || m_state == FIN_WAIT_1 ||
        m_state == FIN_WAIT_2 || m_state == SYN_RCVD || m_state == CLOSING || m_state == LAST_ACK)
    {
        // tcp_disconnect's RST (Linux) or tcp_drop's (4.4BSD): SND.NXT.
        SendEmptyPacket(TcpHeader::RST);
    }
    if (m_state == LISTEN && m_listener.GetQueue())
    {
        m_listener.GetQueue()->Stop();
    }
    m_closeNotified = true; // no callback: the application asked for it
    if (m_endPoint || m_endPoint6)
    {
        CloseAndNotify();
    }
    return 0;
}

void
TcpHostSocket::GiveUp()
{
    // RFC 793's ABORT and 4.4BSD's tcp_drop: a synchronized connection
    // sends an RST. Its sequence number is SND.NXT, in the peer's window;
    // a peer that wants exactly RCV.NXT (RFC 5961) answers with an ACK,
    // which draws an RST at RCV.NXT from this node once the TCB is gone.
    SendEmptyPacket(TcpHeader::RST);
    Abort();
}

TcpHostSocket::ClosePhase
TcpHostSocket::GetClosePhase() const
{
    return m_close.GetPhase();
}

void
TcpHostSocket::ClosePhaseChanged(ClosePhase oldPhase, ClosePhase newPhase)
{
    m_closePhaseTrace(oldPhase, newPhase);
}

void
TcpHostSocket::CompleteActiveClose()
{
    if (m_txBuffer->HeadSequence() > FinSequence())
    {
        NS_LOG_DEBUG("peer's FIN completed after ours was acknowledged: TIME_WAIT");
        TimeWait();
    }
    else
    {
        NS_LOG_DEBUG("peer's FIN completed before ours was acknowledged: CLOSING");
        m_state = CLOSING;
    }
}

bool
TcpHostSocket::LeaveActiveClosersCloseWait()
{
    // CLOSE_WAIT is the passive closer's state: nothing ever takes an active
    // closer out of it.
    if (m_state != CLOSE_WAIT || !m_close.FinKnown())
    {
        return false;
    }
    CompleteActiveClose();
    return true;
}

void
TcpHostSocket::NewAck(const SequenceNumber32& seq, bool resetRTO)
{
    m_close.NewAck();
    TcpSocketBase::NewAck(seq, resetRTO);
    BoundRto(); // the base class recomputes the RTO from its estimator
    // TcpSocketBase::NewAck stops the retransmission timer when no data is
    // left, except in FIN_WAIT_1 and CLOSING: in LAST_ACK a FIN that was
    // lost after its data was acknowledged was never sent again.
    ArmFinRetransmission();
}

bool
TcpHostSocket::AwaitingAckOfFin() const
{
    return m_state == FIN_WAIT_1 || m_state == CLOSING || m_state == LAST_ACK;
}

bool
TcpHostSocket::FinOutstanding() const
{
    return AwaitingAckOfFin() && m_txBuffer->HeadSequence() <= FinSequence();
}

SequenceNumber32
TcpHostSocket::FinSequence() const
{
    return m_close.FinSequence(m_txBuffer->TailSequence());
}

Time
TcpHostSocket::FinRto() const
{
    return m_close.FinRto(m_rto.Get());
}

void
TcpHostSocket::ArmFinRetransmission()
{
    if (FinOutstanding() && !m_retxEvent.IsPending())
    {
        m_retxEvent = Simulator::Schedule(FinRto(), &TcpHostSocket::ReTxTimeout, this);
    }
}

void
TcpHostSocket::ReTxTimeout()
{
    if (AwaitingAckOfFin() && m_txBuffer->Size() == 0)
    {
        // Only the FIN can be missing (TcpSocketBase would resend it even
        // when it is acknowledged, at a fixed RTO, for ever).
        if (FinOutstanding())
        {
            RetransmitFin();
        }
    }
    else if (m_dataRetrCount == 0 && m_txBuffer->Size() > 0 && m_state != SYN_SENT &&
             m_state != CLOSED && m_state != TIME_WAIT)
    {
        // TcpSocketBase would drop the connection here without a word
        // (its data retries are exhausted).
        NS_LOG_INFO("data not acknowledged after " << m_dataRetries << " retries: giving up");
        GiveUp();
    }
    else
    {
        TcpSocketBase::ReTxTimeout();
    }
    NoteReleased();
}

void
TcpHostSocket::RetransmitFin()
{
    // TcpSocketBase resends a bare FIN at a fixed RTO and without limit
    // (FIN_WAIT_1, CLOSING), or from two timers at once (LAST_ACK). One
    // timer, RFC 6298 backoff, and DataRetries attempts, as for data.
    if (m_dataRetrCount == 0)
    {
        NS_LOG_INFO("FIN not acknowledged after " << m_dataRetries << " retries: giving up");
        GiveUp();
        return;
    }
    --m_dataRetrCount;
    m_close.FinRetransmitted();
    SendEmptyPacket(TcpHeader::FIN);
}

void
TcpHostSocket::LastAckTimeout()
{
    // TcpSocketBase's LAST_ACK timer duplicates the FIN's retransmission
    // timer (two FINs per timeout, two re-ACKs from the peer, and an RST for
    // the second once the first has closed us): keep only the one timer.
    m_lastAckEvent.Cancel();
    ArmFinRetransmission();
}

int
TcpHostSocket::Close()
{
    if (m_takingFin && m_state == ESTABLISHED)
    {
        // The reader of a segment's data closes before its FIN is taken:
        // DoForwardUp closes after the segment, from CLOSE_WAIT.
        NS_LOG_LOGIC("Close() while a FIN is taken in: after the segment");
        m_closeAfterSegment = true;
        return 0;
    }
    m_close.NoteCloseCalled();
    if (m_state == LISTEN && m_listener.GetQueue())
    {
        m_listener.GetQueue()->Stop(); // inet_csk_listen_stop: the unaccepted go too
    }
    // TcpSocketBase's DoPeerClose, taking an active closer to CLOSE_WAIT
    // (see ReceivedData), calls Close() at once if the application had shut
    // down sending, before it acknowledges the FIN: complete the active
    // close and acknowledge the FIN here. A fixed ns-3 (0014) never takes an
    // active closer to CLOSE_WAIT: there this finds nothing to do.
    if (LeaveActiveClosersCloseWait())
    {
        SendEmptyPacket(TcpHeader::ACK);
        return 0;
    }
    if (m_state == CLOSING)
    {
        // Already closed by the application (a second Close()): stock ns-3
        // answers with an RST, which ends the simultaneous close abortively.
        return 0;
    }
    int result = 0;
    if (m_tcb->m_rxBuffer->Size() != 0 && m_tcb->m_rxBuffer->Available() == 0)
    {
        // Only out-of-order data is queued: nothing the application could
        // have read. TcpSocketBase::Close resets the connection on any
        // queued data (ns-3 bug 426); BSD resets only for unread data. This
        // is what a fixed ns-3's Close (0015) does in this case, step for
        // step, so it is right there too.
        if (m_txBuffer->SizeFromSequence(m_tcb->m_nextTxSequence) > 0)
        {
            m_closeOnEmpty = true;
        }
        else
        {
            result = DoClose();
        }
    }
    else
    {
        result = TcpSocketBase::Close();
    }
    // Still open with a live endpoint: the close waits for queued data. (Not
    // m_closeOnEmpty, which a listener's ShutdownSend() also sets, and its
    // accepted sockets inherit: PacketSink does that.)
    m_close.SetCloseDeferred((m_state == ESTABLISHED || m_state == CLOSE_WAIT) &&
                             m_endPoint != nullptr);
    NoteReleased();
    HandOverTimeWait(); // a close that completed an active close
    return result;
}

void
TcpHostSocket::SendWithOption(uint8_t flags, const std::vector<uint8_t>& option)
{
    if (!m_outputStage)
    {
        m_outputStage = m_node->GetObject<TcpOutputStage>();
        NS_ABORT_MSG_IF(!m_outputStage,
                        "TcpHostSocket: a handshake option (close policy "
                            << m_close.GetPolicy()->GetName()
                            << ", or AdvertisedMss) needs the node's TcpOutputStage (install the "
                               "node with TcpHostHelper)");
    }
    m_outputStage->ArmOption(option);
    TcpSocketBase::SendEmptyPacket(flags);
    m_outputStage->ClearOption();
}

void
TcpHostSocket::SendControlSegment(uint8_t flags)
{
    if ((flags & TcpHeader::SYN) || flags == TcpHeader::ACK)
    {
        // The close policy may put an option on the handshake's segments,
        // and a SYN may carry the MSS option (ns-3 writes none itself).
        std::vector<uint8_t> option = m_close.GetPolicy()->OptionToSend(flags);
        if ((flags & TcpHeader::SYN) && m_advertisedMss > 0)
        {
            option.insert(option.begin(),
                          {TcpOption::MSS,
                           4,
                           static_cast<uint8_t>(m_advertisedMss >> 8),
                           static_cast<uint8_t>(m_advertisedMss & 0xff)});
        }
        if (!option.empty())
        {
            SendWithOption(flags, option);
            return;
        }
        if (flags & TcpHeader::SYN)
        {
            TcpSocketBase::SendEmptyPacket(flags);
            return;
        }
    }
    if (!(flags & TcpHeader::RST) && m_tcb->m_rxBuffer->Finished())
    {
        m_rstRule.NoteFinAcked(); // every segment from here acknowledges the peer's FIN
    }
    bool fin = flags & TcpHeader::FIN;
    if ((flags & TcpHeader::RST) || (!m_close.FinKnown() && !fin))
    {
        TcpSocketBase::SendEmptyPacket(flags);
        return;
    }
    // After our FIN, SND.NXT is FIN + 1: a FIN goes at FinSequence(), any
    // other segment at FinSequence() + 1. TcpSocketBase adds one to its
    // SND.NXT in FIN_WAIT_1, LAST_ACK and CLOSING only, and its SND.NXT lags
    // behind the FIN while data is retransmitted: in TIME_WAIT and CLOSING
    // its ACKs carried the FIN's own number, which a peer in LAST_ACK or
    // CLOSING does not take as an ACK (and retransmits its FIN for ever).
    bool baseAddsOne = !fin && (m_state == FIN_WAIT_1 || m_state == LAST_ACK || m_state == CLOSING);
    SequenceNumber32 wanted = FinSequence() + SequenceNumber32(fin ? 0 : 1);
    SequenceNumber32 saved = m_tcb->m_nextTxSequence;
    SequenceNumber32 base = wanted - (baseAddsOne ? 1 : 0);
    if (base != saved)
    {
        m_tcb->m_nextTxSequence = base;
    }
    bool timerRunning = m_retxEvent.IsPending();
    TcpSocketBase::SendEmptyPacket(flags);
    if (base != saved)
    {
        m_tcb->m_nextTxSequence = saved;
    }
    if (fin && !timerRunning)
    {
        // The base class has scheduled a resend of this very segment at a
        // fixed RTO, without limit: use the one FIN timer instead.
        m_retxEvent.Cancel();
        m_retxEvent = Simulator::Schedule(FinRto(), &TcpHostSocket::ReTxTimeout, this);
    }
}

void
TcpHostSocket::SplitFin(Ptr<Packet> packet,
                        const TcpHeader& tcpHeader,
                        const Address& fromAddress,
                        const Address& toAddress)
{
    NS_LOG_LOGIC("splitting a FIN segment arriving in " << TcpStateName[m_state]);
    Ptr<Packet> data = packet->Copy();
    TcpHeader header;
    data->RemoveHeader(header);
    uint32_t payload = data->GetSize();
    TcpHeader dataHeader = header;
    dataHeader.SetFlags(header.GetFlags() & ~TcpHeader::FIN);
    data->AddHeader(dataHeader);
    m_finFollows = true; // the delayed-ACK policy counts the FIN as a push
    TcpSocketBase::DoForwardUp(data, fromAddress, toAddress);
    m_finFollows = false;
    // The first half may have ended the connection; it may also have sent
    // our FIN (a deferred close) or had it acknowledged: the peer's FIN is
    // still to be taken in any state that expects it.
    if (m_state != ESTABLISHED && m_state != FIN_WAIT_1 && m_state != FIN_WAIT_2)
    {
        return;
    }
    TcpHeader finHeader = header;
    finHeader.SetSequenceNumber(header.GetSequenceNumber() + SequenceNumber32(payload));
    // The first half carried the ACK; a second one would count as a duplicate.
    finHeader.SetFlags(header.GetFlags() & ~TcpHeader::ACK);
    Ptr<Packet> fin = Create<Packet>();
    fin->AddHeader(finHeader);
    TcpSocketBase::DoForwardUp(fin, fromAddress, toAddress);
}

} // namespace ns3
