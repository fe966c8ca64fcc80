/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-delayed-ack-clock.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/pointer.h"
#include "ns3/string.h"

#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpDelayedAckClock");

NS_OBJECT_ENSURE_REGISTERED(TcpDelayedAckClock);

TypeId
TcpDelayedAckClock::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TcpDelayedAckClock")
            .SetParent<Object>()
            .SetGroupName("TcpHost")
            .AddConstructor<TcpDelayedAckClock>()
            .AddAttribute("TickInterval",
                          "Time between two ticks (4.4BSD: 200 ms, PR_FASTHZ = 5).",
                          TimeValue(MilliSeconds(200)),
                          MakeTimeAccessor(&TcpDelayedAckClock::m_interval),
                          MakeTimeChecker(NanoSeconds(1)))
            .AddAttribute("BootPhase",
                          "Time of the first tick after the simulation starts, seconds, "
                          "taken modulo TickInterval (drawn once, when first needed).",
                          StringValue("ns3::UniformRandomVariable[Min=0.0|Max=0.2]"),
                          MakePointerAccessor(&TcpDelayedAckClock::m_boot),
                          MakePointerChecker<RandomVariableStream>());
    return tid;
}

Ptr<TcpDelayedAckClock>
TcpDelayedAckClock::Get(Ptr<Node> node)
{
    NS_ABORT_MSG_UNLESS(node, "TcpDelayedAckClock::Get: no node");
    Ptr<TcpDelayedAckClock> clock = node->GetObject<TcpDelayedAckClock>();
    if (!clock)
    {
        clock = CreateObject<TcpDelayedAckClock>();
        node->AggregateObject(clock);
    }
    return clock;
}

Time
TcpDelayedAckClock::GetPhase()
{
    if (!m_phaseDrawn)
    {
        double boot = m_boot->GetValue();
        NS_ABORT_MSG_IF(boot < 0 || !std::isfinite(boot),
                        "TcpDelayedAckClock: BootPhase must be a finite time >= 0, got " << boot);
        m_phase = Seconds(std::fmod(boot, m_interval.GetSeconds()));
        m_phaseDrawn = true;
        NS_LOG_INFO("first delayed-ACK tick at " << m_phase.As(Time::MS));
    }
    return m_phase;
}

Time
TcpDelayedAckClock::GetNextTick(Time now)
{
    Time phase = GetPhase();
    if (now < phase)
    {
        return phase;
    }
    int64_t ticks = (now - phase).GetTimeStep() / m_interval.GetTimeStep();
    return phase + m_interval * (ticks + 1);
}

int64_t
TcpDelayedAckClock::AssignStreams(int64_t stream)
{
    m_boot->SetStream(stream);
    return 1;
}

} // namespace ns3
