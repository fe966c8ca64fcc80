/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "idle-connection-table.h"

#include "ns3/abort.h"

namespace ns3
{

bool
ConnectionKey::operator==(const ConnectionKey& other) const
{
    return local == other.local && localPort == other.localPort && peer == other.peer &&
           peerPort == other.peerPort;
}

size_t
ConnectionKeyHash::operator()(const ConnectionKey& key) const
{
    // Mix the two addresses and the two ports into 64 bits, then spread
    // them (splitmix64's finaliser), so that keys differing in one port land
    // far apart.
    uint64_t x = (uint64_t(key.local.Get()) << 32 | key.peer.Get()) ^
                 (uint64_t(key.localPort) << 48 | uint64_t(key.peerPort) << 16);
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return size_t(x);
}

bool
IdleConnectionTable::Insert(const ConnectionKey& key, Time now)
{
    if (m_index.count(key))
    {
        return false;
    }
    m_list.push_back(Entry{key, now});
    m_index.emplace(key, std::prev(m_list.end()));
    return true;
}

bool
IdleConnectionTable::Remove(const ConnectionKey& key)
{
    auto it = m_index.find(key);
    if (it == m_index.end())
    {
        return false;
    }
    m_list.erase(it->second);
    m_index.erase(it);
    return true;
}

bool
IdleConnectionTable::Contains(const ConnectionKey& key) const
{
    return m_index.count(key) > 0;
}

Time
IdleConnectionTable::IdleSince(const ConnectionKey& key) const
{
    auto it = m_index.find(key);
    NS_ABORT_MSG_IF(it == m_index.end(), "IdleConnectionTable::IdleSince: not idle");
    return it->second->since;
}

const IdleConnectionTable::Entry&
IdleConnectionTable::Oldest() const
{
    NS_ABORT_MSG_IF(m_list.empty(), "IdleConnectionTable::Oldest: no idle connection");
    return m_list.front();
}

const std::list<IdleConnectionTable::Entry>&
IdleConnectionTable::InOrder() const
{
    return m_list;
}

size_t
IdleConnectionTable::Size() const
{
    return m_list.size();
}

bool
IdleConnectionTable::Empty() const
{
    return m_list.empty();
}

} // namespace ns3
