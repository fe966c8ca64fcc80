/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef IPV4_ROUTE_CACHE_HELPER_H
#define IPV4_ROUTE_CACHE_HELPER_H

#include "ns3/ipv4-route-cache.h"
#include "ns3/node-container.h"

namespace ns3
{

/**
 * @ingroup tcp-host
 * @brief Puts an Ipv4RouteCache first in nodes' Ipv4ListRouting, so that a
 * host with a link per peer (the papers' stars) routes each packet in O(1).
 *
 * Install it once routes are set up or before: the cache forgets its
 * answers whenever interfaces, addresses or the static and global route
 * counts change (see Ipv4RouteCache for what it does not see).
 */
class Ipv4RouteCacheHelper
{
  public:
    /**
     * @brief Add a route cache to each node's list routing.
     *
     * Each node needs IPv4 with an Ipv4ListRouting (InternetStackHelper's
     * default); a node that has a cache keeps it.
     *
     * @param nodes the nodes
     */
    void Install(NodeContainer nodes) const;

    /**
     * @brief Add a route cache to a node's list routing.
     * @param node the node
     * @return its cache
     */
    Ptr<Ipv4RouteCache> Install(Ptr<Node> node) const;

    /**
     * @brief A node's route cache.
     * @param node the node
     * @return its cache, or nullptr if it has none
     */
    static Ptr<Ipv4RouteCache> Get(Ptr<Node> node);
};

} // namespace ns3

#endif /* IPV4_ROUTE_CACHE_HELPER_H */
