/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCP_SOCKET_INDEX_H
#define TCP_SOCKET_INDEX_H

#include "port-occupancy.h"
#include "tcb-list.h"

#include "ns3/object.h"

#include <unordered_map>

namespace ns3
{

class TcpHostSocket;

/**
 * @ingroup tcp-host
 * @brief A node's index of the suite's sockets by 4-tuple: which socket an
 * arriving segment belongs to, in one hash probe.
 *
 * ns-3's Ipv4EndPointDemux walks every endpoint of the node for each
 * arriving segment, so a host with n connections costs the simulator O(n)
 * per segment. The input stage (TcpInputStage) asks this index instead.
 * Each TcpHostSocket keeps its own entry: it adds or moves it whenever its
 * state changes while it holds an endpoint, and takes it out when it lets
 * the endpoint go or is destroyed. A listener is keyed with peer 0.0.0.0:0.
 *
 * The index is simulator bookkeeping only: it costs no simulated time (the
 * host's own lookup cost is TcbList's, in TcpHostModel). It need not be
 * exact: the socket it names still checks the segment against its endpoint
 * (TcpHostSocket::ForwardUpDirect), and a segment it cannot place goes to
 * ns-3's own lookup (counted by the input stage), so a stale or missing
 * entry costs time, never a misdelivery. Sockets of other classes (ns-3's
 * own TcpSocketBase) are never listed and always take ns-3's lookup.
 */
class TcpSocketIndex : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    TcpSocketIndex();
    ~TcpSocketIndex() override;

    /**
     * @brief List a socket under its endpoint's 4-tuple, or move it there.
     *
     * Of two sockets with one key (ns-3 allocates no such endpoints), the
     * one updated last holds it; the other is then found by ns-3's lookup.
     *
     * @param socket the socket
     * @param key its endpoint's 4-tuple, local end first (peer 0.0.0.0:0 for a listener)
     */
    void Update(TcpHostSocket* socket, const TcbKey& key);

    /**
     * @brief Take a socket out; nothing happens if it is not listed.
     * @param socket the socket
     */
    void Remove(const TcpHostSocket* socket);

    /**
     * @brief The socket an arriving segment belongs to, as ns-3's endpoint
     * lookup prefers it: the connection with the segment's exact 4-tuple,
     * else the listener bound to its destination address and port, else the
     * listener bound to any address and its port.
     *
     * @param key the segment's 4-tuple, seen from this host (destination first)
     * @return the socket, or nullptr when none is listed
     */
    TcpHostSocket* Find(const TcbKey& key) const;

    /**
     * @brief The socket listed under exactly this key (no fall-back to
     * listeners): whether a 4-tuple, or a listener's port, is taken
     * (LocalPortAllocator).
     *
     * @param key a 4-tuple, local end first (peer 0.0.0.0:0: a listener)
     * @return the socket, or nullptr when none is listed
     */
    TcpHostSocket* FindExact(const TcbKey& key) const;

    /// @return the number of sockets listed
    uint32_t GetSize() const;

    /**
     * @brief The local ports whose 4-tuple towards a destination is listed,
     * kept from now on (LocalPortAllocator passes over them without a lookup).
     * @param local the local address
     * @param peer the peer's address
     * @param peerPort the peer's port
     * @return the ports, one bit each
     */
    const PortOccupancy::Ports& PortsTowards(Ipv4Address local,
                                             Ipv4Address peer,
                                             uint16_t peerPort);

    /**
     * @param local a local address
     * @return the ports listed with it and peer 0.0.0.0:0 (listeners), or
     * nullptr if none ever was
     */
    const PortOccupancy::Ports* BoundPorts(Ipv4Address local) const;

  private:
    /// Socket by key: connections, and listeners with peer 0.0.0.0:0.
    std::unordered_map<TcbKey, TcpHostSocket*, TcbKeyHash> m_byKey;
    /// Each listed socket's key, so that it leaves in O(1).
    std::unordered_map<const TcpHostSocket*, TcbKey> m_keys;
    /// The ports m_byKey's keys hold, for LocalPortAllocator.
    PortOccupancy m_ports;
};

} // namespace ns3

#endif /* TCP_SOCKET_INDEX_H */
