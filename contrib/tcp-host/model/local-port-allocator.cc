/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "local-port-allocator.h"

#include "tcp-host-socket.h"
#include "tcp-socket-index.h"
#include "time-wait-table.h"

#include "ns3/abort.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("LocalPortAllocator");

NS_OBJECT_ENSURE_REGISTERED(LocalPortAllocator);

namespace
{

/// @return whether an address is in 127.0.0.0/8 (ipv4_is_loopback)
bool
IsLoopback(Ipv4Address address)
{
    return (address.Get() >> 24) == 127;
}

/// @return splitmix64's finaliser of z: every input bit reaches every output bit
uint64_t
Mix(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

} // namespace

TypeId
LocalPortAllocator::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::LocalPortAllocator")
            .SetParent<Object>()
            .SetGroupName("TcpHost")
            .AddConstructor<LocalPortAllocator>()
            .AddAttribute("LowPort",
                          "First port of the range a connect() chooses from "
                          "(net.ipv4.ip_local_port_range's first value).",
                          UintegerValue(32768),
                          MakeUintegerAccessor(&LocalPortAllocator::m_low),
                          MakeUintegerChecker<uint16_t>(1, 65535))
            .AddAttribute("HighPort",
                          "Last port of the range, included (ip_local_port_range's second "
                          "value); at least LowPort.",
                          UintegerValue(60999),
                          MakeUintegerAccessor(&LocalPortAllocator::m_high),
                          MakeUintegerChecker<uint16_t>(1, 65535))
            .AddAttribute("TwReuse",
                          "When a connect() may take over a 4-tuple only a TIME_WAIT holds "
                          "(net.ipv4.tcp_tw_reuse: 0 Off, 1 On, 2 LoopbackOnly, Linux's "
                          "default); only if the TIME_WAIT connection used timestamps.",
                          EnumValue(LocalPortAllocator::TW_REUSE_LOOPBACK),
                          MakeEnumAccessor<TwReuse>(&LocalPortAllocator::m_twReuse),
                          MakeEnumChecker(LocalPortAllocator::TW_REUSE_OFF,
                                          "Off",
                                          LocalPortAllocator::TW_REUSE_ON,
                                          "On",
                                          LocalPortAllocator::TW_REUSE_LOOPBACK,
                                          "LoopbackOnly"))
            .AddAttribute("TwReuseDelay",
                          "How long a TIME_WAIT must have lasted before a connect() takes it "
                          "over (net.ipv4.tcp_tw_reuse_delay, Linux 6.14: 1000 ms).",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&LocalPortAllocator::m_twReuseDelay),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("PerturbTableOrder",
                          "log2 of the number of per-node counters a destination's hash "
                          "picks from (CONFIG_INET_TABLE_PERTURB_ORDER: 16 since Linux 5.19, "
                          "a 256 kB table; 8, 256 counters, in Linux 5.17 and 5.18).",
                          UintegerValue(16),
                          MakeUintegerAccessor(&LocalPortAllocator::m_perturbOrder),
                          MakeUintegerChecker<uint32_t>(0, 16))
            .AddAttribute("Random",
                          "Draws the counters (table_perturb), the hash's key and the "
                          "counters' random moves.",
                          StringValue("ns3::UniformRandomVariable"),
                          MakePointerAccessor(&LocalPortAllocator::m_random),
                          MakePointerChecker<UniformRandomVariable>())
            .AddTraceSource("Chosen",
                            "A connect() got a port: the port, and the ports probed for it.",
                            MakeTraceSourceAccessor(&LocalPortAllocator::m_chosenTrace),
                            "ns3::LocalPortAllocator::ChosenTracedCallback")
            .AddTraceSource("Exhausted",
                            "A connect() found no port for this destination (EADDRNOTAVAIL).",
                            MakeTraceSourceAccessor(&LocalPortAllocator::m_exhaustedTrace),
                            "ns3::LocalPortAllocator::ExhaustedTracedCallback")
            .AddTraceSource("TimeWaitReused",
                            "A connect() took over a TIME_WAIT's 4-tuple (tcp_tw_reuse).",
                            MakeTraceSourceAccessor(&LocalPortAllocator::m_reusedTrace),
                            "ns3::LocalPortAllocator::TimeWaitReusedTracedCallback");
    return tid;
}

LocalPortAllocator::LocalPortAllocator()
{
    NS_LOG_FUNCTION(this);
}

