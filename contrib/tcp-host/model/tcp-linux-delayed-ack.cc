/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-linux-delayed-ack.h"

#include "ns3/node.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(TcpLinuxDelayedAck);

TypeId
TcpLinuxDelayedAck::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TcpLinuxDelayedAck")
            .SetParent<TcpDelayedAckPolicy>()
            .SetGroupName("TcpHost")
            .AddConstructor<TcpLinuxDelayedAck>()
            .AddAttribute("QuickAcks",
                          "Most data segments acknowledged at once at the start of a "
                          "connection (Linux TCP_MAX_QUICKACKS).",
                          UintegerValue(16),
                          MakeUintegerAccessor(&TcpLinuxDelayedAck::m_quickAcks),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("AckTimeout",
                          "Delay of a deferred ACK (Linux TCP_ATO_MIN).",
                          TimeValue(MilliSeconds(40)),
                          MakeTimeAccessor(&TcpLinuxDelayedAck::m_ackTimeout),
                          MakeTimeChecker(NanoSeconds(1)));
    return tid;
}

std::string
TcpLinuxDelayedAck::GetName() const
{
    return "TcpLinuxDelayedAck";
}

bool
TcpLinuxDelayedAck::DecidesAcks() const
{
    return true;
}

TcpDelayedAckPolicy::Verdict
TcpLinuxDelayedAck::OnSegment(const TcpAckState& state)
{
    uint32_t quick = std::min<uint32_t>(m_quickAcks, state.bufferSize / (2 * state.mss));
    if (state.segments <= quick || state.unacked + state.bytes > state.mss)
    {
        return Verdict::ACK_NOW;
    }
    return Verdict::DEFER;
}

bool
TcpLinuxDelayedAck::OnRead(const TcpAckState& state)
{
    // tcp_cleanup_rbuf(): window_clamp is the buffer; the update is sent
    // only if the window grows at least twofold from at most half of it.
    // The window it would advertise is __tcp_select_window()'s: with less
    // than half the space free, nothing below one MSS (at most the space)
    // or a sixteenth of it (silly window avoidance): such a window counts
    // as still closed.
    uint64_t left = state.windowLeft;
    uint32_t smallest = std::max(std::min(state.mss, state.bufferSize), state.bufferSize / 16);
    bool offered = state.windowNow >= state.bufferSize / 2 || state.windowNow >= smallest;
    uint64_t now = offered ? state.windowNow : 0;
    return 2 * left <= state.bufferSize && now > 0 && now >= 2 * left;
}

Time
TcpLinuxDelayedAck::GetDelay(Ptr<Node> /* node */, Time /* now */, Time /* standard */)
{
    return m_ackTimeout;
}

Ptr<TcpDelayedAckPolicy>
TcpLinuxDelayedAck::Fork() const
{
    return CopyObject<TcpLinuxDelayedAck>(this);
}

} // namespace ns3
