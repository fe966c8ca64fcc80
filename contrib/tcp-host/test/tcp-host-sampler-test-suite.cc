/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// TcpHostSampler and TcpHostCensus: rows at StartTime + k * Interval up to
// StopTime, one per node in the order installed; each row's values the
// counters read directly from their objects at that instant (TIME_WAIT TCBs
// and records, two listeners' SYN and accept queues summed, sockets, TCBs,
// socket memory, the CPU's busy share over the interval); TIME_WAIT found in
// TCBs on a BSD-like host and in records on Linux-6; nodes without a host
// model or without TCP at all give empty fields, never a crash; an
// unwritable file and impossible attributes refused with an exception.

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/tcp-host-module.h"

#include <map>
#include <sstream>

using namespace ns3;

namespace
{

/// Connections the clients open (each sends 100 bytes and closes first).
constexpr uint32_t CONNECTIONS = 20;

/**
 * @param line a CSV line
 * @return its fields
 */
std::vector<std::string>
Split(const std::string& line)
{
    std::vector<std::string> fields;
    std::string field;
    std::istringstream in(line);
    while (std::getline(in, field, ','))
    {
        fields.push_back(field);
    }
    if (!line.empty() && line.back() == ',')
    {
        fields.emplace_back();
    }
    return fields;
}

/// What the test read directly from the objects when a row was taken.
struct Direct
{
    uint32_t timeWaitTcbs{0};    //!< TcpHostModel::GetTcbCount(TIME_WAIT)
    uint32_t timeWaitRecords{0}; //!< TimeWaitTable::GetCount()
    uint32_t timeWaitAt{0};      //!< TcpHostCensus::TimeWaitAt (the short query)
    uint32_t synQueue{0};        //!< The two listeners' SYN queues, summed
    uint32_t acceptQueue{0};     //!< The two listeners' accept queues, summed
    uint32_t tcbs{0};            //!< TcpHostModel::GetTcbCount()
    uint64_t memory{0};          //!< SocketMemory::GetUse()
    uint32_t sockets{0};         //!< TcpL4Protocol's SocketList
    double cpuBusy{0};           //!< HostCpu busy time over the interval / the interval
};

/**
 * @ingroup tcp-host-tests
 * @brief A client host and a server host of one profile on a 10 Mb/s link
 * of 20 ms each way, a node with ns-3's own stack and one stock socket, and
 * a node without TCP. The server listens on ports 80 and 81, each with a
 * TcpListenQueue whose application takes nothing before 1.5 s; the client
 * opens CONNECTIONS connections, one every 25 ms from 0.1 s, alternating
 * ports, each sending 100 bytes and closing first, so that it keeps their
 * TIME_WAIT. The sampler takes rows every 100 ms from StartTime 50 ms to
 * StopTime 2 s.
 */
class SamplerRowsCase : public TestCase
{
  public:
    /// @param profile both hosts' profile
    explicit SamplerRowsCase(const std::string& profile)
        : TestCase("rows of " + profile + " hosts at the right times, equal to the counters"),
          m_profile(profile)
    {
    }

  private:
    void DoRun() override;

    /**
     * @param node a node
     * @return its HostCpu's busy time, kernel and applications (0 without one)
     */
    static Time BusyTime(Ptr<Node> node)
    {
        Ptr<HostCpu> cpu = node->GetObject<HostCpu>();
        return cpu ? cpu->GetBusyTime(HostCpu::KERNEL) + cpu->GetBusyTime(HostCpu::APPLICATION)
                   : Time(0);
    }

    /// At StartTime: note each node's CPU time, as the sampler does.
    void NoteStart()
    {
        for (uint32_t i = 0; i < m_nodes.GetN(); ++i)
        {
            m_busyBefore[m_nodes.Get(i)->GetId()] = BusyTime(m_nodes.Get(i));
            m_lastRow[m_nodes.Get(i)->GetId()] = Simulator::Now();
        }
    }

    /**
     * @brief The Sample trace: read the same counters directly, now.
     * @param sample the sampler's row
     */
    void OnSample(const TcpHostSample& sample);

