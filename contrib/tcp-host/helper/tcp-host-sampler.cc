/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tcp-host-sampler.h"

#include "ns3/csv-row.h"
#include "ns3/host-cpu.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <filesystem>
#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpHostSampler");

NS_OBJECT_ENSURE_REGISTERED(TcpHostSampler);

namespace
{

/**
 * @param time a time
 * @return it in seconds, exactly (as many decimals as its nanoseconds need)
 */
std::string
ExactSeconds(Time time)
{
    int64_t ns = time.GetNanoSeconds();
    std::string sign = ns < 0 ? "-" : "";
    uint64_t magnitude = ns < 0 ? uint64_t(-(ns + 1)) + 1 : uint64_t(ns);
    char text[48];
    std::snprintf(text,
                  sizeof(text),
                  "%s%" PRIu64 ".%09" PRIu64,
                  sign.c_str(),
                  magnitude / 1000000000,
                  magnitude % 1000000000);
    std::string s = text;
    s.erase(s.find_last_not_of('0') + 1);
    if (s.back() == '.')
    {
        s.pop_back();
    }
    return s;
}

/**
 * @param s a sample
 * @return its row: the one definition of the columns and their order
 */
CsvRow
Row(const TcpHostSample& s)
{
    const TcpHostCensus& c = s.census;
    auto orEmpty = [](bool present, auto value) {
        return present ? std::to_string(value) : std::string();
    };
    CsvRow row = CsvRow::Significant(6);
    row.Add("time_s", ExactSeconds(s.time))
        .Add("node", c.GetNodeId())
        .Add("time_wait", c.GetTimeWait())
        .Add("time_wait_tcbs", orEmpty(c.HasHostModel(), c.GetTimeWaitTcbs()))
        .Add("time_wait_records", c.GetTimeWaitRecords())
        .Add("listeners", c.GetListeners())
        .Add("syn_queue", c.GetSynQueue())
        .Add("accept_queue", c.GetAcceptQueue())
        .Add("sockets", c.GetSockets())
        .Add("tcbs", orEmpty(c.HasHostModel(), c.GetTcbs()))
        .Add("memory_bytes", orEmpty(c.HasSocketMemory(), c.GetMemoryInUse()));
    if (s.hasCpu)
    {
        row.Add("cpu_busy", s.cpuBusy);
    }
    else
    {
        row.Add("cpu_busy", "");
    }
    return row;
}

} // namespace

TypeId
TcpHostSampler::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TcpHostSampler")
            .SetParent<Object>()
            .SetGroupName("TcpHost")
            .AddConstructor<TcpHostSampler>()
            .AddAttribute("Interval",
                          "Time between two rows (and the span of each row's cpu_busy).",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&TcpHostSampler::m_interval),
                          MakeTimeChecker(TimeStep(1)))
            .AddAttribute("StartTime",
                          "When sampling starts: the first row is one Interval later.",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&TcpHostSampler::m_startTime),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("StopTime",
                          "No row after this time (0: until the simulation stops).",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&TcpHostSampler::m_stopTime),
                          MakeTimeChecker(Seconds(0)))
            .AddTraceSource("Sample",
                            "One node's sample: its TCP resources now and its CPU's busy "
                            "share over the last Interval.",
                            MakeTraceSourceAccessor(&TcpHostSampler::m_trace),
                            "ns3::TcpHostSampler::SampleTracedCallback");
    return tid;
}

TcpHostSampler::TcpHostSampler()
{
    NS_LOG_FUNCTION(this);
}

TcpHostSampler::~TcpHostSampler()
{
    NS_LOG_FUNCTION(this);
}

void
TcpHostSampler::NotifyConstructionCompleted()
{
    Object::NotifyConstructionCompleted();
    // Its first turn reads StartTime when it comes, so that attributes set
    // after construction (before the simulation runs) count.
    Enqueue(Simulator::Now(), this);
}

void
TcpHostSampler::DoDispose()
{
    NS_LOG_FUNCTION(this);
    auto& due = Due();
    for (auto it = due.begin(); it != due.end();)
    {
        it = it->second == this ? due.erase(it) : std::next(it);
    }
    m_nodes.clear();
    m_busyBefore.clear();
    m_stream = nullptr;
    m_file.reset();
    Object::DoDispose();
}

void
TcpHostSampler::AddNode(Ptr<Node> node)
{
    NS_LOG_FUNCTION(this << node);
    if (!node || std::find(m_nodes.begin(), m_nodes.end(), node) != m_nodes.end())
    {
        return;
    }
    m_nodes.push_back(node);
    m_busyBefore.push_back(BusyTime(node));
}

uint32_t
TcpHostSampler::GetNNodes() const
{
    return m_nodes.size();
}

void
TcpHostSampler::SetFile(const std::string& fileName)
{
    NS_LOG_FUNCTION(this << fileName);
    std::error_code error;
    if (std::filesystem::is_directory(fileName, error))
    {
        throw std::invalid_argument("TcpHostSampler: '" + fileName +
                                    "' is a directory, not a file");
    }
    auto file = std::make_unique<std::ofstream>(fileName, std::ios::trunc);
    if (!*file)
    {
        throw std::invalid_argument("TcpHostSampler: cannot write '" + fileName + "'");
    }
    m_stream = Create<OutputStreamWrapper>(file.get());
    m_file = std::move(file);
}

