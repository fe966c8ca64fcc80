/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The host's memory pool shared by TCBs and socket-buffer data: buffered
// data is counted, and a pool full of TIME_WAIT TCBs moves no data in
// either direction; with a TCB-only pool the same host moves it.

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/tcp-host-module.h"

using namespace ns3;

namespace
{

const uint16_t PORT = 80;
const uint32_t BYTES_PER_TCB = 1000;

/// A server with one long connection, TIME_WAIT TCBs made by short ones, and a pool.
class PoolScenario
{
  public:
    /**
     * @param pool SocketMemory's Accounting
     * @param limit SocketMemory's Limit
     * @param shortConnections short connections the server closes (TIME_WAIT at the server)
     */
    PoolScenario(const std::string& pool, uint64_t limit, uint32_t shortConnections)
    {
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", StringValue("100Mbps"));
        p2p.SetChannelAttribute("Delay", StringValue("100us"));
        NetDeviceContainer devices = p2p.Install(m_nodes);
        TcpHostHelper host;
        host.SetSocketMemoryAttribute("Accounting", StringValue(pool));
        host.SetSocketMemoryAttribute("BytesPerTcb", UintegerValue(BYTES_PER_TCB));
        host.SetSocketMemoryAttribute("Limit", UintegerValue(limit));
        host.Install(m_nodes);
        Ipv4Address server =
            Ipv4AddressHelper("10.0.0.0", "255.255.255.0").Assign(devices).GetAddress(1);
        m_host = m_nodes.Get(1)->GetObject<TcpHostModel>();
        m_memory = m_nodes.Get(1)->GetObject<SocketMemory>();

        Ptr<Socket> listener =
            Socket::CreateSocket(m_nodes.Get(1), TcpHostSocketFactory::GetTypeId());
        listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), PORT));
        listener->Listen();
        listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                    MakeCallback(&PoolScenario::Accepted, this));
        m_client = Socket::CreateSocket(m_nodes.Get(0), TcpHostSocketFactory::GetTypeId());
        Simulator::Schedule(Time(0), [this, server]() {
            m_client->Connect(InetSocketAddress(server, PORT));
        });
        for (uint32_t i = 0; i < shortConnections; ++i)
        {
            Simulator::Schedule(MilliSeconds(10 + i), [this, server]() {
                Ptr<Socket> s =
                    Socket::CreateSocket(m_nodes.Get(0), TcpHostSocketFactory::GetTypeId());
                s->SetCloseCallbacks(MakeCallback(&PoolScenario::PeerClosed),
                                     MakeNullCallback<void, Ptr<Socket>>());
                s->Connect(InetSocketAddress(server, PORT));
            });
        }
    }

    /// Let the server read what it has at this time (not before).
    void ReadAt(Time t)
    {
        Simulator::Schedule(t, [this]() {
            m_reading = true;
            Read(m_kept);
        });
    }

    NodeContainer m_nodes{2};   //!< 0 client, 1 server
    Ptr<TcpHostModel> m_host;   //!< The server's host model
    Ptr<SocketMemory> m_memory; //!< The server's socket memory
    Ptr<Socket> m_client;       //!< The long connection, client end
    Ptr<Socket> m_kept;         //!< The long connection, server end
    uint64_t m_received{0};     //!< Bytes the server read from it

  private:
    void Accepted(Ptr<Socket> s, const Address&)
    {
        if (!m_kept)
        {
            m_kept = s; // the long connection
            s->SetRecvCallback(MakeCallback(&PoolScenario::Read, this));
            return;
        }
        s->Close(); // a short one: the server closes first and keeps TIME_WAIT
    }

    static void PeerClosed(Ptr<Socket> s)
    {
        Simulator::ScheduleNow(&Socket::Close, s);
    }

    void Read(Ptr<Socket> s)
    {
        while (m_reading && s)
        {
            Ptr<Packet> p = s->Recv();
            if (!p)
            {
                break;
            }
            m_received += p->GetSize();
        }
    }

    bool m_reading{false}; //!< The server reads
};

/// Data in socket buffers is counted in a shared pool, and leaves it when read.
class PoolCountsDataTest : public TestCase
{
  public:
    PoolCountsDataTest()
        : TestCase("shared pool: unread data counts, and stops counting once read")
    {
    }

