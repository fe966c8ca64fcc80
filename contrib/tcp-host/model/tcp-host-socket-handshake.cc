/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// TcpHostSocket: the handshake's arms: connect()'s local port (the node's
// LocalPortAllocator), stray segments at a listener, a refusal in SYN_SENT,
// the timestamp echoed on a resent SYN (RFC 7323 section 4.3), and a
// listener's SYN and accept queues (TcpListenQueue decides, these arms act).
// The handshake's RTT sample is tcp-host-socket-rtt.cc's.

#include "local-port-allocator.h"
#include "tcp-host-socket-factory.h"
#include "tcp-host-socket.h"
#include "tcp-listen-queue.h"
#include "time-wait-table.h"

#include "ns3/inet-socket-address.h"
#include "ns3/inet6-socket-address.h"
#include "ns3/ipv4-end-point.h"
#include "ns3/ipv4-route.h"
#include "ns3/ipv4-routing-protocol.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/tcp-header.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/tcp-option-ts.h"
#include "ns3/tcp-rx-buffer.h"
#include "ns3/tcp-tx-buffer.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpHostSocketHandshake");

namespace
{

/// The 4-tuple of an IPv4 segment, as the TIME_WAIT table keys it.
bool
SegmentKey(const Address& fromAddress, const Address& toAddress, TcbKey& key)
{
    if (!InetSocketAddress::IsMatchingType(toAddress))
    {
        return false; // the table keeps IPv4 connections only
    }
    InetSocketAddress local = InetSocketAddress::ConvertFrom(toAddress);
    InetSocketAddress peer = InetSocketAddress::ConvertFrom(fromAddress);
    key = {local.GetIpv4(), local.GetPort(), peer.GetIpv4(), peer.GetPort()};
    return true;
}

} // namespace

int
TcpHostSocket::Connect(const Address& address)
{
    Ptr<LocalPortAllocator> ports = m_node ? m_node->GetObject<LocalPortAllocator>() : nullptr;
    if (!ports || m_endPoint != nullptr || m_endPoint6 != nullptr ||
        !InetSocketAddress::IsMatchingType(address))
    {
        return TcpSocketBase::Connect(address); // ns-3's ephemeral port, or the bound one
    }
    NS_LOG_FUNCTION(this << address);
    InetSocketAddress transport = InetSocketAddress::ConvertFrom(address);
    Ipv4Address peer = transport.GetIpv4();
    uint16_t peerPort = transport.GetPort();

    // The source address as TcpSocketBase::SetupEndpoint finds it: the
    // route's. The port depends on it (Linux routes before it hashes).
    Ptr<Ipv4> ipv4 = m_node->GetObject<Ipv4>();
    NS_ABORT_MSG_IF(!ipv4 || !ipv4->GetRoutingProtocol(),
                    "TcpHostSocket::Connect: no Ipv4RoutingProtocol in the node");
    Ipv4Header header;
    header.SetDestination(peer);
    Socket::SocketErrno routeErrno;
    Ptr<Ipv4Route> route =
        ipv4->GetRoutingProtocol()->RouteOutput(nullptr, header, m_boundnetdevice, routeErrno);
    if (!route)
    {
        NS_LOG_LOGIC("Route to " << peer << " does not exist");
        m_errno = routeErrno;
        Unlist();
        return -1;
    }
    Ipv4Address local = route->GetSource();

    LocalPortAllocator::Choice choice =
        ports->Choose(local, peer, peerPort, [this, local, peer, peerPort](uint16_t port) {
            m_endPoint = m_tcp->Allocate(m_boundnetdevice, local, port, peer, peerPort);
            return m_endPoint != nullptr;
        });
    if (choice.port == 0)
    {
        m_errno = ERROR_ADDRNOTAVAIL; // Linux's EADDRNOTAVAIL
        Unlist();
        return -1;
    }
    // As TcpSocketBase::Bind() goes on once it has an endpoint.
    m_endPoint6 = nullptr;
    m_tcp->AddSocket(this);
    SetupCallback();
    if (choice.reusedTimeWait)
    {
        // tcp_twsk_unique's write_seq
        NS_LOG_LOGIC("TIME_WAIT taken over: ISN " << choice.isn);
        StartSequenceAt(choice.isn);
    }
    return TcpSocketBase::Connect(address); // keeps the endpoint it finds set
}

