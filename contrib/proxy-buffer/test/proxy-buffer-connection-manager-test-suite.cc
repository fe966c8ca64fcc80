/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The persistent-connection manager of the proxy paper: the idle table
// (hash table and time scheduling list) against a plain reference under
// thousands of random operations; the thresholds on connections,
// descriptors and the buffer pool closing the oldest idle connections;
// admission making room; gradual release (GradualRelease, the policy that
// wraps a managed connection's own) halving idle buffers down to the floor
// and giving them back; nginx's keepalive cap and HAProxy's pool.

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/proxy-buffer-module.h"
#include "ns3/tcp-host-module.h"

#include <algorithm>
#include <vector>

using namespace ns3;

namespace
{

/// @return a distinct key for connection i
ConnectionKey
Key(uint32_t i)
{
    return ConnectionKey{Ipv4Address("10.0.0.1"),
                         uint16_t(1024 + i % 60000),
                         Ipv4Address(0x0a010000 + i / 60000),
                         80};
}

/// The table against a vector kept in idle order, under random operations.
class IdleTableTest : public TestCase
{
  public:
    IdleTableTest()
        : TestCase("idle table: 20000 random operations on 3000 connections, against a reference")
    {
    }

  private:
    void DoRun() override
    {
        IdleConnectionTable table;
        std::vector<uint32_t> reference; // idle connections, oldest first
        Ptr<UniformRandomVariable> u = CreateObject<UniformRandomVariable>();
        u->SetStream(7);
        for (int op = 0; op < 20000; ++op)
        {
            uint32_t i = u->GetInteger(0, 2999);
            Time now = MicroSeconds(op);
            auto at = std::find(reference.begin(), reference.end(), i);
            bool wasIdle = at != reference.end();
            if (u->GetValue() < 0.55)
            {
                bool inserted = table.Insert(Key(i), now);
                NS_TEST_ASSERT_MSG_EQ(inserted, !wasIdle, "insert only the new");
                if (inserted)
                {
                    reference.push_back(i);
                }
            }
            else
            {
                bool removed = table.Remove(Key(i));
                NS_TEST_ASSERT_MSG_EQ(removed, wasIdle, "remove only the idle");
                if (removed)
                {
                    reference.erase(at);
                }
            }
            NS_TEST_ASSERT_MSG_EQ(table.Size(), reference.size(), "same size");
            if (!reference.empty())
            {
                NS_TEST_ASSERT_MSG_EQ((table.Oldest().key == Key(reference.front())),
                                      true,
                                      "the oldest is the longest idle");
            }
        }
        NS_TEST_ASSERT_MSG_GT(reference.size(), 100u, "many left idle");
        size_t k = 0;
        Time previous;
        for (const auto& e : table.InOrder())
        {
            NS_TEST_ASSERT_MSG_EQ((e.key == Key(reference[k++])), true, "the same order");
            NS_TEST_ASSERT_MSG_GT_OR_EQ(e.since, previous, "ordered by the time idle");
            NS_TEST_ASSERT_MSG_EQ(table.Contains(e.key), true, "found by its key");
            previous = e.since;
        }
        // Keys that differ in one part are different connections.
        ConnectionKey a = Key(5);
        ConnectionKey b = a;
        b.peerPort = 81;
        NS_TEST_EXPECT_MSG_EQ((a == b), false, "ports tell connections apart");
        NS_TEST_EXPECT_MSG_NE(ConnectionKeyHash()(a), ConnectionKeyHash()(b), "and their hashes");
    }
};

/// Connections without sockets, closed through the manager.
struct Fakes
{
    Ptr<PersistentConnectionManager> manager;
    std::vector<uint32_t> closed; //!< Closed by the manager, in order

    /**
     * @brief Register connections 0 .. n-1.
     * @param m the manager
     * @param n how many
     * @param side which side of the proxy they are on
     */
    Fakes(Ptr<PersistentConnectionManager> m,
          uint32_t n,
          PersistentConnectionManager::Side side = PersistentConnectionManager::TO_CLIENT)
        : manager(m)
    {
        for (uint32_t i = 0; i < n; ++i)
        {
            manager->Register(Key(i), Callback<void>([this, i]() { Close(i); }), nullptr, side);
        }
    }

