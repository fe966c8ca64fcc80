/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "retry-policy.h"

#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RetryPolicy");

NS_OBJECT_ENSURE_REGISTERED(RetryPolicy);
NS_OBJECT_ENSURE_REGISTERED(BackoffRetryPolicy);
NS_OBJECT_ENSURE_REGISTERED(RetryBudgetPolicy);

TypeId
RetryPolicy::GetTypeId()
{
    static TypeId tid = TypeId("ns3::RetryPolicy")
                            .SetParent<Object>()
                            .SetGroupName("Dtoc")
                            .AddConstructor<RetryPolicy>();
    return tid;
}

void
RetryPolicy::Issued()
{
}

bool
RetryPolicy::Retry(uint32_t /* retry */, Time& wait)
{
    wait = Time(0);
    return true;
}

int64_t
RetryPolicy::AssignStreams(int64_t /* stream */)
{
    return 0;
}

TypeId
BackoffRetryPolicy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::BackoffRetryPolicy")
            .SetParent<RetryPolicy>()
            .SetGroupName("Dtoc")
            .AddConstructor<BackoffRetryPolicy>()
            .AddAttribute("Initial",
                          "The first retry's wait, before jitter (gRPC's connection "
                          "backoff: 1 s).",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&BackoffRetryPolicy::m_initial),
                          MakeTimeChecker(Time(0), Seconds(3600)))
            .AddAttribute("Multiplier",
                          "Growth of the wait from one retry to the next (1: constant; "
                          "gRPC's connection backoff: 1.6).",
                          DoubleValue(1.6),
                          MakeDoubleAccessor(&BackoffRetryPolicy::m_factor),
                          MakeDoubleChecker<double>(1, 100))
            .AddAttribute("Max",
                          "Longest wait before jitter (gRPC's connection backoff: 120 s).",
                          TimeValue(Seconds(120)),
                          MakeTimeAccessor(&BackoffRetryPolicy::m_max),
                          MakeTimeChecker(Time(0), Seconds(3600)))
            .AddAttribute("Jitter",
                          "How the wait is randomised: None, Full (uniform in [0, wait]) or "
                          "Equal (wait/2 plus uniform in [0, wait/2]).",
                          EnumValue(BackoffRetryPolicy::FULL),
                          MakeEnumAccessor<Jitter>(&BackoffRetryPolicy::m_jitter),
                          MakeEnumChecker(BackoffRetryPolicy::NONE,
                                          "None",
                                          BackoffRetryPolicy::FULL,
                                          "Full",
                                          BackoffRetryPolicy::EQUAL,
                                          "Equal"));
    return tid;
}

BackoffRetryPolicy::BackoffRetryPolicy()
    : m_random(CreateObject<UniformRandomVariable>())
{
}

bool
BackoffRetryPolicy::Retry(uint32_t retry, Time& wait)
{
    NS_ASSERT(retry >= 1);
    // In seconds: Initial * Multiplier^(retry-1) can exceed Time's range
    // long before the cap applies.
    double cap = m_max.GetSeconds();
    double base =
        std::min(cap, m_initial.GetSeconds() * std::pow(m_factor, static_cast<double>(retry - 1)));
    double seconds = base;
    switch (m_jitter)
    {
    case NONE:
        break;
    case FULL:
        seconds = m_random->GetValue(0, base);
        break;
    case EQUAL:
        seconds = base / 2 + m_random->GetValue(0, base / 2);
        break;
    }
    wait = Seconds(seconds);
    NS_LOG_LOGIC("retry " << retry << " after " << wait.As(Time::S));
    return true;
}

int64_t
BackoffRetryPolicy::AssignStreams(int64_t stream)
{
    m_random->SetStream(stream);
    return 1;
}

TypeId
RetryBudgetPolicy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RetryBudgetPolicy")
            .SetParent<RetryPolicy>()
            .SetGroupName("Dtoc")
            .AddConstructor<RetryBudgetPolicy>()
            .AddAttribute("Percent",
                          "Retries allowed per 100 requests issued in the window "
                          "(Finagle's percentCanRetry, 20 %).",
                          DoubleValue(20),
                          MakeDoubleAccessor(&RetryBudgetPolicy::m_percent),
                          MakeDoubleChecker<double>(0, 1000))
            .AddAttribute("Window",
                          "How far back requests and retries count (Finagle's ttl, 10 s).",
                          TimeValue(Seconds(10)),
                          MakeTimeAccessor(&RetryBudgetPolicy::m_window),
                          MakeTimeChecker(MilliSeconds(1), Seconds(3600)))
            .AddAttribute("MinRetriesPerSecond",
                          "The reserve: retries a second allowed whatever the requests "
                          "(Finagle's minRetriesPerSec, 10).",
                          DoubleValue(10),
                          MakeDoubleAccessor(&RetryBudgetPolicy::m_minPerSecond),
                          MakeDoubleChecker<double>(0, 1e6))
            .AddAttribute("Waits",
                          "The policy that gives the retries' waits (none: at once).",
                          PointerValue(),
                          MakePointerAccessor(&RetryBudgetPolicy::m_waits),
                          MakePointerChecker<RetryPolicy>());
    return tid;
}

void
RetryBudgetPolicy::Issued()
{
    m_requests.push_back(Simulator::Now());
    Expire();
    if (m_waits)
    {
        m_waits->Issued();
    }
}

bool
RetryBudgetPolicy::Retry(uint32_t retry, Time& wait)
{
    Expire();
    double allowed = m_minPerSecond * m_window.GetSeconds() + m_percent / 100 * m_requests.size();
    if (m_retries.size() + 1 > allowed)
    {
        ++m_refused;
        NS_LOG_LOGIC("retry refused: " << m_retries.size() << " retries and " << m_requests.size()
                                       << " requests in the window");
        return false;
    }
    if (!m_waits)
    {
        wait = Time(0);
    }
    else if (!m_waits->Retry(retry, wait))
    {
        return false;
    }
    m_retries.push_back(Simulator::Now());
    return true;
}

int64_t
RetryBudgetPolicy::AssignStreams(int64_t stream)
{
    return m_waits ? m_waits->AssignStreams(stream) : 0;
}

uint64_t
RetryBudgetPolicy::GetRefused() const
{
    return m_refused;
}

void
RetryBudgetPolicy::DoDispose()
{
    m_waits = nullptr;
    RetryPolicy::DoDispose();
}

void
RetryBudgetPolicy::Expire()
{
    Time oldest = Simulator::Now() - m_window;
    while (!m_requests.empty() && m_requests.front() <= oldest)
    {
        m_requests.pop_front();
    }
    while (!m_retries.empty() && m_retries.front() <= oldest)
    {
        m_retries.pop_front();
    }
}

} // namespace ns3
