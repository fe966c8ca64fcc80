/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef IPV4_ROUTE_CACHE_H
#define IPV4_ROUTE_CACHE_H

#include "ns3/ipv4-address.h"
#include "ns3/ipv4-routing-protocol.h"

#include <unordered_map>

namespace ns3
{

class Ipv4ListRouting;

/**
 * @ingroup tcp-host
 * @brief A per-destination cache of a node's own routing answers, so that
 * a host with one link per peer routes each packet in O(1).
 *
 * ns-3's Ipv4StaticRouting scans its whole route list for every packet a
 * node sends; a hub with one point-to-point link (one connected route) per
 * client pays O(clients) per packet. This protocol sits first in the node's
 * Ipv4ListRouting. For a packet not bound to a device it answers with the
 * route the protocols below it gave for the same destination the first
 * time (asked in the list's own order, first answer wins), so every path is
 * the one the node would have chosen without it.
 *
 * It caches only while every other protocol in the list is an
 * Ipv4StaticRouting or an Ipv4GlobalRouting without RandomEcmpRouting (whose
 * answers depend on the destination and their tables alone), and forgets everything when an
 * interface or address changes or when those protocols' route counts
 * change. A route replaced in place (same count: say, a global routing
 * table recomputed after a link failure) is not seen: call Flush() after
 * such a change. With any other protocol in the list it answers nothing,
 * and the list goes on as if it were not there. It never forwards
 * (RouteInput declines): local delivery and forwarding stay with the list.
 */
class Ipv4RouteCache : public Ipv4RoutingProtocol
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    Ipv4RouteCache();
    ~Ipv4RouteCache() override;

    Ptr<Ipv4Route> RouteOutput(Ptr<Packet> p,
                               const Ipv4Header& header,
                               Ptr<NetDevice> oif,
                               Socket::SocketErrno& sockerr) override;
    bool RouteInput(Ptr<const Packet> p,
                    const Ipv4Header& header,
                    Ptr<const NetDevice> idev,
                    const UnicastForwardCallback& ucb,
                    const MulticastForwardCallback& mcb,
                    const LocalDeliverCallback& lcb,
                    const ErrorCallback& ecb) override;
    void NotifyInterfaceUp(uint32_t interface) override;
    void NotifyInterfaceDown(uint32_t interface) override;
    void NotifyAddAddress(uint32_t interface, Ipv4InterfaceAddress address) override;
    void NotifyRemoveAddress(uint32_t interface, Ipv4InterfaceAddress address) override;
    void SetIpv4(Ptr<Ipv4> ipv4) override;
    void PrintRoutingTable(Ptr<OutputStreamWrapper> stream,
                           Time::Unit unit = Time::S) const override;

    /// Forget every cached answer (after changing a route in place).
    void Flush();

    /// @return destinations cached
    uint32_t GetSize() const;

    /// @return packets answered from the cache
    uint64_t GetHits() const;

    /// @return packets for which the protocols below were asked
    uint64_t GetMisses() const;

  protected:
    void DoDispose() override;

  private:
    /**
     * @brief The node's list routing, if the cache may answer for it now:
     * every other protocol in it static or global. Flushes the cache when
     * their route counts changed since the last call.
     * @return the list, or nullptr when the cache must stay out of the way
     */
    Ptr<Ipv4ListRouting> CacheableList();

    Ptr<Ipv4> m_ipv4; //!< The node's IPv4
    /// Each destination's route as the list gave it (null: none).
    std::unordered_map<uint32_t, Ptr<Ipv4Route>> m_routes;
    uint64_t m_tableSize{0}; //!< The protocols' route counts when last checked
    uint64_t m_hits{0};      //!< Answers from the cache
    uint64_t m_misses{0};    //!< Answers asked of the protocols below
};

} // namespace ns3

#endif /* IPV4_ROUTE_CACHE_H */
