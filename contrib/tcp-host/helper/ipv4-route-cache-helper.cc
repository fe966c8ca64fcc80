/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ipv4-route-cache-helper.h"

#include "ns3/abort.h"
#include "ns3/ipv4-list-routing.h"
#include "ns3/ipv4.h"
#include "ns3/node.h"

#include <limits>

namespace ns3
{

void
Ipv4RouteCacheHelper::Install(NodeContainer nodes) const
{
    for (auto it = nodes.Begin(); it != nodes.End(); ++it)
    {
        Install(*it);
    }
}

/// The node's list routing, or abort naming what it lacks.
static Ptr<Ipv4ListRouting>
ListRoutingOf(Ptr<Node> node)
{
    Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
    NS_ABORT_MSG_IF(!ipv4, "Ipv4RouteCacheHelper: node " << node->GetId() << " has no IPv4");
    Ptr<Ipv4ListRouting> list = DynamicCast<Ipv4ListRouting>(ipv4->GetRoutingProtocol());
    NS_ABORT_MSG_IF(!list,
                    "Ipv4RouteCacheHelper: node " << node->GetId()
                                                  << " has no Ipv4ListRouting (the cache sits "
                                                     "first in one; InternetStackHelper's "
                                                     "default routing is one)");
    return list;
}

Ptr<Ipv4RouteCache>
Ipv4RouteCacheHelper::Get(Ptr<Node> node)
{
    Ptr<Ipv4ListRouting> list = ListRoutingOf(node);
    for (uint32_t i = 0; i < list->GetNRoutingProtocols(); ++i)
    {
        int16_t priority;
        if (Ptr<Ipv4RouteCache> cache =
                DynamicCast<Ipv4RouteCache>(list->GetRoutingProtocol(i, priority)))
        {
            return cache;
        }
    }
    return nullptr;
}

Ptr<Ipv4RouteCache>
Ipv4RouteCacheHelper::Install(Ptr<Node> node) const
{
    if (Ptr<Ipv4RouteCache> cache = Get(node))
    {
        return cache;
    }
    Ptr<Ipv4RouteCache> cache = CreateObject<Ipv4RouteCache>();
    // First: the list asks protocols in decreasing priority.
    ListRoutingOf(node)->AddRoutingProtocol(cache, std::numeric_limits<int16_t>::max());
    return cache;
}

} // namespace ns3