    /// The application closes connection i (and tells the manager).
    void Close(uint32_t i)
    {
        closed.push_back(i);
        manager->Unregister(Key(i));
    }
};

/// Thresholds on connections and descriptors, admission, and the oldest first.
class ThresholdTest : public TestCase
{
  public:
    ThresholdTest()
        : TestCase("thresholds on connections and descriptors close the oldest idle first")
    {
    }

  private:
    void DoRun() override
    {
        {
            Ptr<PersistentConnectionManager> m = CreateObject<PersistentConnectionManager>();
            m->SetAttribute("MaxConnections", UintegerValue(10));
            m->SetAttribute("ConnectionThreshold", DoubleValue(0.8));
            m->SetAttribute("Interval", TimeValue(Seconds(1)));
            Fakes f(m, 10);
            // Idle in the order 4, 2, 7, 9, 5, 0; 7 becomes active again.
            for (uint32_t i : {4, 2, 7, 9, 5, 0})
            {
                Simulator::Schedule(MilliSeconds(10 * (i + 1)), [m, i]() { m->Idle(Key(i)); });
            }
            Simulator::Schedule(MilliSeconds(500), [m]() { m->Active(Key(7)); });
            Simulator::Stop(Seconds(1.5)); // one check, at 1 s
            Simulator::Run();
            // 10 open, at most 7 (< 80 %): the three oldest idle, 7 excepted.
            NS_TEST_EXPECT_MSG_EQ(f.closed.size(), 3u, "closed down to below the threshold");
            NS_TEST_EXPECT_MSG_EQ((f.closed == std::vector<uint32_t>({0, 2, 4})),
                                  true,
                                  "the oldest idle first (idle at 10, 30, 50 ms), not the "
                                  "active again");
            NS_TEST_EXPECT_MSG_EQ(m->GetOpen(), 7u, "seven open");
            NS_TEST_EXPECT_MSG_EQ(m->GetIdle().Size(), 2u, "5 and 9 still idle");
            Simulator::Destroy();
        }
        {
            // Descriptors: (open + 8 reserved) / 20 >= 0.75 at 7 open.
            Ptr<PersistentConnectionManager> m = CreateObject<PersistentConnectionManager>();
            m->SetAttribute("MaxDescriptors", UintegerValue(20));
            m->SetAttribute("ReservedDescriptors", UintegerValue(8));
            m->SetAttribute("DescriptorThreshold", DoubleValue(0.75));
            Fakes f(m, 9);
            for (uint32_t i = 0; i < 9; ++i)
            {
                m->Idle(Key(i));
            }
            m->CheckThresholds();
            NS_TEST_EXPECT_MSG_EQ(m->GetOpen(), 6u, "descriptors: down to 14 of 20");
            NS_TEST_EXPECT_MSG_EQ((f.closed == std::vector<uint32_t>({0, 1, 2})),
                                  true,
                                  "oldest first");
            Simulator::Destroy();
        }
        {
            // Admission: MaxConnections open, one idle: it makes room.
            Ptr<PersistentConnectionManager> m = CreateObject<PersistentConnectionManager>();
            m->SetAttribute("MaxConnections", UintegerValue(3));
            Fakes f(m, 3);
            NS_TEST_EXPECT_MSG_EQ(m->HasRoom(), false, "full");
            NS_TEST_EXPECT_MSG_EQ(m->MakeRoom(), false, "none idle: no room");
            m->Idle(Key(1));
            NS_TEST_EXPECT_MSG_EQ(m->MakeRoom(), true, "an idle one closed");
            NS_TEST_EXPECT_MSG_EQ((f.closed == std::vector<uint32_t>({1})), true, "that one");
            NS_TEST_EXPECT_MSG_EQ(m->GetEvictions(), 1u, "counted");
            Simulator::Destroy();
        }
    }
};

/// The persistent timer: each idle connection closed when its IdleTimeout comes.
class IdleTimeoutTest : public TestCase
{
  public:
    IdleTimeoutTest()
        : TestCase("the persistent timer closes each connection idle for IdleTimeout, at that "
                   "moment; activity restarts it; 0 closes none")
    {
    }

