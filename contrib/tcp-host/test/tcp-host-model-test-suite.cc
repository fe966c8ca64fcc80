/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tests of the host model on real sockets: the TCB list follows the node's
// real connections, the cost of a segment grows with the TIME_WAIT TCBs in
// front of its connection, and the input queue serialises and drops.

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/tcp-host-module.h"

using namespace ns3;

namespace
{

/// The host profile these tests run on (costs and memory of the TIME_WAIT draft's server).
const std::string PROFILE = "SunOS-4.1.3-SS20-71";

/// @return a host model with the profile's settings
Ptr<TcpHostModel>
ProfiledHostModel()
{
    Ptr<TcpHostModel> host = CreateObject<TcpHostModel>();
    TcpHostProfile::Apply(TcpHostProfile::Get(PROFILE).hostModel, host);
    return host;
}

/// @return the profile's bytes per TCB
uint64_t
ProfiledBytesPerTcb()
{
    Ptr<SocketMemory> memory = CreateObject<SocketMemory>();
    TcpHostProfile::Apply(TcpHostProfile::Get(PROFILE).socketMemory, memory);
    UintegerValue bytes;
    memory->GetAttribute("BytesPerTcb", bytes);
    return bytes.Get();
}

const uint16_t PORT = 80;

/// A server with one old idle connection and K TIME_WAIT TCBs in front of it.
class TimeWaitLoad
{
  public:
    TimeWaitLoad(const std::string& discipline, uint32_t k)
        : m_discipline(discipline),
          m_k(k)
    {
    }

    /// Visited count and cost of one segment on the old connection, and the counts.
    struct Outcome
    {
        uint32_t visited{0};
        Time cost;
        uint32_t timeWait{0};
        uint32_t tcbs{0};
        uint64_t memory{0};
        uint64_t memoryTraced{0};
        uint32_t established{0};
        Time busy;
        Time tracedCost;
    };

    Outcome Run()
    {
        NodeContainer nodes(2);
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", StringValue("100Mbps"));
        p2p.SetChannelAttribute("Delay", StringValue("100us"));
        NetDeviceContainer devices = p2p.Install(nodes);
        TcpHostHelper stack;
        stack.SetProfile(PROFILE);
        stack.SetHostModelAttribute("LookupDiscipline", StringValue(m_discipline));
        stack.Install(nodes);
        Ipv4AddressHelper addresses("10.0.0.0", "255.255.255.0");
        Ipv4InterfaceContainer ifs = addresses.Assign(devices);
        m_server = nodes.Get(1);
        m_host = m_server->GetObject<TcpHostModel>();
        m_host->TraceConnectWithoutContext("DemuxCost", MakeCallback(&TimeWaitLoad::Cost, this));
        m_server->GetObject<SocketMemory>()->TraceConnectWithoutContext(
            "TcbMemory",
            MakeCallback(&TimeWaitLoad::Memory, this));

        Ptr<Socket> listener = Socket::CreateSocket(m_server, TcpHostSocketFactory::GetTypeId());
        listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), PORT));
        listener->Listen();
        listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                    MakeCallback(&TimeWaitLoad::Accepted, this));

        // The old connection, then K short ones the server closes.
        m_old = Socket::CreateSocket(nodes.Get(0), TcpHostSocketFactory::GetTypeId());
        m_old->Bind();
        Simulator::Schedule(Seconds(0), [this, ifs]() {
            m_old->Connect(InetSocketAddress(ifs.GetAddress(1), PORT));
        });
        for (uint32_t i = 0; i < m_k; ++i)
        {
            Simulator::Schedule(MilliSeconds(10 + i), [&nodes, ifs, this]() {
                Ptr<Socket> s =
                    Socket::CreateSocket(nodes.Get(0), TcpHostSocketFactory::GetTypeId());
                s->Bind();
                s->SetCloseCallbacks(MakeCallback(&TimeWaitLoad::PeerClosed, this),
                                     MakeNullCallback<void, Ptr<Socket>>());
                s->Connect(InetSocketAddress(ifs.GetAddress(1), PORT));
            });
        }
        Simulator::Schedule(Seconds(1), [this]() {
            m_out.timeWait = m_host->GetTcbCount(TcpSocket::TIME_WAIT);
            m_out.tcbs = m_host->GetTcbCount();
            m_out.memory = m_server->GetObject<SocketMemory>()->GetTcbMemory();
            m_out.memoryTraced = m_lastMemory;
            m_out.established = m_host->GetTcbCount(TcpSocket::ESTABLISHED);
            m_probe = true;
            m_old->Send(Create<Packet>(100));
        });
        Simulator::Stop(Seconds(2));
        Simulator::Run();
        m_out.busy = m_server->GetObject<TcpInputStage>()->GetBusyTime();
        m_out.tracedCost = m_sumCost;
        Simulator::Destroy();
        return m_out;
    }

  private:
    void Accepted(Ptr<Socket> s, const Address& from)
    {
        if (m_first)
        {
            m_first = false; // the old connection stays open
            m_kept = s;
            return;
        }
        s->Close();
    }

    void PeerClosed(Ptr<Socket> s)
    {
        Simulator::ScheduleNow(&Socket::Close, s);
    }

    void Cost(uint32_t visited, Time cost)
    {
        m_sumCost += cost;
        if (m_probe)
        {
            m_probe = false; // the first segment after the probe is sent is ours
            m_out.visited = visited;
            m_out.cost = cost;
        }
    }

    void Memory(uint64_t, uint64_t now)
    {
        m_lastMemory = now;
    }

    std::string m_discipline;
    uint32_t m_k;
    Ptr<Node> m_server;
    Ptr<TcpHostModel> m_host;
    Ptr<Socket> m_old;
    Ptr<Socket> m_kept;
    bool m_first{true};
    bool m_probe{false};
    uint64_t m_lastMemory{0};
    Time m_sumCost;
    Outcome m_out;
};