  private:
    void DoRun() override
    {
        PoolScenario s("Shared", 1000000, 0);
        s.ReadAt(Seconds(2));
        Simulator::Schedule(Seconds(1), [&s]() { s.m_client->Send(Create<Packet>(5000), 0); });
        uint64_t dataUnread = 0;
        uint64_t useUnread = 0;
        Simulator::Schedule(Seconds(1.5), [&]() {
            dataUnread = s.m_memory->GetDataMemory();
            useUnread = s.m_memory->GetUse();
        });
        Simulator::Stop(Seconds(3));
        Simulator::Run();
        uint64_t dataRead = s.m_memory->GetDataMemory();
        uint64_t received = s.m_received;
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(dataUnread, 5000, "5000 unread bytes in the server's buffer");
        NS_TEST_ASSERT_MSG_EQ(useUnread,
                              2 * BYTES_PER_TCB + 5000,
                              "pool: listener and connection TCBs, and the data");
        NS_TEST_ASSERT_MSG_EQ(received, 5000, "the server read them");
        NS_TEST_ASSERT_MSG_EQ(dataRead, 0, "and they left the pool");
    }
};

/// A pool full of TIME_WAIT TCBs: data moves only if the pool holds TCBs alone.
class PoolFullOfTimeWaitTest : public TestCase
{
  public:
    /// @param shared Accounting Shared (else TcbOnly)
    explicit PoolFullOfTimeWaitTest(bool shared)
        : TestCase(std::string("pool full of TIME_WAIT TCBs, ") +
                   (shared ? "shared with data: no data moves either way"
                           : "TCBs only: data still moves")),
          m_shared(shared)
    {
    }

  private:
    void DoRun() override
    {
        // 20 TCBs fill it: the listener, the long connection, 18 TIME_WAIT.
        PoolScenario s(m_shared ? "Shared" : "TcbOnly", 20 * BYTES_PER_TCB, 18);
        s.ReadAt(Seconds(0));
        uint32_t timeWait = 0;
        uint32_t serverTxRoom = 0;
        Simulator::Schedule(Seconds(1), [&]() {
            timeWait = s.m_host->GetTcbCount(TcpSocket::TIME_WAIT);
            serverTxRoom = s.m_kept->GetTxAvailable();
            s.m_client->Send(Create<Packet>(5000), 0);
        });
        Simulator::Stop(Seconds(5));
        Simulator::Run();
        uint64_t received = s.m_received;
        uint64_t memoryDrops = s.m_nodes.Get(1)->GetObject<TcpInputStage>()->GetMemoryDrops();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(timeWait, 18, "18 TIME_WAIT TCBs at the server");
        if (m_shared)
        {
            NS_TEST_ASSERT_MSG_EQ(received, 0, "no arriving data is taken in");
            NS_TEST_ASSERT_MSG_GT(memoryDrops, 0, "it is dropped for want of memory");
            NS_TEST_ASSERT_MSG_EQ(serverTxRoom, 0, "and the server cannot queue data to send");
        }
        else
        {
            NS_TEST_ASSERT_MSG_EQ(received, 5000, "every byte arrives");
            NS_TEST_ASSERT_MSG_EQ(memoryDrops, 0, "nothing dropped for memory");
            NS_TEST_ASSERT_MSG_GT(serverTxRoom, 0, "the server can send");
        }
    }

    bool m_shared; //!< Shared pool
};

/**
 * SocketMemory alone: under each Accounting, what draws from the limit, and
 * what the limit refuses (a TCB, data, a buffer's growth).
 */
class SocketMemoryAccountingTest : public TestCase
{
  public:
    SocketMemoryAccountingTest()
        : TestCase("SocketMemory: TCBs, data and buffers draw from Limit as Accounting says")
    {
    }