  private:
    void DoRun() override
    {
        {
            Ptr<PersistentConnectionManager> m = CreateObject<PersistentConnectionManager>();
            m->SetAttribute("IdleTimeout", TimeValue(Seconds(10)));
            Fakes f(m, 5);
            std::vector<std::pair<double, double>> expired; // (when, idle for), s
            m->TraceConnectWithoutContext("IdleTimeoutExpired",
                                          Callback<void, Time>([&expired](Time idleFor) {
                                              expired.emplace_back(Now().GetSeconds(),
                                                                   idleFor.GetSeconds());
                                          }));
            // 0, 1, 3 idle at 1, 2, 4 s; 2 idle at 3 s, active at 8 s, idle
            // again at 9 s; 4 never idle.
            for (uint32_t i : {0, 1, 2, 3})
            {
                Simulator::Schedule(Seconds(i + 1), [m, i]() { m->Idle(Key(i)); });
            }
            Simulator::Schedule(Seconds(8), [m]() { m->Active(Key(2)); });
            Simulator::Schedule(Seconds(9), [m]() { m->Idle(Key(2)); });
            Simulator::Stop(Seconds(30));
            Simulator::Run();
            NS_TEST_EXPECT_MSG_EQ((f.closed == std::vector<uint32_t>({0, 1, 3, 2})),
                                  true,
                                  "every idle one closed, in the order their timers ran out");
            NS_TEST_ASSERT_MSG_EQ(expired.size(), 4u, "each reported once");
            const double at[] = {11, 12, 14, 19};
            for (size_t k = 0; k < expired.size(); ++k)
            {
                NS_TEST_EXPECT_MSG_EQ_TOL(expired[k].first, at[k], 1e-9, "closed when due");
                NS_TEST_EXPECT_MSG_EQ_TOL(expired[k].second, 10, 1e-9, "after 10 s idle");
            }
            NS_TEST_EXPECT_MSG_EQ(m->GetTimedOut(), 4u, "counted as timed out");
            NS_TEST_EXPECT_MSG_EQ(m->GetEvictions(), 0u, "not as evictions");
            NS_TEST_EXPECT_MSG_EQ(m->GetOpen(), 1u, "the busy one stays");
            Simulator::Destroy();
        }
        {
            Ptr<PersistentConnectionManager> m = CreateObject<PersistentConnectionManager>();
            Fakes f(m, 3);
            for (uint32_t i = 0; i < 3; ++i)
            {
                m->Idle(Key(i));
            }
            Simulator::Stop(Seconds(1000));
            Simulator::Run();
            NS_TEST_EXPECT_MSG_EQ(f.closed.size(), 0u, "no timer by default");
            Simulator::Destroy();
        }
    }
};

/// Sockets: the pool threshold, and gradual release.
class BufferTest : public TestCase
{
  public:
    BufferTest()
        : TestCase("the pool threshold counts socket buffers; gradual release halves them to 1 KB")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<Node> node = CreateObject<Node>();
        TcpHostHelper stack;
        stack.SetHostModelEnabled(false);
        stack.SetSocketAttribute("SndBufSize", UintegerValue(16 * 1024));
        stack.SetSocketAttribute("RcvBufSize", UintegerValue(16 * 1024));
        stack.Install(node);
        std::vector<Ptr<TcpHostSocket>> sockets;
        for (int i = 0; i < 5; ++i)
        {
            sockets.push_back(DynamicCast<TcpHostSocket>(
                Socket::CreateSocket(node, TcpHostSocketFactory::GetTypeId())));
        }
        {
            // 5 x 32 KB against 100 KB: two idle ones go (96 KB left); at a
            // threshold of 50 % the third goes too, and the two active ones
            // stay although still past it.
            Ptr<PersistentConnectionManager> m = CreateObject<PersistentConnectionManager>();
            // The pool: the sockets' node's socket memory.
            node->GetObject<SocketMemory>()->SetAttribute("Accounting", StringValue("Buffers"));
            node->GetObject<SocketMemory>()->SetAttribute("Limit", UintegerValue(100 * 1024));
            std::vector<uint32_t> closed;
            for (uint32_t i = 0; i < 5; ++i)
            {
                m->Register(Key(i),
                            Callback<void>([&closed, m, i]() {
                                closed.push_back(i);
                                m->Unregister(Key(i));
                            }),
                            sockets[i]);
            }
            NS_TEST_EXPECT_MSG_EQ(m->GetBufferBytes(), 5 * 32 * 1024u, "send + receive, each");
            m->Idle(Key(3));
            m->Idle(Key(0));
            m->Idle(Key(4));
            m->CheckThresholds();
            NS_TEST_EXPECT_MSG_EQ((closed == std::vector<uint32_t>({3, 0})),
                                  true,
                                  "oldest first, until below the pool");
            m->SetAttribute("PoolThreshold", DoubleValue(0.5));
            m->CheckThresholds();
            NS_TEST_EXPECT_MSG_EQ((closed == std::vector<uint32_t>({3, 0, 4})),
                                  true,
                                  "at 50 %, all idle ones");
            NS_TEST_EXPECT_MSG_EQ(m->GetOpen(), 2u, "the active ones stay");
            Simulator::Destroy();
        }
        {
            sockets[0]->SetAttribute("SndBufSize", UintegerValue(20000)); // not a power of 2
            Ptr<PersistentConnectionManager> m = CreateObject<PersistentConnectionManager>();
            m->SetAttribute("GradualRelease", BooleanValue(true));
            m->Register(Key(0), Callback<void>([]() {}), sockets[0]);
            m->Register(Key(1), Callback<void>([]() {}), sockets[1]);
            m->Idle(Key(0));
            std::vector<uint32_t> sizes; // socket 0's send buffer at 1, 4, 7, ... s
            for (int t = 1; t < 20; t += 3)
            {
                Simulator::Schedule(Seconds(t), [&sizes, &sockets]() {
                    sizes.push_back(sockets[0]->GetSendBufferSize());
                });
            }
            uint32_t receiveAt13 = 0;
            Simulator::Schedule(Seconds(13),
                                [&]() { receiveAt13 = sockets[0]->GetReceiveBufferSize(); });
            Simulator::Schedule(Seconds(20), [m]() { m->Active(Key(0)); });
            Simulator::Stop(Seconds(21));
            Simulator::Run();
            std::vector<uint32_t> expected{20000, 10000, 5000, 2500, 1250, 1024, 1024};
            NS_TEST_EXPECT_MSG_EQ((sizes == expected), true, "halved every 3 s down to 1 KB");
            NS_TEST_EXPECT_MSG_EQ(receiveAt13, 1024u, "the receive buffer too");
            NS_TEST_EXPECT_MSG_EQ(sockets[1]->GetSendBufferSize(), 16384u, "not the active one");
            NS_TEST_EXPECT_MSG_EQ(sockets[0]->GetSendBufferSize(), 20000u, "back when active");
            NS_TEST_EXPECT_MSG_EQ(sockets[0]->GetReceiveBufferSize(), 16384u, "both");
            Simulator::Destroy();
        }
        {
            // The manager wraps a registered connection's policy and gives it
            // back when the connection leaves; halving stops then.
            Ptr<TcpBufferPolicy> own = sockets[2]->GetBufferPolicy();
            Ptr<PersistentConnectionManager> m = CreateObject<PersistentConnectionManager>();
            m->SetAttribute("GradualRelease", BooleanValue(true));
            m->Register(Key(2), Callback<void>([]() {}), sockets[2]);
            auto wrapping = DynamicCast<GradualRelease>(sockets[2]->GetBufferPolicy());
            NS_TEST_ASSERT_MSG_NE(wrapping, nullptr, "wrapped while registered");
            NS_TEST_EXPECT_MSG_EQ(wrapping->GetInner(), own, "around its own policy");
            m->Idle(Key(2));
            uint32_t atFour = 0;
            Simulator::Schedule(Seconds(4), [&]() {
                atFour = sockets[2]->GetSendBufferSize();
                m->Unregister(Key(2));
            });
            Simulator::Stop(Seconds(20));
            Simulator::Run();
            NS_TEST_EXPECT_MSG_EQ(atFour, 8192u, "halved once by then");
            NS_TEST_EXPECT_MSG_EQ(sockets[2]->GetBufferPolicy(), own, "its own policy back");
            NS_TEST_EXPECT_MSG_EQ(sockets[2]->GetSendBufferSize(), 8192u, "no halving after");
            Simulator::Destroy();
        }
    }
};

