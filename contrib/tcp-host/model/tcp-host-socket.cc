/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-host-socket.h"

#include "tcp-close-policy.h"
#include "tcp-host-model.h"
#include "tcp-listen-queue.h"
#include "tcp-output-stage.h"
#include "tcp-socket-base-workarounds.h"
#include "tcp-socket-index.h"
#include "time-wait-table.h"
#include "type-id-check.h"

#include "ns3/boolean.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/object-factory.h"
#include "ns3/simulator.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/tcp-header.h"
#include "ns3/tcp-option-ts.h"
#include "ns3/tcp-rx-buffer.h"
#include "ns3/tcp-tx-buffer.h"
#include "ns3/trace-source-accessor.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpHostSocket");

NS_OBJECT_ENSURE_REGISTERED(TcpHostSocket);

namespace
{

/**
 * @brief A policy of a type given by an attribute, checked to fit its slot.
 * @param tid the type
 * @param slot the attribute's name, for the error
 * @return the policy
 */
template <class Policy>
Ptr<Policy>
MakePolicy(TypeId tid, const std::string& slot)
{
    NS_ABORT_MSG_UNLESS(IsTypeOrChildOf(tid, Policy::GetTypeId()),
                        "TcpHostSocket: " << slot << " " << tid.GetName() << " is not a "
                                          << Policy::GetTypeId().GetName());
    return ObjectFactory(tid.GetName()).Create<Policy>();
}

} // namespace

