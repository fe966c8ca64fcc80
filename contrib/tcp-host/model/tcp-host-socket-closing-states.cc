/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// TcpHostSocket: the closing states as one table. A segment that arrives in
// CLOSING, LAST_ACK or TIME_WAIT (the peer's FIN taken, ours sent) is
// classified once (ClassifyClosingSegment), then handled by the one arm of
// (state, class) in ProcessClosingState; no segment of these states reaches
// TcpSocketBase, whose arms for them are defects #4, #5, #6 and #9 of
// tcp-host.rst. Each arm is a row of that document's table "The closing
// states", and says the rule it follows.

#include "tcp-close-policy.h"
#include "tcp-host-socket.h"
#include "time-wait-table.h"

#include "ns3/ipv4-end-point.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/tcp-header.h"
#include "ns3/tcp-option-ts.h"
#include "ns3/tcp-rx-buffer.h"
#include "ns3/tcp-tx-buffer.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpHostSocketClosingStates");

namespace
{

/// One (state, class) pair as a single switch label.
constexpr uint32_t
Arm(TcpSocket::TcpStates_t state, TcpHostSocket::ClosingSegment segment)
{
    return (static_cast<uint32_t>(state) << 8) | static_cast<uint32_t>(segment);
}

} // namespace

const char*
TcpHostSocket::ClosingSegmentName(ClosingSegment segment)
{
    switch (segment)
    {
    case ClosingSegment::UNACCEPTABLE:
        return "UNACCEPTABLE";
    case ClosingSegment::RST:
        return "RST";
    case ClosingSegment::RST_OUT_OF_SEQUENCE:
        return "RST_OUT_OF_SEQUENCE";
    case ClosingSegment::SYN:
        return "SYN";
    case ClosingSegment::ACK_OF_OUR_FIN:
        return "ACK_OF_OUR_FIN";
    case ClosingSegment::PEER_FIN_AGAIN:
        return "PEER_FIN_AGAIN";
    case ClosingSegment::ACK:
        return "ACK";
    case ClosingSegment::OTHER:
        return "OTHER";
    }
    return "UNKNOWN";
}

TcpHostSocket::ClosingSegment
TcpHostSocket::ClassifyClosingSegment(Ptr<Packet> packet, const TcpHeader& tcpHeader) const
{
    uint8_t flags = tcpHeader.GetFlags();
    if (flags & TcpHeader::RST)
    {
        // RFC 5961 section 3.2: an RST is taken only at exactly RCV.NXT (an
        // RST carries no timestamp requirement, RFC 7323 section 3.2).
        return tcpHeader.GetSequenceNumber() == m_tcb->m_rxBuffer->NextRxSequence()
                   ? ClosingSegment::RST
                   : ClosingSegment::RST_OUT_OF_SEQUENCE;
    }
    if (flags & TcpHeader::SYN)
    {
        return ClosingSegment::SYN;
    }
    if (m_timestampEnabled && (flags & TcpHeader::ACK) && !tcpHeader.HasOption(TcpOption::TS))
    {
        // RFC 7323 section 3.2, as TcpSocketBase applies it: timestamps were
        // agreed, and this ACK has none.
        return ClosingSegment::UNACCEPTABLE;
    }
    if ((flags & TcpHeader::ACK) && AwaitingAckOfFin() &&
        tcpHeader.GetAckNumber() == FinSequence() + SequenceNumber32(1))
    {
        // Our FIN acknowledged: it takes precedence over a FIN on the same
        // segment, which the arm then answers from the next state.
        return ClosingSegment::ACK_OF_OUR_FIN;
    }
    if (flags & TcpHeader::FIN)
    {
        // The peer's FIN is already in: a FIN ending at RCV.NXT is it again
        // (our ACK of it was lost); any other is not a FIN we can take.
        uint32_t length = packet->GetSize() - tcpHeader.GetSerializedSize();
        if (m_tcb->m_rxBuffer->Finished() &&
            tcpHeader.GetSequenceNumber() + SequenceNumber32(length + 1) ==
                m_tcb->m_rxBuffer->NextRxSequence())
        {
            return ClosingSegment::PEER_FIN_AGAIN;
        }
    }
    return (flags & TcpHeader::ACK) ? ClosingSegment::ACK : ClosingSegment::OTHER;
}