/// A buffer control with sizes only, for a policy alone.
class SizesOnly : public TcpBufferControl
{
  public:
    Ptr<Node> GetNode() const override
    {
        return nullptr;
    }

    Time GetSmoothedRtt() const override
    {
        return Time(0);
    }

    Time GetRto() const override
    {
        return Seconds(1);
    }

    uint32_t GetCongestionWindow() const override
    {
        return 0;
    }

    uint32_t GetSegmentSize() const override
    {
        return 1000;
    }

    uint64_t GetDataSegmentsSent() const override
    {
        return 0;
    }

    uint64_t GetDataSegmentsRetransmitted() const override
    {
        return 0;
    }

    uint64_t GetDataSegmentsReceived() const override
    {
        return 0;
    }

    uint64_t GetDataSegmentsReceivedAgain() const override
    {
        return 0;
    }

    uint32_t GetSendBufferSize() const override
    {
        return snd;
    }

    uint32_t GetReceiveBufferSize() const override
    {
        return rcv;
    }

    uint32_t ResizeSendBuffer(uint32_t bytes) override
    {
        return snd = bytes;
    }

    uint32_t ResizeReceiveBuffer(uint32_t bytes) override
    {
        return rcv = bytes;
    }

    uint32_t snd{64000}; //!< Send buffer
    uint32_t rcv{32000}; //!< Receive buffer
};