TypeId
TcpHostSocket::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TcpHostSocket")
            .SetParent<TcpSocketBase>()
            .SetGroupName("TcpHost")
            .AddConstructor<TcpHostSocket>()
            .AddAttribute("ClosePolicy",
                          "Type of the close policy: which end keeps TIME_WAIT "
                          "(a TcpClosePolicy; the standard close by default).",
                          TypeIdValue(TcpClosePolicy::GetTypeId()),
                          MakeTypeIdAccessor(&TcpHostSocket::SetClosePolicyType,
                                             &TcpHostSocket::GetClosePolicyType),
                          MakeTypeIdChecker())
            .AddAttribute("DelayedAckPolicy",
                          "Type of the delayed-ACK policy: when a deferred ACK goes out "
                          "(a TcpDelayedAckPolicy; ns-3's own timer by default).",
                          TypeIdValue(TcpDelayedAckPolicy::GetTypeId()),
                          MakeTypeIdAccessor(&TcpHostSocket::SetDelayedAckPolicyType,
                                             &TcpHostSocket::GetDelayedAckPolicyType),
                          MakeTypeIdChecker())
            .AddAttribute("SegmentPerWrite",
                          "Never let a segment span two application writes: each Send() "
                          "leaves in its own segments, the last one short (Solaris 2.x "
                          "sends each STREAMS message on its own; the seed's traces show "
                          "it). False: ns-3's, which fills segments across writes.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&TcpHostSocket::m_segmentPerWrite),
                          MakeBooleanChecker())
            .AddAttribute("MaxRcvBufSize",
                          "Largest receive buffer a buffer policy may grow this socket's to "
                          "(ResizeReceiveBuffer): the SYN asks for a window scale that can "
                          "advertise it, while its window stays within RcvBufSize. ns-3 takes "
                          "the scale from RcvBufSize at SYN time (CalculateWScale is not "
                          "virtual); 0: RcvBufSize's, as ns-3.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&TcpHostSocket::m_maxRcvBufSize),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("BufferPolicy",
                          "Type of the buffer policy: who sizes the socket buffers "
                          "(a TcpBufferPolicy; fixed sizes by default).",
                          TypeIdValue(TcpBufferPolicy::GetTypeId()),
                          MakeTypeIdAccessor(&TcpHostSocket::SetBufferPolicyType,
                                             &TcpHostSocket::GetBufferPolicyType),
                          MakeTypeIdChecker())
            .AddAttribute(
                "TimeWaitRstPolicy",
                "What TIME_WAIT does with an RST that TimeWaitRstRule lets in (at "
                "RCV.NXT, an active close, the peer's FIN acknowledged once): "
                "Accept (end it: BSD, SunOS, Linux's tcp_rfc1337 = 0) or Ignore "
                "(RFC 1337, tcp_rfc1337 = 1; stock ns-3). A TIME_WAIT record "
                "(TimeWaitTable) takes the policy of the socket it replaces.",
                EnumValue(TimeWaitRstRule::ACCEPT),
                MakeEnumAccessor<TimeWaitRstRule::Policy>(&TcpHostSocket::SetTimeWaitRstPolicy,
                                                          &TcpHostSocket::GetTimeWaitRstPolicy),
                MakeEnumChecker(TimeWaitRstRule::ACCEPT,
                                "Accept",
                                TimeWaitRstRule::IGNORE,
                                "Ignore"))
            .AddAttribute("FinWait2Timeout",
                          "How long a socket that the application has closed (not only shut "
                          "down for sending) waits idle in FIN_WAIT_2 for the peer's FIN "
                          "before it aborts (an error close; Linux's tcp_fin_timeout for "
                          "orphaned sockets); 0: for ever, as RFC 793 and stock ns-3.",
                          TimeValue(Seconds(60)),
                          MakeTimeAccessor(&TcpHostSocket::SetFinWait2Timeout,
                                           &TcpHostSocket::GetFinWait2Timeout),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("SynTimeoutRto",
                          "The RTO once a handshake whose SYN (or SYN+ACK) was resent "
                          "completes without an RTT sample (Karn's rule, without "
                          "timestamps), until the first sample: RFC 6298 section 5.7's 3 s, "
                          "Linux's TCP_TIMEOUT_FALLBACK (the Linux-6 profile sets 3 s); an "
                          "RTO already longer is kept; 0: none, ns-3's (the RTO its estimator "
                          "gives before any sample).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&TcpHostSocket::m_synTimeoutRto),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("AdvertisedMss",
                          "The MSS option this socket's SYN and SYN+ACK carry (RFC 9293 "
                          "section 3.7.1: the largest segment it can receive, the MTU less "
                          "40 bytes of headers, timestamps or not; Linux sends it always); "
                          "0: none, as ns-3, which never sends one. The socket's own segments "
                          "stay SegmentSize's (ns-3 takes no MSS option into account).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&TcpHostSocket::m_advertisedMss),
                          MakeUintegerChecker<uint16_t>())
            .AddAttribute("MaxRto",
                          "Largest retransmission timeout computed from RTT samples (RFC "
                          "6298 section 2.5: at least 60 s). TcpSocketBase bounds its "
                          "backoff to 60 s but not the RTO a sample gives; 0: no bound "
                          "(ns-3's). Linux's TCP_RTO_MAX is 120 s, beyond ns-3's backoff "
                          "bound.",
                          TimeValue(Seconds(60)),
                          MakeTimeAccessor(&TcpHostSocket::m_maxRto),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("ResetDataAfterClose",
                          "Answer new data that reaches a socket its application has closed "
                          "(not only shut down for sending) with an RST, as RFC 1122 "
                          "4.2.2.13, 4.4BSD (tcps_rcvafterclose) and Linux do; false: take "
                          "it into a buffer nobody reads, as stock ns-3 (a peer that keeps "
                          "sending then fills a window that never opens again).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&TcpHostSocket::m_resetDataAfterClose),
                          MakeBooleanChecker())
            .AddTraceSource("ClosePhase",
                            "Close phase: where the close policy departs from RFC 793 "
                            "(a passive closer that keeps TIME_WAIT, an active closer "
                            "that skips it) and how an RST in TIME_WAIT was taken.",
                            MakeTraceSourceAccessor(&TcpHostSocket::m_closePhaseTrace),
                            "ns3::TcpHostSocket::ClosePhaseTracedCallback")
            .AddTraceSource("RstInTimeWait",
                            "An RST arrived while in TIME_WAIT (fired before the acceptance "
                            "rule decides whether it ends TIME_WAIT).",
                            MakeTraceSourceAccessor(&TcpHostSocket::m_rstInTimeWaitTrace),
                            "ns3::TcpHostSocket::RstInTimeWaitTracedCallback")
            .AddTraceSource("TimeWaitExpiry",
                            "The TIME_WAIT timer was started or restarted: when it will "
                            "expire.",
                            MakeTraceSourceAccessor(&TcpHostSocket::m_timeWaitExpiryTrace),
                            "ns3::TcpHostSocket::TimeWaitExpiryTracedCallback");
    return tid;
}

TcpHostSocket::TcpHostSocket()
    : TcpSocketBase(),
      m_bufferPolicy(CreateObject<TcpBufferPolicy>())
{
    NS_LOG_FUNCTION(this);
    ConnectParts();
}

TcpHostSocket::TcpHostSocket(const TcpHostSocket& sock)
    : TcpSocketBase(sock),
      m_bufferPolicy(sock.m_bufferPolicy->Fork()),
      m_rstRule(sock.m_rstRule.GetPolicy()), // no FIN acknowledged yet
      m_close(TcpCloseMachine::ForkOf(sock.m_close)),
      m_reporter(sock.m_reporter),
      m_synTimeoutRto(sock.m_synTimeoutRto),
      m_maxRto(sock.m_maxRto),
      m_advertisedMss(sock.m_advertisedMss),
      m_resetDataAfterClose(sock.m_resetDataAfterClose),
      m_ack(TcpAckDecider::ForkOf(sock.m_ack)),
      m_segmentPerWrite(sock.m_segmentPerWrite),
      m_maxRcvBufSize(sock.m_maxRcvBufSize)
{
    NS_LOG_FUNCTION(this);
    // TracedValue's copy does not copy its callbacks: connect the copy's own.
    ConnectParts();
}

void
TcpHostSocket::ConnectParts()
{
    m_state.ConnectWithoutContext(MakeCallback(&TcpHostSocket::StateChanged, this));
    m_close.SetPhaseCallback(MakeCallback(&TcpHostSocket::ClosePhaseChanged, this));
    m_close.SetFinWait2Callback(MakeCallback(&TcpHostSocket::FinWait2Timeout, this));
}

TcpHostSocket::~TcpHostSocket()
{
    NS_LOG_FUNCTION(this);
    m_close.Stop();
    StopChargingBuffers();
    // A TCB freed without passing through CLOSED (retransmission give-up)
    // leaves the host model's list when its socket goes away.
    ForgetInNode();
}

#ifndef NS_DEPRECATED_3_45
TypeId
TcpHostSocket::GetInstanceTypeId() const
{
    return TcpHostSocket::GetTypeId();
}
#endif

void
TcpHostSocket::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_close.Stop();
    m_ack.DropHeld();
    TellBufferPolicyClosed();
    ForgetInNode();
    m_reporter.Dispose();
    m_listener.Dispose();
    TcpSocketBase::DoDispose();
}

