/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "host-cpu.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HostCpu");

NS_OBJECT_ENSURE_REGISTERED(HostCpu);

TypeId
HostCpu::GetTypeId()
{
    static TypeId tid = TypeId("ns3::HostCpu")
                            .SetParent<Object>()
                            .SetGroupName("TcpHost")
                            .AddConstructor<HostCpu>()
                            .AddTraceSource("KernelBacklog",
                                            "Kernel jobs waiting for or in the CPU.",
                                            MakeTraceSourceAccessor(&HostCpu::m_kernelBacklog),
                                            "ns3::TracedValueCallback::Uint32")
                            .AddTraceSource("ApplicationBacklog",
                                            "Application jobs waiting for or in the CPU.",
                                            MakeTraceSourceAccessor(&HostCpu::m_applicationBacklog),
                                            "ns3::TracedValueCallback::Uint32");
    return tid;
}

HostCpu::HostCpu()
{
    NS_LOG_FUNCTION(this);
}

HostCpu::~HostCpu()
{
    NS_LOG_FUNCTION(this);
}

void
HostCpu::DoDispose()
{
    m_event.Cancel();
    m_queues[KERNEL].clear();
    m_queues[APPLICATION].clear();
    Object::DoDispose();
}

uint64_t
HostCpu::Submit(Priority priority, Time cost, std::function<void()> done)
{
    NS_ABORT_MSG_IF(cost.IsStrictlyNegative(), "HostCpu::Submit: negative cost " << cost);
    uint64_t id = m_nextId++;
    m_queues[priority].push_back({cost, std::move(done), id});
    m_kernelBacklog = m_queues[KERNEL].size();
    m_applicationBacklog = m_queues[APPLICATION].size();
    if (m_busy && priority == KERNEL && m_running == APPLICATION)
    {
        // Preempt: the application job keeps the time it has left.
        Job& app = m_queues[APPLICATION].front();
        Time served = Simulator::Now() - m_started;
        app.remaining -= served;
        m_busyTime[APPLICATION] += served;
        m_event.Cancel();
        m_busy = false;
        NS_LOG_LOGIC("kernel job preempts an application job, " << app.remaining << " left");
    }
    Dispatch();
    return id;
}

bool
HostCpu::Cancel(uint64_t id)
{
    for (Priority p : {KERNEL, APPLICATION})
    {
        auto& queue = m_queues[p];
        auto it =
            std::find_if(queue.begin(), queue.end(), [id](const Job& j) { return j.id == id; });
        if (it == queue.end())
        {
            continue;
        }
        bool inService = m_busy && m_running == p && it == queue.begin();
        if (inService)
        {
            m_busyTime[p] += Simulator::Now() - m_started;
            m_event.Cancel();
            m_busy = false;
        }
        queue.erase(it);
        m_kernelBacklog = m_queues[KERNEL].size();
        m_applicationBacklog = m_queues[APPLICATION].size();
        Dispatch();
        return true;
    }
    return false;
}

void
HostCpu::Dispatch()
{
    if (m_busy)
    {
        return;
    }
    for (Priority p : {KERNEL, APPLICATION})
    {
        if (!m_queues[p].empty())
        {
            m_busy = true;
            m_running = p;
            m_started = Simulator::Now();
            m_event = Simulator::Schedule(m_queues[p].front().remaining, &HostCpu::Complete, this);
            return;
        }
    }
}

void
HostCpu::Complete()
{
    Job job = std::move(m_queues[m_running].front());
    m_queues[m_running].pop_front();
    m_busyTime[m_running] += job.remaining;
    ++m_completed[m_running];
    m_kernelBacklog = m_queues[KERNEL].size();
    m_applicationBacklog = m_queues[APPLICATION].size();
    m_busy = false;
    // The job's effect (a segment handed to TCP, a response written) runs
    // before the next job starts, as it would in a kernel.
    job.done();
    Dispatch();
}

Time
HostCpu::GetBusyTime(Priority priority) const
{
    Time busy = m_busyTime[priority];
    if (m_busy && m_running == priority)
    {
        busy += Simulator::Now() - m_started;
    }
    return busy;
}

uint32_t
HostCpu::GetBacklog(Priority priority) const
{
    return m_queues[priority].size();
}

uint64_t
HostCpu::GetCompleted(Priority priority) const
{
    return m_completed[priority];
}

} // namespace ns3
