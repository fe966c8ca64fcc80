/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-swap-close-socket.h"

#include "tcp-host-model.h"
#include "tcp-time-wait-option.h"

#include "ns3/boolean.h"
#include "ns3/enum.h"
#include "ns3/ipv4-end-point.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/simulator.h"
#include "ns3/tcp-header.h"
#include "ns3/tcp-option-ts.h"
#include "ns3/tcp-rx-buffer.h"
#include "ns3/trace-source-accessor.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpSwapCloseSocket");

NS_OBJECT_ENSURE_REGISTERED(TcpSwapCloseSocket);

TypeId
TcpSwapCloseSocket::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TcpSwapCloseSocket")
            .SetParent<TcpSocketBase>()
            .SetGroupName("TwAvoid")
            .AddConstructor<TcpSwapCloseSocket>()
            .AddAttribute("CloseMode",
                          "What Close() does when this socket is the passive closer: "
                          "Close (CLOSE_WAIT -> LAST_ACK -> CLOSED) or CloseSwap "
                          "(CLOSE_WAIT -> LAST_ACK_SWAP -> RST, TIME_WAIT).",
                          EnumValue(TcpSwapCloseSocket::CLOSE),
                          MakeEnumAccessor<CloseMode>(&TcpSwapCloseSocket::m_closeMode),
                          MakeEnumChecker(TcpSwapCloseSocket::CLOSE,
                                          "Close",
                                          TcpSwapCloseSocket::CLOSE_SWAP,
                                          "CloseSwap"))
            .AddAttribute("TimeWaitRstPolicy",
                          "What a socket in TIME_WAIT does with an in-sequence RST: "
                          "Accept (free the TCB: BSD, SunOS, Linux default) or "
                          "Ignore (RFC 1337, stock ns-3).",
                          EnumValue(TcpSwapCloseSocket::RST_ACCEPT),
                          MakeEnumAccessor<TimeWaitRstPolicy>(&TcpSwapCloseSocket::m_rstPolicy),
                          MakeEnumChecker(TcpSwapCloseSocket::RST_ACCEPT,
                                          "Accept",
                                          TcpSwapCloseSocket::RST_IGNORE,
                                          "Ignore"))
            .AddAttribute("NegotiateTimeWait",
                          "Negotiate on SYN and SYN-ACK which end keeps TIME_WAIT (the active "
                          "opener), with the TcpTimeWaitOption; standard closes if the peer "
                          "does not take part.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&TcpSwapCloseSocket::m_negotiate),
                          MakeBooleanChecker())
            .AddTraceSource("SwapState",
                            "Swap-close phase (tells LAST_ACK_SWAP from LAST_ACK, and how "
                            "TIME_WAIT ended).",
                            MakeTraceSourceAccessor(&TcpSwapCloseSocket::m_swapStateTrace),
                            "ns3::TcpSwapCloseSocket::SwapStateTracedCallback")
            .AddTraceSource("RstInTimeWait",
                            "An in-sequence RST arrived while in TIME_WAIT (fired before the "
                            "policy is applied).",
                            MakeTraceSourceAccessor(&TcpSwapCloseSocket::m_rstInTimeWaitTrace),
                            "ns3::TcpSwapCloseSocket::RstInTimeWaitTracedCallback");
    return tid;
}

TcpSwapCloseSocket::TcpSwapCloseSocket()
    : TcpSocketBase()
{
    NS_LOG_FUNCTION(this);
    m_state.ConnectWithoutContext(MakeCallback(&TcpSwapCloseSocket::StateChanged, this));
}

TcpSwapCloseSocket::TcpSwapCloseSocket(const TcpSwapCloseSocket& sock)
    : TcpSocketBase(sock),
      m_closeMode(sock.m_closeMode),
      m_rstPolicy(sock.m_rstPolicy),
      m_negotiate(sock.m_negotiate),
      m_activeOpener(false),
      m_peerOffered(sock.m_peerOffered),
      m_negotiated(false),
      m_swapState(SWAP_NONE),
      m_hostModel(sock.m_hostModel),
      m_hostModelLooked(sock.m_hostModelLooked)
{
    NS_LOG_FUNCTION(this);
    // TracedValue's copy does not copy its callbacks: connect the copy's own.
    m_state.ConnectWithoutContext(MakeCallback(&TcpSwapCloseSocket::StateChanged, this));
}