void
TcpHostSocket::SetClosePolicy(Ptr<TcpClosePolicy> policy)
{
    NS_LOG_FUNCTION(this << policy);
    NS_ABORT_MSG_IF(!policy, "TcpHostSocket::SetClosePolicy: null policy");
    m_close.SetPolicy(policy);
}

Ptr<TcpClosePolicy>
TcpHostSocket::GetClosePolicy() const
{
    return m_close.GetPolicy();
}

void
TcpHostSocket::SetClosePolicyType(TypeId tid)
{
    SetClosePolicy(MakePolicy<TcpClosePolicy>(tid, "ClosePolicy"));
}

TypeId
TcpHostSocket::GetClosePolicyType() const
{
    return m_close.GetPolicy()->GetInstanceTypeId();
}

void
TcpHostSocket::SetDelayedAckPolicy(Ptr<TcpDelayedAckPolicy> policy)
{
    NS_ABORT_MSG_IF(!policy, "TcpHostSocket::SetDelayedAckPolicy: null policy");
    m_ack.SetPolicy(policy);
}

Ptr<TcpDelayedAckPolicy>
TcpHostSocket::GetDelayedAckPolicy() const
{
    return m_ack.GetPolicy();
}

void
TcpHostSocket::SetDelayedAckPolicyType(TypeId tid)
{
    SetDelayedAckPolicy(MakePolicy<TcpDelayedAckPolicy>(tid, "DelayedAckPolicy"));
}