  private:
    void DoRun() override
    {
        int owner = 0; // a socket's identity, for SetData
        for (std::string accounting : {"TcbOnly", "Shared", "Buffers"})
        {
            Ptr<SocketMemory> m = CreateObject<SocketMemory>();
            m->SetAttribute("Accounting", StringValue(accounting));
            m->SetAttribute("BytesPerTcb", UintegerValue(100));
            m->SetAttribute("Limit", UintegerValue(1000));
            m->SetTcbCount(9);
            m->SetData(&owner, 50);
            m->TakeBuffer(700);
            bool tcbs = accounting != "Buffers";
            bool data = accounting == "Shared";
            bool buffers = accounting == "Buffers";
            NS_TEST_ASSERT_MSG_EQ(m->GetTcbMemory(), 900u, accounting << ": TCB memory counted");
            NS_TEST_ASSERT_MSG_EQ(m->GetDataMemory(), (data ? 50u : 0u), accounting << ": data");
            NS_TEST_ASSERT_MSG_EQ(m->GetUse(),
                                  (tcbs ? 900u : 0u) + (data ? 50u : 0u) + (buffers ? 700u : 0u),
                                  accounting << ": what draws from the limit");
            // A tenth TCB fits in 1000 bytes only if nothing else draws.
            NS_TEST_ASSERT_MSG_EQ(m->TcbFits(), (accounting != "Shared"), accounting << ": TCB");
            NS_TEST_ASSERT_MSG_EQ(m->DataFits(60),
                                  (!data),
                                  accounting << ": 60 more bytes of data");
            NS_TEST_ASSERT_MSG_EQ(m->GrowBuffer(500),
                                  (buffers ? 300u : 500u),
                                  accounting << ": a buffer grows up to the limit");
            m->SetData(&owner, 0);
            NS_TEST_ASSERT_MSG_EQ(m->GetDataMemory(), 0u, accounting << ": data gone");
            m->ReleaseBuffer(m->GetBufferMemory());
            NS_TEST_ASSERT_MSG_EQ(m->GetBufferMemory(), 0u, accounting << ": buffers given back");
        }
        Ptr<SocketMemory> unlimited = CreateObject<SocketMemory>();
        unlimited->SetAttribute("Accounting", StringValue("Buffers"));
        NS_TEST_ASSERT_MSG_EQ(unlimited->GrowBuffer(1 << 30),
                              uint64_t(1) << 30,
                              "no limit: every growth granted");
    }
};

/**
 * Memory pressure as Linux's tcp_mem[1] and tcp_mem[0]: the growth that
 * crosses PressureLimit is granted, then none until the buffers are below
 * three quarters of it; traced on entering and on leaving.
 */
class MemoryPressureTest : public TestCase
{
  public:
    MemoryPressureTest()
        : TestCase(
              "memory pressure: above PressureLimit no buffer grows until below three quarters")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<SocketMemory> m = CreateObject<SocketMemory>();
        m->SetAttribute("Accounting", StringValue("Buffers"));
        m->SetAttribute("Limit", UintegerValue(10000));
        m->SetAttribute("PressureLimit", UintegerValue(4000));
        std::vector<bool> traced;
        m->TraceConnectWithoutContext(
            "Pressure",
            Callback<void, bool, bool>([&traced](bool, bool now) { traced.push_back(now); }));
        m->TakeBuffer(3000);
        NS_TEST_EXPECT_MSG_EQ(m->IsUnderPressure(), false, "3000 of 4000: none");
        NS_TEST_EXPECT_MSG_EQ(m->GrowBuffer(2000), 2000u, "the growth that crosses is granted");
        NS_TEST_EXPECT_MSG_EQ(m->IsUnderPressure(), true, "5000 above 4000: pressure");
        NS_TEST_EXPECT_MSG_EQ(m->GrowBuffer(100), 0u, "under pressure nothing grows");
        m->ReleaseBuffer(1500);
        NS_TEST_EXPECT_MSG_EQ(m->IsUnderPressure(), true, "3500, not below 3000: still");
        NS_TEST_EXPECT_MSG_EQ(m->GrowBuffer(100), 0u, "still nothing grows");
        m->ReleaseBuffer(600);
        NS_TEST_EXPECT_MSG_EQ(m->IsUnderPressure(), false, "2900 below 3000: over");
        NS_TEST_EXPECT_MSG_EQ(m->GrowBuffer(100), 100u, "buffers grow again");
        NS_TEST_ASSERT_MSG_EQ(traced.size(), 2u, "traced on entering and on leaving");
        NS_TEST_EXPECT_MSG_EQ(traced[0] && !traced[1], true, "entered, then left");