void
TcpHostSocket::ProcessClosingState(Ptr<Packet> packet, const TcpHeader& tcpHeader)
{
    ClosingSegment segment = ClassifyClosingSegment(packet, tcpHeader);
    NS_LOG_LOGIC(TcpStateName[m_state] << " x " << ClosingSegmentName(segment));
    bool carriesFin = tcpHeader.GetFlags() & TcpHeader::FIN;
    switch (Arm(m_state, segment))
    {
    // Every state: an unacceptable segment is dropped (RFC 7323 section 3.2).
    case Arm(CLOSING, ClosingSegment::UNACCEPTABLE):
    case Arm(LAST_ACK, ClosingSegment::UNACCEPTABLE):
    case Arm(TIME_WAIT, ClosingSegment::UNACCEPTABLE):
    // Every state: an RST out of sequence is dropped (RFC 5961 section 3.2).
    case Arm(CLOSING, ClosingSegment::RST_OUT_OF_SEQUENCE):
    case Arm(LAST_ACK, ClosingSegment::RST_OUT_OF_SEQUENCE):
    // Nothing left to take: the peer's data ended with its FIN, so a segment
    // that neither acknowledges nor repeats the FIN carries nothing new.
    case Arm(CLOSING, ClosingSegment::OTHER):
    case Arm(LAST_ACK, ClosingSegment::OTHER):
    // TIME_WAIT: whatever is not a resent FIN or an RST is ignored (RFC 793).
    case Arm(TIME_WAIT, ClosingSegment::SYN):
    case Arm(TIME_WAIT, ClosingSegment::ACK):
    case Arm(TIME_WAIT, ClosingSegment::OTHER):
        break;

    // CLOSING, our FIN acknowledged: TIME_WAIT (RFC 793). Only this ACK
    // number, not any ACK at RCV.NXT (defect #5). A FIN on it is the peer's
    // again: acknowledged from TIME_WAIT, with FIN + 1.
    case Arm(CLOSING, ClosingSegment::ACK_OF_OUR_FIN):
        NS_LOG_LOGIC("our FIN acknowledged in CLOSING");
        EnterTimeWait(m_close.GetPhase());
        if (carriesFin)
        {
            SendEmptyPacket(TcpHeader::ACK);
        }
        break;

    // LAST_ACK, our FIN acknowledged (defect #5 as in CLOSING). The close
    // policy says where TIME_WAIT goes: the negotiated keeper keeps it, the
    // swap closer resets the peer and keeps it, any other end closes.
    case Arm(LAST_ACK, ClosingSegment::ACK_OF_OUR_FIN):
        AckOfFinInLastAck();
        break;

    // CLOSING, the peer's FIN again: it lost our ACK. Acknowledge it and
    // stay (TcpSocketBase closes without TIME_WAIT: defect #6).
    case Arm(CLOSING, ClosingSegment::PEER_FIN_AGAIN):
        TakeAck(tcpHeader);
        SendEmptyPacket(TcpHeader::ACK);
        break;

    // LAST_ACK, the peer's FIN again: it has seen neither our ACK of its FIN
    // nor our FIN. Our FIN again acknowledges both (TcpSocketBase closes on
    // a FIN+ACK here, with no TIME_WAIT anywhere: defect #4).
    case Arm(LAST_ACK, ClosingSegment::PEER_FIN_AGAIN):
        NS_LOG_LOGIC("peer's FIN again in LAST_ACK: our FIN again");
        TakeAck(tcpHeader);
        m_retxEvent.Cancel();
        SendEmptyPacket(TcpHeader::FIN);
        break;

    // TIME_WAIT, the peer's FIN again: our last ACK was lost. RFC 793:
    // acknowledge it and restart the 2*MSL timer (TcpSocketBase ignores it,
    // and the peer retransmits its FIN until it gives up: defect #9).
    case Arm(TIME_WAIT, ClosingSegment::PEER_FIN_AGAIN):
        ReAckInTimeWait();
        break;

    // CLOSING, LAST_ACK, an ACK below our FIN (data of ours acknowledged,
    // or a duplicate): an ACK like any other; the FIN's timer runs on.
    case Arm(CLOSING, ClosingSegment::ACK):
    case Arm(LAST_ACK, ClosingSegment::ACK):
        TakeAck(tcpHeader);
        break;

    // CLOSING, LAST_ACK, an RST at RCV.NXT: the peer's node no longer has
    // the connection (its final ACK was lost). TIME_WAIT for an end whose
    // policy keeps it when closing second; RFC 793's CLOSED otherwise.
    case Arm(CLOSING, ClosingSegment::RST):
    case Arm(LAST_ACK, ClosingSegment::RST):
        RstAfterPeerFin();
        break;

    // CLOSING, LAST_ACK, a SYN on the synchronized connection: RFC 793
    // ("If the SYN is in the window it is an error, send a reset"), as
    // TcpSocketBase does, told to the application as an error.
    case Arm(CLOSING, ClosingSegment::SYN):
    case Arm(LAST_ACK, ClosingSegment::SYN):
        NS_LOG_LOGIC("SYN in " << TcpStateName[m_state] << ": reset");
        GiveUp();
        break;

    // TIME_WAIT, an RST: it ends TIME_WAIT only under TimeWaitRstRule
    // (TimeWaitRstPolicy: BSD's accept or RFC 1337's ignore).
    case Arm(TIME_WAIT, ClosingSegment::RST):
    case Arm(TIME_WAIT, ClosingSegment::RST_OUT_OF_SEQUENCE):
        RstInTimeWait(segment == ClosingSegment::RST);
        break;

    default:
        // TIME_WAIT x ACK_OF_OUR_FIN cannot be: no FIN awaits its ACK there.
        NS_FATAL_ERROR("TcpHostSocket: no arm for " << TcpStateName[m_state] << " x "
                                                    << ClosingSegmentName(segment));
    }
}