void
TcpHostSocket::Unlist()
{
    // TcpL4Protocol lists a socket from its creation until its endpoint
    // goes (DeallocateEndPoint), which never comes for one that connect()
    // could not bind: left there, every failed attempt of an application
    // out of ports would stay for the node's lifetime. A later connect()
    // that binds lists it again.
    m_tcp->RemoveSocket(this);
}

bool
TcpHostSocket::TimeWaitReusable(Time& entered) const
{
    if (m_state != TIME_WAIT || m_endPoint == nullptr || !m_timestampEnabled)
    {
        return false;
    }
    entered = m_close.GetTimeWaitEntered();
    return true;
}

SequenceNumber32
TcpHostSocket::ReuseTimeWait()
{
    NS_LOG_FUNCTION(this);
    NS_ASSERT(m_state == TIME_WAIT);
    // SND.NXT as a TIME_WAIT record keeps it (HandOverTimeWait)
    SequenceNumber32 sndNxt =
        m_close.FinKnown() ? FinSequence() + SequenceNumber32(1) : m_tcb->m_highTxMark.Get();
    m_timewaitEvent.Cancel();
    CloseAndNotify(); // as the 2*MSL timer would: the endpoint goes
    return sndNxt;
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
    // gives up.
    ReplyWithReset(packet, tcpHeader, fromAddress, toAddress);
    return true;
}

void
TcpHostSocket::ReplyWithReset(Ptr<Packet> packet,
                              const TcpHeader& tcpHeader,
                              const Address& fromAddress,
                              const Address& toAddress)
{
    // RFC 793: <SEQ=SEG.ACK><CTL=RST> if the ACK bit is on,
    // <SEQ=0><ACK=SEG.SEQ+SEG.LEN><CTL=RST,ACK> otherwise.
    uint8_t flags = tcpHeader.GetFlags();
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
    NS_LOG_LOGIC("answering " << tcpHeader << " with " << rst);
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

void
TcpHostSocket::StartSequenceAt(SequenceNumber32 isn)
{
    m_tcb->m_nextTxSequence = isn;
    m_tcb->m_highTxMark = isn;
    m_txBuffer->SetHeadSequence(isn);
}

void
TcpHostSocket::CompleteFork(Ptr<Packet> p,
                            const TcpHeader& tcpHeader,
                            const Address& fromAddress,
                            const Address& toAddress)
{
    Ptr<TimeWaitTable> table = TimeWaitRecords();
    TcbKey key;
    SequenceNumber32 isn;
    if (table && SegmentKey(fromAddress, toAddress, key) && table->TakeIsn(key, isn))
    {
        // Linux's tcp_conn_request with the TIME_WAIT's tw_isn
        NS_LOG_LOGIC("reopened from TIME_WAIT: ISN " << isn);
        StartSequenceAt(isn);
    }
    if (Ptr<TcpListenQueue> parent = m_listener.GetParent())
    {
        // A request socket's timer and retries, and the handshake's end
        // reported to the listener's queues rather than to the application.
        m_synRetries = parent->GetSynAckSends();
        m_cnTimeout = parent->GetSynAckTimeout();
        SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                          MakeCallback(&TcpListenQueue::Established, parent));
    }
    TcpSocketBase::CompleteFork(p, tcpHeader, fromAddress, toAddress);
    if (m_listener.HasCookie() && m_state == SYN_RCVD)
    {
        // A cookie keeps no state to resend the SYN+ACK from; its last ACK
        // is honoured for a while, then the connection goes.
        m_retxEvent.Cancel();
        m_retxEvent = Simulator::Schedule(m_listener.GetParent()->GetCookieLifetime(),
                                          &TcpHostSocket::ExpireCookie,
                                          this);
    }
}

void
TcpHostSocket::ExpireCookie()
{
    NS_LOG_LOGIC("cookie connection: no last ACK in its lifetime");
    m_closeNotified = true; // nobody was told of it
    CloseAndNotify();
}

void
TcpHostSocket::SetListenQueue(Ptr<TcpListenQueue> queue)
{
    NS_ABORT_MSG_IF(m_state != CLOSED, "TcpHostSocket::SetListenQueue: the socket listens already");
    m_listener.SetQueue(queue);
}

