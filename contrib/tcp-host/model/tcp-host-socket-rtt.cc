/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// TcpHostSocket: RTT samples and the RTO's bounds. Karn's rule for a resent
// SYN or SYN+ACK (RFC 6298 section 3), the RTO after a handshake that gave
// no sample (section 5.7), and the RTO's upper bound (section 2.5). The
// guarantees are tcp-host.rst's "Retransmission timeout".

#include "tcp-host-socket.h"

#include "ns3/log.h"
#include "ns3/rtt-estimator.h"
#include "ns3/simulator.h"
#include "ns3/tcp-header.h"
#include "ns3/tcp-option-ts.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpHostSocketRtt");

void
TcpHostSocket::UpdateRttHistory(const SequenceNumber32& seq, uint32_t sz, bool isRetransmission)
{
    // A SYN (or SYN+ACK) is recorded with a count of 0, an empty range that
    // TcpSocketBase's search for the resent segment never matches: its
    // entry stayed unmarked, and without timestamps the handshake's sample
    // spanned every SYN timeout (an RTO of 10 s after one lost SYN, 279 s
    // after five). Mark it, so the handshake gives no sample.
    if (isRetransmission && sz == 0)
    {
        for (auto& entry : m_history)
        {
            if (entry.count == 0 && entry.seq == seq)
            {
                entry.retx = true;
                return;
            }
        }
    }
    TcpSocketBase::UpdateRttHistory(seq, sz, isRetransmission);
}

void
TcpHostSocket::EstimateRtt(const TcpHeader& tcpHeader)
{
    bool handshake = m_state == SYN_SENT || m_state == SYN_RCVD;
    if (m_state == SYN_SENT && m_timestampEnabled && tcpHeader.HasOption(TcpOption::TS) &&
        DynamicCast<const TcpOptionTS>(tcpHeader.GetOption(TcpOption::TS))->GetEcho() <
            m_synTsValue)
    {
        // The SYN+ACK answers an earlier SYN than our last: it waited at the
        // peer for the peer's own timer (or our later SYN was lost), and the
        // sample would span our SYN timeouts. Karn's rule (RFC 6298 section
        // 3): no sample from an ambiguous exchange.
        NS_LOG_LOGIC("SYN+ACK echoes an earlier SYN: no RTT sample");
    }
    else
    {
        TcpSocketBase::EstimateRtt(tcpHeader);
    }
    if (handshake && m_rtt->GetNSamples() == 0 && m_synCount + 1 < m_synRetries)
    {
        FallBackRto();
    }
    BoundRto();
}

void
TcpHostSocket::FallBackRto()
{
    // RFC 6298 section 5.7: after a SYN timeout, an RTO below 3 s becomes
    // 3 s once data moves, until the first sample (Linux's
    // TCP_TIMEOUT_FALLBACK in tcp_init_metrics). The estimator is what
    // TcpSocketBase recomputes the RTO from on every new ACK: start it
    // there; its first sample replaces it (RFC 6298 section 2.2).
    if (!m_synTimeoutRto.IsStrictlyPositive() || m_rtt->GetEstimate() >= m_synTimeoutRto)
    {
        return;
    }
    NS_LOG_LOGIC("handshake without an RTT sample after a resent SYN: RTO "
                 << m_synTimeoutRto.As(Time::S));
    m_rtt->SetAttribute("InitialEstimation", TimeValue(m_synTimeoutRto));
    m_rtt->Reset();
    m_rto = std::max(m_synTimeoutRto, m_minRto);
}

void
TcpHostSocket::BoundRto()
{
    // RFC 6298 section 2.5: a maximum of at least 60 s. TcpSocketBase bounds
    // its backoff (60 s) but not the RTO it computes from samples, which a
    // sample across a long outage takes to hundreds of seconds.
    if (!m_maxRto.IsStrictlyPositive() || m_rto.Get() <= m_maxRto)
    {
        return;
    }
    NS_LOG_LOGIC("RTO " << m_rto.Get().As(Time::S) << " bounded to " << m_maxRto.As(Time::S));
    m_rto = m_maxRto;
    if (m_retxEvent.IsPending() && Simulator::GetDelayLeft(m_retxEvent) > m_maxRto)
    {
        m_retxEvent.Cancel();
        m_retxEvent = Simulator::Schedule(m_maxRto, &TcpHostSocket::ReTxTimeout, this);
    }
}

} // namespace ns3