TcpSwapCloseSocket::~TcpSwapCloseSocket()
{
    NS_LOG_FUNCTION(this);
    // A TCB freed without passing through CLOSED (retransmission give-up)
    // leaves the host model's list when its socket goes away.
    if (m_hostModel)
    {
        m_hostModel->ForgetTcb(this);
    }
}

TypeId
TcpSwapCloseSocket::GetInstanceTypeId() const
{
    return TcpSwapCloseSocket::GetTypeId();
}

void
TcpSwapCloseSocket::DoDispose()
{
    NS_LOG_FUNCTION(this);
    if (m_hostModel)
    {
        m_hostModel->ForgetTcb(this);
        m_hostModel = nullptr;
    }
    TcpSocketBase::DoDispose();
}

int
TcpSwapCloseSocket::CloseSwap()
{
    NS_LOG_FUNCTION(this);
    SetCloseMode(CLOSE_SWAP);
    return Close();
}

void
TcpSwapCloseSocket::SetCloseMode(CloseMode mode)
{
    NS_LOG_FUNCTION(this << mode);
    m_closeMode = mode;
}

TcpSwapCloseSocket::CloseMode
TcpSwapCloseSocket::GetCloseMode() const
{
    return m_closeMode;
}

bool
TcpSwapCloseSocket::IsTimeWaitNegotiated() const
{
    return m_negotiated;
}

TcpSwapCloseSocket::SwapState
TcpSwapCloseSocket::GetSwapState() const
{
    return m_swapState;
}

TcpSocket::TcpStates_t
TcpSwapCloseSocket::GetState() const
{
    return m_state.Get();
}

const char*
TcpSwapCloseSocket::SwapStateName(SwapState state)
{
    switch (state)
    {
    case SWAP_NONE:
        return "NONE";
    case SWAP_LAST_ACK:
        return "LAST_ACK_SWAP";
    case SWAP_TIME_WAIT:
        return "TIME_WAIT_SWAP";
    case SWAP_RST_ACCEPTED:
        return "RST_ACCEPTED";
    case SWAP_RST_IGNORED:
        return "RST_IGNORED";
    case NEGOTIATED_TIME_WAIT:
        return "NEGOTIATED_TIME_WAIT";
    case NEGOTIATED_NO_TIME_WAIT:
        return "NEGOTIATED_NO_TIME_WAIT";
    }
    return "UNKNOWN";
}

Ptr<TcpSocketBase>
TcpSwapCloseSocket::Fork()
{
    return CopyObject<TcpSwapCloseSocket>(this);
}

void
TcpSwapCloseSocket::SetSwapState(SwapState state)
{
    if (state == m_swapState)
    {
        return;
    }
    NS_LOG_DEBUG(SwapStateName(m_swapState) << " -> " << SwapStateName(state));
    SwapState old = m_swapState;
    m_swapState = state;
    m_swapStateTrace(old, state);
}

void
TcpSwapCloseSocket::StateChanged(TcpStates_t oldState, TcpStates_t newState)
{
    // The base class moves CLOSE_WAIT -> LAST_ACK on the application's close,
    // whether at once or after the send buffer drained: that is where a swap
    // close becomes LAST_ACK_SWAP.
    if (oldState == CLOSE_WAIT && newState == LAST_ACK && m_closeMode == CLOSE_SWAP &&
        !m_negotiated)
    {
        SetSwapState(SWAP_LAST_ACK);
    }
    if (newState == TIME_WAIT && m_negotiated && !m_activeOpener)
    {
        // The peer agreed to keep TIME_WAIT: leave it at once, once the code
        // that brought us here has sent its last ACK.
        SetSwapState(NEGOTIATED_NO_TIME_WAIT);
        Simulator::ScheduleNow(&TcpSwapCloseSocket::CloseAndNotify, this);
    }
    ReportToHostModel(oldState, newState);
}

