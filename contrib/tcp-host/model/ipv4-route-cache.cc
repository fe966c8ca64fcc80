/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ipv4-route-cache.h"

#include "ns3/boolean.h"
#if __has_include("ns3/ipv4-global-routing.h")
#include "ns3/ipv4-global-routing.h" // ns-3 3.44
#else
#include "ns3/global-routing.h" // ns-3.45 and later: GlobalRouting<T>, Ipv4GlobalRouting a typedef
#endif
#include "ns3/ipv4-list-routing.h"
#include "ns3/ipv4-route.h"
#include "ns3/ipv4-static-routing.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/output-stream-wrapper.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("Ipv4RouteCache");

NS_OBJECT_ENSURE_REGISTERED(Ipv4RouteCache);

TypeId
Ipv4RouteCache::GetTypeId()
{
    static TypeId tid = TypeId("ns3::Ipv4RouteCache")
                            .SetParent<Ipv4RoutingProtocol>()
                            .SetGroupName("TcpHost")
                            .AddConstructor<Ipv4RouteCache>();
    return tid;
}

Ipv4RouteCache::Ipv4RouteCache()
{
    NS_LOG_FUNCTION(this);
}

Ipv4RouteCache::~Ipv4RouteCache()
{
    NS_LOG_FUNCTION(this);
}

void
Ipv4RouteCache::DoDispose()
{
    m_routes.clear();
    m_ipv4 = nullptr;
    Ipv4RoutingProtocol::DoDispose();
}

Ptr<Ipv4ListRouting>
Ipv4RouteCache::CacheableList()
{
    Ptr<Ipv4ListRouting> list =
        m_ipv4 ? DynamicCast<Ipv4ListRouting>(m_ipv4->GetRoutingProtocol()) : nullptr;
    if (!list)
    {
        return nullptr;
    }
    uint64_t size = 0;
    for (uint32_t i = 0; i < list->GetNRoutingProtocols(); ++i)
    {
        int16_t priority;
        Ptr<Ipv4RoutingProtocol> protocol = list->GetRoutingProtocol(i, priority);
        if (protocol == this)
        {
            continue;
        }
        if (Ptr<Ipv4StaticRouting> s = DynamicCast<Ipv4StaticRouting>(protocol))
        {
            size += s->GetNRoutes();
        }
        else if (Ptr<Ipv4GlobalRouting> g = DynamicCast<Ipv4GlobalRouting>(protocol))
        {
            size += g->GetNRoutes();
        }
        else
        {
            return nullptr; // a protocol whose answers may change at any time
        }
    }
    if (size != m_tableSize)
    {
        Flush(); // routes were added or removed
        m_tableSize = size;
    }
    return list;
}

Ptr<Ipv4Route>
Ipv4RouteCache::RouteOutput(Ptr<Packet> p,
                            const Ipv4Header& header,
                            Ptr<NetDevice> oif,
                            Socket::SocketErrno& sockerr)
{
    Ptr<Ipv4ListRouting> list = oif ? nullptr : CacheableList();
    if (!list)
    {
        sockerr = Socket::ERROR_NOROUTETOHOST;
        return nullptr; // the list asks the others, as without the cache
    }
    uint32_t destination = header.GetDestination().Get();
    auto it = m_routes.find(destination);
    if (it != m_routes.end())
    {
        ++m_hits;
    }
    else
    {
        Ptr<Ipv4Route> found;
        for (uint32_t i = 0; i < list->GetNRoutingProtocols() && !found; ++i)
        {
            int16_t priority;
            Ptr<Ipv4RoutingProtocol> protocol = list->GetRoutingProtocol(i, priority);
            if (protocol == this)
            {
                continue;
            }
            BooleanValue ecmp(false);
            if (DynamicCast<Ipv4GlobalRouting>(protocol))
            {
                protocol->GetAttribute("RandomEcmpRouting", ecmp);
            }
            if (ecmp.Get())
            {
                // Its answer is a random draw per packet: not cacheable.
                sockerr = Socket::ERROR_NOROUTETOHOST;
                return nullptr;
            }
            Socket::SocketErrno ignored;
            found = protocol->RouteOutput(p, header, oif, ignored);
        }
        ++m_misses;
        it = m_routes.emplace(destination, found).first;
    }
    if (!it->second)
    {
        sockerr = Socket::ERROR_NOROUTETOHOST;
        return nullptr;
    }
    sockerr = Socket::ERROR_NOTERROR;
    return Create<Ipv4Route>(*it->second); // a copy: callers may change theirs
}

bool
Ipv4RouteCache::RouteInput(Ptr<const Packet> p,
                           const Ipv4Header& header,
                           Ptr<const NetDevice> idev,
                           const UnicastForwardCallback& ucb,
                           const MulticastForwardCallback& mcb,
                           const LocalDeliverCallback& lcb,
                           const ErrorCallback& ecb)
{
    return false; // forwarding stays with the protocols below
}

void
Ipv4RouteCache::NotifyInterfaceUp(uint32_t interface)
{
    Flush();
}

void
Ipv4RouteCache::NotifyInterfaceDown(uint32_t interface)
{
    Flush();
}

void
Ipv4RouteCache::NotifyAddAddress(uint32_t interface, Ipv4InterfaceAddress address)
{
    Flush();
}

void
Ipv4RouteCache::NotifyRemoveAddress(uint32_t interface, Ipv4InterfaceAddress address)
{
    Flush();
}

void
Ipv4RouteCache::SetIpv4(Ptr<Ipv4> ipv4)
{
    m_ipv4 = ipv4;
    Flush();
}

void
Ipv4RouteCache::PrintRoutingTable(Ptr<OutputStreamWrapper> stream, Time::Unit unit) const
{
    *stream->GetStream() << "Ipv4RouteCache: " << m_routes.size() << " destinations cached, "
                         << m_hits << " hits, " << m_misses << " misses\n";
}

void
Ipv4RouteCache::Flush()
{
    NS_LOG_FUNCTION(this);
    m_routes.clear();
}

uint32_t
Ipv4RouteCache::GetSize() const
{
    return m_routes.size();
}

uint64_t
Ipv4RouteCache::GetHits() const
{
    return m_hits;
}

uint64_t
Ipv4RouteCache::GetMisses() const
{
    return m_misses;
}

} // namespace ns3