void
TcpHostSocket::TakeAck(const TcpHeader& tcpHeader)
{
    // What TcpSocketBase::DoForwardUp does with an ACK before its state
    // switch (the segment was found acceptable), then the ACK itself.
    if (!(tcpHeader.GetFlags() & TcpHeader::ACK))
    {
        return;
    }
    if (m_timestampEnabled)
    {
        ProcessOptionTimestamp(tcpHeader.GetOption(TcpOption::TS), tcpHeader.GetSequenceNumber());
    }
    EstimateRtt(tcpHeader);
    UpdateWindowSize(tcpHeader);
    if (tcpHeader.GetAckNumber() >= m_txBuffer->HeadSequence() &&
        tcpHeader.GetAckNumber() <= FinSequence())
    {
        ReceivedAck(Create<Packet>(), tcpHeader); // data after a FIN is not taken
    }
}

void
TcpHostSocket::AckOfFinInLastAck()
{
    NS_LOG_FUNCTION(this);
    if (m_close.KeepsTimeWaitAsPassiveCloser())
    {
        // As agreed on SYN and SYN-ACK, we keep TIME_WAIT; the peer does not.
        EnterTimeWait(PASSIVE_TIME_WAIT);
    }
    else if (m_close.GetPhase() == PASSIVE_RST_LAST_ACK)
    {
        // The RST carries the sequence number after our FIN, which the
        // peer's TIME_WAIT expects; in LAST_ACK TcpSocketBase sends an RST
        // at SND.NXT + 1, whatever retransmissions left SND.NXT at.
        m_tcb->m_nextTxSequence = FinSequence();
        SendEmptyPacket(TcpHeader::RST);
        EnterTimeWait(PASSIVE_RST_TIME_WAIT);
    }
    else
    {
        CloseAndNotify();
    }
}