void
TcpSwapCloseSocket::ReportToHostModel(TcpStates_t oldState, TcpStates_t newState)
{
    if (!m_hostModelLooked && m_node)
    {
        m_hostModel = m_node->GetObject<TcpHostModel>();
        m_hostModelLooked = true;
    }
    if (!m_hostModel)
    {
        return;
    }
    if (newState == CLOSED || m_endPoint == nullptr)
    {
        m_hostModel->ForgetTcb(this);
        return;
    }
    TcbKey key{m_endPoint->GetLocalAddress(),
               m_endPoint->GetLocalPort(),
               m_endPoint->GetPeerAddress(),
               m_endPoint->GetPeerPort()};
    m_hostModel->UpdateTcb(this, key, newState);
}

void
TcpSwapCloseSocket::DoForwardUp(Ptr<Packet> packet,
                                const Address& fromAddress,
                                const Address& toAddress)
{
    // Only closing states differ from the base class: leave the data path
    // (ESTABLISHED and the rest) as cheap as it was.
    if (m_negotiate && (m_state == LISTEN || m_state == SYN_SENT))
    {
        TcpHeader synHeader;
        packet->PeekHeader(synHeader);
        ReadTimeWaitOption(synHeader);
    }
    if (m_state != FIN_WAIT_1 && m_state != FIN_WAIT_2 && m_state != LAST_ACK &&
        m_state != TIME_WAIT && m_state != SYN_SENT)
    {
        TcpSocketBase::DoForwardUp(packet, fromAddress, toAddress);
        return;
    }
    // Closing below may drop the last references to this socket: keep it alive.
    Ptr<TcpSwapCloseSocket> self = this;
    TcpHeader tcpHeader;
    packet->PeekHeader(tcpHeader);
    bool consumed = false;
    if (m_state == LAST_ACK)
    {
        consumed = ProcessLastAck(packet, tcpHeader);
    }
    else if (m_state == TIME_WAIT)
    {
        consumed = ProcessTimeWait(tcpHeader);
    }
    else if (m_state == SYN_SENT)
    {
        consumed = ProcessRefusal(tcpHeader);
    }
    else if ((tcpHeader.GetFlags() & TcpHeader::FIN) &&
             packet->GetSize() > tcpHeader.GetSerializedSize())
    {
        SplitDataAndFin(packet, tcpHeader, fromAddress, toAddress);
        return;
    }
    if (!consumed)
    {
        TcpSocketBase::DoForwardUp(packet, fromAddress, toAddress);
        return;
    }
    // The base class traces every segment it handles; do the same for ours.
    Ptr<Packet> payload = packet->Copy();
    payload->RemoveHeader(tcpHeader);
    m_rxTrace(payload, tcpHeader, this);
}

void
TcpSwapCloseSocket::ReceivedData(Ptr<Packet> packet, const TcpHeader& tcpHeader)
{
    TcpStates_t before = m_state;
    TcpSocketBase::ReceivedData(packet, tcpHeader);
    if (m_state != CLOSE_WAIT || (before != FIN_WAIT_1 && before != FIN_WAIT_2))
    {
        return;
    }
    // Data that fills the gap before a FIN that came early completes the
    // peer's close. TcpSocketBase then takes us to CLOSE_WAIT, the passive
    // closer's state, although we closed first, and nothing ever leaves it.
    // Go where an active closer goes instead (the ACK of the FIN is sent).
    if (before == FIN_WAIT_2)
    {
        NS_LOG_DEBUG("peer's FIN completed in FIN_WAIT_2: TIME_WAIT");
        TimeWait();
    }
    else
    {
        NS_LOG_DEBUG("peer's FIN completed in FIN_WAIT_1: CLOSING");
        m_state = CLOSING;
    }
}

void
TcpSwapCloseSocket::ReadTimeWaitOption(const TcpHeader& tcpHeader)
{
    uint8_t flags = tcpHeader.GetFlags();
    if (!(flags & TcpHeader::SYN))
    {
        return;
    }
    bool offered = TcpTimeWaitOption::Find(tcpHeader) == TcpTimeWaitOption::ACTIVE_OPENER_KEEPS;
    if (m_state == LISTEN)
    {
        m_peerOffered = offered; // copied into the socket Fork() makes for this SYN
    }
    else if ((flags & TcpHeader::ACK) && m_activeOpener && offered)
    {
        NS_LOG_LOGIC("peer agreed: this end keeps TIME_WAIT");
        m_negotiated = true;
    }
}

