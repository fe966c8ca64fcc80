/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "idle-connection-policy.h"

#include "persistent-connection-manager.h"

#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <vector>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("IdleConnectionPolicy");

NS_OBJECT_ENSURE_REGISTERED(IdleConnectionPolicy);
NS_OBJECT_ENSURE_REGISTERED(NginxKeepalivePolicy);
NS_OBJECT_ENSURE_REGISTERED(HaproxyIdlePoolPolicy);

TypeId
IdleConnectionPolicy::GetTypeId()
{
    static TypeId tid = TypeId("ns3::IdleConnectionPolicy")
                            .SetParent<Object>()
                            .SetGroupName("ProxyBuffer")
                            .AddConstructor<IdleConnectionPolicy>();
    return tid;
}

IdleConnectionPolicy::~IdleConnectionPolicy()
{
}

std::string
IdleConnectionPolicy::GetName() const
{
    return "IdleConnectionPolicy";
}

void
IdleConnectionPolicy::Start(Ptr<PersistentConnectionManager> /* manager */)
{
}

void
IdleConnectionPolicy::BecameIdle(Ptr<PersistentConnectionManager> /* manager */,
                                 const ConnectionKey& /* key */)
{
}

TypeId
NginxKeepalivePolicy::GetTypeId()
{
    static TypeId tid = TypeId("ns3::NginxKeepalivePolicy")
                            .SetParent<IdleConnectionPolicy>()
                            .SetGroupName("ProxyBuffer")
                            .AddConstructor<NginxKeepalivePolicy>()
                            .AddAttribute("Keepalive",
                                          "Idle connections cached at most (nginx's keepalive N).",
                                          UintegerValue(32),
                                          MakeUintegerAccessor(&NginxKeepalivePolicy::m_keepalive),
                                          MakeUintegerChecker<uint32_t>());
    return tid;
}

std::string
NginxKeepalivePolicy::GetName() const
{
    return "NginxKeepalivePolicy";
}

void
NginxKeepalivePolicy::BecameIdle(Ptr<PersistentConnectionManager> manager,
                                 const ConnectionKey& /* key */)
{
    while (manager->GetIdleToOrigins().Size() > m_keepalive)
    {
        manager->CloseIdle(manager->GetIdleToOrigins().Oldest().key); // least recently used
    }
}

TypeId
HaproxyIdlePoolPolicy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::HaproxyIdlePoolPolicy")
            .SetParent<IdleConnectionPolicy>()
            .SetGroupName("ProxyBuffer")
            .AddConstructor<HaproxyIdlePoolPolicy>()
            .AddAttribute("PoolMaxConn",
                          "Idle connections kept at most; one more is closed (pool-max-conn).",
                          UintegerValue(100),
                          MakeUintegerAccessor(&HaproxyIdlePoolPolicy::m_poolMaxConn),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("PurgeDelay",
                          "Every this long, half of the idle connections are closed "
                          "(pool-purge-delay; 0: never).",
                          TimeValue(Seconds(5)),
                          MakeTimeAccessor(&HaproxyIdlePoolPolicy::m_purgeDelay),
                          MakeTimeChecker(Time(0)));
    return tid;
}

std::string
HaproxyIdlePoolPolicy::GetName() const
{
    return "HaproxyIdlePoolPolicy";
}

void
HaproxyIdlePoolPolicy::DoDispose()
{
    m_purge.Cancel();
    IdleConnectionPolicy::DoDispose();
}

void
HaproxyIdlePoolPolicy::Start(Ptr<PersistentConnectionManager> manager)
{
    if (m_purgeDelay.IsStrictlyPositive())
    {
        m_purge = Simulator::Schedule(m_purgeDelay, &HaproxyIdlePoolPolicy::Purge, this, manager);
    }
}

void
HaproxyIdlePoolPolicy::BecameIdle(Ptr<PersistentConnectionManager> manager,
                                  const ConnectionKey& key)
{
    if (manager->GetIdleToOrigins().Contains(key) &&
        manager->GetIdleToOrigins().Size() > m_poolMaxConn)
    {
        manager->CloseIdle(key); // the pool is full: not kept
    }
}

void
HaproxyIdlePoolPolicy::Purge(Ptr<PersistentConnectionManager> manager)
{
    size_t half = manager->GetIdleToOrigins().Size() / 2;
    NS_LOG_DEBUG("purging " << half << " of " << manager->GetIdleToOrigins().Size() << " idle");
    for (size_t i = 0; i < half; ++i)
    {
        manager->CloseIdle(manager->GetIdleToOrigins().Oldest().key);
    }
    m_purge = Simulator::Schedule(m_purgeDelay, &HaproxyIdlePoolPolicy::Purge, this, manager);
}

} // namespace ns3
