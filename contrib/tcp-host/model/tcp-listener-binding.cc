/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-listener-binding.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpListenerBinding");

void
TcpListenerBinding::SetQueue(Ptr<TcpListenQueue> queue)
{
    m_queue = queue;
}

Ptr<TcpListenQueue>
TcpListenerBinding::GetQueue() const
{
    return m_queue;
}

TcpListenQueue::SynVerdict
TcpListenerBinding::OnSyn(bool reopensTimeWait)
{
    TcpListenQueue::SynVerdict verdict = m_queue->OnSyn(reopensTimeWait);
    if (verdict != TcpListenQueue::SYN_DROP)
    {
        m_forkCookie = verdict == TcpListenQueue::SYN_COOKIE; // Fork() hands it to the child
    }
    return verdict;
}

TcpListenerBinding
TcpListenerBinding::Fork()
{
    TcpListenerBinding child;
    if (m_queue)
    {
        m_queue->Admitted(m_forkCookie); // the SYN queue counts it from now
    }
    child.m_parent = m_queue;
    child.m_synCookie = m_forkCookie;
    return child;
}

Ptr<TcpListenQueue>
TcpListenerBinding::GetParent() const
{
    return m_parent;
}

bool
TcpListenerBinding::HasCookie() const
{
    return m_synCookie;
}

TcpListenQueue::AckVerdict
TcpListenerBinding::OnHandshakeAck(bool carriesData, uint32_t synAckTimeouts)
{
    TcpListenQueue::AckVerdict verdict = m_parent->OnHandshakeAck(carriesData, synAckTimeouts);
    if (verdict == TcpListenQueue::ACK_DEFER)
    {
        m_deferredAck = true; // SYN+ACKs only from the deferring period's end
    }
    return verdict;
}

bool
TcpListenerBinding::ResendsSynAck(uint32_t synAckTimeouts) const
{
    return !m_parent || !m_deferredAck || m_parent->ResendsSynAck(true, synAckTimeouts);
}

void
TcpListenerBinding::StateChanged(TcpSocket::TcpStates_t oldState,
                                 TcpSocket::TcpStates_t newState,
                                 Ptr<Socket> self)
{
    if (!m_parent)
    {
        return;
    }
    if (oldState == TcpSocket::SYN_RCVD)
    {
        NS_LOG_LOGIC("left the SYN queue" << (m_synCookie ? " (a cookie)" : ""));
        m_parent->LeftSynQueue(m_synCookie);
    }
    if (newState == TcpSocket::CLOSED)
    {
        m_parent->Forget(self);
        m_parent = nullptr;
    }
}

void
TcpListenerBinding::Dispose()
{
    if (m_queue)
    {
        m_queue->SetDeliverCallback(Callback<void, Ptr<Socket>, const Address&>());
        m_queue = nullptr;
    }
    m_parent = nullptr;
}

} // namespace ns3