    std::string m_profile;                     //!< The hosts' profile
    NodeContainer m_nodes;                     //!< client, server, stock, bare
    std::vector<Ptr<TcpListenQueue>> m_queues; //!< The server's listeners' queues
    std::vector<TcpHostSample> m_samples;      //!< Rows, from the trace
    std::vector<Direct> m_direct;              //!< Read beside each row
    std::map<uint32_t, Time> m_busyBefore;     //!< Per node: CPU time at the last row
    std::map<uint32_t, Time> m_lastRow;        //!< Per node: the last row's time
};

void
SamplerRowsCase::OnSample(const TcpHostSample& sample)
{
    Ptr<Node> node = NodeList::GetNode(sample.census.GetNodeId());
    Direct d;
    d.timeWaitAt = TcpHostCensus::TimeWaitAt(node);
    if (Ptr<TcpHostModel> host = node->GetObject<TcpHostModel>())
    {
        d.timeWaitTcbs = host->GetTcbCount(TcpSocket::TIME_WAIT);
        d.tcbs = host->GetTcbCount();
    }
    if (Ptr<TimeWaitTable> table = node->GetObject<TimeWaitTable>())
    {
        d.timeWaitRecords = table->GetCount();
    }
    if (node == m_nodes.Get(1))
    {
        for (const auto& queue : m_queues)
        {
            d.synQueue += queue->GetSynQueueLength();
            d.acceptQueue += queue->GetAcceptQueueLength();
        }
    }
    if (Ptr<SocketMemory> memory = node->GetObject<SocketMemory>())
    {
        d.memory = memory->GetUse();
    }
    if (Ptr<TcpL4Protocol> tcp = node->GetObject<TcpL4Protocol>())
    {
        ObjectVectorValue sockets;
        tcp->GetAttribute("SocketList", sockets);
        d.sockets = sockets.GetN();
    }
    Time busy = BusyTime(node);
    d.cpuBusy = (busy - m_busyBefore[node->GetId()]).GetSeconds() /
                (Simulator::Now() - m_lastRow[node->GetId()]).GetSeconds();
    m_busyBefore[node->GetId()] = busy;
    m_lastRow[node->GetId()] = Simulator::Now();
    m_samples.push_back(sample);
    m_direct.push_back(d);
}

void
SamplerRowsCase::DoRun()
{
    m_nodes.Create(4); // 0 client, 1 server, 2 ns-3's own stack, 3 no TCP
    PointToPointHelper link;
    link.SetDeviceAttribute("DataRate", StringValue("10Mbps"));
    link.SetChannelAttribute("Delay", StringValue("20ms"));
    NetDeviceContainer devices = link.Install(m_nodes.Get(0), m_nodes.Get(1));
    TcpHostHelper host;
    host.SetProfile(m_profile);
    host.Install(m_nodes.Get(0));
    host.SetListenQueueEnabled(true); // Linux-6 has them anyway; the BSD host too, here
    host.Install(m_nodes.Get(1));
    InternetStackHelper().Install(m_nodes.Get(2));
    Ptr<Socket> stock = Socket::CreateSocket(m_nodes.Get(2), TcpSocketFactory::GetTypeId());
    Ipv4Address server =
        Ipv4AddressHelper("10.1.0.0", "255.255.255.0").Assign(devices).GetAddress(1);

    // Two listeners; the application takes every waiting connection at 1.5 s,
    // reads its bytes and closes it.
    std::vector<Ptr<Socket>> listeners;
    for (uint16_t port : {80, 81})
    {
        Ptr<Socket> listener =
            Socket::CreateSocket(m_nodes.Get(1), TcpHostSocketFactory::GetTypeId());
        listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), port));
        listener->Listen();
        Ptr<TcpListenQueue> queue = DynamicCast<TcpHostSocket>(listener)->GetListenQueue();
        NS_TEST_ASSERT_MSG_NE(queue, nullptr, "the listener has a TcpListenQueue");
        queue->SetAcceptReadyCallback(Callback<void>([]() {}));
        m_queues.push_back(queue);
        listeners.push_back(listener);
    }
    uint32_t taken = 0;
    Simulator::Schedule(Seconds(1.5), [this, &taken]() {
        for (const auto& queue : m_queues)
        {
            Address from;
            Time waited;
            while (Ptr<Socket> s = queue->Accept(from, waited))
            {
                ++taken;
                // Its bytes, then (in CLOSE_WAIT) the empty packet of EOF.
                while (Ptr<Packet> p = s->Recv())
                {
                    if (p->GetSize() == 0)
                    {
                        break;
                    }
                }
                s->Close();
            }
        }
    });
    std::vector<Ptr<Socket>> clients;
    for (uint32_t i = 0; i < CONNECTIONS; ++i)
    {
        Ptr<Socket> s = Socket::CreateSocket(m_nodes.Get(0), TcpHostSocketFactory::GetTypeId());
        uint16_t port = 80 + i % 2;
        Simulator::Schedule(Seconds(0.1) + MilliSeconds(25 * i), [s, server, port]() {
            s->Connect(InetSocketAddress(server, port));
            s->Send(Create<Packet>(100));
            s->Close();
        });
        clients.push_back(s);
    }

    std::ostringstream csv;
    TcpHostSamplerHelper samplers;
    samplers.SetAttribute("Interval", TimeValue(MilliSeconds(100)));
    samplers.SetAttribute("StartTime", TimeValue(MilliSeconds(50)));
    samplers.SetAttribute("StopTime", TimeValue(Seconds(2)));
    Ptr<TcpHostSampler> sampler = samplers.Install(m_nodes);
    sampler->SetStream(Create<OutputStreamWrapper>(&csv));
    sampler->TraceConnectWithoutContext("Sample", MakeCallback(&SamplerRowsCase::OnSample, this));

    Simulator::Schedule(MilliSeconds(50), &SamplerRowsCase::NoteStart, this);
    TcpHostCensus atEnd;
    Simulator::Schedule(Seconds(2.5),
                        [&atEnd, this]() { atEnd = TcpHostCensus::Take(m_nodes.Get(0)); });
    Simulator::Stop(Seconds(3));
    Simulator::Run();

    // Rows at 0.15, 0.25 ... 1.95 s, each instant one per node in order.
    const uint32_t instants = 19;
    NS_TEST_ASSERT_MSG_EQ(m_samples.size(), instants * 4, "one row per node per instant");
    std::istringstream lines(csv.str());
    std::string line;
    std::getline(lines, line);
    NS_TEST_ASSERT_MSG_EQ(line, TcpHostSampler::GetHeader(), "the CSV starts with its header");
    NS_TEST_ASSERT_MSG_EQ(line,
                          "time_s,node,time_wait,time_wait_tcbs,time_wait_records,listeners,"
                          "syn_queue,accept_queue,sockets,tcbs,memory_bytes,cpu_busy",
                          "the documented columns");
    uint32_t maxSyn = 0;
    uint32_t maxAccept = 0;
    double maxCpu = 0;
    for (uint32_t k = 0; k < m_samples.size(); ++k)
    {
        const TcpHostSample& s = m_samples[k];
        const TcpHostCensus& c = s.census;
        const Direct& d = m_direct[k];
        Time due = MilliSeconds(50) + MilliSeconds(100) * int64_t(k / 4 + 1);
        NS_TEST_ASSERT_MSG_EQ(s.time, due, "row " << k << " at StartTime + k * Interval");
        NS_TEST_ASSERT_MSG_EQ(c.GetNodeId(),
                              m_nodes.Get(k % 4)->GetId(),
                              "rows in the nodes' order");
        NS_TEST_ASSERT_MSG_EQ(c.GetTimeWaitTcbs(), d.timeWaitTcbs, "TIME_WAIT TCBs, row " << k);
        NS_TEST_ASSERT_MSG_EQ(c.GetTimeWaitRecords(),
                              d.timeWaitRecords,
                              "TIME_WAIT records, row " << k);
        NS_TEST_ASSERT_MSG_EQ(c.GetTimeWait(),
                              d.timeWaitTcbs + d.timeWaitRecords,
                              "TIME_WAIT wherever held, row " << k);
        NS_TEST_ASSERT_MSG_EQ(d.timeWaitAt,
                              d.timeWaitTcbs + d.timeWaitRecords,
                              "TimeWaitAt counts as the census does, row " << k);
        NS_TEST_ASSERT_MSG_EQ(c.GetSynQueue(), d.synQueue, "SYN queues summed, row " << k);
        NS_TEST_ASSERT_MSG_EQ(c.GetAcceptQueue(), d.acceptQueue, "accept queues, row " << k);
        NS_TEST_ASSERT_MSG_EQ(c.GetTcbs(), d.tcbs, "TCBs, row " << k);
        NS_TEST_ASSERT_MSG_EQ(c.GetMemoryInUse(), d.memory, "socket memory, row " << k);
        NS_TEST_ASSERT_MSG_EQ_TOL(s.cpuBusy, d.cpuBusy, 1e-12, "CPU busy share, row " << k);
        NS_TEST_ASSERT_MSG_EQ(c.GetListeners(), (k % 4 == 1 ? 2u : 0u), "listeners, row " << k);
        NS_TEST_ASSERT_MSG_EQ(c.GetSockets(), d.sockets, "sockets, row " << k);
        maxSyn = std::max(maxSyn, c.GetSynQueue());
        maxAccept = std::max(maxAccept, c.GetAcceptQueue());
        maxCpu = std::max(maxCpu, s.cpuBusy);

        // The CSV row says the same, with empty fields where an object is missing.
        NS_TEST_ASSERT_MSG_EQ(bool(std::getline(lines, line)), true, "a CSV row per sample");
        NS_TEST_ASSERT_MSG_EQ(line, TcpHostSampler::FormatRow(s), "CSV row " << k);
        std::vector<std::string> f = Split(line);
        NS_TEST_ASSERT_MSG_EQ(f.size(), 12, "twelve fields: " << line);
        std::ostringstream time;
        time << due.GetSeconds();
        NS_TEST_ASSERT_MSG_EQ(f[0], time.str(), "time_s");
        NS_TEST_ASSERT_MSG_EQ(f[1], std::to_string(c.GetNodeId()), "node");
        NS_TEST_ASSERT_MSG_EQ(f[2], std::to_string(c.GetTimeWait()), "time_wait");
        NS_TEST_ASSERT_MSG_EQ(f[6], std::to_string(c.GetSynQueue()), "syn_queue");
        NS_TEST_ASSERT_MSG_EQ(f[7], std::to_string(c.GetAcceptQueue()), "accept_queue");
        bool hostModel = k % 4 < 2;
        NS_TEST_ASSERT_MSG_EQ(f[3].empty(), !hostModel, "time_wait_tcbs empty without host model");
        NS_TEST_ASSERT_MSG_EQ(f[9].empty(), !hostModel, "tcbs empty without a host model");
        NS_TEST_ASSERT_MSG_EQ(f[10].empty(), !hostModel, "memory empty without SocketMemory");
        NS_TEST_ASSERT_MSG_EQ(f[11].empty(), !hostModel, "cpu_busy empty without a HostCpu");
        NS_TEST_ASSERT_MSG_EQ(f[8], std::to_string(c.GetSockets()), "sockets");
        if (k % 4 >= 2)
        {
            NS_TEST_ASSERT_MSG_EQ(c.GetSockets(),
                                  (3 - k % 4),
                                  "the stock socket; none without TCP");
        }
    }
    NS_TEST_ASSERT_MSG_EQ(std::getline(lines, line).fail(), true, "no more rows than samples");
    NS_TEST_ASSERT_MSG_EQ(taken, CONNECTIONS, "the application took every connection");

    // At 0.95 s (instant 9) every connection waits in the accept queues,
    // half in each; from 1.55 s the client keeps every TIME_WAIT.
    NS_TEST_ASSERT_MSG_GT(maxSyn, 0, "some rows caught handshakes in the SYN queues");
    NS_TEST_ASSERT_MSG_EQ(maxAccept, CONNECTIONS, "both accept queues, summed");
    NS_TEST_ASSERT_MSG_EQ(m_samples[9 * 4 + 1].census.GetAcceptQueue(),
                          CONNECTIONS,
                          "every connection waits at 0.95 s");
    const TcpHostCensus& last = m_samples[(instants - 1) * 4].census;
    NS_TEST_ASSERT_MSG_EQ(last.GetTimeWait(), CONNECTIONS, "the client keeps every TIME_WAIT");
    NS_TEST_ASSERT_MSG_EQ(atEnd.GetTimeWait(), CONNECTIONS, "TcpHostCensus::Take, 2.5 s");
    bool isLinux = m_profile == "Linux-6";
    NS_TEST_ASSERT_MSG_EQ(last.GetTimeWaitTcbs(),
                          (isLinux ? 0 : CONNECTIONS),
                          "TIME_WAIT in TCBs on a BSD-like host, none on Linux-6");
    NS_TEST_ASSERT_MSG_EQ(last.GetTimeWaitRecords(),
                          (isLinux ? CONNECTIONS : 0),
                          "TIME_WAIT in records on Linux-6, none on a BSD-like host");
    NS_TEST_ASSERT_MSG_EQ(last.HasTimeWaitTable(), isLinux, "Linux-6 has a TimeWaitTable");
    if (!isLinux)
    {
        // The SunOS host charges 490 us of CPU per segment: its busy share shows.
        NS_TEST_ASSERT_MSG_GT(maxCpu, 0.0, "the BSD host's CPU is busy in some interval");
    }
    Simulator::Destroy();
}