TypeId
TcpHostSocket::GetDelayedAckPolicyType() const
{
    return m_ack.GetPolicy()->GetInstanceTypeId();
}

void
TcpHostSocket::SetBufferPolicy(Ptr<TcpBufferPolicy> policy)
{
    NS_ABORT_MSG_IF(!policy, "TcpHostSocket::SetBufferPolicy: null policy");
    m_bufferPolicy = policy;
}

Ptr<TcpBufferPolicy>
TcpHostSocket::GetBufferPolicy() const
{
    return m_bufferPolicy;
}

void
TcpHostSocket::SetBufferPolicyType(TypeId tid)
{
    SetBufferPolicy(MakePolicy<TcpBufferPolicy>(tid, "BufferPolicy"));
}

TypeId
TcpHostSocket::GetBufferPolicyType() const
{
    return m_bufferPolicy->GetInstanceTypeId();
}

bool
TcpHostSocket::PeerHasClosed() const
{
    return m_tcb->m_rxBuffer->Finished();
}

TcpSocket::TcpStates_t
TcpHostSocket::GetState() const
{
    return m_state.Get();
}

Ptr<TcpSocketBase>
TcpHostSocket::Fork()
{
    TcpListenerBinding child = m_listener.Fork(); // the SYN queue counts it from now
    Ptr<TcpHostSocket> socket = CopyObject<TcpHostSocket>(this);
    socket->m_listener = child;
    if (m_congestionControl)
    {
        socket->SetCongestionControlAlgorithm(Renew(m_congestionControl));
    }
    return socket;
}

Ptr<TcpCongestionOps>
TcpHostSocket::Renew(Ptr<TcpCongestionOps> algo)
{
    TypeId tid = algo->GetInstanceTypeId();
    ObjectFactory factory;
    factory.SetTypeId(tid);
    for (TypeId t = tid;; t = t.GetParent())
    {
        for (std::size_t i = 0; i < t.GetAttributeN(); ++i)
        {
            TypeId::AttributeInformation info = t.GetAttribute(i);
            if (!(info.flags & TypeId::ATTR_GET) || !(info.flags & TypeId::ATTR_SET))
            {
                continue;
            }
            Ptr<AttributeValue> value = info.checker->Create();
            if (info.accessor->Get(PeekPointer(algo), *value))
            {
                factory.Set(info.name, *value);
            }
        }
        if (t == t.GetParent())
        {
            break;
        }
    }
    return factory.Create<TcpCongestionOps>();
}

void
TcpHostSocket::StateChanged(TcpStates_t oldState, TcpStates_t newState)
{
    // Each part is told the change; the order is the one in which their
    // traces and callbacks are told.
    bool leaveTimeWait = m_close.StateChanged(oldState, newState, m_txBuffer->TailSequence());
    if (newState == ESTABLISHED && (oldState == SYN_SENT || oldState == SYN_RCVD))
    {
        StartChargingBuffers(); // before the policy sizes them
        m_bufferPolicyActive = true;
        m_bufferPolicy->Established(*this);
    }
    if (newState == TIME_WAIT || newState == CLOSED)
    {
        TellBufferPolicyClosed();
    }
    m_listener.StateChanged(oldState, newState, this);
    if (newState == TIME_WAIT)
    {
        m_timeWaitExpiryTrace(Simulator::Now() + Seconds(2 * m_msl));
    }
    if (leaveTimeWait)
    {
        // The peer keeps TIME_WAIT (it agreed to): leave it at once, once
        // the code that brought us here has sent its last ACK.
        Simulator::ScheduleNow(&TcpHostSocket::CloseAndNotify, this);
    }
    ReportToNode(oldState, newState);
}

