/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-listen-queue.h"

#include "ns3/boolean.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpListenQueue");

NS_OBJECT_ENSURE_REGISTERED(TcpListenQueue);

TypeId
TcpListenQueue::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TcpListenQueue")
            .SetParent<Object>()
            .SetGroupName("TcpHost")
            .AddConstructor<TcpListenQueue>()
            .AddAttribute("Backlog",
                          "listen()'s backlog (ns-3's Listen() takes none). 511 is the default "
                          "of Apache's ListenBacklog and of nginx's listen backlog on Linux.",
                          UintegerValue(511),
                          MakeUintegerAccessor(&TcpListenQueue::m_backlog),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("SoMaxConn",
                          "net.core.somaxconn: listen() caps the backlog at it (Linux 5.4 on: "
                          "4096).",
                          UintegerValue(4096),
                          MakeUintegerAccessor(&TcpListenQueue::m_soMaxConn),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("MaxSynBacklog",
                          "net.ipv4.tcp_max_syn_backlog: without SYN cookies, a SYN is dropped "
                          "once the SYN queue holds more than three quarters of it (Linux: "
                          "max(128, established hash size / 128); 2048 on a 24 GiB host).",
                          UintegerValue(2048),
                          MakeUintegerAccessor(&TcpListenQueue::m_maxSynBacklog),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("SynCookies",
                          "net.ipv4.tcp_syncookies: when SYN cookies are sent.",
                          EnumValue(COOKIES_ON_OVERFLOW),
                          MakeEnumAccessor<SynCookies>(&TcpListenQueue::m_synCookies),
                          MakeEnumChecker(COOKIES_NEVER,
                                          "Never",
                                          COOKIES_ON_OVERFLOW,
                                          "OnOverflow",
                                          COOKIES_ALWAYS,
                                          "Always"))
            .AddAttribute("AbortOnOverflow",
                          "net.ipv4.tcp_abort_on_overflow: a last ACK that finds the accept "
                          "queue full is answered with an RST (else dropped).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&TcpListenQueue::m_abortOnOverflow),
                          MakeBooleanChecker())
            .AddAttribute("DeferAccept",
                          "TCP_DEFER_ACCEPT: a last ACK without data is dropped until the "
                          "SYN+ACK has been resent as often as this period makes (0: off).",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&TcpListenQueue::m_deferAccept),
                          MakeTimeChecker(Seconds(0), Seconds(3600)))
            .AddAttribute("SynAckRetries",
                          "net.ipv4.tcp_synack_retries: SYN+ACK retransmissions before a "
                          "connection in SYN_RCVD is dropped.",
                          UintegerValue(5),
                          MakeUintegerAccessor(&TcpListenQueue::m_synAckRetries),
                          MakeUintegerChecker<uint32_t>(0, 255))
            .AddAttribute("SynAckTimeout",
                          "The first SYN+ACK retransmission timeout, doubled after each "
                          "(TCP_TIMEOUT_INIT: 1 s).",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&TcpListenQueue::m_synAckTimeout),
                          MakeTimeChecker(MilliSeconds(1), Seconds(120)))
            .AddAttribute("CookieLifetime",
                          "How long a cookie's last ACK is honoured (Linux: from "
                          "TCP_SYNCOOKIE_PERIOD, 60 s, to twice that; the socket that stands "
                          "for the cookie lives that long).",
                          TimeValue(Seconds(60)),
                          MakeTimeAccessor(&TcpListenQueue::m_cookieLifetime),
                          MakeTimeChecker(MilliSeconds(1), Seconds(120)))
            .AddTraceSource("SynQueue",
                            "Connections counted in the SYN queue.",
                            MakeTraceSourceAccessor(&TcpListenQueue::m_synQueue),
                            "ns3::TracedValueCallback::Uint32")
            .AddTraceSource("AcceptQueue",
                            "Connections waiting for accept().",
                            MakeTraceSourceAccessor(&TcpListenQueue::m_acceptQueue),
                            "ns3::TracedValueCallback::Uint32")
            .AddTraceSource("ListenOverflow",
                            "A SYN or a last ACK found the accept queue full.",
                            MakeTraceSourceAccessor(&TcpListenQueue::m_overflowTrace),
                            "ns3::TracedCallback::Void")
            .AddTraceSource("ListenDrop",
                            "A SYN or a last ACK was dropped, for any reason.",
                            MakeTraceSourceAccessor(&TcpListenQueue::m_dropTrace),
                            "ns3::TracedCallback::Void")
            .AddTraceSource("Cookie",
                            "A SYN was answered with a cookie.",
                            MakeTraceSourceAccessor(&TcpListenQueue::m_cookieTrace),
                            "ns3::TracedCallback::Void")
            .AddTraceSource("EmbryonicRst",
                            "A connection was reset on overflow (AbortOnOverflow).",
                            MakeTraceSourceAccessor(&TcpListenQueue::m_resetTrace),
                            "ns3::TracedCallback::Void");
    return tid;
}