/// The TCB list is the node's real one, and costs follow the discipline.
class TimeWaitCostTest : public TestCase
{
  public:
    TimeWaitCostTest(const std::string& discipline, uint32_t k, uint32_t expectedVisited)
        : TestCase(discipline + ": " + std::to_string(k) + " TIME_WAIT TCBs in front"),
          m_discipline(discipline),
          m_k(k),
          m_expectedVisited(expectedVisited)
    {
    }

  private:
    void DoRun() override
    {
        TimeWaitLoad::Outcome o = TimeWaitLoad(m_discipline, m_k).Run();
        Ptr<TcpHostModel> defaults = ProfiledHostModel();
        TimeValue base;
        TimeValue perTcb;
        defaults->GetAttribute("PerSegmentCost", base);
        defaults->GetAttribute("PerTcbCost", perTcb);

        NS_TEST_ASSERT_MSG_EQ(o.timeWait, m_k, "server holds one TIME_WAIT TCB per connection");
        NS_TEST_ASSERT_MSG_EQ(o.established, 1, "the old connection");
        NS_TEST_ASSERT_MSG_EQ(o.tcbs, m_k + 2, "TIME_WAIT + old connection + listener");
        NS_TEST_ASSERT_MSG_EQ(o.memory,
                              (m_k + 2) * ProfiledBytesPerTcb(),
                              "memory = TCBs x BytesPerTcb");
        NS_TEST_ASSERT_MSG_EQ(o.memoryTraced, o.memory, "TcbMemory trace agrees");
        NS_TEST_ASSERT_MSG_EQ(o.visited, m_expectedVisited, "TCBs visited by the lookup");
        NS_TEST_ASSERT_MSG_EQ(o.cost, base.Get() + perTcb.Get() * m_expectedVisited, "cost");
        NS_TEST_ASSERT_MSG_EQ(o.busy, o.tracedCost, "CPU busy time is the sum of the costs");
    }

    std::string m_discipline;
    uint32_t m_k;
    uint32_t m_expectedVisited;
};

/// A full input queue drops; TCP recovers and delivers everything.
class InputQueueTest : public TestCase
{
  public:
    InputQueueTest()
        : TestCase("a full input queue drops segments; TCP still delivers every byte")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer nodes(2);
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
        p2p.SetChannelAttribute("Delay", StringValue("10us"));
        NetDeviceContainer devices = p2p.Install(nodes);
        TcpHostHelper stack;
        stack.SetProfile(PROFILE);
        stack.SetInputStageAttribute("InputQueueLimit", UintegerValue(3));
        stack.Install(nodes);
        Ipv4AddressHelper addresses("10.0.0.0", "255.255.255.0");
        Ipv4InterfaceContainer ifs = addresses.Assign(devices);

        const uint32_t bytes = 300000;
        PacketSinkHelper sink("ns3::TcpHostSocketFactory",
                              InetSocketAddress(Ipv4Address::GetAny(), PORT));
        ApplicationContainer sinkApp = sink.Install(nodes.Get(1));
        BulkSendHelper bulk("ns3::TcpHostSocketFactory",
                            InetSocketAddress(ifs.GetAddress(1), PORT));
        bulk.SetAttribute("MaxBytes", UintegerValue(bytes));
        bulk.Install(nodes.Get(0));
        Simulator::Stop(Seconds(60));
        Simulator::Run();
        Ptr<TcpInputStage> input = nodes.Get(1)->GetObject<TcpInputStage>();
        NS_TEST_ASSERT_MSG_GT(input->GetDrops(), 0, "a 3-segment queue at 1 Gb/s must overflow");
        NS_TEST_ASSERT_MSG_EQ(DynamicCast<PacketSink>(sinkApp.Get(0))->GetTotalRx(),
                              bytes,
                              "every byte delivered despite the drops");
        Simulator::Destroy();
    }
};