void
TcpSwapCloseSocket::SendEmptyPacket(uint8_t flags)
{
    if (!(flags & TcpHeader::SYN) || !m_negotiate)
    {
        TcpSocketBase::SendEmptyPacket(flags);
        return;
    }
    // SYN: offer; SYN-ACK: agree if the SYN offered.
    bool synAck = flags & TcpHeader::ACK;
    m_activeOpener = !synAck;
    Ptr<TcpTimeWaitOptionWriter> writer = m_node->GetObject<TcpTimeWaitOptionWriter>();
    if (writer && (!synAck || m_peerOffered))
    {
        writer->SetNext(TcpTimeWaitOption::ACTIVE_OPENER_KEEPS);
        m_negotiated = synAck; // the SYN-ACK seals it; the SYN only offers
    }
    TcpSocketBase::SendEmptyPacket(flags);
    if (writer)
    {
        writer->Clear();
    }
}

int
TcpSwapCloseSocket::Close()
{
    int result = TcpSocketBase::Close();
    ForgetIfReleased();
    return result;
}

void
TcpSwapCloseSocket::ReTxTimeout()
{
    TcpSocketBase::ReTxTimeout();
    ForgetIfReleased();
}

void
TcpSwapCloseSocket::LastAckTimeout()
{
    TcpSocketBase::LastAckTimeout();
    ForgetIfReleased();
}

void
TcpSwapCloseSocket::ForgetIfReleased()
{
    // TcpSocketBase frees the endpoint without passing through CLOSED when it
    // gives up retransmitting or resets on a close with unread data.
    if (m_hostModel && m_endPoint == nullptr && m_endPoint6 == nullptr)
    {
        m_hostModel->ForgetTcb(this);
    }
}

void
TcpSwapCloseSocket::SplitDataAndFin(Ptr<Packet> packet,
                                    const TcpHeader& tcpHeader,
                                    const Address& fromAddress,
                                    const Address& toAddress)
{
    // TcpSocketBase::ProcessWait takes the FIN's sequence number from the
    // start of the segment, which is wrong when data rides with the FIN (the
    // peer closed with data still queued) and leaves the FIN unacknowledged.
    // Hand the data and the FIN to it as two segments.
    NS_LOG_LOGIC("splitting data and FIN arriving in " << TcpStateName[m_state]);
    Ptr<Packet> data = packet->Copy();
    TcpHeader header;
    data->RemoveHeader(header);
    uint32_t payload = data->GetSize();
    TcpHeader dataHeader = header;
    dataHeader.SetFlags(header.GetFlags() & ~TcpHeader::FIN);
    data->AddHeader(dataHeader);
    TcpSocketBase::DoForwardUp(data, fromAddress, toAddress);
    if (m_state != FIN_WAIT_1 && m_state != FIN_WAIT_2)
    {
        return;
    }
    TcpHeader finHeader = header;
    finHeader.SetSequenceNumber(header.GetSequenceNumber() + SequenceNumber32(payload));
    // The data half carried the ACK; a second one would count as a duplicate.
    finHeader.SetFlags(header.GetFlags() & ~TcpHeader::ACK);
    Ptr<Packet> fin = Create<Packet>();
    fin->AddHeader(finHeader);
    TcpSocketBase::DoForwardUp(fin, fromAddress, toAddress);
}

bool
TcpSwapCloseSocket::ProcessLastAck(Ptr<Packet> packet, const TcpHeader& tcpHeader)
{
    uint8_t flags = tcpHeader.GetFlags() & ~(TcpHeader::PSH | TcpHeader::URG);
    if (flags != TcpHeader::ACK ||
        tcpHeader.GetSequenceNumber() != m_tcb->m_rxBuffer->NextRxSequence())
    {
        return false; // FIN, RST, bad flags: LAST_ACK handling of the base class
    }
    if (tcpHeader.GetAckNumber() < m_tcb->m_highTxMark + SequenceNumber32(1))
    {
        // The FIN went out on the last data segment and this ACK covers only
        // data before it. TcpSocketBase::ProcessLastAck would close on it
        // (it does not look at the ACK number); process it as an ACK instead.
        NS_LOG_LOGIC("ACK " << tcpHeader.GetAckNumber() << " does not cover the FIN");
        ProcessAckBeforeFin(packet);
        return true;
    }
    if (m_negotiated && m_activeOpener)
    {
        // As agreed on SYN and SYN-ACK, we keep TIME_WAIT; the peer does not.
        NS_LOG_FUNCTION(this << tcpHeader);
        TimeWait();
        SetSwapState(NEGOTIATED_TIME_WAIT);
        return true;
    }
    if (m_swapState != SWAP_LAST_ACK)
    {
        return false; // plain LAST_ACK: the base class goes to CLOSED
    }
    NS_LOG_FUNCTION(this << tcpHeader);
    // The RST carries the sequence number after our FIN, which the peer's
    // TIME_WAIT expects: that is the ACK number of this ACK. SendEmptyPacket
    // adds one to m_nextTxSequence in LAST_ACK (for the FIN), so set it to the
    // FIN's own number, whatever retransmissions left it at.
    m_tcb->m_nextTxSequence = tcpHeader.GetAckNumber() - 1;
    SendEmptyPacket(TcpHeader::RST);
    TimeWait();
    SetSwapState(SWAP_TIME_WAIT);
    return true;
}

