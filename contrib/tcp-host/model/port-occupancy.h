/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef PORT_OCCUPANCY_H
#define PORT_OCCUPANCY_H

#include "tcb-list.h"

#include <bitset>
#include <map>
#include <tuple>

namespace ns3
{

/**
 * @ingroup tcp-host
 * @brief Which local ports a table of connections holds towards the
 * destinations connect() asks about, one bit a port.
 *
 * LocalPortAllocator tries ports one at a time, as Linux's
 * __inet_hash_connect does. Once TIME_WAIT holds most of a destination's
 * range, a connect() looks every port of the range up in the node's tables:
 * tens of thousands of hash probes for one connect() (about a third of a
 * 50 000-client proxy-now run's time, where the swap close fills the
 * proxy's range). A table (TcpSocketIndex, TimeWaitTable) keeps one of
 * these beside its entries and tells it of every key it gains or loses
 * (Set); the allocator then passes over a held port with a bit test and
 * looks up only the others. The bits are simulator bookkeeping: they cost
 * no simulated time and decide nothing the lookups would not.
 *
 * Only destinations someone watches have bits (Watch, at the first
 * connect() to one), so a server's connections to many client ports cost
 * nothing. Keys with peer 0.0.0.0:0 (a listener, a bound socket) hold
 * their port towards every destination: their ports are kept by local
 * address, always.
 */
class PortOccupancy
{
  public:
    /// One bit per port.
    using Ports = std::bitset<65536>;

    /**
     * @brief Start keeping the ports held towards a destination (nothing
     * if they are kept already).
     *
     * @param local the local address
     * @param peer the peer's address
     * @param peerPort the peer's port
     * @param entries the owner's entries now, keyed by TcbKey
     * @return the ports held towards it
     */
    template <class Entries>
    const Ports& Watch(Ipv4Address local,
                       Ipv4Address peer,
                       uint16_t peerPort,
                       const Entries& entries);

    /**
     * @brief The owner gained (held) or lost a key.
     * @param key the key
     * @param held whether the owner holds it now
     */
    void Set(const TcbKey& key, bool held);

    /**
     * @param local a local address
     * @return the ports bound to it (keys with peer 0.0.0.0:0), or nullptr if none ever was
     */
    const Ports* Bound(Ipv4Address local) const;

    /// @brief Forget everything (the owner's entries are gone).
    void Clear();

  private:
    /// A destination: the local address, the peer's address and port.
    using Destination = std::tuple<uint32_t, uint32_t, uint16_t>;

    /// @return whether a key holds its port towards every destination
    static bool IsBound(const TcbKey& key);

    std::map<Destination, Ports> m_watched; //!< Ports held towards each watched destination
    std::map<uint32_t, Ports> m_bound;      //!< Bound ports by local address
};

template <class Entries>
const PortOccupancy::Ports&
PortOccupancy::Watch(Ipv4Address local, Ipv4Address peer, uint16_t peerPort, const Entries& entries)
{
    auto [it, added] = m_watched.try_emplace({local.Get(), peer.Get(), peerPort});
    if (added)
    {
        for (const auto& [key, value] : entries)
        {
            if (key.localAddress == local && key.peerAddress == peer && key.peerPort == peerPort)
            {
                it->second.set(key.localPort);
            }
        }
    }
    return it->second;
}

} // namespace ns3

#endif /* PORT_OCCUPANCY_H */
