/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// TcpHostSocket: host reporting: the node's TcpHostModel told of this TCB's state and
// data, the node's TcpSocketIndex of its endpoint, and the input stage's direct
// delivery to this connection.

#include "tcp-host-model.h"
#include "tcp-host-socket.h"
#include "tcp-socket-index.h"
#include "time-wait-table.h"

#include "ns3/ipv4-end-point.h"
#include "ns3/ipv4-interface.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/tcp-header.h"
#include "ns3/tcp-rx-buffer.h"
#include "ns3/tcp-tx-buffer.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpHostSocketHost");

bool
TcpHostSocket::ForwardUpDirect(Ptr<Packet> packet,
                               const Ipv4Header& header,
                               const TcpHeader& h,
                               Ptr<Ipv4Interface> interface)
{
    if (!m_endPoint || !m_endPoint->IsRxEnabled() ||
        (m_endPoint->GetBoundNetDevice() &&
         m_endPoint->GetBoundNetDevice() != interface->GetDevice()))
    {
        return false;
    }
    if (m_endPoint->GetLocalPort() != h.GetDestinationPort())
    {
        return false;
    }
    if (m_endPoint->GetPeerAddress() == Ipv4Address::GetAny() && m_endPoint->GetPeerPort() == 0)
    {
        // A listener: bound to the segment's address or to any.
        if (m_endPoint->GetLocalAddress() != header.GetDestination() &&
            m_endPoint->GetLocalAddress() != Ipv4Address::GetAny())
        {
            return false;
        }
    }
    else if (m_endPoint->GetLocalAddress() != header.GetDestination() ||
             m_endPoint->GetPeerAddress() != header.GetSource() ||
             m_endPoint->GetPeerPort() != h.GetSourcePort())
    {
        return false; // a connection: the exact 4-tuple
    }
    m_endPoint->ForwardUp(packet, header, h.GetSourcePort(), interface);
    return true;
}

Ptr<TcpHostModel>
TcpHostSocket::HostModel()
{
    if (!m_hostModelLooked && m_node)
    {
        m_hostModel = m_node->GetObject<TcpHostModel>();
        m_hostModelLooked = true;
        m_memory = m_node->GetObject<SocketMemory>();
        m_sharedPool = m_hostModel && m_memory && m_memory->ChargesData();
        m_timeWaitTable = m_node->GetObject<TimeWaitTable>();
        m_socketIndex = m_node->GetObject<TcpSocketIndex>();
    }
    return m_hostModel;
}

Ptr<TimeWaitTable>
TcpHostSocket::TimeWaitRecords()
{
    HostModel(); // the node's objects are looked up together, once
    return m_timeWaitTable;
}

void
TcpHostSocket::ReportData()
{
    // Only a shared pool counts data (the hash update is not free); a
    // socket that has let its TCB go holds no data there any more.
    if (m_sharedPool && m_state != CLOSED && (m_endPoint != nullptr || m_endPoint6 != nullptr))
    {
        m_memory->SetData(this, m_txBuffer->Size() + m_tcb->m_rxBuffer->Size());
    }
}

void
TcpHostSocket::ReportToNode(TcpStates_t oldState, TcpStates_t newState)
{
    HostModel(); // the node's objects are looked up together, once
    if (newState == CLOSED || m_endPoint == nullptr)
    {
        ForgetInNode();
        return;
    }
    TcbKey key{m_endPoint->GetLocalAddress(),
               m_endPoint->GetLocalPort(),
               m_endPoint->GetPeerAddress(),
               m_endPoint->GetPeerPort()};
    if (m_socketIndex)
    {
        m_socketIndex->Update(this, key);
    }
    if (m_hostModel)
    {
        m_hostModel->UpdateTcb(this, key, newState);
    }
}

void
TcpHostSocket::ForgetInNode()
{
    if (m_socketIndex)
    {
        m_socketIndex->Remove(this);
    }
    if (m_hostModel)
    {
        m_hostModel->ForgetTcb(this);
    }
}

void
TcpHostSocket::NoteReleased()
{
    if (m_endPoint == nullptr && m_endPoint6 == nullptr && m_state != CLOSED)
    {
        m_state = CLOSED;
    }
    if (m_endPoint == nullptr && m_endPoint6 == nullptr)
    {
        ForgetInNode();
    }
}

} // namespace ns3
