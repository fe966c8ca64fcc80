/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "round-trip-buffer-policy.h"

#include "ns3/simulator.h"
#include "ns3/tcp-buffer-control.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(RoundTripBufferPolicy);

TypeId
RoundTripBufferPolicy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RoundTripBufferPolicy")
            .SetParent<TcpBufferPolicy>()
            .SetGroupName("ProxyBuffer")
            .AddAttribute("InitialRtt",
                          "Round-trip time to count over before the socket has an RTT "
                          "sample.",
                          TimeValue(MilliSeconds(100)),
                          MakeTimeAccessor(&RoundTripBufferPolicy::m_initialRtt),
                          MakeTimeChecker(NanoSeconds(1)));
    return tid;
}

void
RoundTripBufferPolicy::StartRound()
{
    m_roundStart = Simulator::Now();
}

bool
RoundTripBufferPolicy::RoundOver(TcpBufferControl& socket) const
{
    Time rtt = socket.GetSmoothedRtt();
    return RoundLength() >= (rtt.IsStrictlyPositive() ? rtt : m_initialRtt);
}

Time
RoundTripBufferPolicy::RoundLength() const
{
    return Simulator::Now() - m_roundStart;
}

} // namespace ns3