Ptr<TcpListenQueue>
TcpHostSocket::GetListenQueue() const
{
    return m_listener.GetQueue();
}

int
TcpHostSocket::Listen()
{
    if (!m_listener.GetQueue() && m_node)
    {
        Ptr<TcpHostSocketFactory> factory = m_node->GetObject<TcpHostSocketFactory>();
        m_listener.SetQueue(factory ? factory->CreateListenQueue() : nullptr);
    }
    if (Ptr<TcpListenQueue> queue = m_listener.GetQueue())
    {
        queue->SetDeliverCallback(MakeCallback(&TcpHostSocket::DeliverAccepted, this));
    }
    return TcpSocketBase::Listen();
}

void
TcpHostSocket::DeliverAccepted(Ptr<Socket> child, const Address& from)
{
    NotifyNewConnectionCreated(child, from); // the application's accept callback
}

bool
TcpHostSocket::DropSynByQueue(const Address& fromAddress, const Address& toAddress)
{
    Ptr<TimeWaitTable> table = TimeWaitRecords();
    TcbKey key;
    bool reopens = table && SegmentKey(fromAddress, toAddress, key) && table->HasIsn(key);
    if (m_listener.OnSyn(reopens) == TcpListenQueue::SYN_DROP)
    {
        if (reopens)
        {
            // The record is gone (Linux deschedules it before the listener
            // decides): the peer's next SYN starts afresh.
            SequenceNumber32 isn;
            table->TakeIsn(key, isn);
        }
        return true;
    }
    return false; // the child forked next carries the verdict's cookie (Fork)
}

uint32_t
TcpHostSocket::SynAckTimeouts() const
{
    // m_synCount counts down from m_synRetries, one per expiry of the
    // SYN+ACK's timer after the first send (SendEmptyPacket), sent or not.
    return m_synRetries > m_synCount + 1 ? m_synRetries - m_synCount - 1 : 0;
}

bool
TcpHostSocket::SkipsSynAck(uint8_t flags)
{
    const uint8_t synAck = TcpHeader::SYN | TcpHeader::ACK;
    if ((flags & synAck) != synAck || m_state != SYN_RCVD || m_synCount == 0 ||
        m_listener.ResendsSynAck(SynAckTimeouts()))
    {
        return false;
    }
    // An expiry without a resend (reqsk_timer_handler): the timer goes on
    // with the backoff TcpSocketBase::SendEmptyPacket would have given it.
    NS_LOG_LOGIC("TCP_DEFER_ACCEPT: bare ACK seen, no SYN+ACK at this expiry");
    m_rto = m_cnTimeout * (1 << (m_synRetries - m_synCount));
    --m_synCount;
    m_retxEvent = Simulator::Schedule(m_rto, &TcpHostSocket::SendEmptyPacket, this, flags);
    return true;
}

bool
TcpHostSocket::ProcessHandshakeAck(Ptr<Packet> packet,
                                   const TcpHeader& tcpHeader,
                                   const Address& fromAddress,
                                   const Address& toAddress)
{
    uint8_t flags =
        tcpHeader.GetFlags() & ~(TcpHeader::PSH | TcpHeader::URG | TcpHeader::CWR | TcpHeader::ECE);
    if (flags != TcpHeader::ACK ||
        tcpHeader.GetAckNumber() != m_tcb->m_nextTxSequence + SequenceNumber32(1))
    {
        return false; // not the ACK that completes the handshake: the base class's rules
    }
    bool data = packet->GetSize() > tcpHeader.GetSerializedSize();
    switch (m_listener.OnHandshakeAck(data, SynAckTimeouts()))
    {
    case TcpListenQueue::ACK_COMPLETE:
        return false; // the base class completes it; the queue gets it (Established)
    case TcpListenQueue::ACK_DEFER:
        return true; // SYN+ACKs only from the deferring period's end (ResendsSynAck)
    case TcpListenQueue::ACK_DROP:
        return true; // the peer's next ACK, drawn by our SYN+ACK again, tries again
    case TcpListenQueue::ACK_RESET:
        ReplyWithReset(packet, tcpHeader, fromAddress, toAddress);
        m_closeNotified = true; // nobody was told of it
        CloseAndNotify();
        return true;
    }
    return false;
}

} // namespace ns3
