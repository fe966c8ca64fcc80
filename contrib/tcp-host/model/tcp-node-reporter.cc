/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-node-reporter.h"

#include "socket-memory.h"
#include "tcp-host-model.h"
#include "tcp-socket-index.h"
#include "time-wait-table.h"

#include "ns3/log.h"
#include "ns3/node.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpNodeReporter");

void
TcpNodeReporter::LookUp(Ptr<Node> node)
{
    if (m_looked || !node)
    {
        return;
    }
    m_looked = true;
    m_hostModel = node->GetObject<TcpHostModel>();
    m_memory = node->GetObject<SocketMemory>();
    m_sharedPool = m_hostModel && m_memory && m_memory->ChargesData();
    m_timeWaitTable = node->GetObject<TimeWaitTable>();
    m_socketIndex = node->GetObject<TcpSocketIndex>();
}

Ptr<TimeWaitTable>
TcpNodeReporter::GetTimeWaitTable(Ptr<Node> node)
{
    LookUp(node);
    return m_timeWaitTable;
}

Ptr<SocketMemory>
TcpNodeReporter::GetSharedPool() const
{
    return m_sharedPool ? m_memory : nullptr;
}

void
TcpNodeReporter::Report(TcpHostSocket* socket, const TcbKey& key, TcpSocket::TcpStates_t state)
{
    if (m_socketIndex)
    {
        m_socketIndex->Update(socket, key);
    }
    if (m_hostModel)
    {
        m_hostModel->UpdateTcb(socket, key, state);
    }
}

void
TcpNodeReporter::Forget(const TcpHostSocket* socket)
{
    if (m_socketIndex)
    {
        m_socketIndex->Remove(socket);
    }
    if (m_hostModel)
    {
        m_hostModel->ForgetTcb(socket);
    }
}

void
TcpNodeReporter::ReportData(const TcpHostSocket* socket, uint32_t bytes)
{
    // Only a shared pool counts data (the hash update is not free).
    if (m_sharedPool)
    {
        m_memory->SetData(socket, bytes);
    }
}

void
TcpNodeReporter::Dispose()
{
    m_hostModel = nullptr;
    m_socketIndex = nullptr;
    m_timeWaitTable = nullptr;
}

} // namespace ns3
