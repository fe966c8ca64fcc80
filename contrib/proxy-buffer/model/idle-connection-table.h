/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef IDLE_CONNECTION_TABLE_H
#define IDLE_CONNECTION_TABLE_H

#include "ns3/ipv4-address.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <functional>
#include <list>
#include <unordered_map>

namespace ns3
{

/**
 * @ingroup proxy-buffer
 * @brief A TCP connection's identity: its addresses and ports.
 */
struct ConnectionKey
{
    Ipv4Address local;     //!< Local address
    uint16_t localPort{0}; //!< Local port
    Ipv4Address peer;      //!< Peer address
    uint16_t peerPort{0};  //!< Peer port

    /**
     * @brief Equal keys.
     * @param other the other key
     * @return whether all four parts are equal
     */
    bool operator==(const ConnectionKey& other) const;
};

/// Hash of a ConnectionKey (the four parts mixed).
struct ConnectionKeyHash
{
    /**
     * @brief Hash a key.
     * @param key the key
     * @return its hash
     */
    size_t operator()(const ConnectionKey& key) const;
};

/**
 * @ingroup proxy-buffer
 * @brief The idle persistent connections of the proxy paper (seed 004,
 * section 3.2 and its Figure 2): a hash table keyed by the connection's
 * addresses and ports, and a time scheduling list ordered by when each
 * connection became idle. Each hash entry points at its list node, so
 * that every operation is O(1): a connection that becomes idle goes to the
 * list's end; one that becomes active again, or is closed, leaves both;
 * the oldest idle one is at the front.
 */
class IdleConnectionTable
{
  public:
    /// One idle connection.
    struct Entry
    {
        ConnectionKey key; //!< Its identity
        Time since;        //!< When it became idle
    };

    /**
     * @brief A connection became idle: it goes to the end of the list.
     * @param key its identity
     * @param now the time
     * @return false if it was idle already (nothing changes)
     */
    bool Insert(const ConnectionKey& key, Time now);

    /**
     * @brief A connection became active again or was closed: it leaves.
     * @param key its identity
     * @return false if it was not idle
     */
    bool Remove(const ConnectionKey& key);

    /**
     * @brief Whether a connection is idle.
     * @param key its identity
     * @return true if it is in the table
     */
    bool Contains(const ConnectionKey& key) const;

    /**
     * @brief When a connection became idle.
     * @param key its identity (must be idle)
     * @return the time
     */
    Time IdleSince(const ConnectionKey& key) const;

    /// @return the connection idle the longest (the table must not be empty)
    const Entry& Oldest() const;

    /// @return the idle connections, oldest first
    const std::list<Entry>& InOrder() const;

    /// @return how many are idle
    size_t Size() const;

    /// @return whether none is idle
    bool Empty() const;

  private:
    std::list<Entry> m_list; //!< The time scheduling list, oldest first
    std::unordered_map<ConnectionKey, std::list<Entry>::iterator, ConnectionKeyHash>
        m_index; //!< The hash table: key -> its list node
};

} // namespace ns3

#endif /* IDLE_CONNECTION_TABLE_H */
