/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "port-occupancy.h"

namespace ns3
{

bool
PortOccupancy::IsBound(const TcbKey& key)
{
    return key.peerAddress == Ipv4Address::GetAny() && key.peerPort == 0;
}

void
PortOccupancy::Set(const TcbKey& key, bool held)
{
    Ports* ports = nullptr;
    if (IsBound(key))
    {
        // Bound ports are few (a host's listeners): kept whether or not
        // anyone watches, so that Bound() never needs the owner's entries.
        ports = &m_bound[key.localAddress.Get()];
    }
    else if (!m_watched.empty())
    {
        auto it = m_watched.find({key.localAddress.Get(), key.peerAddress.Get(), key.peerPort});
        ports = it == m_watched.end() ? nullptr : &it->second;
    }
    if (ports)
    {
        ports->set(key.localPort, held);
    }
}

const PortOccupancy::Ports*
PortOccupancy::Bound(Ipv4Address local) const
{
    auto it = m_bound.find(local.Get());
    return it == m_bound.end() ? nullptr : &it->second;
}

void
PortOccupancy::Clear()
{
    m_watched.clear();
    m_bound.clear();
}

} // namespace ns3