bool
TcpSwapCloseSocket::ProcessRefusal(const TcpHeader& tcpHeader)
{
    // The peer's answer to our SYN when nothing listens, or when it has no
    // memory for a TCB: RST+ACK acknowledging the SYN. TcpSocketBase ignores
    // it (an ACK in SYN_SENT) and keeps retrying; RFC 793 says: connection
    // refused.
    uint8_t flags = tcpHeader.GetFlags();
    if (!(flags & TcpHeader::RST) || !(flags & TcpHeader::ACK) ||
        tcpHeader.GetAckNumber() != m_tcb->m_nextTxSequence + SequenceNumber32(1))
    {
        return false;
    }
    NS_LOG_FUNCTION(this << tcpHeader);
    NotifyConnectionFailed();
    m_closeNotified = true; // the application heard "failed", not "closed"
    CloseAndNotify();
    return true;
}

void
TcpSwapCloseSocket::ProcessAckBeforeFin(Ptr<Packet> packet)
{
    // What TcpSocketBase::DoForwardUp does with an ACK before its state
    // switch, then the ACK itself.
    Ptr<Packet> payload = packet->Copy();
    TcpHeader h;
    payload->RemoveHeader(h);
    if (m_timestampEnabled)
    {
        if (!h.HasOption(TcpOption::TS))
        {
            return; // RFC 7323: discard a segment without timestamps
        }
        ProcessOptionTimestamp(h.GetOption(TcpOption::TS), h.GetSequenceNumber());
    }
    EstimateRtt(h);
    UpdateWindowSize(h);
    ReceivedAck(payload, h);
}

bool
TcpSwapCloseSocket::ProcessTimeWait(const TcpHeader& tcpHeader)
{
    if ((tcpHeader.GetFlags() & TcpHeader::FIN) && !(tcpHeader.GetFlags() & TcpHeader::RST) &&
        tcpHeader.GetSequenceNumber() + SequenceNumber32(1) == m_tcb->m_rxBuffer->NextRxSequence())
    {
        // The peer's FIN again: our last ACK was lost. RFC 793: acknowledge
        // it and restart the 2*MSL timeout (TcpSocketBase ignores it, and the
        // peer then retransmits its FIN for ever).
        NS_LOG_LOGIC("FIN retransmitted in TIME_WAIT: ACK it again");
        SendEmptyPacket(TcpHeader::ACK);
        m_timewaitEvent.Cancel();
        m_timewaitEvent =
            Simulator::Schedule(Seconds(2 * m_msl), &TcpSwapCloseSocket::CloseAndNotify, this);
        return true;
    }
    if (!(tcpHeader.GetFlags() & TcpHeader::RST) ||
        tcpHeader.GetSequenceNumber() != m_tcb->m_rxBuffer->NextRxSequence())
    {
        return false; // not an acceptable RST: TIME_WAIT ignores it, as before
    }
    NS_LOG_FUNCTION(this << tcpHeader);
    m_rstInTimeWaitTrace(this);
    if (m_rstPolicy == RST_IGNORE)
    {
        SetSwapState(SWAP_RST_IGNORED);
        return true;
    }
    SetSwapState(SWAP_RST_ACCEPTED);
    m_timewaitEvent.Cancel();
    CloseAndNotify();
    return true;
}

} // namespace ns3
