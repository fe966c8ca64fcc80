/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "time-wait-table.h"

#include "socket-memory.h"

#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/net-device.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/tcp-header.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/tcp-option-ts.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TimeWaitTable");

NS_OBJECT_ENSURE_REGISTERED(TimeWaitTable);

TypeId
TimeWaitTable::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TimeWaitTable")
            .SetParent<Object>()
            .SetGroupName("TcpHost")
            .AddConstructor<TimeWaitTable>()
            .AddAttribute("Duration",
                          "How long a record lives from its last (re)start (Linux's "
                          "TCP_TIMEWAIT_LEN, not tunable: 60 s).",
                          TimeValue(Seconds(60)),
                          MakeTimeAccessor(&TimeWaitTable::m_duration),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("MaxBuckets",
                          "Records at most (tcp_max_tw_buckets); a connection past it closes "
                          "with no TIME_WAIT. Linux's default is half its established hash: "
                          "131072 on a host of 17 to 32 GiB.",
                          UintegerValue(131072),
                          MakeUintegerAccessor(&TimeWaitTable::m_maxBuckets),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("RecordSize",
                          "Socket memory per record, bytes (struct tcp_timewait_sock is 248 "
                          "bytes in Linux 6.12 to 6.18 on x86_64, 256 in its slab).",
                          UintegerValue(256),
                          MakeUintegerAccessor(&TimeWaitTable::m_recordSize),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("OowAckInterval",
                          "At most one ACK per record in this interval for a segment with no "
                          "data and no FIN, or a SYN (tcp_invalid_ratelimit: 500 ms).",
                          TimeValue(MilliSeconds(500)),
                          MakeTimeAccessor(&TimeWaitTable::m_oowAckInterval),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("IsnDistance",
                          "How far above the old connection's last sequence number a "
                          "connection reopened by a SYN starts (Linux: 65535 + 2).",
                          UintegerValue(LINUX_ISN_DISTANCE),
                          MakeUintegerAccessor(&TimeWaitTable::m_isnDistance),
                          MakeUintegerChecker<uint32_t>(1))
            .AddTraceSource("Count",
                            "Records now.",
                            MakeTraceSourceAccessor(&TimeWaitTable::m_count),
                            "ns3::TracedValueCallback::Uint32")
            .AddTraceSource("Overflow",
                            "A connection closed with no TIME_WAIT: the table was full "
                            "(TCPTimeWaitOverflow).",
                            MakeTraceSourceAccessor(&TimeWaitTable::m_overflowTrace),
                            "ns3::TimeWaitTable::KeyTracedCallback")
            .AddTraceSource("Killed",
                            "An in-sequence RST ended a record.",
                            MakeTraceSourceAccessor(&TimeWaitTable::m_killedTrace),
                            "ns3::TimeWaitTable::KeyTracedCallback")
            .AddTraceSource("Reopened",
                            "A new SYN ended a record and went on to the listener.",
                            MakeTraceSourceAccessor(&TimeWaitTable::m_reopenedTrace),
                            "ns3::TimeWaitTable::KeyTracedCallback")
            .AddTraceSource("Reused",
                            "A connect() of this node took over a record's 4-tuple "
                            "(tcp_tw_reuse, LocalPortAllocator).",
                            MakeTraceSourceAccessor(&TimeWaitTable::m_reusedTrace),
                            "ns3::TimeWaitTable::KeyTracedCallback")
            .AddTraceSource("Expired",
                            "A record's timer expired.",
                            MakeTraceSourceAccessor(&TimeWaitTable::m_expiredTrace),
                            "ns3::TimeWaitTable::KeyTracedCallback")
            .AddTraceSource("Restarted",
                            "A record's timer was started or restarted, with its expiry.",
                            MakeTraceSourceAccessor(&TimeWaitTable::m_restartedTrace),
                            "ns3::TimeWaitTable::RestartTracedCallback");
    return tid;
}

TimeWaitTable::TimeWaitTable()
{
    NS_LOG_FUNCTION(this);
}

TimeWaitTable::~TimeWaitTable()
{
    NS_LOG_FUNCTION(this);
}

void
TimeWaitTable::DoDispose()
{
    for (auto& [key, entry] : m_entries)
    {
        entry.expiry.Cancel();
    }
    m_entries.clear();
    m_ports.Clear();
    m_isns.clear();
    m_tcp = nullptr;
    m_memory = nullptr;
    Object::DoDispose();
}

void
TimeWaitTable::Connect()
{
    if (!m_tcp)
    {
        m_tcp = GetObject<TcpL4Protocol>();
        m_memory = GetObject<SocketMemory>();
        NS_ABORT_MSG_IF(!m_tcp, "TimeWaitTable: aggregate it to a node with TCP");
    }
}

bool
TimeWaitTable::Enter(const TcbKey& key, const Record& record)
{
    NS_LOG_FUNCTION(this << key.localPort << key.peerAddress << key.peerPort);
    Connect();
    if (m_entries.size() >= m_maxBuckets)
    {
        NS_LOG_LOGIC("table full (" << m_maxBuckets << "): no TIME_WAIT");
        ++m_overflows;
        m_overflowTrace(key);
        return false;
    }
    // A 4-tuple has one TCB: a record left for it is an older TIME_WAIT the
    // new connection replaced (Linux unhashes it then).
    Remove(key);
    Entry& entry = m_entries[key];
    m_ports.Set(key, true);
    entry.record = record;
    entry.entered = Simulator::Now();
    Restart(key, entry);
    m_count = m_entries.size();
    UpdateMemory();
    return true;
}

TimeWaitTable::Verdict
TimeWaitTable::Receive(Ptr<const Packet> packet, const TcpHeader& header, const TcbKey& key)
{
    auto it = m_entries.find(key);
    if (it == m_entries.end())
    {
        return NOT_HERE;
    }
    Entry& entry = it->second;
    Record& r = entry.record;
    uint8_t flags = header.GetFlags();
    bool syn = flags & TcpHeader::SYN;
    bool fin = flags & TcpHeader::FIN;
    bool rst = flags & TcpHeader::RST;
    bool ack = flags & TcpHeader::ACK;
    uint32_t payload = packet->GetSize() - header.GetSerializedSize();
    SequenceNumber32 seq = header.GetSequenceNumber();

    // PAWS (tcp_paws_reject): a timestamp older than the record's is an old
    // duplicate's.
    Ptr<const TcpOptionTS> ts;
    if (r.timestamps && header.HasOption(TcpOption::TS))
    {
        ts = DynamicCast<const TcpOptionTS>(header.GetOption(TcpOption::TS));
    }
    bool pawsReject = ts && r.tsRecent != 0 && int32_t(r.tsRecent - ts->GetTimestamp()) > 0;

    // In sequence and occupying none of it: a bare ACK, or an RST.
    if (!pawsReject && seq == r.rcvNxt && ((payload == 0 && !syn && !fin) || rst))
    {
        if (rst && r.rstRule.Ends(true, r.closedActively))
        {
            NS_LOG_LOGIC("in-sequence RST: TIME_WAIT ends");
            ++m_killed;
            m_killedTrace(key);
            Remove(key);
            return HANDLED;
        }
        if (!rst)
        {
            Restart(key, entry);
        }
        if (ts)
        {
            r.tsRecent = ts->GetTimestamp();
        }
        return HANDLED;
    }

    // A new connection's SYN, known new by its sequence number or timestamp.
    if (syn && !rst && !ack && !pawsReject &&
        (seq > r.rcvNxt || (ts && int32_t(r.tsRecent - ts->GetTimestamp()) < 0)))
    {
        m_isns[key] = IsnAbove(r.sndNxt, m_isnDistance);
        NS_LOG_LOGIC("new SYN: TIME_WAIT ends, the listener answers from " << m_isns[key]);
        ++m_reopened;
        m_reopenedTrace(key);
        Remove(key);
        return REOPENED;
    }

    if (rst)
    {
        return HANDLED; // out of sequence: dropped
    }
    // Anything else (a resent FIN, an old duplicate, an old SYN): ACK it.
    // An ACK-less SYN does not restart the timer: it may be a new
    // connection's with a random ISN below the old one.
    if (pawsReject || ack)
    {
        Restart(key, entry);
    }
    bool occupiesSequence = payload > 0 || fin;
    if (!occupiesSequence || syn)
    {
        Time now = Simulator::Now();
        if (!entry.lastOowAck.IsNegative() && now - entry.lastOowAck < m_oowAckInterval)
        {
            return HANDLED; // rate-limited
        }
        entry.lastOowAck = now;
    }
    SendAck(key, entry);
    return HANDLED;
}

SequenceNumber32
TimeWaitTable::IsnAbove(SequenceNumber32 sndNxt, uint32_t distance)
{
    SequenceNumber32 isn = sndNxt + SequenceNumber32(distance);
    return isn.GetValue() == 0 ? SequenceNumber32(1) : isn;
}

bool
TimeWaitTable::TakeIsn(const TcbKey& key, SequenceNumber32& isn)
{
    auto it = m_isns.find(key);
    if (it == m_isns.end())
    {
        return false;
    }
    isn = it->second;
    m_isns.erase(it);
    return true;
}

bool
TimeWaitTable::HasIsn(const TcbKey& key) const
{
    return m_isns.count(key) > 0;
}

bool
TimeWaitTable::Find(const TcbKey& key, Record& record, Time& entered) const
{
    auto it = m_entries.find(key);
    if (it == m_entries.end())
    {
        return false;
    }
    record = it->second.record;
    entered = it->second.entered;
    return true;
}

const PortOccupancy::Ports&
TimeWaitTable::PortsTowards(Ipv4Address local, Ipv4Address peer, uint16_t peerPort)
{
    return m_ports.Watch(local, peer, peerPort, m_entries);
}

bool
TimeWaitTable::Reuse(const TcbKey& key, SequenceNumber32& isn)
{
    auto it = m_entries.find(key);
    if (it == m_entries.end())
    {
        return false;
    }
    isn = IsnAbove(it->second.record.sndNxt, m_isnDistance); // tcp_twsk_unique's write_seq
    NS_LOG_LOGIC("connect() takes over TIME_WAIT of port "
                 << key.localPort << " to " << key.peerAddress << ":" << key.peerPort << ": ISN "
                 << isn);
    ++m_reused;
    m_reusedTrace(key);
    Remove(key);
    return true;
}

void
TimeWaitTable::Restart(const TcbKey& key, Entry& entry)
{
    entry.expiry.Cancel();
    entry.expiry = Simulator::Schedule(m_duration, [this, key]() {
        NS_LOG_LOGIC("TIME_WAIT over for port " << key.localPort << " to " << key.peerAddress << ":"
                                                << key.peerPort);
        m_expiredTrace(key);
        Remove(key);
    });
    m_restartedTrace(key, Simulator::Now() + m_duration);
}

void
TimeWaitTable::Remove(const TcbKey& key)
{
    auto it = m_entries.find(key);
    if (it == m_entries.end())
    {
        return;
    }
    it->second.expiry.Cancel();
    m_ports.Set(key, false); // before the erase: key may be the entry's own
    m_entries.erase(it);
    m_count = m_entries.size();
    UpdateMemory();
}

void
TimeWaitTable::SendAck(const TcbKey& key, Entry& entry)
{
    Record& r = entry.record;
    r.rstRule.NoteFinAcked(); // rcvNxt counts the peer's FIN
    TcpHeader ackHeader;
    ackHeader.SetFlags(TcpHeader::ACK);
    ackHeader.SetSequenceNumber(r.sndNxt);
    ackHeader.SetAckNumber(r.rcvNxt);
    ackHeader.SetSourcePort(key.localPort);
    ackHeader.SetDestinationPort(key.peerPort);
    ackHeader.SetWindowSize(r.window);
    if (r.timestamps)
    {
        Ptr<TcpOptionTS> option = CreateObject<TcpOptionTS>();
        option->SetTimestamp(TcpOptionTS::NowToTsValue());
        option->SetEcho(r.tsRecent);
        ackHeader.AppendOption(option);
    }
    ++m_acks;
    m_tcp->SendPacket(Create<Packet>(), ackHeader, key.localAddress, key.peerAddress);
}

void
TimeWaitTable::UpdateMemory()
{
    if (m_memory)
    {
        m_memory->SetTimeWaitMemory(uint64_t(m_entries.size()) * m_recordSize);
    }
}

uint32_t
TimeWaitTable::GetCount() const
{
    return m_entries.size();
}

uint64_t
TimeWaitTable::GetOverflows() const
{
    return m_overflows;
}

uint64_t
TimeWaitTable::GetKilled() const
{
    return m_killed;
}

uint64_t
TimeWaitTable::GetReopened() const
{
    return m_reopened;
}

uint64_t
TimeWaitTable::GetAcksSent() const
{
    return m_acks;
}

uint64_t
TimeWaitTable::GetReused() const
{
    return m_reused;
}

bool
TimeWaitTable::Has(const TcbKey& key) const
{
    return m_entries.count(key) > 0;
}

} // namespace ns3