        m->GrowBuffer(2000);
        NS_TEST_EXPECT_MSG_EQ(m->IsUnderPressure(), true, "4800: pressure again");
        m->SetAttribute("PressureLimit", UintegerValue(0));
        NS_TEST_EXPECT_MSG_EQ(m->GrowBuffer(100), 100u, "the limit taken away: no pressure");

        Ptr<SocketMemory> tiny = CreateObject<SocketMemory>();
        tiny->SetAttribute("Accounting", StringValue("Buffers"));
        tiny->SetAttribute("PressureLimit", UintegerValue(3));
        tiny->TakeBuffer(4);
        NS_TEST_EXPECT_MSG_EQ(tiny->IsUnderPressure(), true, "4 above 3");
        tiny->ReleaseBuffer(4);
        NS_TEST_EXPECT_MSG_EQ(tiny->IsUnderPressure(), false, "a limit of 3 is left too");

        Ptr<SocketMemory> never = CreateObject<SocketMemory>();
        never->SetAttribute("Accounting", StringValue("Buffers"));
        never->TakeBuffer(uint64_t(1) << 40);
        NS_TEST_EXPECT_MSG_EQ(never->GrowBuffer(100), 100u, "PressureLimit 0: never");
    }
};

/// A buffer policy that asks for a 64 KB send buffer once established;
/// attribute Draws: whether that buffer draws from the node's memory.
class GrowingSendBuffer : public TcpBufferPolicy
{
  public:
    /// @return the object TypeId
    static TypeId GetTypeId()
    {
        static TypeId tid =
            TypeId("ns3::TcpHostTestGrowingSendBuffer")
                .SetParent<TcpBufferPolicy>()
                .SetGroupName("TcpHost")
                .AddConstructor<GrowingSendBuffer>()
                .AddAttribute("Draws",
                              "Whether the send buffer draws from the node's memory.",
                              BooleanValue(false),
                              MakeBooleanAccessor(&GrowingSendBuffer::m_draws),
                              MakeBooleanChecker());
        return tid;
    }

    bool SendBufferDrawsFromMemory() const override
    {
        return m_draws;
    }

    void Established(TcpBufferControl& socket) override
    {
        socket.ResizeSendBuffer(64 * 1024);
    }

    Ptr<TcpBufferPolicy> Fork() const override
    {
        return CopyObject<GrowingSendBuffer>(this);
    }

  private:
    bool m_draws{false}; //!< Draws
};

/**
 * The socket alone charges its buffers: under SocketBuffers both, under
 * any other accounting the send buffer if its policy draws it from the
 * memory (as Linux's autotuning, tcp_mem), else nothing; growth only as
 * the limit allows; all of it given back when the connection ends.
 */
class SocketChargesBuffersTest : public TestCase
{
  public:
    /**
     * @param accounting SocketMemory's Accounting
     * @param draws the policy's Draws
     */
    SocketChargesBuffersTest(const std::string& accounting, bool draws)
        : TestCase("the socket alone charges its buffers: Accounting " + accounting +
                   (draws ? ", a policy whose send buffer draws from the memory"
                          : ", a policy whose buffers do not draw from it")),
          m_accounting(accounting),
          m_draws(draws)
    {
    }