/// A policy that counts what it is told, and may size the send buffer again.
class CountingPolicy : public TcpBufferPolicy
{
  public:
    void Established(TcpBufferControl&) override
    {
        ++events;
    }

    void DataAcked(TcpBufferControl&, uint32_t) override
    {
        ++events;
    }

    void DataReceived(TcpBufferControl&, uint32_t) override
    {
        ++events;
    }

    void DataRead(TcpBufferControl&, uint32_t) override
    {
        ++events;
    }

    void Closed() override
    {
        ++events;
    }

    void Released() override
    {
        ++released;
    }

    bool Restored() override
    {
        ++restored;
        return sizesSendBuffer;
    }

    int events{0};               //!< Connection events told
    int released{0};             //!< Released() calls
    int restored{0};             //!< Restored() calls
    bool sizesSendBuffer{false}; //!< Restored()'s answer
};

/// GradualRelease alone: what it forwards, halves and gives back.
class GradualReleasePolicyTest : public TestCase
{
  public:
    GradualReleasePolicyTest()
        : TestCase("GradualRelease: forwards every event, halves idle buffers, gives them back")
    {
    }

  private:
    void DoRun() override
    {
        for (bool innerSizes : {false, true})
        {
            Ptr<CountingPolicy> inner = CreateObject<CountingPolicy>();
            inner->sizesSendBuffer = innerSizes;
            Ptr<GradualRelease> release = GradualRelease::Wrap(inner);
            release->SetAttribute("ReleaseInterval", TimeValue(Seconds(1)));
            release->SetAttribute("ReleaseFloor", UintegerValue(4000));
            SizesOnly socket;
            release->Established(socket);
            release->DataAcked(socket, 10);
            release->DataReceived(socket, 10);
            release->DataRead(socket, 10);
            NS_TEST_EXPECT_MSG_EQ(inner->events, 4, "events go on to the inner policy");
            uint32_t sndAt2 = 0;
            uint32_t rcvAt2 = 0;
            uint32_t sndAt9 = 0;
            Simulator::Schedule(Seconds(0.5), [&]() {
                release->Idle(socket);
                release->Idle(socket); // idle already: no second release
            });
            Simulator::Schedule(Seconds(2.6), [&]() {
                sndAt2 = socket.snd;
                rcvAt2 = socket.rcv;
            });
            Simulator::Schedule(Seconds(9), [&]() {
                sndAt9 = socket.snd;
                release->Active(socket);
            });
            Simulator::Run();
            NS_TEST_EXPECT_MSG_EQ(inner->released, 1, "released once");
            NS_TEST_EXPECT_MSG_EQ(sndAt2, 16000u, "halved at 1.5 and 2.5 s");
            NS_TEST_EXPECT_MSG_EQ(rcvAt2, 8000u, "the receive buffer too");
            NS_TEST_EXPECT_MSG_EQ(sndAt9, 4000u, "down to the floor, no further");
            NS_TEST_EXPECT_MSG_EQ(inner->restored, 1, "told it is over");
            NS_TEST_EXPECT_MSG_EQ(socket.rcv, 32000u, "the receive buffer back");
            NS_TEST_EXPECT_MSG_EQ(socket.snd,
                                  (innerSizes ? 4000u : 64000u),
                                  "the send buffer back unless the inner policy sizes it");
            NS_TEST_EXPECT_MSG_EQ(release->IsReleasing(), false, "active");

            // Closed while idle: no halving after it.
            release->Idle(socket);
            release->Closed();
            uint32_t snd = socket.snd;
            Simulator::Stop(Seconds(20));
            Simulator::Run();
            NS_TEST_EXPECT_MSG_EQ(inner->events, 5, "Closed goes on too");
            NS_TEST_EXPECT_MSG_EQ(socket.snd, snd, "nothing halved after Closed");
            Simulator::Destroy();
        }
    }
};