int
TcpHostSocket::Send(Ptr<Packet> p, uint32_t flags)
{
    StepSendBufferDown(); // the application may write only into the smaller buffer
    int sent = TcpSocketBase::Send(p, flags);
    if (sent > 0 && m_segmentPerWrite)
    {
        m_writeEnds.push_back(m_txBuffer->TailSequence());
    }
    ReportData();
    return sent;
}

Ptr<Packet>
TcpHostSocket::Recv(uint32_t maxSize, uint32_t flags)
{
    Ptr<Packet> packet = TcpSocketBase::Recv(maxSize, flags);
    ReportData();
    if (packet && packet->GetSize() > 0)
    {
        m_bufferPolicy->DataRead(*this, packet->GetSize());
        // A read opens the window: the policy may send the update now.
        bool canAck = (m_state == ESTABLISHED || m_state == CLOSE_WAIT || m_state == FIN_WAIT_1 ||
                       m_state == FIN_WAIT_2) &&
                      (m_endPoint != nullptr || m_endPoint6 != nullptr);
        if (m_ack.OnRead(ReceiverView(), packet->GetSize(), canAck))
        {
            SendEmptyPacket(TcpHeader::ACK);
        }
    }
    return packet;
}

uint32_t
TcpHostSocket::GetTxAvailable() const
{
    uint32_t available = TcpSocketBase::GetTxAvailable();
    if (uint32_t target = m_sizer.Target(TcpBufferSizer::SEND); target > 0)
    {
        // Shrinking: room only below the target.
        available = target > m_txBuffer->Size() ? target - m_txBuffer->Size() : 0;
    }
    if (Ptr<SocketMemory> pool = m_reporter.GetSharedPool())
    {
        // No free mbuf, no room: the application waits (BSD's sosend).
        available = std::min<uint64_t>(available, pool->GetFree());
    }
    return available;
}

void
TcpHostSocket::DoForwardUp(Ptr<Packet> packet, const Address& fromAddress, const Address& toAddress)
{
    // Closing below may drop the last references to this socket: keep it alive.
    Ptr<TcpHostSocket> self = this;
    TcpHeader h;
    packet->PeekHeader(h);
    m_takingFin = (h.GetFlags() & (TcpHeader::FIN | TcpHeader::RST)) == TcpHeader::FIN;
    DispatchSegment(packet, fromAddress, toAddress);
    m_takingFin = false;
    if (m_closeAfterSegment)
    {
        // The application's close(), made while the segment was taken in,
        // now that its FIN is (Linux wakes the reader after the segment);
        // unless a close callback of the segment has closed it since, or
        // the segment ended the connection.
        m_closeAfterSegment = false;
        if (!m_close.CloseCalled() && m_state != CLOSED)
        {
            Close();
        }
        m_close.NoteCloseCalled();
    }
    // Whichever arm took the connection to TIME_WAIT, its segment is done.
    HandOverTimeWait();
}