  private:
    void DoRun() override
    {
        GrowingSendBuffer::GetTypeId(); // registered before its default is set
        Config::SetDefault("ns3::TcpHostTestGrowingSendBuffer::Draws", BooleanValue(m_draws));
        const uint32_t kb = 1024;
        NodeContainer nodes(2);
        PointToPointHelper p2p;
        NetDeviceContainer devices = p2p.Install(nodes);
        TcpHostHelper client;
        client.Install(nodes.Get(0));
        TcpHostHelper server;
        server.SetHostModelEnabled(false);
        server.SetSocketAttribute("SndBufSize", UintegerValue(16 * kb));
        server.SetSocketAttribute("RcvBufSize", UintegerValue(16 * kb));
        server.SetSocketAttribute("BufferPolicy", TypeIdValue(GrowingSendBuffer::GetTypeId()));
        server.SetSocketMemoryAttribute("Accounting", StringValue(m_accounting));
        server.SetSocketMemoryAttribute("Limit", UintegerValue(40 * kb));
        server.Install(nodes.Get(1));
        Ipv4Address address =
            Ipv4AddressHelper("10.0.0.0", "255.255.255.0").Assign(devices).GetAddress(1);
        Ptr<SocketMemory> memory = nodes.Get(1)->GetObject<SocketMemory>();

        Ptr<Socket> listener =
            Socket::CreateSocket(nodes.Get(1), TcpHostSocketFactory::GetTypeId());
        listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), PORT));
        listener->Listen();
        Ptr<Socket> accepted;
        listener->SetAcceptCallback(
            MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
            MakeCallback(+[](Ptr<Socket>* out, Ptr<Socket> s, const Address&) {
                *out = s;
            }).Bind(&accepted));
        Ptr<Socket> s = Socket::CreateSocket(nodes.Get(0), TcpHostSocketFactory::GetTypeId());
        Simulator::Schedule(Time(0),
                            [s, address]() { s->Connect(InetSocketAddress(address, PORT)); });
        uint64_t charged = 0;
        uint32_t sendBuffer = 0;
        Simulator::Schedule(Seconds(1), [&]() {
            charged = memory->GetBufferMemory();
            sendBuffer = TcpSocketExtensions::Of(accepted)->GetSendBufferSize();
            s->Close();
            accepted->Close();
        });
        Simulator::Stop(Seconds(300));
        Simulator::Run();

        NS_TEST_ASSERT_MSG_NE(accepted, nullptr, "connected");
        if (m_accounting == "SocketBuffers")
        {
            // 16 + 16 KB taken, the send buffer's growth granted up to the limit
            NS_TEST_EXPECT_MSG_EQ(charged, 40 * kb, "both buffers charged, growth to the limit");
            NS_TEST_EXPECT_MSG_EQ(sendBuffer, 24 * kb, "the send buffer grew as far as allowed");
        }
        else if (m_draws && m_accounting == "Buffers")
        {
            NS_TEST_EXPECT_MSG_EQ(charged, 40 * kb, "the send buffer alone, grown to the limit");
            NS_TEST_EXPECT_MSG_EQ(sendBuffer, 40 * kb, "the send buffer grew as far as allowed");
        }
        else if (m_draws)
        {
            // Counted, but buffers do not draw from the limit under this accounting
            NS_TEST_EXPECT_MSG_EQ(charged, 64 * kb, "the send buffer alone, counted");
            NS_TEST_EXPECT_MSG_EQ(sendBuffer, 64 * kb, "the limit is not the buffers'");
        }
        else
        {
            NS_TEST_EXPECT_MSG_EQ(charged, 0, "nothing draws from the memory");
            NS_TEST_EXPECT_MSG_EQ(sendBuffer, 64 * kb, "growth not governed by the memory");
        }
        NS_TEST_EXPECT_MSG_EQ(memory->GetBufferMemory(), 0, "all given back at the end");
        Simulator::Destroy();
    }

    void DoTeardown() override
    {
        Config::Reset();
    }

    std::string m_accounting; //!< SocketMemory's Accounting
    bool m_draws;             //!< The policy's Draws
};

/// The suite.
class TcpHostMemoryPoolTestSuite : public TestSuite
{
  public:
    TcpHostMemoryPoolTestSuite()
        : TestSuite("tcp-host-memory-pool", Type::UNIT)
    {
        AddTestCase(new SocketMemoryAccountingTest(), Duration::QUICK);
        AddTestCase(new MemoryPressureTest(), Duration::QUICK);
        AddTestCase(new SocketChargesBuffersTest("Buffers", true), Duration::QUICK);
        AddTestCase(new SocketChargesBuffersTest("Buffers", false), Duration::QUICK);
        AddTestCase(new SocketChargesBuffersTest("SocketBuffers", false), Duration::QUICK);
        AddTestCase(new SocketChargesBuffersTest("TcbOnly", true), Duration::QUICK);
        AddTestCase(new PoolCountsDataTest(), Duration::QUICK);
        AddTestCase(new PoolFullOfTimeWaitTest(true), Duration::QUICK);
        AddTestCase(new PoolFullOfTimeWaitTest(false), Duration::QUICK);
    }
};

/// Static instance.
TcpHostMemoryPoolTestSuite g_tcpHostMemoryPoolTestSuite;

} // namespace
