/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "e2atbt-allocator.h"

#include "max-min-share.h"
#include "pftk-throughput.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/socket-memory.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("E2AtbtAllocator");

NS_OBJECT_ENSURE_REGISTERED(E2AtbtAllocator);

TypeId
E2AtbtAllocator::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::E2AtbtAllocator")
            .SetParent<Object>()
            .SetGroupName("ProxyBuffer")
            .AddConstructor<E2AtbtAllocator>()
            .AddAttribute("Interval",
                          "Time between two periodic evaluations (0: only on arrivals and "
                          "departures).",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&E2AtbtAllocator::m_interval),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("MinBuffer",
                          "Smallest demand, bytes.",
                          UintegerValue(1024),
                          MakeUintegerAccessor(&E2AtbtAllocator::m_minBuffer),
                          MakeUintegerChecker<uint64_t>())
            .AddAttribute("MaxBuffer",
                          "Largest demand, bytes: the largest window (the demand of a "
                          "connection without loss).",
                          UintegerValue(256 * 1024),
                          MakeUintegerAccessor(&E2AtbtAllocator::m_maxBuffer),
                          MakeUintegerChecker<uint64_t>(1))
            .AddAttribute("SegmentsPerAck",
                          "Segments one ACK acknowledges (b of the PFTK equation).",
                          UintegerValue(2),
                          MakeUintegerAccessor(&E2AtbtAllocator::m_segmentsPerAck),
                          MakeUintegerChecker<uint32_t>(1))
            .AddTraceSource("Evaluation",
                            "An evaluation: connections, bytes demanded, bytes allocated.",
                            MakeTraceSourceAccessor(&E2AtbtAllocator::m_evaluationTrace),
                            "ns3::E2AtbtAllocator::EvaluationTracedCallback");
    return tid;
}

E2AtbtAllocator::E2AtbtAllocator()
{
    NS_LOG_FUNCTION(this);
}

E2AtbtAllocator::~E2AtbtAllocator()
{
    NS_LOG_FUNCTION(this);
}

void
E2AtbtAllocator::DoDispose()
{
    m_tick.Cancel();
    m_connections.clear();
    Object::DoDispose();
}

uint32_t
E2AtbtAllocator::Add(MeasureCallback measure, ApplyCallback apply, HeldCallback held)
{
    NS_ABORT_MSG_IF(measure.IsNull() || apply.IsNull(),
                    "E2AtbtAllocator::Add: a connection needs a measure and an apply callback");
    uint32_t id = m_nextId++;
    m_connections[id] = Connection{measure, apply, held};
    NS_LOG_DEBUG("connection " << id << " arrives");
    Evaluate();
    return id;
}

void
E2AtbtAllocator::Remove(uint32_t id)
{
    if (m_connections.erase(id) == 0)
    {
        return;
    }
    for (auto& [other, c] : m_connections)
    {
        if (c.upstream == id)
        {
            c.upstream = 0; // its feeder left: no cap any more
        }
    }
    NS_LOG_DEBUG("connection " << id << " leaves");
    Evaluate();
}

void
E2AtbtAllocator::Pair(uint32_t downstream, uint32_t upstream)
{
    NS_ABORT_MSG_IF(!m_connections.count(downstream) ||
                        (upstream != 0 && !m_connections.count(upstream)) || downstream == upstream,
                    "E2AtbtAllocator::Pair: unknown connections " << downstream << ", "
                                                                  << upstream);
    m_connections[downstream].upstream = upstream;
}

void
E2AtbtAllocator::Evaluate()
{
    ++m_evaluations;
    // Expected throughput of each connection, bytes per second.
    for (auto& [id, c] : m_connections)
    {
        Measurement m = c.measure();
        c.rate =
            PftkThroughput(m.lossRatio, m.rtt, m.rto, m.segmentSize, m_maxBuffer, m_segmentsPerAck);
        c.rtt = m.rtt;
    }
    std::vector<uint64_t> demands;
    demands.reserve(m_connections.size());
    uint64_t demanded = 0;
    for (auto& [id, c] : m_connections)
    {
        double rate = c.rate;
        if (c.upstream != 0)
        {
            rate = std::min(rate, m_connections.at(c.upstream).rate); // fed no faster than that
        }
        double bytes = rate * c.rtt.GetSeconds();
        c.demand = std::clamp<uint64_t>(std::llround(bytes), m_minBuffer, m_maxBuffer);
        demands.push_back(c.demand);
        demanded += c.demand;
    }
    std::vector<uint64_t> shares = MaxMinShare(demands, Pool());
    uint64_t allocated = 0;
    size_t k = 0;
    for (auto& [id, c] : m_connections)
    {
        c.share = shares[k++];
        allocated += c.share;
    }
    // Shrinking shares first: the memory they free is what the growing ones
    // are granted when sockets charge their buffers.
    for (bool growing : {false, true})
    {
        for (auto& [id, c] : m_connections)
        {
            bool grows = !c.held.IsNull() && c.share > c.held();
            if (grows == growing)
            {
                c.apply(c.share);
            }
        }
    }
    NS_LOG_DEBUG(m_connections.size()
                 << " connections demand " << demanded << " bytes, get " << allocated);
    m_evaluationTrace(m_connections.size(), demanded, allocated);
    if (m_interval.IsStrictlyPositive() && !m_tick.IsPending())
    {
        m_tick = Simulator::Schedule(m_interval, &E2AtbtAllocator::Tick, this);
    }
}

uint64_t
E2AtbtAllocator::Pool() const
{
    // The pool is the node's socket memory: one setting, read here.
    Ptr<SocketMemory> memory = GetObject<SocketMemory>();
    uint64_t limit = memory ? memory->GetLimit() : 0;
    NS_ABORT_MSG_IF(limit == 0,
                    "E2AtbtAllocator: the node's SocketMemory has no Limit: E2-ATBT divides a "
                    "limited pool (set SocketMemory's Limit, e.g. with "
                    "TcpHostHelper::SetSocketMemoryAttribute)");
    if (!memory->SocketsChargeBuffers())
    {
        return limit;
    }
    uint64_t sized = 0; // the buffers this allocator sizes, as they are now
    for (const auto& [id, c] : m_connections)
    {
        NS_ABORT_MSG_IF(c.held.IsNull(),
                        "E2AtbtAllocator: sockets charge their buffers, and connection "
                            << id << " does not say its buffer's size");
        sized += c.held();
    }
    uint64_t others = memory->GetBufferMemory() > sized ? memory->GetBufferMemory() - sized : 0;
    return limit > others ? limit - others : 0;
}

void
E2AtbtAllocator::Tick()
{
    if (!m_connections.empty())
    {
        Evaluate(); // schedules the next tick
    }
}

uint64_t
E2AtbtAllocator::GetDemand(uint32_t id) const
{
    auto it = m_connections.find(id);
    return it == m_connections.end() ? 0 : it->second.demand;
}

uint64_t
E2AtbtAllocator::GetShare(uint32_t id) const
{
    auto it = m_connections.find(id);
    return it == m_connections.end() ? 0 : it->second.share;
}

uint32_t
E2AtbtAllocator::GetN() const
{
    return m_connections.size();
}

uint64_t
E2AtbtAllocator::GetEvaluations() const
{
    return m_evaluations;
}

} // namespace ns3
