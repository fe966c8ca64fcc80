/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcb-list.h"

#include "ns3/abort.h"

#include <algorithm>
#include <functional>

namespace ns3
{

bool
TcbKey::operator==(const TcbKey& o) const
{
    return localAddress == o.localAddress && localPort == o.localPort &&
           peerAddress == o.peerAddress && peerPort == o.peerPort;
}

size_t
TcbKeyHash::operator()(const TcbKey& k) const
{
    uint64_t a = (static_cast<uint64_t>(k.localAddress.Get()) << 32) | k.peerAddress.Get();
    uint64_t b = (static_cast<uint64_t>(k.localPort) << 16) | k.peerPort;
    return std::hash<uint64_t>()(a * 0x9E3779B97F4A7C15ULL ^ b);
}

// ---------------------------------------------------------------- OrderIndex

void
TcbList::OrderIndex::Add(uint32_t* owner)
{
    if (m_owners.size() == m_tree.size() && !m_tree.empty() && m_size * 2 < m_owners.size())
    {
        Rebuild(); // many freed slots: renumber instead of growing
    }
    if (m_owners.size() == m_tree.size())
    {
        m_tree.resize(std::max<size_t>(64, m_tree.size() * 2));
        // A Fenwick tree cannot grow in place: rebuild it over the new size.
        Rebuild();
    }
    uint32_t slot = m_owners.size();
    m_owners.push_back(owner);
    *owner = slot;
    Bump(slot, +1);
    ++m_size;
}

void
TcbList::OrderIndex::Remove(uint32_t slot)
{
    NS_ABORT_MSG_IF(slot >= m_owners.size() || m_owners[slot] == nullptr,
                    "TcbList: removing a free slot");
    m_owners[slot] = nullptr;
    Bump(slot, -1);
    --m_size;
}

uint32_t
TcbList::OrderIndex::CountAfter(uint32_t slot) const
{
    return m_size - Prefix(slot + 1);
}

uint32_t
TcbList::OrderIndex::CountBefore(uint32_t slot) const
{
    return Prefix(slot);
}

uint32_t
TcbList::OrderIndex::GetSize() const
{
    return m_size;
}

uint32_t
TcbList::OrderIndex::Prefix(uint32_t n) const
{
    int32_t sum = 0;
    for (uint32_t i = n; i > 0; i -= i & (~i + 1))
    {
        sum += m_tree[i - 1];
    }
    return static_cast<uint32_t>(sum);
}

void
TcbList::OrderIndex::Bump(uint32_t slot, int32_t delta)
{
    for (uint32_t i = slot + 1; i <= m_tree.size(); i += i & (~i + 1))
    {
        m_tree[i - 1] += delta;
    }
}

void
TcbList::OrderIndex::Rebuild()
{
    std::vector<uint32_t*> present;
    present.reserve(m_size);
    for (auto* owner : m_owners)
    {
        if (owner)
        {
            present.push_back(owner);
        }
    }
    m_owners.clear();
    std::fill(m_tree.begin(), m_tree.end(), 0);
    m_size = 0;
    for (auto* owner : present)
    {
        uint32_t slot = m_owners.size();
        m_owners.push_back(owner);
        *owner = slot;
        Bump(slot, +1);
        ++m_size;
    }
}

// ------------------------------------------------------------------- TcbList

TcbList::TcbList(Discipline discipline, uint32_t hashBuckets)
    : m_discipline(discipline),
      m_buckets(hashBuckets)
{
    NS_ABORT_MSG_IF(hashBuckets == 0, "TcbList: HashBuckets must be at least 1");
    if (m_discipline == HASHED)
    {
        m_chains.resize(m_buckets);
    }
}

void
TcbList::Update(const void* id, const TcbKey& key, bool timeWait)
{
    auto it = m_entries.find(id);
    if (it != m_entries.end() && !(it->second.key == key))
    {
        Remove(id); // the endpoint changed (e.g. bind then connect): re-add
        it = m_entries.end();
    }
    if (it == m_entries.end())
    {
        Entry& e = m_entries[id];
        e.key = key;
        e.listener = (key.peerPort == 0 && key.peerAddress == Ipv4Address::GetAny());
        e.bucket = TcbKeyHash()(key) % m_buckets;
        m_all.Add(&e.allSlot);
        if (e.listener)
        {
            ++m_listeners;
        }
        else
        {
            m_byKey[key] = id;
            if (m_discipline == HASHED)
            {
                m_chains[e.bucket].push_front(id);
            }
        }
        e.timeWait = timeWait;
        if (timeWait)
        {
            m_timeWait.Add(&e.twSlot);
        }
        else
        {
            m_live.Add(&e.liveSlot);
        }
        return;
    }
    Entry& e = it->second;
    if (e.timeWait == timeWait)
    {
        return;
    }
    if (timeWait)
    {
        m_live.Remove(e.liveSlot);
        m_timeWait.Add(&e.twSlot); // BSDI: moves to the tail
    }
    else
    {
        m_timeWait.Remove(e.twSlot);
        m_live.Add(&e.liveSlot);
    }
    e.timeWait = timeWait;
}

void
TcbList::Remove(const void* id)
{
    auto it = m_entries.find(id);
    if (it == m_entries.end())
    {
        return;
    }
    Entry& e = it->second;
    m_all.Remove(e.allSlot);
    if (e.timeWait)
    {
        m_timeWait.Remove(e.twSlot);
    }
    else
    {
        m_live.Remove(e.liveSlot);
    }
    if (e.listener)
    {
        --m_listeners;
    }
    else
    {
        auto k = m_byKey.find(e.key);
        if (k != m_byKey.end() && k->second == id)
        {
            m_byKey.erase(k);
        }
        if (m_discipline == HASHED)
        {
            m_chains[e.bucket].remove(id);
        }
    }
    m_entries.erase(it);
}

bool
TcbList::Contains(const void* id) const
{
    return m_entries.count(id) != 0;
}

const TcbList::Entry*
TcbList::FindExact(const TcbKey& key) const
{
    auto k = m_byKey.find(key);
    if (k == m_byKey.end())
    {
        return nullptr;
    }
    return &m_entries.at(k->second);
}

uint32_t
TcbList::ChainPosition(const void* id, uint32_t bucket) const
{
    uint32_t position = 1;
    for (const void* other : m_chains[bucket])
    {
        if (other == id)
        {
            return position;
        }
        ++position;
    }
    return position;
}

uint32_t
TcbList::VisitedOnMiss(uint32_t bucket) const
{
    switch (m_discipline)
    {
    case LINEAR_HEAD_INSERT:
        return m_all.GetSize();
    case TIME_WAIT_AT_TAIL:
        return m_live.GetSize() + (m_timeWait.GetSize() > 0 ? 1 : 0);
    case HASHED:
        return m_chains[bucket].size() + (m_listeners > 0 ? 1 : 0);
    }
    return m_all.GetSize();
}

uint32_t
TcbList::Visited(Ipv4Address local, uint16_t localPort, Ipv4Address peer, uint16_t peerPort) const
{
    TcbKey key{local, localPort, peer, peerPort};
    const Entry* e = FindExact(key);
    if (e == nullptr)
    {
        return VisitedOnMiss(TcbKeyHash()(key) % m_buckets);
    }
    switch (m_discipline)
    {
    case LINEAR_HEAD_INSERT:
        return m_all.CountAfter(e->allSlot) + 1;
    case TIME_WAIT_AT_TAIL:
        if (e->timeWait)
        {
            return m_live.GetSize() + m_timeWait.CountBefore(e->twSlot) + 1;
        }
        return m_live.CountAfter(e->liveSlot) + 1;
    case HASHED:
        return ChainPosition(m_byKey.at(key), e->bucket);
    }
    return 0;
}

bool
TcbList::HasConnection(const TcbKey& key) const
{
    return m_byKey.count(key) != 0;
}

uint32_t
TcbList::GetSize() const
{
    return m_entries.size();
}

uint32_t
TcbList::GetTimeWaitCount() const
{
    return m_timeWait.GetSize();
}

TcbList::Discipline
TcbList::GetDiscipline() const
{
    return m_discipline;
}

} // namespace ns3