TcpListenQueue::TcpListenQueue()
{
    NS_LOG_FUNCTION(this);
}

TcpListenQueue::~TcpListenQueue()
{
    NS_LOG_FUNCTION(this);
}

void
TcpListenQueue::DoDispose()
{
    m_waiting.clear(); // the queued sockets hold this queue: break the cycle
    m_ready = Callback<void>();
    m_deliver = Callback<void, Ptr<Socket>, const Address&>();
    Object::DoDispose();
}

uint32_t
TcpListenQueue::GetBacklog() const
{
    return std::min(m_backlog, m_soMaxConn);
}

bool
TcpListenQueue::AcceptQueueFull() const
{
    return m_acceptQueue > GetBacklog(); // sk_acceptq_is_full: '>', one more than the backlog
}

uint32_t
TcpListenQueue::TimeoutsIn(Time period)
{
    // secs_to_retrans (net/ipv4/tcp.c) in whole seconds, as setsockopt takes them.
    int64_t seconds =
        period.GetSeconds() > 0 ? static_cast<int64_t>(std::ceil(period.GetSeconds())) : 0;
    if (seconds <= 0)
    {
        return 0;
    }
    uint32_t timeouts = 1;
    int64_t timeout = 1;
    int64_t spanned = timeout;
    while (seconds > spanned && timeouts < 255)
    {
        ++timeouts;
        timeout = std::min<int64_t>(timeout * 2, 120);
        spanned += timeout;
    }
    return timeouts;
}

TcpListenQueue::SynVerdict
TcpListenQueue::OnSyn(bool reopensTimeWait)
{
    bool cookie = false;
    // tcp_conn_request: a SYN that reopens a TIME_WAIT record passes the
    // SYN-queue tests ("TW buckets are converted to open requests without
    // limitations").
    if (!reopensTimeWait && (m_synCookies == COOKIES_ALWAYS || m_synQueue > GetBacklog()))
    {
        if (m_synCookies == COOKIES_NEVER)
        {
            ++m_counters.reqQFullDrop;
            ++m_counters.listenDrops;
            m_dropTrace();
            NS_LOG_LOGIC("SYN queue full (" << m_synQueue << "): SYN dropped");
            return SYN_DROP;
        }
        ++m_counters.reqQFullDoCookies; // tcp_syn_flood_action counts it for "always" too
        cookie = true;
    }
    if (AcceptQueueFull())
    {
        ++m_counters.listenOverflows;
        ++m_counters.listenDrops;
        m_overflowTrace();
        m_dropTrace();
        NS_LOG_LOGIC("accept queue full (" << m_acceptQueue << "): SYN dropped");
        return SYN_DROP;
    }
    if (!cookie && !reopensTimeWait && m_synCookies == COOKIES_NEVER &&
        m_maxSynBacklog - std::min<uint32_t>(m_synQueue, m_maxSynBacklog) < (m_maxSynBacklog >> 2))
    {
        // Without cookies, the last quarter of tcp_max_syn_backlog is kept
        // for peers known to be alive (tcp_peer_is_proven: not modelled).
        ++m_counters.listenDrops;
        m_dropTrace();
        NS_LOG_LOGIC("SYN queue past 3/4 of MaxSynBacklog: SYN dropped");
        return SYN_DROP;
    }
    if (cookie)
    {
        ++m_counters.cookiesSent;
        m_cookieTrace();
        return SYN_COOKIE;
    }
    return SYN_ADMIT;
}

void
TcpListenQueue::Admitted(bool cookie)
{
    if (!cookie)
    {
        m_synQueue = m_synQueue + 1;
    }
}

void
TcpListenQueue::LeftSynQueue(bool cookie)
{
    if (!cookie && m_synQueue > 0U)
    {
        m_synQueue = m_synQueue - 1;
    }
}