void
TcpHostSampler::SetStream(Ptr<OutputStreamWrapper> stream)
{
    NS_LOG_FUNCTION(this << stream);
    m_stream = stream;
    m_file.reset();
}

std::string
TcpHostSampler::GetHeader()
{
    return Row(TcpHostSample()).Header();
}

std::string
TcpHostSampler::FormatRow(const TcpHostSample& sample)
{
    return Row(sample).Values();
}

Time
TcpHostSampler::BusyTime(Ptr<Node> node)
{
    Ptr<HostCpu> cpu = node->GetObject<HostCpu>();
    return cpu ? cpu->GetBusyTime(HostCpu::KERNEL) + cpu->GetBusyTime(HostCpu::APPLICATION)
               : Time(0);
}

bool
TcpHostSampler::Tick(Time& next)
{
    Time now = Simulator::Now();
    if (!m_started)
    {
        if (now < m_startTime)
        {
            next = m_startTime;
            return true;
        }
        Start();
    }
    else
    {
        TakeSamples();
    }
    next = m_last + m_interval;
    return m_stopTime.IsZero() || next <= m_stopTime;
}

void
TcpHostSampler::Start()
{
    NS_LOG_FUNCTION(this);
    m_started = true;
    if (m_stream)
    {
        *m_stream->GetStream() << GetHeader() << std::endl;
    }
    m_last = Simulator::Now();
    for (size_t i = 0; i < m_nodes.size(); ++i)
    {
        m_busyBefore[i] = BusyTime(m_nodes[i]);
    }
}

void
TcpHostSampler::TakeSamples()
{
    NS_LOG_FUNCTION(this);
    Time now = Simulator::Now();
    double span = (now - m_last).GetSeconds();
    for (size_t i = 0; i < m_nodes.size(); ++i)
    {
        TcpHostSample sample;
        sample.time = now;
        sample.census = TcpHostCensus::Take(m_nodes[i]);
        sample.hasCpu = bool(m_nodes[i]->GetObject<HostCpu>());
        Time busy = BusyTime(m_nodes[i]);
        sample.cpuBusy = sample.hasCpu ? (busy - m_busyBefore[i]).GetSeconds() / span : 0;
        m_busyBefore[i] = busy;
        m_trace(sample);
        if (m_stream)
        {
            *m_stream->GetStream() << FormatRow(sample) << "\n";
        }
    }
    if (m_stream)
    {
        m_stream->GetStream()->flush();
    }
    m_last = now;
}

namespace
{
EventId g_clock;             //!< The samplers' one clock event
bool g_firing{false};        //!< Fire() is giving turns
bool g_destroyHooked{false}; //!< Clear() runs at Simulator::Destroy
} // namespace

std::multimap<Time, Ptr<TcpHostSampler>>&
TcpHostSampler::Due()
{
    static std::multimap<Time, Ptr<TcpHostSampler>> due;
    return due;
}

void
TcpHostSampler::Enqueue(Time at, Ptr<TcpHostSampler> sampler)
{
    if (!g_destroyHooked)
    {
        Simulator::ScheduleDestroy(&TcpHostSampler::Clear);
        g_destroyHooked = true;
    }
    Due().emplace(at, sampler);
    if (!g_firing)
    {
        Rearm();
    }
}

void
TcpHostSampler::Rearm()
{
    auto& due = Due();
    // An event's time stamp is unsigned; a Time's step is signed (never negative here).
    if (due.empty() || (g_clock.IsPending() &&
                        static_cast<int64_t>(g_clock.GetTs()) <= due.begin()->first.GetTimeStep()))
    {
        return;
    }
    g_clock.Cancel();
    g_clock = Simulator::Schedule(due.begin()->first - Simulator::Now(), &TcpHostSampler::Fire);
}

void
TcpHostSampler::Fire()
{
    auto& due = Due();
    std::vector<Ptr<TcpHostSampler>> ready;
    while (!due.empty() && due.begin()->first <= Simulator::Now())
    {
        ready.push_back(due.begin()->second);
        due.erase(due.begin());
    }
    g_firing = true;
    for (const auto& sampler : ready)
    {
        Time next;
        if (sampler->Tick(next))
        {
            Due().emplace(next, sampler);
        }
    }
    g_firing = false;
    // Never prolong a simulation: with nothing but samplers' turns left to
    // happen, it would have ended here without them.
    if (Simulator::IsFinished())
    {
        NS_LOG_LOGIC("nothing else is to happen: no more rows");
        auto dropped = std::move(due); // the samplers go once the map is empty again
        due.clear();
        return;
    }
    Rearm();
}

void
TcpHostSampler::Clear()
{
    auto dropped = std::move(Due()); // the samplers go once the map is empty again
    Due().clear();
    g_clock = EventId();
    g_destroyHooked = false;
}

} // namespace ns3