LocalPortAllocator::~LocalPortAllocator()
{
    NS_LOG_FUNCTION(this);
}

void
LocalPortAllocator::DoDispose()
{
    m_index = nullptr;
    m_timeWait = nullptr;
    m_random = nullptr;
    Object::DoDispose();
}

int64_t
LocalPortAllocator::AssignStreams(int64_t stream)
{
    m_random->SetStream(stream);
    return 1;
}

void
LocalPortAllocator::Setup()
{
    if (m_setUp)
    {
        return;
    }
    m_setUp = true;
    m_index = GetObject<TcpSocketIndex>();
    m_timeWait = GetObject<TimeWaitTable>();
    // Drawn at first use, as Linux fills table_perturb at its first
    // connect(), so that AssignStreams before the run takes effect.
    m_perturb.assign(size_t(1) << m_perturbOrder, 0);
    for (auto& counter : m_perturb)
    {
        counter = m_random->GetInteger(0, UINT32_MAX);
    }
    m_secret =
        (uint64_t(m_random->GetInteger(0, UINT32_MAX)) << 32) | m_random->GetInteger(0, UINT32_MAX);
}

uint64_t
LocalPortAllocator::Hash(Ipv4Address local, Ipv4Address peer, uint16_t peerPort) const
{
    uint64_t h = Mix(m_secret ^ ((uint64_t(local.Get()) << 32) | peer.Get()));
    return Mix(h ^ peerPort);
}

bool
LocalPortAllocator::ReuseAllowed(Ipv4Address local, Ipv4Address peer) const
{
    switch (m_twReuse)
    {
    case TW_REUSE_OFF:
        return false;
    case TW_REUSE_LOOPBACK:
        return IsLoopback(local) || IsLoopback(peer);
    case TW_REUSE_ON:
        return true;
    }
    return false;
}

bool
LocalPortAllocator::MayReuse(const TcbKey& key, bool timestamps, Time entered) const
{
    // tcp_twsk_unique: only a TIME_WAIT that saw timestamps (PAWS then
    // keeps the old connection's duplicates out of the new one).
    return timestamps && ReuseAllowed(key.localAddress, key.peerAddress) &&
           Simulator::Now() > entered + m_twReuseDelay; // time_after32(now, reuse_thresh)
}

bool
LocalPortAllocator::Held::Holds(uint16_t port) const
{
    for (const PortOccupancy::Ports* ports : {connections, records, boundLocal, boundAny})
    {
        if (ports && ports->test(port))
        {
            return true;
        }
    }
    return false;
}

LocalPortAllocator::Held
LocalPortAllocator::HeldTowards(Ipv4Address local, Ipv4Address peer, uint16_t peerPort)
{
    Held held;
    if (ReuseAllowed(local, peer))
    {
        return held; // a held port may be a TIME_WAIT to take over: Try looks
    }
    if (m_index)
    {
        held.connections = &m_index->PortsTowards(local, peer, peerPort);
        held.boundLocal = m_index->BoundPorts(local);
        held.boundAny = m_index->BoundPorts(Ipv4Address::GetAny());
    }
    if (m_timeWait)
    {
        held.records = &m_timeWait->PortsTowards(local, peer, peerPort);
    }
    return held;
}