void
TcpHostSocket::DispatchSegment(Ptr<Packet> packet,
                               const Address& fromAddress,
                               const Address& toAddress)
{
    TcpHeader h;
    packet->PeekHeader(h);
    if (m_state == LISTEN || m_state == SYN_SENT || m_state == SYN_RCVD)
    {
        m_close.GetPolicy()->HandshakeSegment(h, m_state);
    }
    uint8_t flags = h.GetFlags();
    bool fin = flags & TcpHeader::FIN;
    bool consumed = false;
    // The (state, segment) arms that differ from TcpSocketBase. The data path
    // (ESTABLISHED without FIN, CLOSE_WAIT) keeps the base class's code.
    switch (m_state)
    {
    case LISTEN:
        if ((flags & TcpHeader::SYN) && !(flags & (TcpHeader::ACK | TcpHeader::RST)) &&
            m_listener.GetQueue())
        {
            // Linux decides on a SYN before it keeps any state for it.
            consumed = DropSynByQueue(fromAddress, toAddress);
            break;
        }
        consumed = ProcessListenStray(packet, h, fromAddress, toAddress);
        break;
    case SYN_SENT:
        // An RST+ACK for our SYN refuses the connection (#14), taken here:
        // a fixed ns-3 (0012), which would refuse it the same way, never
        // sees it.
        consumed = ProcessRefusal(h);
        break;
    case SYN_RCVD:
        if ((flags & TcpHeader::SYN) && !(flags & (TcpHeader::ACK | TcpHeader::RST)))
        {
            // Echo the resent SYN's timestamp (#16). A fixed ns-3 (0009)
            // then takes the same timestamp again: no change.
            EchoResentSyn(h);
            // then the base class resends the SYN+ACK
        }
        else if (m_listener.GetParent())
        {
            // The handshake's last ACK: the listener's queues may refuse it.
            consumed = ProcessHandshakeAck(packet, h, fromAddress, toAddress);
        }
        break;
    case ESTABLISHED:
        if (flags & TcpHeader::RST)
        {
            ProcessReset(h);
            consumed = true;
            break;
        }
        if (ReAckSyn(flags))
        {
            consumed = true;
            break;
        }
        // A FIN+ACK that acknowledges new data: the base class would drop
        // the acknowledgement (ProcessEstablished hands FIN+ACK to PeerClose).
        // Under a delayed-ACK policy, any FIN with data: the policy sees the
        // data, and the FIN is acknowledged once.
        if (fin && !(flags & TcpHeader::RST) &&
            (((flags & TcpHeader::ACK) && h.GetAckNumber() > m_txBuffer->HeadSequence() &&
              h.GetAckNumber() <= m_tcb->m_highTxMark) ||
             (m_ack.DecidesAcks() && packet->GetSize() > h.GetSerializedSize())))
        {
            SplitFin(packet, h, fromAddress, toAddress);
            return;
        }
        break;
    case FIN_WAIT_1:
    case FIN_WAIT_2:
        if (flags & TcpHeader::RST)
        {
            ProcessReset(h);
            consumed = true;
            break;
        }
        if (ReAckSyn(flags))
        {
            consumed = true;
            break;
        }
        if (m_close.CloseCalled() && m_resetDataAfterClose && !(flags & TcpHeader::RST) &&
            packet->GetSize() > h.GetSerializedSize() &&
            h.GetSequenceNumber() + SequenceNumber32(packet->GetSize() - h.GetSerializedSize()) >
                m_tcb->m_rxBuffer->NextRxSequence())
        {
            // New data for an application that has closed: nobody will
            // read it, and an RST tells the sender at once.
            NS_LOG_LOGIC("data after Close(): reset");
            SendRST();
            NoteReleased();
            return;
        }
        m_close.PeerAlive(); // FinWait2Timeout counts idle time
        // Data and FIN together: the base class puts the FIN at the start.
        if (fin && !(flags & TcpHeader::RST) && packet->GetSize() > h.GetSerializedSize())
        {
            SplitFin(packet, h, fromAddress, toAddress);
            return;
        }
        break;
    case CLOSE_WAIT:
        if (flags & TcpHeader::RST)
        {
            ProcessReset(h);
            consumed = true;
            break;
        }
        if (ReAckSyn(flags))
        {
            consumed = true;
            break;
        }
        // The peer's FIN again: our ACK of it was lost. TcpSocketBase only
        // records it again, and the peer gives up after its retries. Any
        // other segment is the base class's data path.
        if (ClassifyClosingSegment(packet, h) == ClosingSegment::PEER_FIN_AGAIN)
        {
            NS_LOG_LOGIC("peer's FIN again in CLOSE_WAIT: ACK it again");
            TakeAck(h);
            SendEmptyPacket(TcpHeader::ACK);
            consumed = true;
        }
        break;
    case CLOSING:
    case LAST_ACK:
    case TIME_WAIT:
        // The peer's FIN is in and ours has gone: one table of (state,
        // segment class) arms, none left to the base class.
        ProcessClosingState(packet, h);
        consumed = true;
        break;
    default:
        break;
    }
    if (!consumed)
    {
        TcpSocketBase::DoForwardUp(packet, fromAddress, toAddress);
        ReportData();
        return;
    }
    // The base class traces every segment it handles; do the same for ours.
    Ptr<Packet> payload = packet->Copy();
    payload->RemoveHeader(h);
    m_rxTrace(payload, h, this);
    ReportData();
}

