/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-close-machine.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpCloseMachine");

const char*
TcpCloseMachine::PhaseName(Phase phase)
{
    switch (phase)
    {
    case PHASE_NONE:
        return "NONE";
    case PASSIVE_RST_LAST_ACK:
        return "PASSIVE_RST_LAST_ACK";
    case PASSIVE_RST_TIME_WAIT:
        return "PASSIVE_RST_TIME_WAIT";
    case ACTIVE_RST_ACCEPTED:
        return "ACTIVE_RST_ACCEPTED";
    case ACTIVE_RST_IGNORED:
        return "ACTIVE_RST_IGNORED";
    case PASSIVE_TIME_WAIT:
        return "PASSIVE_TIME_WAIT";
    case ACTIVE_NO_TIME_WAIT:
        return "ACTIVE_NO_TIME_WAIT";
    }
    return "UNKNOWN";
}

TcpCloseMachine::TcpCloseMachine()
    : TcpCloseMachine(CreateObject<TcpClosePolicy>())
{
}

TcpCloseMachine::TcpCloseMachine(Ptr<TcpClosePolicy> policy)
    : m_policy(policy)
{
}

TcpCloseMachine
TcpCloseMachine::ForkOf(const TcpCloseMachine& listener)
{
    TcpCloseMachine child(listener.m_policy->Fork());
    child.m_finWait2Timeout = listener.m_finWait2Timeout;
    return child;
}

void
TcpCloseMachine::SetPolicy(Ptr<TcpClosePolicy> policy)
{
    NS_ABORT_MSG_IF(!policy, "TcpCloseMachine::SetPolicy: null policy");
    m_policy = policy;
}

Ptr<TcpClosePolicy>
TcpCloseMachine::GetPolicy() const
{
    return m_policy;
}

void
TcpCloseMachine::SetPhaseCallback(PhaseCallback changed)
{
    m_phaseChanged = changed;
}

void
TcpCloseMachine::SetFinWait2Callback(Callback<void> expired)
{
    m_finWait2Expired = expired;
}

TcpCloseMachine::Phase
TcpCloseMachine::GetPhase() const
{
    return m_phase;
}

void
TcpCloseMachine::SetPhase(Phase phase)
{
    if (phase == m_phase)
    {
        return;
    }
    NS_LOG_DEBUG(PhaseName(m_phase) << " -> " << PhaseName(phase));
    Phase old = m_phase;
    m_phase = phase;
    if (!m_phaseChanged.IsNull())
    {
        m_phaseChanged(old, phase);
    }
}

bool
TcpCloseMachine::KeepsTimeWaitAsPassiveCloser() const
{
    return m_policy->GetPassiveEnd() == TcpClosePolicy::PASSIVE_TIME_WAIT;
}

void
TcpCloseMachine::NoteCloseCalled()
{
    m_closeCalled = true;
}

bool
TcpCloseMachine::CloseCalled() const
{
    return m_closeCalled;
}

void
TcpCloseMachine::SetCloseDeferred(bool deferred)
{
    m_closeDeferred = deferred;
}

bool
TcpCloseMachine::CloseDeferred() const
{
    return m_closeDeferred;
}

bool
TcpCloseMachine::FinKnown() const
{
    return m_finKnown;
}

SequenceNumber32
TcpCloseMachine::FinSequence(SequenceNumber32 txTail) const
{
    return m_finKnown ? m_finSequence : txTail;
}

bool
TcpCloseMachine::FinAcked(SequenceNumber32 txHead) const
{
    return m_finKnown && txHead > m_finSequence;
}

void
TcpCloseMachine::NewAck()
{
    m_finBackoff = 0;
}

void
TcpCloseMachine::FinRetransmitted()
{
    ++m_finBackoff;
    NS_LOG_LOGIC("FIN sent again, backoff " << m_finBackoff);
}

Time
TcpCloseMachine::FinRto(Time rto) const
{
    return std::min(rto * (1 << std::min(m_finBackoff, 16U)), Seconds(60));
}

void
TcpCloseMachine::SetFinWait2Timeout(Time timeout)
{
    m_finWait2Timeout = timeout;
}

Time
TcpCloseMachine::GetFinWait2Timeout() const
{
    return m_finWait2Timeout;
}

void
TcpCloseMachine::PeerAlive()
{
    if (m_finWait2Event.IsPending())
    {
        m_finWait2Event.Cancel();
        ArmFinWait2();
    }
}

Time
TcpCloseMachine::GetTimeWaitEntered() const
{
    return m_timeWaitEntered;
}

bool
TcpCloseMachine::StateChanged(TcpSocket::TcpStates_t oldState,
                              TcpSocket::TcpStates_t newState,
                              SequenceNumber32 txTail)
{
    // The base class moves CLOSE_WAIT -> LAST_ACK on the application's close,
    // whether at once or after the send buffer drained: that is where a swap
    // close becomes LAST_ACK_SWAP.
    if (oldState == TcpSocket::CLOSE_WAIT && newState == TcpSocket::LAST_ACK &&
        m_policy->GetPassiveEnd() == TcpClosePolicy::PASSIVE_RST_TIME_WAIT)
    {
        SetPhase(PASSIVE_RST_LAST_ACK);
    }
    if ((newState == TcpSocket::FIN_WAIT_1 || newState == TcpSocket::LAST_ACK) && !m_finKnown)
    {
        m_finSequence = txTail;
        m_finKnown = true;
    }
    if (newState == TcpSocket::FIN_WAIT_2)
    {
        ArmFinWait2();
    }
    else if (oldState == TcpSocket::FIN_WAIT_2 || newState == TcpSocket::CLOSED)
    {
        m_finWait2Event.Cancel();
    }
    if (newState != TcpSocket::TIME_WAIT)
    {
        return false;
    }
    m_timeWaitEntered = Simulator::Now(); // tcp_tw_reuse_delay counts from here
    if (m_policy->KeepsTimeWaitAfterActiveClose())
    {
        return false;
    }
    // The peer keeps TIME_WAIT (it agreed to): leave it at once.
    SetPhase(ACTIVE_NO_TIME_WAIT);
    return true;
}

void
TcpCloseMachine::Stop()
{
    m_finWait2Event.Cancel();
}

void
TcpCloseMachine::ArmFinWait2()
{
    // Only once the application has closed (Linux's orphaned socket): after
    // ShutdownSend() it may still be reading, and the peer still sending.
    if (m_closeCalled && m_finWait2Timeout.IsStrictlyPositive())
    {
        m_finWait2Event =
            Simulator::Schedule(m_finWait2Timeout, &TcpCloseMachine::FinWait2Expired, this);
    }
}

void
TcpCloseMachine::FinWait2Expired()
{
    NS_LOG_INFO("no FIN from the peer in " << m_finWait2Timeout.As(Time::S) << " of FIN_WAIT_2");
    if (!m_finWait2Expired.IsNull())
    {
        m_finWait2Expired();
    }
}

} // namespace ns3
