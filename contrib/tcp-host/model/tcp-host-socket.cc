/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-host-socket.h"

#include "tcp-close-policy.h"
#include "tcp-host-model.h"
#include "tcp-output-stage.h"
#include "type-id-check.h"

#include "ns3/boolean.h"
#include "ns3/enum.h"
#include "ns3/inet-socket-address.h"
#include "ns3/inet6-socket-address.h"
#include "ns3/ipv4-end-point.h"
#include "ns3/ipv4-interface.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/object-factory.h"
#include "ns3/simulator.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/tcp-header.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/tcp-option-ts.h"
#include "ns3/tcp-rx-buffer.h"
#include "ns3/tcp-tx-buffer.h"
#include "ns3/trace-source-accessor.h"

#include <limits>

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
            .AddAttribute("TimeWaitRstPolicy",
                          "What a socket in TIME_WAIT does with an in-sequence RST: "
                          "Accept (free the TCB: BSD, SunOS, Linux default) or "
                          "Ignore (RFC 1337, stock ns-3).",
                          EnumValue(TcpHostSocket::RST_ACCEPT),
                          MakeEnumAccessor<TimeWaitRstPolicy>(&TcpHostSocket::m_rstPolicy),
                          MakeEnumChecker(TcpHostSocket::RST_ACCEPT,
                                          "Accept",
                                          TcpHostSocket::RST_IGNORE,
                                          "Ignore"))
            .AddAttribute("FinWait2Timeout",
                          "How long a socket that the application has closed (not only shut "
                          "down for sending) waits idle in FIN_WAIT_2 for the peer's FIN "
                          "before it aborts (an error close; Linux's tcp_fin_timeout for "
                          "orphaned sockets); 0: for ever, as RFC 793 and stock ns-3.",
                          TimeValue(Seconds(60)),
                          MakeTimeAccessor(&TcpHostSocket::m_finWait2Timeout),
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
                            "Swap-close phase (tells LAST_ACK_SWAP from LAST_ACK, and how "
                            "TIME_WAIT ended).",
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
      m_closePolicy(CreateObject<TcpClosePolicy>()),
      m_delayedAckPolicy(CreateObject<TcpDelayedAckPolicy>()),
      m_bufferPolicy(CreateObject<TcpBufferPolicy>())
{
    NS_LOG_FUNCTION(this);
    m_state.ConnectWithoutContext(MakeCallback(&TcpHostSocket::StateChanged, this));
}

TcpHostSocket::TcpHostSocket(const TcpHostSocket& sock)
    : TcpSocketBase(sock),
      m_closePolicy(sock.m_closePolicy->Fork()),
      m_delayedAckPolicy(sock.m_delayedAckPolicy->Fork()),
      m_bufferPolicy(sock.m_bufferPolicy->Fork()),
      m_rstPolicy(sock.m_rstPolicy),
      m_closePhase(SWAP_NONE),
      m_hostModel(sock.m_hostModel),
      m_hostModelLooked(sock.m_hostModelLooked),
      m_sharedPool(sock.m_sharedPool),
      m_finWait2Timeout(sock.m_finWait2Timeout),
      m_resetDataAfterClose(sock.m_resetDataAfterClose),
      m_segmentPerWrite(sock.m_segmentPerWrite),
      m_maxRcvBufSize(sock.m_maxRcvBufSize)
{
    NS_LOG_FUNCTION(this);
    // TracedValue's copy does not copy its callbacks: connect the copy's own.
    m_state.ConnectWithoutContext(MakeCallback(&TcpHostSocket::StateChanged, this));
}

TcpHostSocket::~TcpHostSocket()
{
    NS_LOG_FUNCTION(this);
    m_finWait2Event.Cancel();
    // A TCB freed without passing through CLOSED (retransmission give-up)
    // leaves the host model's list when its socket goes away.
    if (m_hostModel)
    {
        m_hostModel->ForgetTcb(this);
    }
}

TypeId
TcpHostSocket::GetInstanceTypeId() const
{
    return TcpHostSocket::GetTypeId();
}

void
TcpHostSocket::ArmFinWait2Timeout()
{
    // Only once the application has closed (Linux's orphaned socket): after
    // ShutdownSend() it may still be reading, and the peer still sending.
    if (m_closeCalled && m_finWait2Timeout.IsStrictlyPositive())
    {
        m_finWait2Event =
            Simulator::Schedule(m_finWait2Timeout, &TcpHostSocket::FinWait2Timeout, this);
    }
}

void
TcpHostSocket::FinWait2Timeout()
{
    // An abort: a peer that never closes (or a stock peer stuck in
    // CLOSE_WAIT) would otherwise hold this TCB for ever. A peer that does
    // close later finds no TCB here; its FIN draws an RST.
    NS_LOG_INFO("no FIN from the peer in " << m_finWait2Timeout.As(Time::S)
                                           << " of FIN_WAIT_2: dropping the connection");
    Abort();
}

void
TcpHostSocket::Abort()
{
    NotifyErrorClose();
    m_closeNotified = true; // the application heard "error", not "closed"
    CloseAndNotify();
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

void
TcpHostSocket::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_finWait2Event.Cancel();
    m_heldPacket = nullptr;
    TellBufferPolicyClosed(true);
    if (m_hostModel)
    {
        m_hostModel->ForgetTcb(this);
        m_hostModel = nullptr;
    }
    TcpSocketBase::DoDispose();
}

void
TcpHostSocket::TellBufferPolicyClosed(bool disposing)
{
    if (m_bufferPolicyActive)
    {
        m_bufferPolicyActive = false;
        // Disposal may run at a reference count of zero (Object::DoDelete):
        // no Ptr to this may be made then.
        m_bufferPolicy->Closed(disposing ? nullptr : Ptr<TcpHostSocket>(this));
    }
}

void
TcpHostSocket::SetClosePolicy(Ptr<TcpClosePolicy> policy)
{
    NS_LOG_FUNCTION(this << policy);
    NS_ABORT_MSG_IF(!policy, "TcpHostSocket::SetClosePolicy: null policy");
    m_closePolicy = policy;
}

Ptr<TcpClosePolicy>
TcpHostSocket::GetClosePolicy() const
{
    return m_closePolicy;
}

void
TcpHostSocket::SetClosePolicyType(TypeId tid)
{
    SetClosePolicy(MakePolicy<TcpClosePolicy>(tid, "ClosePolicy"));
}

TypeId
TcpHostSocket::GetClosePolicyType() const
{
    return m_closePolicy->GetInstanceTypeId();
}

void
TcpHostSocket::SetDelayedAckPolicy(Ptr<TcpDelayedAckPolicy> policy)
{
    NS_ABORT_MSG_IF(!policy, "TcpHostSocket::SetDelayedAckPolicy: null policy");
    m_delayedAckPolicy = policy;
}

Ptr<TcpDelayedAckPolicy>
TcpHostSocket::GetDelayedAckPolicy() const
{
    return m_delayedAckPolicy;
}

void
TcpHostSocket::SetDelayedAckPolicyType(TypeId tid)
{
    SetDelayedAckPolicy(MakePolicy<TcpDelayedAckPolicy>(tid, "DelayedAckPolicy"));
}

TypeId
TcpHostSocket::GetDelayedAckPolicyType() const
{
    return m_delayedAckPolicy->GetInstanceTypeId();
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

TcpHostSocket::ClosePhase
TcpHostSocket::GetClosePhase() const
{
    return m_closePhase;
}

bool
TcpHostSocket::PeekEndOfStream() const
{
    return PeerHasClosed() && m_tcb->m_rxBuffer->Available() == 0;
}

bool
TcpHostSocket::PeerHasClosed() const
{
    return m_tcb->m_rxBuffer->Finished();
}

bool
TcpHostSocket::ForwardUpDirect(Ptr<Packet> packet,
                               const Ipv4Header& header,
                               Ptr<Ipv4Interface> interface)
{
    if (!m_endPoint || !m_endPoint->IsRxEnabled() ||
        (m_endPoint->GetBoundNetDevice() &&
         m_endPoint->GetBoundNetDevice() != interface->GetDevice()))
    {
        return false;
    }
    TcpHeader h;
    packet->PeekHeader(h);
    if (m_endPoint->GetLocalAddress() != header.GetDestination() ||
        m_endPoint->GetLocalPort() != h.GetDestinationPort() ||
        m_endPoint->GetPeerAddress() != header.GetSource() ||
        m_endPoint->GetPeerPort() != h.GetSourcePort())
    {
        return false;
    }
    m_endPoint->ForwardUp(packet, header, h.GetSourcePort(), interface);
    return true;
}

TcpSocket::TcpStates_t
TcpHostSocket::GetState() const
{
    return m_state.Get();
}

const char*
TcpHostSocket::ClosePhaseName(ClosePhase state)
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
TcpHostSocket::Fork()
{
    Ptr<TcpHostSocket> socket = CopyObject<TcpHostSocket>(this);
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
TcpHostSocket::SetClosePhase(ClosePhase state)
{
    if (state == m_closePhase)
    {
        return;
    }
    NS_LOG_DEBUG(ClosePhaseName(m_closePhase) << " -> " << ClosePhaseName(state));
    ClosePhase old = m_closePhase;
    m_closePhase = state;
    m_closePhaseTrace(old, state);
}

void
TcpHostSocket::StateChanged(TcpStates_t oldState, TcpStates_t newState)
{
    // The base class moves CLOSE_WAIT -> LAST_ACK on the application's close,
    // whether at once or after the send buffer drained: that is where a swap
    // close becomes LAST_ACK_SWAP.
    if (oldState == CLOSE_WAIT && newState == LAST_ACK &&
        m_closePolicy->GetPassiveEnd() == TcpClosePolicy::PASSIVE_RST_TIME_WAIT)
    {
        SetClosePhase(SWAP_LAST_ACK);
    }
    if ((newState == FIN_WAIT_1 || newState == LAST_ACK) && !m_finSequenceKnown)
    {
        m_finSequence = m_txBuffer->TailSequence();
        m_finSequenceKnown = true;
    }
    if (newState == ESTABLISHED && (oldState == SYN_SENT || oldState == SYN_RCVD))
    {
        m_bufferPolicyActive = true;
        m_bufferPolicy->Established(this);
    }
    if (newState == TIME_WAIT || newState == CLOSED)
    {
        TellBufferPolicyClosed(false);
    }
    if (newState == FIN_WAIT_2)
    {
        ArmFinWait2Timeout();
    }
    else if (oldState == FIN_WAIT_2 || newState == CLOSED)
    {
        m_finWait2Event.Cancel();
    }
    if (newState == TIME_WAIT)
    {
        m_timeWaitExpiryTrace(Simulator::Now() + Seconds(2 * m_msl));
        if (!m_closePolicy->KeepsTimeWaitAfterActiveClose())
        {
            // The peer keeps TIME_WAIT (it agreed to): leave it at once, once
            // the code that brought us here has sent its last ACK.
            SetClosePhase(NEGOTIATED_NO_TIME_WAIT);
            Simulator::ScheduleNow(&TcpHostSocket::CloseAndNotify, this);
        }
    }
    ReportToHostModel(oldState, newState);
}

Ptr<TcpHostModel>
TcpHostSocket::HostModel()
{
    if (!m_hostModelLooked && m_node)
    {
        m_hostModel = m_node->GetObject<TcpHostModel>();
        m_hostModelLooked = true;
        m_sharedPool = m_hostModel && m_hostModel->IsPoolShared();
    }
    return m_hostModel;
}

void
TcpHostSocket::ReportData()
{
    // Only a shared pool counts data (the hash update is not free); a
    // socket that has let its TCB go holds no data there any more.
    if (m_sharedPool && m_hostModel && m_state != CLOSED &&
        (m_endPoint != nullptr || m_endPoint6 != nullptr))
    {
        m_hostModel->UpdateData(this, m_txBuffer->Size() + m_tcb->m_rxBuffer->Size());
    }
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
        m_bufferPolicy->DataRead(this, packet->GetSize());
        // A read opens the window: the policy may send the update now.
        m_readSinceAck += packet->GetSize();
        bool canAck = (m_state == ESTABLISHED || m_state == CLOSE_WAIT || m_state == FIN_WAIT_1 ||
                       m_state == FIN_WAIT_2) &&
                      (m_endPoint != nullptr || m_endPoint6 != nullptr);
        if (canAck && m_delayedAckPolicy->OnRead(AckState(0, false)))
        {
            NS_LOG_LOGIC("window update after reading " << m_readSinceAck << " bytes");
            SendEmptyPacket(TcpHeader::ACK);
        }
    }
    return packet;
}

uint32_t
TcpHostSocket::GetTxAvailable() const
{
    uint32_t available = TcpSocketBase::GetTxAvailable();
    if (m_sndBufTarget > 0)
    {
        // Shrinking: room only below the target.
        available = m_sndBufTarget > m_txBuffer->Size() ? m_sndBufTarget - m_txBuffer->Size() : 0;
    }
    if (m_sharedPool && m_hostModel)
    {
        // No free mbuf, no room: the application waits (BSD's sosend).
        available = std::min<uint64_t>(available, m_hostModel->GetPoolFree());
    }
    return available;
}

void
TcpHostSocket::ReportToHostModel(TcpStates_t oldState, TcpStates_t newState)
{
    if (!HostModel())
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
TcpHostSocket::DoForwardUp(Ptr<Packet> packet, const Address& fromAddress, const Address& toAddress)
{
    // Closing below may drop the last references to this socket: keep it alive.
    Ptr<TcpHostSocket> self = this;
    TcpHeader h;
    packet->PeekHeader(h);
    if (m_state == LISTEN || m_state == SYN_SENT || m_state == SYN_RCVD)
    {
        m_closePolicy->HandshakeSegment(h, m_state);
    }
    uint8_t flags = h.GetFlags();
    bool fin = flags & TcpHeader::FIN;
    bool consumed = false;
    // The (state, segment) arms that differ from TcpSocketBase. The data path
    // (ESTABLISHED without FIN, CLOSE_WAIT) keeps the base class's code.
    switch (m_state)
    {
    case LISTEN:
        consumed = ProcessListenStray(packet, h, fromAddress, toAddress);
        break;
    case SYN_SENT:
        consumed = ProcessRefusal(h);
        break;
    case SYN_RCVD:
        if ((flags & TcpHeader::SYN) && !(flags & (TcpHeader::ACK | TcpHeader::RST)))
        {
            EchoResentSyn(h); // then the base class resends the SYN+ACK
        }
        break;
    case ESTABLISHED:
        // A FIN+ACK that acknowledges new data: the base class would drop
        // the acknowledgement (ProcessEstablished hands FIN+ACK to PeerClose).
        // Under a delayed-ACK policy, any FIN with data: the policy sees the
        // data, and the FIN is acknowledged once.
        if (fin && !(flags & TcpHeader::RST) &&
            (((flags & TcpHeader::ACK) && h.GetAckNumber() > m_txBuffer->HeadSequence() &&
              h.GetAckNumber() <= m_tcb->m_highTxMark) ||
             (m_delayedAckPolicy->DecidesAcks() && packet->GetSize() > h.GetSerializedSize())))
        {
            SplitFin(packet, h, fromAddress, toAddress);
            return;
        }
        break;
    case FIN_WAIT_1:
    case FIN_WAIT_2:
        if (m_closeCalled && m_resetDataAfterClose && !(flags & TcpHeader::RST) &&
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
        if (m_finWait2Event.IsPending())
        {
            // The peer is alive: FinWait2Timeout counts idle time.
            m_finWait2Event.Cancel();
            ArmFinWait2Timeout();
        }
        // Data and FIN together: the base class puts the FIN at the start.
        if (fin && !(flags & TcpHeader::RST) && packet->GetSize() > h.GetSerializedSize())
        {
            SplitFin(packet, h, fromAddress, toAddress);
            return;
        }
        break;
    case CLOSE_WAIT:
        // The peer's FIN again: our ACK of it was lost. TcpSocketBase only
        // records it again, and the peer gives up after its retries.
        if (fin && !(flags & TcpHeader::RST) && IsPeerFinAgain(packet, h))
        {
            NS_LOG_LOGIC("peer's FIN again in CLOSE_WAIT: ACK it again");
            if ((flags & TcpHeader::ACK) && !ProcessAckField(packet))
            {
                return; // RFC 7323: no timestamp, discarded
            }
            SendEmptyPacket(TcpHeader::ACK);
            consumed = true;
        }
        break;
    case CLOSING:
    case LAST_ACK:
        // The peer's FIN is in, ours is not yet acknowledged.
        if (flags & TcpHeader::RST)
        {
            consumed = ProcessRstAfterPeerFin(h);
        }
        else if (flags & TcpHeader::SYN)
        {
            consumed = false; // the base class answers with an RST and closes
        }
        else
        {
            consumed = m_state == CLOSING ? ProcessClosing(packet, h) : ProcessLastAck(packet, h);
        }
        break;
    case TIME_WAIT:
        consumed = ProcessTimeWait(packet, h);
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

void
TcpHostSocket::ReceivedData(Ptr<Packet> packet, const TcpHeader& tcpHeader)
{
    ReleaseHeld(); // a held segment goes in before anything that follows it
    SequenceNumber32 nextBefore = m_tcb->m_rxBuffer->NextRxSequence();
    auto verdict = TcpDelayedAckPolicy::Verdict::STANDARD;
    bool inSequence = packet->GetSize() > 0 &&
                      tcpHeader.GetSequenceNumber() == m_tcb->m_rxBuffer->NextRxSequence();
    m_dataSegments += inSequence;
    // ns-3's own rule (the default policy) needs no receiver state per segment.
    if (inSequence && m_delayedAckPolicy->DecidesAcks())
    {
        bool pushed = (tcpHeader.GetFlags() & (TcpHeader::PSH | TcpHeader::FIN)) || m_finFollows;
        verdict = m_delayedAckPolicy->OnSegment(AckState(packet->GetSize(), pushed));
        NS_LOG_LOGIC("segment " << tcpHeader.GetSequenceNumber() << " (" << packet->GetSize()
                                << " bytes): " << TcpDelayedAckPolicy::VerdictName(verdict));
    }
    if (verdict == TcpDelayedAckPolicy::Verdict::STANDARD)
    {
        uint32_t armedBefore = m_delAckEvent.GetUid();
        TcpSocketBase::ReceivedData(packet, tcpHeader);
        if (m_delAckEvent.GetUid() != armedBefore && m_delAckEvent.IsPending())
        {
            // TcpSocketBase deferred an ACK by DelAckTimeout: the policy
            // says when it goes.
            Time delay = m_delayedAckPolicy->GetDelay(m_node, Simulator::Now(), m_delAckTimeout);
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
    // peer's close, and TcpSocketBase (DoPeerClose) takes us to CLOSE_WAIT,
    // the passive closer's state, although our FIN went first: nothing ever
    // leaves it. Go where an active closer goes instead (its DoPeerClose
    // has acknowledged the FIN, unless it closed the socket: see Close()).
    if (m_state == CLOSE_WAIT && m_finSequenceKnown)
    {
        CompleteActiveClose();
    }
    SequenceNumber32 nextAfter = m_tcb->m_rxBuffer->NextRxSequence();
    if (nextAfter > nextBefore)
    {
        m_bufferPolicy->DataReceived(this, nextAfter - nextBefore);
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
        m_heldPacket = packet;
        m_heldHeader = tcpHeader;
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
        Time delay = m_delayedAckPolicy->GetDelay(m_node, Simulator::Now(), m_delAckTimeout);
        m_delAckEvent = Simulator::Schedule(delay, &TcpHostSocket::DelAckTimeout, this);
    }
}

void
TcpHostSocket::DelAckTimeout()
{
    TcpSocketBase::DelAckTimeout();
    ReleaseHeld();
}

void
TcpHostSocket::ReleaseHeld()
{
    if (!m_heldPacket)
    {
        return;
    }
    Ptr<Packet> packet = m_heldPacket;
    m_heldPacket = nullptr;
    NS_LOG_LOGIC("held segment " << m_heldHeader.GetSequenceNumber() << " goes in");
    ReceivedDataByPolicy(packet, m_heldHeader, TcpDelayedAckPolicy::Verdict::DEFER);
}

TcpAckState
TcpHostSocket::AckState(uint32_t bytes, bool pushed) const
{
    TcpAckState state;
    state.mss = m_tcb->m_segmentSize;
    state.bytes = bytes;
    state.pushed = pushed;
    state.unacked = Unacked();
    state.segments = m_dataSegments;
    state.readSinceAck = m_readSinceAck;
    state.bufferSize = m_tcb->m_rxBuffer->MaxBufferSize();
    return state;
}

uint32_t
TcpHostSocket::Unacked() const
{
    SequenceNumber32 next = m_tcb->m_rxBuffer->NextRxSequence();
    return next > m_ackedUpTo ? next - m_ackedUpTo : 0;
}

void
TcpHostSocket::NoteAckSent()
{
    if (m_rcvBufTarget > 0)
    {
        // Shrink as far as the last promise allows: the right edge stays.
        uint32_t size = std::max({m_rcvBufTarget, PromisedBuffer(), m_tcb->m_rxBuffer->Size()});
        m_tcb->m_rxBuffer->SetMaxBufferSize(size);
        if (size == m_rcvBufTarget)
        {
            m_rcvBufTarget = 0;
        }
    }
    m_ackedUpTo = m_tcb->m_rxBuffer->NextRxSequence();
    m_readSinceAck = 0;
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
TcpHostSocket::SendDataPacket(SequenceNumber32 seq, uint32_t maxSize, bool withAck)
{
    if (m_segmentPerWrite)
    {
        maxSize = ClipToWrite(seq, maxSize);
    }
    if (withAck)
    {
        NoteAckSent();
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

void
TcpHostSocket::ReceivedAck(Ptr<Packet> packet, const TcpHeader& tcpHeader)
{
    SequenceNumber32 head = m_txBuffer->HeadSequence();
    TcpSocketBase::ReceivedAck(packet, tcpHeader);
    StepSendBufferDown();
    if (m_txBuffer->HeadSequence() > head)
    {
        m_bufferPolicy->DataAcked(this, m_txBuffer->HeadSequence() - head);
    }
    if (m_state == FIN_WAIT_1 && m_finSequenceKnown && m_txBuffer->HeadSequence() > m_finSequence)
    {
        // Our FIN is acknowledged. ProcessWait moves to FIN_WAIT_2 only on a
        // bare ACK whose number is SND.MAX + 1: an ACK that carries data, or
        // comes after the FIN was resent with data, left FIN_WAIT_1 for ever.
        NS_LOG_DEBUG("FIN_WAIT_1 -> FIN_WAIT_2");
        m_state = FIN_WAIT_2;
    }
    // A close deferred behind unsent data whose sending was overtaken by an
    // acknowledgement (NewAck moves SND.NXT up to the ACK) would never send
    // its FIN: nothing is left for SendDataPacket to put it on.
    if (m_closeDeferred && !m_finSequenceKnown &&
        (m_state == ESTABLISHED || m_state == CLOSE_WAIT) &&
        m_txBuffer->SizeFromSequence(m_tcb->m_nextTxSequence) == 0)
    {
        NS_LOG_LOGIC("deferred close with nothing left to send: FIN now");
        DoClose();
    }
}

void
TcpHostSocket::NewAck(const SequenceNumber32& seq, bool resetRTO)
{
    m_finBackoff = 0;
    TcpSocketBase::NewAck(seq, resetRTO);
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
    // Once the application has closed nothing more is queued: the FIN
    // follows the last byte ever written. Noted when the FIN goes, for once
    // it is acknowledged the buffer's head (and tail) moves past it.
    return m_finSequenceKnown ? m_finSequence : m_txBuffer->TailSequence();
}

bool
TcpHostSocket::KeepsTimeWaitAsPassiveCloser() const
{
    return m_closePolicy->GetPassiveEnd() == TcpClosePolicy::PASSIVE_TIME_WAIT;
}

Time
TcpHostSocket::FinRto() const
{
    return std::min(m_rto.Get() * (1 << std::min(m_finBackoff, 16U)), Seconds(60));
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
TcpHostSocket::PersistTimeout()
{
    // TcpSocketBase enters the persist state on any zero window, even with
    // nothing unsent, and its probe then copies a byte that is not there (a
    // null buffer item: a crash). With nothing to probe for, wait another
    // interval; an ACK that opens the window cancels the wait.
    if (m_txBuffer->SizeFromSequence(m_tcb->m_nextTxSequence) == 0)
    {
        m_persistEvent =
            Simulator::Schedule(m_persistTimeout, &TcpHostSocket::PersistTimeout, this);
        return;
    }
    TcpSocketBase::PersistTimeout();
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
    ++m_finBackoff;
    NS_LOG_LOGIC("retransmitting FIN, backoff " << m_finBackoff);
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

void
TcpHostSocket::NoteReleased()
{
    if (m_endPoint == nullptr && m_endPoint6 == nullptr && m_state != CLOSED)
    {
        m_state = CLOSED;
    }
    if (m_hostModel && m_endPoint == nullptr && m_endPoint6 == nullptr)
    {
        m_hostModel->ForgetTcb(this);
    }
}

int
TcpHostSocket::Close()
{
    m_closeCalled = true;
    if (m_state == CLOSE_WAIT && m_finSequenceKnown)
    {
        // TcpSocketBase's DoPeerClose, taking an active closer to CLOSE_WAIT
        // (see ReceivedData), calls Close() at once if the application had
        // shut down sending, before it acknowledges the FIN: complete the
        // active close and acknowledge the FIN here.
        CompleteActiveClose();
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
        // queued data (ns-3 bug 426); BSD resets only for unread data.
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
    m_closeDeferred = (m_state == ESTABLISHED || m_state == CLOSE_WAIT) && m_endPoint != nullptr;
    NoteReleased();
    return result;
}

void
TcpHostSocket::SendWithOption(uint8_t flags, const std::vector<uint8_t>& option)
{
    if (!m_outputStage)
    {
        m_outputStage = m_node->GetObject<TcpOutputStage>();
        NS_ABORT_MSG_IF(!m_outputStage,
                        "TcpHostSocket: close policy " << m_closePolicy->GetName()
                                                       << " sends a TCP option, which needs the "
                                                          "node's TcpOutputStage (install the "
                                                          "node with TcpHostHelper)");
    }
    m_outputStage->ArmOption(option);
    TcpSocketBase::SendEmptyPacket(flags);
    m_outputStage->ClearOption();
}

void
TcpHostSocket::SendEmptyPacket(uint8_t flags)
{
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
}

Time
TcpHostSocket::GetSmoothedRtt() const
{
    return m_tcb->m_srtt.Get();
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
    bool grew = size > GetSndBufSize();
    SetSndBufSize(size);
    if (grew && (m_state == ESTABLISHED || m_state == CLOSE_WAIT))
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
    SetRcvBufSize(size); // advertises a grown window at once
    NS_LOG_LOGIC("receive buffer " << size << " (asked " << bytes << ", floor " << floor << ")");
    return size;
}

void
TcpHostSocket::SendControlSegment(uint8_t flags)
{
    if ((flags & TcpHeader::SYN) || flags == TcpHeader::ACK)
    {
        // The close policy may put an option on the handshake's segments.
        std::vector<uint8_t> option = m_closePolicy->OptionToSend(flags);
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
        ++m_peerFinAcks; // every segment from here acknowledges the peer's FIN
    }
    bool fin = flags & TcpHeader::FIN;
    if ((flags & TcpHeader::RST) || (!m_finSequenceKnown && !fin))
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

bool
TcpHostSocket::ProcessListenStray(Ptr<Packet> packet,
                                  const TcpHeader& tcpHeader,
                                  const Address& fromAddress,
                                  const Address& toAddress)
{
    uint8_t flags = tcpHeader.GetFlags();
    if ((flags & TcpHeader::SYN) || (flags & TcpHeader::RST))
    {
        return false; // SYN: the base class forks; RST: nothing to answer
    }
    // A segment of a connection this node no longer has (for example the
    // client's FIN again after a negotiated close whose last ACK was lost).
    // The stock listener drops it silently, and the peer retries until it
    // gives up. RFC 793: <SEQ=SEG.ACK><CTL=RST> if the ACK bit is on,
    // <SEQ=0><ACK=SEG.SEQ+SEG.LEN><CTL=RST,ACK> otherwise.
    uint32_t length = packet->GetSize() - tcpHeader.GetSerializedSize();
    TcpHeader rst;
    rst.SetSourcePort(tcpHeader.GetDestinationPort());
    rst.SetDestinationPort(tcpHeader.GetSourcePort());
    if (flags & TcpHeader::ACK)
    {
        rst.SetFlags(TcpHeader::RST);
        rst.SetSequenceNumber(tcpHeader.GetAckNumber());
    }
    else
    {
        rst.SetFlags(TcpHeader::RST | TcpHeader::ACK);
        rst.SetSequenceNumber(SequenceNumber32(0));
        rst.SetAckNumber(tcpHeader.GetSequenceNumber() +
                         SequenceNumber32(length + ((flags & TcpHeader::FIN) ? 1 : 0)));
    }
    NS_LOG_LOGIC("no connection for " << tcpHeader << ": " << rst);
    Ptr<Packet> p = Create<Packet>();
    m_txTrace(p, rst, this);
    if (InetSocketAddress::IsMatchingType(fromAddress))
    {
        m_tcp->SendPacket(p,
                          rst,
                          InetSocketAddress::ConvertFrom(toAddress).GetIpv4(),
                          InetSocketAddress::ConvertFrom(fromAddress).GetIpv4(),
                          m_boundnetdevice);
    }
    else
    {
        m_tcp->SendPacket(p,
                          rst,
                          Inet6SocketAddress::ConvertFrom(toAddress).GetIpv6(),
                          Inet6SocketAddress::ConvertFrom(fromAddress).GetIpv6(),
                          m_boundnetdevice);
    }
    return true;
}

bool
TcpHostSocket::ProcessRefusal(const TcpHeader& tcpHeader)
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

bool
TcpHostSocket::ProcessAckField(Ptr<Packet> packet)
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
            return false; // RFC 7323: discard a segment without timestamps
        }
        ProcessOptionTimestamp(h.GetOption(TcpOption::TS), h.GetSequenceNumber());
    }
    EstimateRtt(h);
    UpdateWindowSize(h);
    if (h.GetAckNumber() >= m_txBuffer->HeadSequence() && h.GetAckNumber() <= FinSequence())
    {
        ReceivedAck(Create<Packet>(), h); // data after a FIN is not taken
    }
    return true;
}

bool
TcpHostSocket::ProcessClosing(Ptr<Packet> packet, const TcpHeader& tcpHeader)
{
    uint8_t flags = tcpHeader.GetFlags() & ~(TcpHeader::PSH | TcpHeader::URG);
    if (!(flags & TcpHeader::ACK))
    {
        if (flags & TcpHeader::FIN)
        {
            SendEmptyPacket(TcpHeader::ACK); // the peer lost our ACK of its FIN
        }
        return true;
    }
    if (tcpHeader.GetAckNumber() == FinSequence() + SequenceNumber32(1))
    {
        // Stock ProcessClosing takes any ACK whose sequence number is RCV.NXT
        // (a duplicate too) as the ACK of our FIN; only this one is.
        NS_LOG_LOGIC("our FIN acknowledged in CLOSING");
        EnterTimeWait(m_closePhase);
    }
    else if (!ProcessAckField(packet))
    {
        return true;
    }
    if (flags & TcpHeader::FIN)
    {
        // The peer's FIN again: it lost our ACK. Stock ProcessClosing
        // acknowledges it and closes without TIME_WAIT; stay and ACK.
        SendEmptyPacket(TcpHeader::ACK);
    }
    return true;
}

bool
TcpHostSocket::ProcessLastAck(Ptr<Packet> packet, const TcpHeader& tcpHeader)
{
    uint8_t flags = tcpHeader.GetFlags() & ~(TcpHeader::PSH | TcpHeader::URG);
    if (flags & TcpHeader::ACK)
    {
        if (tcpHeader.GetAckNumber() == FinSequence() + SequenceNumber32(1))
        {
            NS_LOG_FUNCTION(this << tcpHeader);
            if (KeepsTimeWaitAsPassiveCloser())
            {
                // As agreed on SYN and SYN-ACK, we keep TIME_WAIT; the peer does not.
                EnterTimeWait(NEGOTIATED_TIME_WAIT);
            }
            else if (m_closePhase == SWAP_LAST_ACK)
            {
                // The RST carries the sequence number after our FIN, which
                // the peer's TIME_WAIT expects; in LAST_ACK TcpSocketBase
                // sends an RST at SND.NXT + 1, whatever retransmissions
                // left SND.NXT at.
                m_tcb->m_nextTxSequence = FinSequence();
                SendEmptyPacket(TcpHeader::RST);
                EnterTimeWait(SWAP_TIME_WAIT);
            }
            else
            {
                CloseAndNotify();
            }
            return true;
        }
        // An ACK below our FIN (the FIN went with data, or was lost): an ACK
        // like any other. TcpSocketBase::ProcessLastAck would close on it.
        if (!ProcessAckField(packet))
        {
            return true;
        }
    }
    if (flags & TcpHeader::FIN)
    {
        // The peer's FIN again: it has not seen our FIN+ACK (both our ACK of
        // its FIN and our FIN were lost). Stock ns-3 closes on a FIN+ACK
        // here, with no TIME_WAIT anywhere. Send our FIN, which acknowledges
        // its FIN, again.
        NS_LOG_LOGIC("peer's FIN again in LAST_ACK: our FIN again");
        m_retxEvent.Cancel();
        SendEmptyPacket(TcpHeader::FIN);
    }
    return true;
}

void
TcpHostSocket::EstimateRtt(const TcpHeader& tcpHeader)
{
    if (m_state == SYN_SENT && m_timestampEnabled && tcpHeader.HasOption(TcpOption::TS) &&
        DynamicCast<const TcpOptionTS>(tcpHeader.GetOption(TcpOption::TS))->GetEcho() <
            m_synTsValue)
    {
        // The SYN+ACK answers an earlier SYN than our last: it waited at the
        // peer for the peer's own timer (or our later SYN was lost), and the
        // sample would span our SYN timeouts (3 s and more). Karn's rule
        // (RFC 6298 section 3): no sample from an ambiguous exchange. The
        // RTO stays at ns-3's initial 1 s (RFC 6298 section 2.1; its
        // section 5.7 would make it 3 s after a SYN timeout).
        NS_LOG_LOGIC("SYN+ACK echoes an earlier SYN: no RTT sample");
        return;
    }
    TcpSocketBase::EstimateRtt(tcpHeader);
}

void
TcpHostSocket::EchoResentSyn(const TcpHeader& tcpHeader)
{
    if (!m_timestampEnabled || !tcpHeader.HasOption(TcpOption::TS) ||
        tcpHeader.GetSequenceNumber() + SequenceNumber32(1) != m_tcb->m_rxBuffer->NextRxSequence())
    {
        return; // not this connection's SYN, or no timestamps
    }
    auto ts = DynamicCast<const TcpOptionTS>(tcpHeader.GetOption(TcpOption::TS));
    if (ts->GetTimestamp() >= m_timestampToEcho)
    {
        NS_LOG_LOGIC("SYN again: echo its timestamp " << ts->GetTimestamp() << " (was "
                                                      << m_timestampToEcho << ")");
        m_timestampToEcho = ts->GetTimestamp();
    }
}

bool
TcpHostSocket::ProcessRstAfterPeerFin(const TcpHeader& tcpHeader)
{
    if (tcpHeader.GetSequenceNumber() != m_tcb->m_rxBuffer->NextRxSequence())
    {
        return true; // RFC 5961 section 3.2: only an RST at RCV.NXT is taken
    }
    switch (m_closePolicy->GetPassiveEnd())
    {
    case TcpClosePolicy::PASSIVE_TIME_WAIT:
        // The peer, which agreed not to keep TIME_WAIT, has gone: its final
        // ACK was lost and its node answered our FIN with an RST. The
        // connection is over for both; keep TIME_WAIT as agreed.
        NS_LOG_LOGIC("RST from a peer that has gone: TIME_WAIT as agreed");
        EnterTimeWait(NEGOTIATED_TIME_WAIT);
        return true;
    case TcpClosePolicy::PASSIVE_RST_TIME_WAIT:
        // A swap closer whose peer's TIME_WAIT ended before our resent FIN
        // came (the peer's ACK of it lost, the resends spread over more than
        // its 2*MSL): the peer's node answered with an RST. TIME_WAIT is
        // this end's to keep; nobody is left to send the swap RST to.
        NS_LOG_LOGIC("RST from a peer whose TIME_WAIT ended: swap TIME_WAIT without RST");
        EnterTimeWait(SWAP_TIME_WAIT);
        return true;
    case TcpClosePolicy::PASSIVE_CLOSED:
        break;
    }
    return false; // the base class closes (RFC 793)
}

void
TcpHostSocket::EnterTimeWait(ClosePhase how)
{
    TimeWait();
    SetClosePhase(how);
}

bool
TcpHostSocket::IsPeerFinAgain(Ptr<Packet> packet, const TcpHeader& tcpHeader) const
{
    uint32_t length = packet->GetSize() - tcpHeader.GetSerializedSize();
    return m_tcb->m_rxBuffer->Finished() &&
           tcpHeader.GetSequenceNumber() + SequenceNumber32(length + 1) ==
               m_tcb->m_rxBuffer->NextRxSequence();
}

bool
TcpHostSocket::RstAcceptable(const TcpHeader& tcpHeader) const
{
    return m_rstPolicy == RST_ACCEPT && m_closePhase == SWAP_NONE &&
           tcpHeader.GetSequenceNumber() == m_tcb->m_rxBuffer->NextRxSequence() &&
           m_peerFinAcks == 1;
}

bool
TcpHostSocket::ProcessTimeWait(Ptr<Packet> packet, const TcpHeader& tcpHeader)
{
    uint8_t flags = tcpHeader.GetFlags();
    if ((flags & TcpHeader::FIN) && !(flags & TcpHeader::RST) && IsPeerFinAgain(packet, tcpHeader))
    {
        // The peer's FIN again: our last ACK was lost. RFC 793: acknowledge
        // it and restart the 2*MSL timeout (TcpSocketBase ignores it, and the
        // peer then retransmits its FIN for ever).
        NS_LOG_LOGIC("FIN retransmitted in TIME_WAIT: ACK it again");
        SendEmptyPacket(TcpHeader::ACK);
        m_timewaitEvent.Cancel();
        m_timewaitEvent =
            Simulator::Schedule(Seconds(2 * m_msl), &TcpHostSocket::CloseAndNotify, this);
        m_timeWaitExpiryTrace(Simulator::Now() + Seconds(2 * m_msl));
        return true;
    }
    if (!(flags & TcpHeader::RST))
    {
        return true; // RFC 793: anything else is ignored in TIME_WAIT
    }
    NS_LOG_FUNCTION(this << tcpHeader);
    m_rstInTimeWaitTrace(this);
    if (!RstAcceptable(tcpHeader))
    {
        NS_LOG_LOGIC("RST in TIME_WAIT ignored (policy, sequence number, or ACK count "
                     << m_peerFinAcks << ")");
        if (m_rstPolicy == RST_IGNORE && m_closePhase == SWAP_NONE)
        {
            SetClosePhase(SWAP_RST_IGNORED);
        }
        return true;
    }
    SetClosePhase(SWAP_RST_ACCEPTED);
    m_timewaitEvent.Cancel();
    CloseAndNotify();
    return true;
}

} // namespace ns3