void
TcpHostSocket::RstAfterPeerFin()
{
    switch (m_close.GetPolicy()->GetPassiveEnd())
    {
    case TcpClosePolicy::PASSIVE_TIME_WAIT:
        // The peer, which agreed not to keep TIME_WAIT, has gone: its final
        // ACK was lost and its node answered our FIN with an RST. The
        // connection is over for both; keep TIME_WAIT as agreed.
        NS_LOG_LOGIC("RST from a peer that has gone: TIME_WAIT as agreed");
        EnterTimeWait(PASSIVE_TIME_WAIT);
        return;
    case TcpClosePolicy::PASSIVE_RST_TIME_WAIT:
        // A swap closer whose peer's TIME_WAIT ended before our resent FIN
        // came (the peer's ACK of it lost, the resends spread over more than
        // its 2*MSL): the peer's node answered with an RST. TIME_WAIT is
        // this end's to keep; nobody is left to send the swap RST to.
        NS_LOG_LOGIC("RST from a peer whose TIME_WAIT ended: swap TIME_WAIT without RST");
        EnterTimeWait(PASSIVE_RST_TIME_WAIT);
        return;
    case TcpClosePolicy::PASSIVE_CLOSED:
        NS_LOG_LOGIC("RST after the peer's FIN: CLOSED");
        CloseAndNotify();
        return;
    }
}

void
TcpHostSocket::ReAckInTimeWait()
{
    NS_LOG_LOGIC("FIN retransmitted in TIME_WAIT: ACK it again");
    SendEmptyPacket(TcpHeader::ACK);
    m_timewaitEvent.Cancel();
    m_timewaitEvent = Simulator::Schedule(Seconds(2 * m_msl), &TcpHostSocket::CloseAndNotify, this);
    m_timeWaitExpiryTrace(Simulator::Now() + Seconds(2 * m_msl));
}

void
TcpHostSocket::RstInTimeWait(bool inSequence)
{
    m_rstInTimeWaitTrace(this);
    if (!m_rstRule.Ends(inSequence, m_close.GetPhase() == PHASE_NONE))
    {
        NS_LOG_LOGIC("RST in TIME_WAIT ignored (policy, sequence number, close phase, or ACK "
                     "count "
                     << m_rstRule.GetFinAcks() << ")");
        if (m_rstRule.GetPolicy() == TimeWaitRstRule::IGNORE && m_close.GetPhase() == PHASE_NONE)
        {
            m_close.SetPhase(ACTIVE_RST_IGNORED);
        }
        return;
    }
    m_close.SetPhase(ACTIVE_RST_ACCEPTED);
    m_timewaitEvent.Cancel();
    CloseAndNotify();
}

void
TcpHostSocket::SetTimeWaitRstPolicy(TimeWaitRstRule::Policy policy)
{
    m_rstRule.SetPolicy(policy);
}

TimeWaitRstRule::Policy
TcpHostSocket::GetTimeWaitRstPolicy() const
{
    return m_rstRule.GetPolicy();
}

void
TcpHostSocket::EnterTimeWait(ClosePhase how)
{
    TimeWait();
    m_close.SetPhase(how);
}

void
TcpHostSocket::HandOverTimeWait()
{
    if (m_state != TIME_WAIT || m_endPoint == nullptr || !m_node)
    {
        return;
    }
    Ptr<TimeWaitTable> table = TimeWaitRecords();
    if (!table)
    {
        return; // TIME_WAIT stays here, a whole socket (BSD, SunOS, ns-3)
    }
    // Linux's tcp_time_wait(): what TIME_WAIT needs goes into a record, the
    // socket goes (the record answers a resent FIN, an RST, a new SYN).
    TimeWaitTable::Record record;
    record.rcvNxt = m_tcb->m_rxBuffer->NextRxSequence();
    record.sndNxt = FinSequence() + SequenceNumber32(1);
    record.window = AdvertisedWindowSize();
    record.timestamps = m_timestampEnabled;
    record.tsRecent = m_timestampToEcho;
    record.rstRule = m_rstRule;
    record.closedActively = m_close.GetPhase() == PHASE_NONE;
    TcbKey key{m_endPoint->GetLocalAddress(),
               m_endPoint->GetLocalPort(),
               m_endPoint->GetPeerAddress(),
               m_endPoint->GetPeerPort()};
    bool kept = table->Enter(key, record);
    NS_LOG_LOGIC((kept ? "TIME_WAIT left to the node's table"
                       : "the node's TIME_WAIT table is full: closed without TIME_WAIT"));
    m_timewaitEvent.Cancel();
    CloseAndNotify();
}

} // namespace ns3