/// Today's proxies: nginx's keepalive cap, HAProxy's pool and purge.
class PolicyTest : public TestCase
{
  public:
    PolicyTest()
        : TestCase("nginx keepalive: least recently used beyond N; HAProxy: pool-max-conn, purge")
    {
    }

  private:
    void DoRun() override
    {
        {
            Ptr<NginxKeepalivePolicy> nginx = CreateObject<NginxKeepalivePolicy>();
            nginx->SetAttribute("Keepalive", UintegerValue(2));
            Ptr<PersistentConnectionManager> m = CreateObject<PersistentConnectionManager>();
            m->SetAttribute("Policy", PointerValue(nginx));
            Fakes f(m, 6, PersistentConnectionManager::TO_ORIGIN);
            m->Register(Key(100), Callback<void>([]() {}), nullptr); // a client's
            m->Idle(Key(100));
            for (uint32_t i : {5, 1, 3, 0})
            {
                m->Idle(Key(i));
            }
            NS_TEST_EXPECT_MSG_EQ((f.closed == std::vector<uint32_t>({5, 1})),
                                  true,
                                  "the two least recent");
            NS_TEST_EXPECT_MSG_EQ(m->GetIdleToOrigins().Size(), 2u, "N kept");
            NS_TEST_EXPECT_MSG_EQ(m->GetIdle().Size(), 3u, "and the client's, not capped");
            Simulator::Destroy();
        }
        {
            Ptr<HaproxyIdlePoolPolicy> haproxy = CreateObject<HaproxyIdlePoolPolicy>();
            haproxy->SetAttribute("PoolMaxConn", UintegerValue(3));
            haproxy->SetAttribute("PurgeDelay", TimeValue(Seconds(5)));
            Ptr<PersistentConnectionManager> m = CreateObject<PersistentConnectionManager>();
            m->SetAttribute("Policy", PointerValue(haproxy));
            Fakes f(m, 6, PersistentConnectionManager::TO_ORIGIN);
            m->Register(Key(100), Callback<void>([]() {}), nullptr); // a client's
            m->Idle(Key(100));
            for (uint32_t i : {2, 4, 0, 1})
            {
                m->Idle(Key(i));
            }
            NS_TEST_EXPECT_MSG_EQ((f.closed == std::vector<uint32_t>({1})),
                                  true,
                                  "a fourth is not kept");
            std::vector<size_t> idle; // after each purge
            for (int t : {6, 11, 16})
            {
                Simulator::Schedule(Seconds(t),
                                    [&idle, m]() { idle.push_back(m->GetIdleToOrigins().Size()); });
            }
            Simulator::Stop(Seconds(17));
            Simulator::Run();
            NS_TEST_EXPECT_MSG_EQ((idle == std::vector<size_t>({2, 1, 1})),
                                  true,
                                  "half, every 5 s");
            NS_TEST_EXPECT_MSG_EQ((f.closed == std::vector<uint32_t>({1, 2, 4})),
                                  true,
                                  "oldest first");
            NS_TEST_EXPECT_MSG_EQ(m->GetIdle().Contains(Key(100)), true, "the client's stays");
            Simulator::Destroy();
        }
    }
};

class ProxyBufferConnectionManagerTestSuite : public TestSuite
{
  public:
    ProxyBufferConnectionManagerTestSuite()
        : TestSuite("proxy-buffer-connection-manager", Type::UNIT)
    {
        AddTestCase(new IdleTableTest(), Duration::QUICK);
        AddTestCase(new ThresholdTest(), Duration::QUICK);
        AddTestCase(new IdleTimeoutTest(), Duration::QUICK);
        AddTestCase(new BufferTest(), Duration::QUICK);
        AddTestCase(new GradualReleasePolicyTest(), Duration::QUICK);
        AddTestCase(new PolicyTest(), Duration::QUICK);
    }
};

ProxyBufferConnectionManagerTestSuite g_proxyBufferConnectionManagerTestSuite;

} // namespace
