/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "persistent-connection-manager.h"

#include "gradual-release.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/socket-memory.h"
#include "ns3/socket.h"
#include "ns3/tcp-buffer-policy.h"
#include "ns3/tcp-socket-extensions.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PersistentConnectionManager");

NS_OBJECT_ENSURE_REGISTERED(PersistentConnectionManager);

TypeId
PersistentConnectionManager::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::PersistentConnectionManager")
            .SetParent<Object>()
            .SetGroupName("ProxyBuffer")
            .AddConstructor<PersistentConnectionManager>()
            .AddAttribute("MaxConnections",
                          "Connections that may be open at once (the paper's Nmax).",
                          UintegerValue(200),
                          MakeUintegerAccessor(&PersistentConnectionManager::m_maxConnections),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("MaxDescriptors",
                          "File descriptors the proxy process may hold.",
                          UintegerValue(1024),
                          MakeUintegerAccessor(&PersistentConnectionManager::m_maxDescriptors),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("ReservedDescriptors",
                          "Descriptors held besides one per connection (listening socket, "
                          "files, logs).",
                          UintegerValue(8),
                          MakeUintegerAccessor(&PersistentConnectionManager::m_reservedDescriptors),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("ConnectionThreshold",
                          "Connections open / MaxConnections at which idle ones are closed.",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&PersistentConnectionManager::m_connectionThreshold),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("PoolThreshold",
                          "Buffer bytes / the Limit of the node's SocketMemory (Accounting "
                          "Buffers) at which idle connections are closed (no such limit: never).",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&PersistentConnectionManager::m_poolThreshold),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("DescriptorThreshold",
                          "Descriptors held / MaxDescriptors at which idle connections are "
                          "closed.",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&PersistentConnectionManager::m_descriptorThreshold),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("Interval",
                          "Time between two checks of the thresholds (0: none, the paper's "
                          "schemes: only admission closes idle connections).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&PersistentConnectionManager::m_interval),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("IdleTimeout",
                          "How long a connection may stay idle before it is closed (the "
                          "paper's persistent timer, whose value the paper does not give; "
                          "0: never, as in the paper's figures here).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&PersistentConnectionManager::m_idleTimeout),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("GradualRelease",
                          "Each registered connection's buffer policy is wrapped in a "
                          "GradualRelease with ReleaseInterval and ReleaseFloor: idle, it "
                          "leaves E2-ATBT and its buffers halve every ReleaseInterval (the "
                          "paper's scheme 4).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&PersistentConnectionManager::m_gradualRelease),
                          MakeBooleanChecker())
            .AddAttribute("ReleaseInterval",
                          "Time between two halvings of an idle connection's buffers.",
                          TimeValue(Seconds(3)),
                          MakeTimeAccessor(&PersistentConnectionManager::m_releaseInterval),
                          MakeTimeChecker(MilliSeconds(1)))
            .AddAttribute("ReleaseFloor",
                          "Smallest buffer gradual release leaves, bytes.",
                          UintegerValue(1024),
                          MakeUintegerAccessor(&PersistentConnectionManager::m_releaseFloor),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("Policy",
                          "What is done with idle connections besides the thresholds.",
                          PointerValue(CreateObject<IdleConnectionPolicy>()),
                          MakePointerAccessor(&PersistentConnectionManager::m_policy),
                          MakePointerChecker<IdleConnectionPolicy>())
            .AddTraceSource("Eviction",
                            "An idle connection was closed: how long it had been idle.",
                            MakeTraceSourceAccessor(&PersistentConnectionManager::m_evictionTrace),
                            "ns3::PersistentConnectionManager::EvictionTracedCallback")
            .AddTraceSource("IdleTimeoutExpired",
                            "An idle connection was closed by the IdleTimeout: how long it had "
                            "been idle.",
                            MakeTraceSourceAccessor(&PersistentConnectionManager::m_timeoutTrace),
                            "ns3::PersistentConnectionManager::EvictionTracedCallback");
    return tid;
}

PersistentConnectionManager::PersistentConnectionManager()
{
    NS_LOG_FUNCTION(this);
}

PersistentConnectionManager::~PersistentConnectionManager()
{
    NS_LOG_FUNCTION(this);
}

void
PersistentConnectionManager::DoInitialize()
{
    NS_ABORT_MSG_IF(!m_policy, "PersistentConnectionManager: no Policy");
    m_policy->Start(this);
    if (m_interval.IsStrictlyPositive())
    {
        m_tick = Simulator::Schedule(m_interval, &PersistentConnectionManager::Tick, this);
    }
    Object::DoInitialize();
}

void
PersistentConnectionManager::DoDispose()
{
    m_tick.Cancel();
    m_expiry.Cancel();
    for (auto& [key, c] : m_connections)
    {
        Unwrap(c);
    }
    m_connections.clear();
    m_policy = nullptr;
    m_memory = nullptr;
    Object::DoDispose();
}

ConnectionKey
PersistentConnectionManager::KeyOf(Ptr<const Socket> socket)
{
    Address local;
    Address peer;
    NS_ABORT_MSG_IF(socket->GetSockName(local) != 0 || socket->GetPeerName(peer) != 0,
                    "PersistentConnectionManager::KeyOf: the socket is not connected");
    InetSocketAddress l = InetSocketAddress::ConvertFrom(local);
    InetSocketAddress p = InetSocketAddress::ConvertFrom(peer);
    return ConnectionKey{l.GetIpv4(), l.GetPort(), p.GetIpv4(), p.GetPort()};
}

void
PersistentConnectionManager::Register(const ConnectionKey& key,
                                      CloseCallback close,
                                      Ptr<Socket> socket,
                                      Side side,
                                      bool reserved)
{
    if (reserved)
    {
        CancelReservation();
    }
    NS_ABORT_MSG_IF(close.IsNull(), "PersistentConnectionManager::Register: no close callback");
    NS_ABORT_MSG_IF(m_connections.count(key),
                    "PersistentConnectionManager::Register: connection registered twice");
    if (!IsInitialized())
    {
        Initialize(); // the checks and the policy start with the first connection
    }
    TcpSocketExtensions* tcp = socket ? TcpSocketExtensions::Of(socket) : nullptr;
    if (tcp && !m_memory)
    {
        m_memory = SocketMemory::Of(socket->GetNode()); // the pool: the node's socket memory
    }
    Connection& c = m_connections.emplace(key, Connection{close, socket, tcp, side}).first->second;
    if (m_gradualRelease && tcp)
    {
        c.release = GradualRelease::Wrap(tcp->GetBufferPolicy());
        c.release->SetAttribute("ReleaseInterval", TimeValue(m_releaseInterval));
        c.release->SetAttribute("ReleaseFloor", UintegerValue(m_releaseFloor));
        tcp->SetBufferPolicy(c.release);
    }
}

void
PersistentConnectionManager::Unwrap(Connection& c)
{
    if (!c.release)
    {
        return;
    }
    // The connection is no longer the manager's: its own policy again, and
    // no more halving (a released E2-ATBT buffer stays out of the
    // allocator until the connection ends).
    if (c.tcp->GetBufferPolicy() == c.release)
    {
        c.tcp->SetBufferPolicy(c.release->GetInner());
    }
    c.release->Dispose();
    c.release = nullptr;
}

void
PersistentConnectionManager::Unregister(const ConnectionKey& key)
{
    auto it = m_connections.find(key);
    if (it == m_connections.end())
    {
        return;
    }
    Unwrap(it->second);
    m_idle.Remove(key);
    m_idleToOrigins.Remove(key);
    m_connections.erase(it);
}

void
PersistentConnectionManager::Idle(const ConnectionKey& key)
{
    auto it = m_connections.find(key);
    NS_ABORT_MSG_IF(it == m_connections.end(),
                    "PersistentConnectionManager::Idle: connection not registered");
    if (!m_idle.Insert(key, Simulator::Now()))
    {
        return; // idle already
    }
    Connection& c = it->second;
    if (c.side == TO_ORIGIN)
    {
        m_idleToOrigins.Insert(key, Simulator::Now());
    }
    if (c.tcp)
    {
        c.tcp->GetBufferPolicy()->Idle(*c.tcp); // GradualRelease: the buffers shrink
    }
    ArmIdleTimer();
    m_policy->BecameIdle(this, key);
}

void
PersistentConnectionManager::Active(const ConnectionKey& key)
{
    if (!m_idle.Remove(key))
    {
        return;
    }
    m_idleToOrigins.Remove(key);
    Connection& c = m_connections.at(key);
    if (c.tcp)
    {
        c.tcp->GetBufferPolicy()->Active(*c.tcp); // GradualRelease: the buffers come back
    }
}

void
PersistentConnectionManager::Reserve()
{
    ++m_reserved;
}

void
PersistentConnectionManager::CancelReservation()
{
    NS_ABORT_MSG_IF(m_reserved == 0, "PersistentConnectionManager: no place was kept");
    --m_reserved;
}

uint32_t
PersistentConnectionManager::GetReserved() const
{
    return m_reserved;
}

bool
PersistentConnectionManager::HasRoom() const
{
    return m_connections.size() + m_reserved < m_maxConnections;
}

bool
PersistentConnectionManager::MakeRoom()
{
    if (!HasRoom() && !m_idle.Empty())
    {
        CloseIdle(m_idle.Oldest().key);
    }
    return HasRoom();
}

PersistentConnectionManager::CloseCallback
PersistentConnectionManager::Detach(const ConnectionKey& key)
{
    CloseCallback close = m_connections.at(key).close;
    Unregister(key); // whatever the callback does, the connection is gone
    return close;
}

void
PersistentConnectionManager::CloseIdle(const ConnectionKey& key)
{
    NS_ABORT_MSG_IF(!m_idle.Contains(key), "PersistentConnectionManager::CloseIdle: not idle");
    Time idleFor = Simulator::Now() - m_idle.IdleSince(key);
    CloseCallback close = Detach(key);
    ++m_evictions;
    m_evictionTrace(idleFor);
    close();
}

void
PersistentConnectionManager::ArmIdleTimer()
{
    // One event serves every idle connection: the table is in the order they
    // became idle, so the oldest expires first. An event whose connection
    // became active meanwhile finds nothing due and re-arms for the next.
    if (m_idleTimeout.IsStrictlyPositive() && !m_expiry.IsPending() && !m_idle.Empty())
    {
        // (already due if the timeout was switched on after it became idle)
        Time due = std::max(m_idle.Oldest().since + m_idleTimeout, Simulator::Now());
        m_expiry = Simulator::Schedule(due - Simulator::Now(),
                                       &PersistentConnectionManager::ExpireIdle,
                                       this);
    }
}

void
PersistentConnectionManager::ExpireIdle()
{
    if (!m_idleTimeout.IsStrictlyPositive())
    {
        return; // switched off meanwhile
    }
    while (!m_idle.Empty())
    {
        Time idleFor = Simulator::Now() - m_idle.Oldest().since;
        if (idleFor < m_idleTimeout)
        {
            break; // the oldest is not due: none is
        }
        CloseCallback close = Detach(m_idle.Oldest().key);
        ++m_timedOut;
        m_timeoutTrace(idleFor);
        close();
    }
    ArmIdleTimer();
}

bool
PersistentConnectionManager::PastThreshold(uint64_t bufferBytes) const
{
    double connections = double(m_connections.size() + m_reserved) / m_maxConnections;
    double descriptors = double(m_connections.size() + m_reservedDescriptors) / m_maxDescriptors;
    // Only a memory that counts buffers is a buffer pool.
    uint64_t limit = m_memory && m_memory->CountsBuffers() ? m_memory->GetLimit() : 0;
    double pool = limit > 0 ? double(bufferBytes) / limit : 0;
    return connections >= m_connectionThreshold || descriptors >= m_descriptorThreshold ||
           pool >= m_poolThreshold;
}

void
PersistentConnectionManager::CheckThresholds()
{
    uint64_t bytes = GetBufferBytes(); // once: each eviction takes its own off
    while (!m_idle.Empty() && PastThreshold(bytes))
    {
        const ConnectionKey& oldest = m_idle.Oldest().key;
        if (const TcpSocketExtensions* s = m_connections.at(oldest).tcp)
        {
            bytes -= s->GetSendBufferSize() + s->GetReceiveBufferSize();
        }
        CloseIdle(oldest);
    }
}

void
PersistentConnectionManager::Tick()
{
    CheckThresholds();
    m_tick = Simulator::Schedule(m_interval, &PersistentConnectionManager::Tick, this);
}

const IdleConnectionTable&
PersistentConnectionManager::GetIdle() const
{
    return m_idle;
}

const IdleConnectionTable&
PersistentConnectionManager::GetIdleToOrigins() const
{
    return m_idleToOrigins;
}

uint32_t
PersistentConnectionManager::GetOpen() const
{
    return m_connections.size();
}

uint64_t
PersistentConnectionManager::GetBufferBytes() const
{
    uint64_t bytes = 0;
    for (const auto& [key, c] : m_connections)
    {
        if (c.tcp)
        {
            bytes += c.tcp->GetSendBufferSize() + c.tcp->GetReceiveBufferSize();
        }
    }
    return bytes;
}

uint64_t
PersistentConnectionManager::GetEvictions() const
{
    return m_evictions;
}

uint64_t
PersistentConnectionManager::GetTimedOut() const
{
    return m_timedOut;
}

} // namespace ns3