uint32_t
TcpListenQueue::GetSynAckSends() const
{
    // A request expires once num_timeout reaches both tcp_synack_retries
    // and the defer period's timeouts (syn_ack_recalc).
    return std::max(m_synAckRetries, TimeoutsIn(m_deferAccept)) + 1;
}

Time
TcpListenQueue::GetSynAckTimeout() const
{
    return m_synAckTimeout;
}

Time
TcpListenQueue::GetCookieLifetime() const
{
    return m_cookieLifetime;
}

TcpListenQueue::AckVerdict
TcpListenQueue::OnHandshakeAck(bool carriesData, uint32_t synAckTimeouts)
{
    if (!carriesData && synAckTimeouts < TimeoutsIn(m_deferAccept))
    {
        ++m_counters.deferAcceptDrop;
        NS_LOG_LOGIC("TCP_DEFER_ACCEPT: bare ACK dropped");
        return ACK_DEFER;
    }
    if (AcceptQueueFull())
    {
        // tcp_v4_syn_recv_sock's exit_overflow, then tcp_check_req's
        // listen_overflow.
        ++m_counters.listenOverflows;
        ++m_counters.listenDrops;
        m_overflowTrace();
        m_dropTrace();
        if (m_abortOnOverflow)
        {
            ++m_counters.embryonicRsts;
            m_resetTrace();
            NS_LOG_LOGIC("accept queue full: last ACK answered with an RST");
            return ACK_RESET;
        }
        NS_LOG_LOGIC("accept queue full: last ACK dropped");
        return ACK_DROP;
    }
    return ACK_COMPLETE;
}

bool
TcpListenQueue::ResendsSynAck(bool acked, uint32_t synAckTimeouts) const
{
    uint32_t deferTimeouts = TimeoutsIn(m_deferAccept);
    return !acked || deferTimeouts == 0 || synAckTimeouts + 1 >= deferTimeouts;
}

void
TcpListenQueue::Established(Ptr<Socket> child, const Address& from)
{
    NS_LOG_FUNCTION(this << child << from);
    if (m_ready.IsNull())
    {
        // Push mode: an accept() loop takes each connection as it comes, so
        // none waits in the queue.
        ++m_counters.accepted;
        if (!m_deliver.IsNull())
        {
            m_deliver(child, from);
        }
        return;
    }
    m_waiting.push_back({child, from, Simulator::Now()});
    m_acceptQueue = m_waiting.size();
    m_ready();
}

void
TcpListenQueue::Forget(Ptr<Socket> child)
{
    auto it = std::find_if(m_waiting.begin(), m_waiting.end(), [&child](const Waiting& w) {
        return w.socket == child;
    });
    if (it != m_waiting.end())
    {
        NS_LOG_LOGIC("queued connection closed before accept(): " << child);
        m_waiting.erase(it);
        m_acceptQueue = m_waiting.size();
    }
}

void
TcpListenQueue::Stop()
{
    std::deque<Waiting> waiting;
    waiting.swap(m_waiting);
    m_acceptQueue = 0;
    for (auto& w : waiting)
    {
        w.socket->Close();
    }
}

void
TcpListenQueue::SetAcceptReadyCallback(Callback<void> ready)
{
    m_ready = ready;
}

Ptr<Socket>
TcpListenQueue::Accept(Address& from, Time& waited)
{
    if (m_waiting.empty())
    {
        return nullptr;
    }
    Waiting next = m_waiting.front();
    m_waiting.pop_front();
    m_acceptQueue = m_waiting.size();
    ++m_counters.accepted;
    from = next.from;
    waited = Simulator::Now() - next.since;
    return next.socket;
}

void
TcpListenQueue::SetDeliverCallback(Callback<void, Ptr<Socket>, const Address&> deliver)
{
    m_deliver = deliver;
}

uint32_t
TcpListenQueue::GetSynQueueLength() const
{
    return m_synQueue;
}

uint32_t
TcpListenQueue::GetAcceptQueueLength() const
{
    return m_acceptQueue;
}

Time
TcpListenQueue::GetOldestWait() const
{
    return m_waiting.empty() ? Time(0) : Simulator::Now() - m_waiting.front().since;
}

const TcpListenQueue::Counters&
TcpListenQueue::GetCounters() const
{
    return m_counters;
}

} // namespace ns3
