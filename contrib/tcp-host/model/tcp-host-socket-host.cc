/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// TcpHostSocket: host reporting, translated: this TCB's state, endpoint and data
// handed to its TcpNodeReporter; and the input stage's direct delivery to this
// connection.

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

Ptr<TimeWaitTable>
TcpHostSocket::TimeWaitRecords()
{
    return m_reporter.GetTimeWaitTable(m_node);
}

void
TcpHostSocket::ReportData()
{
    // A socket that has let its TCB go holds no data there any more.
    if (m_state != CLOSED && (m_endPoint != nullptr || m_endPoint6 != nullptr))
    {
        m_reporter.ReportData(this, m_txBuffer->Size() + m_tcb->m_rxBuffer->Size());
    }
}

void
TcpHostSocket::ReportToNode(TcpStates_t oldState, TcpStates_t newState)
{
    m_reporter.LookUp(m_node);
    if (newState == CLOSED || m_endPoint == nullptr)
    {
        ForgetInNode();
        return;
    }
    m_reporter.Report(this,
                      TcbKey{m_endPoint->GetLocalAddress(),
                             m_endPoint->GetLocalPort(),
                             m_endPoint->GetPeerAddress(),
                             m_endPoint->GetPeerPort()},
                      newState);
}

void
TcpHostSocket::ForgetInNode()
{
    m_reporter.Forget(this);
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