LocalPortAllocator::Probe
LocalPortAllocator::Try(const TcbKey& key, const Take& take, Choice& choice)
{
    // Whether a TIME_WAIT holds the 4-tuple, and where, decided before
    // anything is given up
    TcpHostSocket* socketTimeWait = nullptr; // a TIME_WAIT kept in its socket
    bool recordTimeWait = false;             // a TimeWaitTable record
    if (m_index)
    {
        // A port bind() gave a socket (a bind bucket with fastreuse >= 0):
        // never shared with connect(). Listeners are what the index knows
        // of such sockets.
        if (m_index->FindExact({key.localAddress, key.localPort, Ipv4Address::GetAny(), 0}) ||
            m_index->FindExact({Ipv4Address::GetAny(), key.localPort, Ipv4Address::GetAny(), 0}))
        {
            return BUSY;
        }
        if (TcpHostSocket* holder = m_index->FindExact(key))
        {
            // A connection, or a TIME_WAIT kept in the socket
            Time entered;
            if (!holder->TimeWaitReusable(entered) || !MayReuse(key, true, entered))
            {
                return BUSY;
            }
            socketTimeWait = holder;
        }
    }
    if (!socketTimeWait && m_timeWait)
    {
        TimeWaitTable::Record record;
        Time entered;
        if (m_timeWait->Find(key, record, entered))
        {
            if (!MayReuse(key, record.timestamps, entered))
            {
                return BUSY;
            }
            recordTimeWait = true;
        }
    }
    if (socketTimeWait)
    {
        // Its endpoint holds the 4-tuple in ns-3's demultiplexer: it must
        // go before the new connection can have it.
        choice.isn = TimeWaitTable::IsnAbove(socketTimeWait->ReuseTimeWait(),
                                             TimeWaitTable::LINUX_ISN_DISTANCE);
    }
    if (!take(key.localPort))
    {
        return BUSY; // ns-3 has the 4-tuple already: a socket the index does not list
    }
    if (recordTimeWait)
    {
        // A record holds no endpoint: it is taken over once the port is
        m_timeWait->Reuse(key, choice.isn);
    }
    if (socketTimeWait || recordTimeWait)
    {
        choice.reusedTimeWait = true;
        NS_LOG_LOGIC("port " << key.localPort << ": TIME_WAIT taken over, ISN " << choice.isn);
        ++m_reused;
        m_reusedTrace(key);
    }
    return TAKEN;
}

void
LocalPortAllocator::DoInitialize()
{
    CheckRange(); // a bad range fails before the run, not at the first connect()
    Object::DoInitialize();
}

void
LocalPortAllocator::CheckRange() const
{
    NS_ABORT_MSG_IF(m_low > m_high,
                    "LocalPortAllocator: LowPort (" << m_low << ") must not be above HighPort ("
                                                    << m_high << ")");
}

LocalPortAllocator::Choice
LocalPortAllocator::Choose(Ipv4Address local, Ipv4Address peer, uint16_t peerPort, const Take& take)
{
    NS_LOG_FUNCTION(this << local << peer << peerPort);
    CheckRange(); // attributes may change after initialisation
    Setup();
    // __inet_hash_connect, step 2 (no per-socket range)
    uint32_t low = m_low;
    uint32_t high = uint32_t(m_high) + 1; // [low, high[
    uint32_t remaining = high - low;
    if (remaining > 1)
    {
        remaining &= ~1U;
    }
    uint64_t portOffset = Hash(local, peer, peerPort);
    uint32_t index = portOffset & (m_perturb.size() - 1);
    uint32_t offset = (m_perturb[index] + uint32_t(portOffset >> 32)) % remaining;
    offset &= ~1U; // the first pass tries ports of low's parity
    uint32_t probed = 0;
    Choice choice;
    // Once TIME_WAIT fills the range, most ports are held: passed over
    // with a bit test each instead of Try's lookups, with the same result.
    const Held held = HeldTowards(local, peer, peerPort);
    while (true)
    {
        uint32_t port = low + offset;
        for (uint32_t i = 0; i < remaining; i += 2, port += 2)
        {
            if (port >= high)
            {
                port -= remaining;
            }
            ++probed;
            ++m_probes;
            if (held.Holds(port))
            {
                continue; // BUSY
            }
            TcbKey key{local, static_cast<uint16_t>(port), peer, peerPort};
            if (Try(key, take, choice) == TAKEN)
            {
                // A little randomness for the next port of this counter:
                // most under low contention, none under high.
                i = std::max(i, m_random->GetInteger(0, 7) * 2);
                m_perturb[index] += i + 2;
                choice.port = port;
                ++m_chosen;
                NS_LOG_LOGIC("port " << port << " for " << peer << ":" << peerPort << " (" << probed
                                     << " probed)");
                m_chosenTrace(choice.port, probed);
                return choice;
            }
        }
        ++offset; // then the other parity
        if (!((offset & 1) && remaining > 1))
        {
            break;
        }
    }
    NS_LOG_LOGIC("no port left for " << peer << ":" << peerPort << " from " << local);
    ++m_exhausted;
    m_exhaustedTrace(peer, peerPort);
    return Choice{};
}

uint64_t
LocalPortAllocator::GetChosen() const
{
    return m_chosen;
}

uint64_t
LocalPortAllocator::GetExhausted() const
{
    return m_exhausted;
}

uint64_t
LocalPortAllocator::GetTimeWaitReused() const
{
    return m_reused;
}

uint64_t
LocalPortAllocator::GetProbes() const
{
    return m_probes;
}

} // namespace ns3