bool
TcpHostSocket::ReAckSyn(uint8_t flags)
{
    if (!(flags & TcpHeader::SYN) || (flags & TcpHeader::RST))
    {
        return false;
    }
    // A SYN on a synchronized connection: most often the peer's SYN+ACK
    // again, our last ACK of the handshake lost or dropped by the peer's
    // full accept queue. RFC 9293 (section 3.10.7.4) and RFC 5961 (section
    // 4): answer with an ACK. TcpSocketBase ignores it, and the peer's side
    // stays in SYN_RCVD until our data comes (#21).
    NS_LOG_LOGIC("SYN on a synchronized connection: ACK");
    SendEmptyPacket(TcpHeader::ACK);
    return true;
}

uint32_t
TcpHostSocket::SendDataPacket(SequenceNumber32 seq, uint32_t maxSize, bool withAck)
{
    if (m_segmentPerWrite)
    {
        maxSize = ClipToWrite(seq, maxSize);
    }
    if (withAck)
    {
        NoteAckSent();
        // RFC 7323 (section 4.3): Last.ACK.sent is the last ACK sent, with
        // data or without. TcpSocketBase advances it only in SendEmptyPacket,
        // so a peer that acknowledges with data echoes its first timestamp for
        // ever and every later RTT sample is the connection's age (#20). A
        // fixed ns-3 (0001) advances it to the same value: no change.
        m_highTxAck = std::max(m_highTxAck, m_tcb->m_rxBuffer->NextRxSequence());
    }
    ++m_dataSegmentsSent;
    if (seq < m_tcb->m_highTxMark)
    {
        ++m_dataSegmentsRetransmitted; // what a loss ratio counts
    }
    return TcpSocketBase::SendDataPacket(seq, maxSize, withAck);
}

uint32_t
TcpHostSocket::ClipToWrite(SequenceNumber32 seq, uint32_t maxSize)
{
    while (!m_writeEnds.empty() && m_writeEnds.front() <= m_txBuffer->HeadSequence())
    {
        m_writeEnds.pop_front(); // acknowledged
    }
    for (SequenceNumber32 end : m_writeEnds)
    {
        if (end > seq)
        {
            return std::min<uint32_t>(maxSize, end - seq);
        }
    }
    return maxSize;
}

void
TcpHostSocket::ReceivedAck(Ptr<Packet> packet, const TcpHeader& tcpHeader)
{
    SequenceNumber32 head = m_txBuffer->HeadSequence();
    TcpSocketBase::ReceivedAck(packet, tcpHeader);
    StepSendBufferDown();
    if (m_txBuffer->HeadSequence() > head)
    {
        m_bufferPolicy->DataAcked(*this, m_txBuffer->HeadSequence() - head);
    }
    if (m_state == FIN_WAIT_1 && m_close.FinAcked(m_txBuffer->HeadSequence()))
    {
        // Our FIN is acknowledged. ProcessWait moves to FIN_WAIT_2 only on a
        // bare ACK whose number is SND.MAX + 1: an ACK that carries data, or
        // comes after the FIN was resent with data, left FIN_WAIT_1 for ever.
        NS_LOG_DEBUG("FIN_WAIT_1 -> FIN_WAIT_2");
        m_state = FIN_WAIT_2;
    }
    // A close deferred behind unsent data whose sending was overtaken by an
    // acknowledgement (NewAck moves SND.NXT up to the ACK) would never send
    // its FIN: nothing is left for SendDataPacket to put it on. A fixed ns-3
    // (0016) sends it in TcpSocketBase::ReceivedAck, before this, and leaves
    // ESTABLISHED or CLOSE_WAIT: with the guard below (no FIN yet, still in
    // one of them) this never sends a second one.
    if (m_close.CloseDeferred() && !m_close.FinKnown() &&
        (m_state == ESTABLISHED || m_state == CLOSE_WAIT) &&
        m_txBuffer->SizeFromSequence(m_tcb->m_nextTxSequence) == 0)
    {
        NS_LOG_LOGIC("deferred close with nothing left to send: FIN now");
        DoClose();
    }
}