/// A full TCB pool turns SYNs away; connections made before are untouched.
class TcbPoolTest : public TestCase
{
  public:
    TcbPoolTest(const std::string& action)
        : TestCase("TCB memory exhausted: new SYNs " +
                   std::string(action == "Drop" ? "dropped" : "refused") +
                   ", counted; existing connections unaffected"),
          m_action(action)
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer nodes(2);
        PointToPointHelper p2p;
        NetDeviceContainer devices = p2p.Install(nodes);
        TcpHostHelper stack;
        stack.SetProfile(PROFILE);
        stack.SetSocketMemoryAttribute("Limit", UintegerValue(5 * ProfiledBytesPerTcb()));
        stack.SetHostModelAttribute("PoolExhaustedAction", StringValue(m_action));
        stack.Install(nodes);
        Ipv4AddressHelper addresses("10.0.0.0", "255.255.255.0");
        Ipv4Address server = addresses.Assign(devices).GetAddress(1);
        Ptr<Socket> listener =
            Socket::CreateSocket(nodes.Get(1), TcpHostSocketFactory::GetTypeId());
        listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), PORT));
        listener->Listen();

        // 10 connections, 10 ms apart, all kept open: the listener and 4 fit.
        std::vector<Ptr<Socket>> clients;
        uint32_t connected = 0;
        uint32_t refused = 0;
        for (uint32_t i = 0; i < 10; ++i)
        {
            Ptr<Socket> s = Socket::CreateSocket(nodes.Get(0), TcpHostSocketFactory::GetTypeId());
            s->SetConnectCallback(
                MakeCallback(+[](uint32_t* n, Ptr<Socket>) { ++*n; }).Bind(&connected),
                MakeCallback(+[](uint32_t* n, Ptr<Socket>) { ++*n; }).Bind(&refused));
            s->SetCloseCallbacks(
                MakeCallback(+[](uint32_t* n, Ptr<Socket>) { ++*n; }).Bind(&refused),
                MakeCallback(+[](uint32_t* n, Ptr<Socket>) { ++*n; }).Bind(&refused));
            clients.push_back(s);
            Simulator::Schedule(MilliSeconds(10 * (i + 1)), [s, server]() {
                s->Bind();
                s->Connect(InetSocketAddress(server, PORT));
            });
        }
        Simulator::Stop(Seconds(0.5));
        Simulator::Run();
        Ptr<TcpHostModel> host = nodes.Get(1)->GetObject<TcpHostModel>();
        NS_TEST_ASSERT_MSG_EQ(host->GetTcbCount(), 5, "the pool holds 5 TCBs");
        NS_TEST_ASSERT_MSG_EQ(host->GetTcbCount(TcpSocket::ESTABLISHED), 4, "4 connections in");
        NS_TEST_ASSERT_MSG_EQ(connected, 4, "4 clients connected");
        NS_TEST_ASSERT_MSG_GT(host->GetAllocationFailures(), 5, "the 6 others' SYNs turned away");
        NS_TEST_ASSERT_MSG_EQ(refused,
                              (m_action == "Refuse" ? 6 : 0),
                              "refused at once, or retrying");
        Simulator::Destroy();
    }

    std::string m_action;
};

} // namespace

/// Host model test suite.
class TcpHostModelTestSuite : public TestSuite
{
  public:
    TcpHostModelTestSuite()
        : TestSuite("tcp-host-model", Type::UNIT)
    {
        // Server list, newest first: K TIME_WAIT, the old connection, the listener.
        AddTestCase(new TimeWaitCostTest("LinearHeadInsert", 40, 41), Duration::QUICK);
        AddTestCase(new TimeWaitCostTest("LinearHeadInsert", 0, 1), Duration::QUICK);
        AddTestCase(new TimeWaitCostTest("TimeWaitAtTail", 40, 1), Duration::QUICK);
        AddTestCase(new TimeWaitCostTest("Hashed", 40, 1), Duration::QUICK);
        AddTestCase(new InputQueueTest(), Duration::QUICK);
        AddTestCase(new TcbPoolTest("Drop"), Duration::QUICK);
        AddTestCase(new TcbPoolTest("Refuse"), Duration::QUICK);
    }
};

static TcpHostModelTestSuite g_tcpHostModelTestSuite; //!< Static variable for test initialization