/**
 * @ingroup tcp-host-tests
 * @brief A file that cannot be written, an attribute the sampler does not
 * have and an impossible value are refused with std::invalid_argument
 * (never an abort); a simulation without Simulator::Stop still ends.
 */
class SamplerRefusalCase : public TestCase
{
  public:
    SamplerRefusalCase()
        : TestCase("an unwritable file and impossible attributes are refused")
    {
    }

  private:
    void DoRun() override
    {
        /**
         * @param what the call
         * @return the message it threw ("": none)
         */
        auto thrown = [](const std::function<void()>& what) -> std::string {
            try
            {
                what();
            }
            catch (const std::invalid_argument& e)
            {
                return e.what();
            }
            return "";
        };
        Ptr<TcpHostSampler> sampler = CreateObject<TcpHostSampler>();
        std::string why = thrown([&]() { sampler->SetFile("/nonexistent-dir/samples.csv"); });
        NS_TEST_ASSERT_MSG_EQ(why,
                              "TcpHostSampler: cannot write '/nonexistent-dir/samples.csv'",
                              "an unwritable file is refused");
        why = thrown([&]() { sampler->SetFile("/tmp"); });
        NS_TEST_ASSERT_MSG_EQ(why,
                              "TcpHostSampler: '/tmp' is a directory, not a file",
                              "a directory is refused");
        TcpHostSamplerHelper helper;
        why = thrown([&]() { helper.SetAttribute("Interval", TimeValue(Seconds(0))); });
        NS_TEST_ASSERT_MSG_NE(why.find("not a valid value for Interval"),
                              std::string::npos,
                              "an Interval of 0 is refused: " << why);
        why = thrown([&]() { helper.SetAttribute("Interval", StringValue("5x")); });
        NS_TEST_ASSERT_MSG_NE(why.find("Interval must be a time"),
                              std::string::npos,
                              "a malformed time is refused: " << why);
        why = thrown([&]() { helper.SetAttribute("Period", TimeValue(Seconds(1))); });
        NS_TEST_ASSERT_MSG_NE(why.find("has no attribute 'Period'"),
                              std::string::npos,
                              "an unknown attribute is refused: " << why);

        // Without Simulator::Stop the run still ends: rows at 0.1 to 0.4 s,
        // the last one after the last other event (0.35 s).
        NodeContainer node(1);
        helper.SetAttribute("Interval", TimeValue(MilliSeconds(100)));
        uint32_t rows = 0;
        helper.Install(node)->TraceConnectWithoutContext(
            "Sample",
            Callback<void, const TcpHostSample&>([&rows](const TcpHostSample&) { ++rows; }));
        why = thrown([&]() { helper.SetAttribute("StopTime", TimeValue(Seconds(1))); });
        NS_TEST_ASSERT_MSG_NE(why.find("before the first Install"),
                              std::string::npos,
                              "attributes only before the sampler is made: " << why);
        Simulator::Schedule(MilliSeconds(350), []() {});
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(rows, 4, "rows until nothing else is to happen");
        NS_TEST_ASSERT_MSG_EQ(Simulator::Now(), MilliSeconds(400), "the run ended");
        Simulator::Destroy();
    }
};

/**
 * @ingroup tcp-host-tests
 * @brief TcpHostSampler and TcpHostCensus.
 */
class TcpHostSamplerTestSuite : public TestSuite
{
  public:
    TcpHostSamplerTestSuite()
        : TestSuite("tcp-host-sampler", Type::UNIT)
    {
        AddTestCase(new SamplerRowsCase("SunOS-4.1.3-SS20-71"), Duration::QUICK);
        AddTestCase(new SamplerRowsCase("Linux-6"), Duration::QUICK);
        AddTestCase(new SamplerRefusalCase, Duration::QUICK);
    }
};

/// The suite's instance
TcpHostSamplerTestSuite g_tcpHostSamplerTestSuite;

} // namespace