void
TcpHostSocket::PersistTimeout()
{
    // TcpSocketBase enters the persist state on any zero window, even with
    // nothing unsent, and its probe then copies a byte that is not there (a
    // null buffer item: a crash). With nothing to probe for, wait another
    // interval; an ACK that opens the window cancels the wait. A fixed ns-3
    // (0006) waits the same way; this wait comes first.
    if (m_txBuffer->SizeFromSequence(m_tcb->m_nextTxSequence) == 0)
    {
        m_persistEvent =
            Simulator::Schedule(m_persistTimeout, &TcpHostSocket::PersistTimeout, this);
        return;
    }
    // ns-3's probe carries no ACK flag, so the peer takes neither its
    // acknowledgement nor its window: the edge last advertised (AckState)
    // stays that of the last ACK sent, whatever window the probe computed.
    uint32_t advertised = m_advWnd;
    TcpSocketBase::PersistTimeout();
    m_advWnd = advertised;
}

void
TcpHostSocket::SendEmptyPacket(uint8_t flags)
{
    if (SkipsSynAck(flags))
    {
        return;
    }
    if (!(flags & TcpHeader::RST) && flags != TcpHeader::SYN)
    {
        NoteAckSent();
    }
    if (flags == TcpHeader::SYN)
    {
        m_synTsValue = TcpOptionTS::NowToTsValue(); // what its timestamp carries
    }
    uint32_t real = GetRcvBufSize();
    if ((flags & TcpHeader::SYN) && m_maxRcvBufSize > real)
    {
        // The scale comes from the buffer size while the SYN is built: make
        // it the largest the buffer may grow to, and keep the SYN's window
        // within the buffer there is (AdvertisedWindowSize).
        m_synWindowCap = real;
        m_tcb->m_rxBuffer->SetMaxBufferSize(m_maxRcvBufSize);
        SendControlSegment(flags);
        m_tcb->m_rxBuffer->SetMaxBufferSize(real);
        m_synWindowCap = 0;
        return;
    }
    SendControlSegment(flags);
    if (!(flags & TcpHeader::SYN))
    {
        // The base class recomputed the RTO from its estimator (a SYN's
        // backoff is ConnTimeout's, left as it is).
        BoundRto();
    }
}

Time
TcpHostSocket::GetSmoothedRtt() const
{
    return m_tcb->m_srtt.Get();
}

Ptr<Node>
TcpHostSocket::GetNode() const
{
    return TcpSocketBase::GetNode();
}

uint32_t
TcpHostSocket::GetSegmentSize() const
{
    return GetSegSize();
}

Time
TcpHostSocket::GetRto() const
{
    return m_rto.Get();
}

uint32_t
TcpHostSocket::GetCongestionWindow() const
{
    return m_tcb->m_cWnd.Get();
}

uint64_t
TcpHostSocket::GetDataSegmentsSent() const
{
    return m_dataSegmentsSent;
}

uint64_t
TcpHostSocket::GetDataSegmentsRetransmitted() const
{
    return m_dataSegmentsRetransmitted;
}

uint64_t
TcpHostSocket::GetDataSegmentsReceived() const
{
    return m_dataSegmentsReceived;
}

uint64_t
TcpHostSocket::GetDataSegmentsReceivedAgain() const
{
    return m_dataSegmentsReceivedAgain;
}

} // namespace ns3
