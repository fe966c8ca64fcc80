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
                          "Time between two evaluations, each of which divides the pool afresh "
                          "(between them an arrival is given its demand as far as the pool has "
                          "room; 0: no periodic evaluation, every arrival and departure divides "
                          "the pool afresh instead).",
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
    Connection& c = m_connections[id];
    c.measure = measure;
    c.apply = apply;
    c.held = held;
    NS_LOG_DEBUG("connection " << id << " arrives");
    if (!m_interval.IsStrictlyPositive())
    {
        Evaluate(); // no periodic evaluation: every change divides afresh
        return id;
    }
    // Measured alone and given its demand up to what an unmet demand got at
    // the last evaluation (its share in a fresh division, nearly), or more if
    // the pool has that room now: the others keep their shares until the
    // next evaluation. Where sockets charge their buffers, the node's socket
    // memory grants no growth beyond its limit.
    Measure(c);
    c.demand = Demand(c);
    uint64_t level = m_evaluations > 0 ? m_level : Memory()->GetLimit() / m_connections.size();
    Give(c, std::min(c.demand, std::max({Room(c), level, m_minBuffer})));
    NS_LOG_DEBUG("connection " << id << " demands " << c.demand << ", given " << c.share);
    if (!m_tick.IsPending())
    {
        m_tick = Simulator::Schedule(m_interval, &E2AtbtAllocator::Tick, this);
    }
    return id;
}

void
E2AtbtAllocator::Remove(uint32_t id)
{
    auto it = m_connections.find(id);
    if (it == m_connections.end())
    {
        return;
    }
    Unlink(id, it->second.upstream);
    for (uint32_t downstream : it->second.downstreams)
    {
        m_connections.at(downstream).upstream = 0; // its feeder left: no cap any more
    }
    m_allocated -= it->second.share;
    m_connections.erase(it);
    NS_LOG_DEBUG("connection " << id << " leaves");
    if (!m_interval.IsStrictlyPositive())
    {
        Evaluate();
    }
}

void
E2AtbtAllocator::Pair(uint32_t downstream, uint32_t upstream)
{
    NS_ABORT_MSG_IF(!m_connections.count(downstream) ||
                        (upstream != 0 && !m_connections.count(upstream)) || downstream == upstream,
                    "E2AtbtAllocator::Pair: unknown connections " << downstream << ", "
                                                                  << upstream);
    Connection& c = m_connections.at(downstream);
    Unlink(downstream, c.upstream);
    c.upstream = upstream;
    if (upstream != 0)
    {
        m_connections.at(upstream).downstreams.push_back(downstream);
    }
}

void
E2AtbtAllocator::Unlink(uint32_t downstream, uint32_t upstream)
{
    if (upstream == 0)
    {
        return;
    }
    std::vector<uint32_t>& list = m_connections.at(upstream).downstreams;
    list.erase(std::find(list.begin(), list.end(), downstream));
}

void
E2AtbtAllocator::Measure(Connection& c) const
{
    Measurement m = c.measure();
    c.rate =
        PftkThroughput(m.lossRatio, m.rtt, m.rto, m.segmentSize, m_maxBuffer, m_segmentsPerAck);
    c.rtt = m.rtt;
}

uint64_t
E2AtbtAllocator::Demand(const Connection& c) const
{
    double rate = c.rate;
    if (c.upstream != 0)
    {
        rate = std::min(rate, m_connections.at(c.upstream).rate); // fed no faster than that
    }
    double bytes = rate * c.rtt.GetSeconds();
    return std::clamp<uint64_t>(std::llround(bytes), m_minBuffer, m_maxBuffer);
}

void
E2AtbtAllocator::Give(Connection& c, uint64_t share)
{
    m_allocated = m_allocated - c.share + share;
    c.share = share;
    ++m_sharesApplied;
    c.apply(share);
}

void
E2AtbtAllocator::Evaluate()
{
    ++m_evaluations;
    for (auto& [id, c] : m_connections)
    {
        Measure(c);
    }
    std::vector<uint64_t> demands;
    demands.reserve(m_connections.size());
    uint64_t demanded = 0;
    for (auto& [id, c] : m_connections)
    {
        c.demand = Demand(c);
        demands.push_back(c.demand);
        demanded += c.demand;
    }
    std::vector<uint64_t> shares = MaxMinShare(demands, Pool());
    size_t k = 0;
    m_level = m_maxBuffer; // every demand met: nothing caps an arrival
    for (auto& [id, c] : m_connections)
    {
        m_allocated = m_allocated - c.share + shares[k];
        c.share = shares[k++];
        if (c.share < c.demand)
        {
            m_level = c.share; // unmet demands share one level (max-min)
        }
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
                ++m_sharesApplied;
                c.apply(c.share);
            }
        }
    }
    NS_LOG_DEBUG(m_connections.size()
                 << " connections demand " << demanded << " bytes, get " << m_allocated);
    m_evaluationTrace(m_connections.size(), demanded, m_allocated);
    if (m_interval.IsStrictlyPositive() && !m_tick.IsPending())
    {
        m_tick = Simulator::Schedule(m_interval, &E2AtbtAllocator::Tick, this);
    }
}

Ptr<SocketMemory>
E2AtbtAllocator::Memory() const
{
    // The pool is the node's socket memory: one setting, read here.
    Ptr<SocketMemory> memory = GetObject<SocketMemory>();
    NS_ABORT_MSG_IF(!memory || memory->GetLimit() == 0,
                    "E2AtbtAllocator: the node's SocketMemory has no Limit: E2-ATBT divides a "
                    "limited pool (set SocketMemory's Limit, e.g. with "
                    "TcpHostHelper::SetSocketMemoryAttribute)");
    return memory;
}

uint64_t
E2AtbtAllocator::Pool() const
{
    Ptr<SocketMemory> memory = Memory();
    uint64_t limit = memory->GetLimit();
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

uint64_t
E2AtbtAllocator::Room(const Connection& c) const
{
    Ptr<SocketMemory> memory = Memory();
    uint64_t limit = memory->GetLimit();
    if (!memory->SocketsChargeBuffers())
    {
        uint64_t given = m_allocated - c.share; // the others' shares
        return limit > given ? limit - given : 0;
    }
    // Every buffer is charged: what is not charged is free, and this
    // connection's own buffer is its to keep.
    NS_ABORT_MSG_IF(c.held.IsNull(),
                    "E2AtbtAllocator: sockets charge their buffers, and a connection does not "
                    "say its buffer's size");
    uint64_t charged = memory->GetBufferMemory();
    return (limit > charged ? limit - charged : 0) + c.held();
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

uint64_t
E2AtbtAllocator::GetSharesApplied() const
{
    return m_sharesApplied;
}

} // namespace ns3
