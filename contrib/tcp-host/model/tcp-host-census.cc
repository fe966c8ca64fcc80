/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-host-census.h"

#include "socket-memory.h"
#include "tcp-host-model.h"
#include "tcp-host-socket.h"
#include "tcp-listen-queue.h"
#include "time-wait-table.h"

#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/object-vector.h"
#include "ns3/tcp-l4-protocol.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpHostCensus");

TcpHostCensus
TcpHostCensus::Take(Ptr<Node> node)
{
    TcpHostCensus census;
    if (!node)
    {
        return census;
    }
    census.ReadAggregate(node);
    if (Ptr<TcpL4Protocol> tcp = node->GetObject<TcpL4Protocol>())
    {
        ObjectVectorValue sockets;
        tcp->GetAttribute("SocketList", sockets);
        census.m_sockets = sockets.GetN();
        for (auto it = sockets.Begin(); it != sockets.End(); ++it)
        {
            Ptr<TcpHostSocket> socket = DynamicCast<TcpHostSocket>(it->second);
            if (!socket || socket->GetState() != TcpSocket::LISTEN)
            {
                continue;
            }
            ++census.m_listeners;
            if (Ptr<TcpListenQueue> queue = socket->GetListenQueue())
            {
                census.m_synQueue += queue->GetSynQueueLength();
                census.m_acceptQueue += queue->GetAcceptQueueLength();
                census.m_listenDrops += queue->GetCounters().listenDrops;
            }
        }
    }
    NS_LOG_LOGIC("node " << census.m_nodeId << ": TIME_WAIT " << census.m_timeWaitTcbs << " TCBs + "
                         << census.m_timeWaitRecords << " records, " << census.m_listeners
                         << " listeners, " << census.m_sockets << " sockets");
    return census;
}

uint32_t
TcpHostCensus::TimeWaitAt(Ptr<Node> node)
{
    TcpHostCensus census;
    if (node)
    {
        census.ReadAggregate(node);
    }
    return census.GetTimeWait();
}

void
TcpHostCensus::ReadAggregate(Ptr<Node> node)
{
    m_nodeId = node->GetId();
    if (Ptr<TcpHostModel> host = node->GetObject<TcpHostModel>())
    {
        m_hasHostModel = true;
        m_timeWaitTcbs = host->GetTcbCount(TcpSocket::TIME_WAIT);
        m_tcbs = host->GetTcbCount();
    }
    if (Ptr<TimeWaitTable> table = node->GetObject<TimeWaitTable>())
    {
        m_hasTimeWaitTable = true;
        m_timeWaitRecords = table->GetCount();
        m_timeWaitOverflows = table->GetOverflows();
    }
    if (Ptr<SocketMemory> memory = node->GetObject<SocketMemory>())
    {
        m_hasSocketMemory = true;
        m_memoryInUse = memory->GetUse();
    }
}

uint32_t
TcpHostCensus::GetNodeId() const
{
    return m_nodeId;
}

uint32_t
TcpHostCensus::GetTimeWait() const
{
    return m_timeWaitTcbs + m_timeWaitRecords;
}

uint32_t
TcpHostCensus::GetTimeWaitTcbs() const
{
    return m_timeWaitTcbs;
}

uint32_t
TcpHostCensus::GetTimeWaitRecords() const
{
    return m_timeWaitRecords;
}

uint32_t
TcpHostCensus::GetListeners() const
{
    return m_listeners;
}

uint32_t
TcpHostCensus::GetSynQueue() const
{
    return m_synQueue;
}

uint32_t
TcpHostCensus::GetAcceptQueue() const
{
    return m_acceptQueue;
}

uint64_t
TcpHostCensus::GetListenDrops() const
{
    return m_listenDrops;
}

uint64_t
TcpHostCensus::GetTimeWaitOverflows() const
{
    return m_timeWaitOverflows;
}

uint32_t
TcpHostCensus::GetSockets() const
{
    return m_sockets;
}

uint32_t
TcpHostCensus::GetTcbs() const
{
    return m_tcbs;
}

uint64_t
TcpHostCensus::GetMemoryInUse() const
{
    return m_memoryInUse;
}

bool
TcpHostCensus::HasHostModel() const
{
    return m_hasHostModel;
}

bool
TcpHostCensus::HasTimeWaitTable() const
{
    return m_hasTimeWaitTable;
}

bool
TcpHostCensus::HasSocketMemory() const
{
    return m_hasSocketMemory;
}

} // namespace ns3
