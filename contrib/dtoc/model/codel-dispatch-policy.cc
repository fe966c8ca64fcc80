/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "codel-dispatch-policy.h"

#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("CodelDispatchPolicy");

NS_OBJECT_ENSURE_REGISTERED(CodelDispatchPolicy);

TypeId
CodelDispatchPolicy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::CodelDispatchPolicy")
            .SetParent<HttpDispatchPolicy>()
            .SetGroupName("Dtoc")
            .AddConstructor<CodelDispatchPolicy>()
            .AddAttribute("Target",
                          "Longest wait in a congested queue (Fail at Scale: 5 ms).",
                          TimeValue(MilliSeconds(5)),
                          MakeTimeAccessor(&CodelDispatchPolicy::m_target),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("Interval",
                          "The queue is congested when it has not been empty for this long; "
                          "also the longest wait in a queue that is not (Fail at Scale: "
                          "100 ms).",
                          TimeValue(MilliSeconds(100)),
                          MakeTimeAccessor(&CodelDispatchPolicy::m_interval),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("DropLate",
                          "Drop connections that waited longer than allowed.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&CodelDispatchPolicy::m_dropLate),
                          MakeBooleanChecker())
            .AddAttribute("AdaptiveLifo",
                          "Serve a congested queue newest first.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&CodelDispatchPolicy::m_adaptiveLifo),
                          MakeBooleanChecker())
            .AddTraceSource("Drop",
                            "A connection was dropped for waiting too long: how long.",
                            MakeTraceSourceAccessor(&CodelDispatchPolicy::m_dropTrace),
                            "ns3::CodelDispatchPolicy::DropTracedCallback");
    return tid;
}

bool
CodelDispatchPolicy::Congested() const
{
    return Simulator::Now() - m_lastEmpty > m_interval;
}

bool
CodelDispatchPolicy::TakeNewest(uint32_t queueLength, Time oldestWaited)
{
    if (m_emptyAfterLastTake)
    {
        // The queue stayed empty until its oldest connection came (takes
        // from either end leave the oldest in place).
        m_lastEmpty = Simulator::Now() - oldestWaited;
        m_emptyAfterLastTake = false;
    }
    return m_adaptiveLifo && queueLength > 1 && Congested();
}

HttpDispatchPolicy::Decision
CodelDispatchPolicy::Dispatch(const Waiting& connection)
{
    // Decide on the congestion state before this take empties the queue.
    Time limit = Congested() ? m_target : m_interval;
    if (connection.queueLength == 0)
    {
        m_lastEmpty = Simulator::Now();
        m_emptyAfterLastTake = true;
    }
    if (m_dropLate && connection.waited > limit)
    {
        NS_LOG_INFO("waited " << connection.waited.As(Time::S) << " > " << limit.As(Time::S)
                              << ": dropping");
        ++m_drops;
        m_dropTrace(connection.waited);
        return DROP;
    }
    return SERVE;
}

uint64_t
CodelDispatchPolicy::GetDrops() const
{
    return m_drops;
}

} // namespace ns3
