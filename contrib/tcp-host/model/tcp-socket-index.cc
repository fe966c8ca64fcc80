/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-socket-index.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpSocketIndex");

NS_OBJECT_ENSURE_REGISTERED(TcpSocketIndex);

TypeId
TcpSocketIndex::GetTypeId()
{
    static TypeId tid = TypeId("ns3::TcpSocketIndex")
                            .SetParent<Object>()
                            .SetGroupName("TcpHost")
                            .AddConstructor<TcpSocketIndex>();
    return tid;
}

TcpSocketIndex::TcpSocketIndex()
{
    NS_LOG_FUNCTION(this);
}

TcpSocketIndex::~TcpSocketIndex()
{
    NS_LOG_FUNCTION(this);
}

void
TcpSocketIndex::Update(TcpHostSocket* socket, const TcbKey& key)
{
    auto it = m_keys.find(socket);
    if (it != m_keys.end() && !(it->second == key))
    {
        Remove(socket); // the endpoint changed (bind, then connect)
    }
    NS_LOG_LOGIC("listing " << socket << " as " << key.localAddress << ":" << key.localPort
                            << " <- " << key.peerAddress << ":" << key.peerPort);
    m_keys[socket] = key;
    m_byKey[key] = socket;
    m_ports.Set(key, true);
}

void
TcpSocketIndex::Remove(const TcpHostSocket* socket)
{
    auto it = m_keys.find(socket);
    if (it == m_keys.end())
    {
        return;
    }
    auto k = m_byKey.find(it->second);
    if (k != m_byKey.end() && k->second == socket)
    {
        m_byKey.erase(k); // only if no later socket took the key over
        m_ports.Set(it->second, false);
    }
    m_keys.erase(it);
}

TcpHostSocket*
TcpSocketIndex::Find(const TcbKey& key) const
{
    for (const TcbKey& probe :
         {key,
          TcbKey{key.localAddress, key.localPort, Ipv4Address::GetAny(), 0},
          TcbKey{Ipv4Address::GetAny(), key.localPort, Ipv4Address::GetAny(), 0}})
    {
        auto it = m_byKey.find(probe);
        if (it != m_byKey.end())
        {
            return it->second;
        }
    }
    return nullptr;
}

TcpHostSocket*
TcpSocketIndex::FindExact(const TcbKey& key) const
{
    auto it = m_byKey.find(key);
    return it == m_byKey.end() ? nullptr : it->second;
}

uint32_t
TcpSocketIndex::GetSize() const
{
    return m_keys.size();
}

const PortOccupancy::Ports&
TcpSocketIndex::PortsTowards(Ipv4Address local, Ipv4Address peer, uint16_t peerPort)
{
    return m_ports.Watch(local, peer, peerPort, m_byKey);
}

const PortOccupancy::Ports*
TcpSocketIndex::BoundPorts(Ipv4Address local) const
{
    return m_ports.Bound(local);
}

} // namespace ns3
