/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The buffer allocators on real sockets: E2-ATBT hears of connections as
// they are established and as they end, measures their loss ratio, and
// sets their send buffers to its shares; Linux's send-buffer autotuning
// grows buffers first come first served until the pool is full, and gives
// the pool back when connections end. Then section 4's scenario at reduced
// scale: E2-ATBT uses the pool and shares it fairly relative to each
// path's PFTK throughput, where fixed buffers and Linux's autotuning do not.

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/proxy-buffer-module.h"
#include "ns3/tcp-host-module.h"

using namespace ns3;

namespace
{

const uint16_t PORT = 5001;

/// One sender, receivers on their own 20 ms paths; each receives MaxBytes.
struct Star
{
    Ptr<Node> sender{CreateObject<Node>()};        //!< Sends to all
    NodeContainer receivers;                       //!< One per connection
    std::vector<Ptr<BulkSendApplication>> sources; //!< By receiver

    /**
     * @brief Build it.
     * @param losses each path's loss rate (one receiver each)
     * @param policy the sender's buffer policy
     * @param maxBytes what each receiver gets
     * @param pool the sender's socket-buffer pool (its SocketMemory's Limit)
     * @param aggregate installed on the sender before its stack (or null)
     * @param accounting the sender's SocketMemory Accounting
     * @param rcvBuf the sender's receive buffers (0: ns-3's default)
     */
    Star(const std::vector<double>& losses,
         TypeId policy,
         uint64_t maxBytes,
         uint64_t pool,
         Ptr<Object> aggregate,
         const std::string& accounting = "Buffers",
         uint32_t rcvBuf = 0)
        : receivers(losses.size())
    {
        if (aggregate)
        {
            sender->AggregateObject(aggregate);
        }
        TcpHostHelper senderStack;
        senderStack.SetHostModelEnabled(false);
        senderStack.SetSocketMemoryAttribute("Accounting", StringValue(accounting));
        if (rcvBuf > 0)
        {
            senderStack.SetSocketAttribute("RcvBufSize", UintegerValue(rcvBuf));
        }
        senderStack.SetSocketMemoryAttribute("Limit", UintegerValue(pool));
        senderStack.SetSocketAttribute("SndBufSize", UintegerValue(16 * 1024));
        senderStack.SetSocketAttribute("SegmentSize", UintegerValue(1448));
        senderStack.SetSocketAttribute("BufferPolicy", TypeIdValue(policy));
        senderStack.Install(sender);
        TcpHostHelper receiverStack;
        receiverStack.SetHostModelEnabled(false);
        receiverStack.SetSocketAttribute("SegmentSize", UintegerValue(1448));
        receiverStack.SetSocketAttribute("RcvBufSize", UintegerValue(1 << 20));
        receiverStack.SetSocketAttribute("MaxRcvBufSize", UintegerValue(1 << 20));
        receiverStack.Install(receivers);
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", StringValue("100Mbps"));
        p2p.SetChannelAttribute("Delay", StringValue("10ms"));
        Ipv4AddressHelper addresses("10.1.0.0", "255.255.255.0");
        for (uint32_t i = 0; i < losses.size(); ++i)
        {
            NetDeviceContainer link = p2p.Install(sender, receivers.Get(i));
            AddPacketLoss(link.Get(1), losses[i], 1 + i);
            Ipv4Address to = addresses.Assign(link).GetAddress(1);
            addresses.NewNetwork();
            PacketSinkHelper sink("ns3::TcpHostSocketFactory",
                                  InetSocketAddress(Ipv4Address::GetAny(), PORT));
            sink.Install(receivers.Get(i));
            BulkSendHelper source("ns3::TcpHostSocketFactory", InetSocketAddress(to, PORT));
            source.SetAttribute("SendSize", UintegerValue(1448));
            source.SetAttribute("MaxBytes", UintegerValue(maxBytes));
            ApplicationContainer app = source.Install(sender);
            app.Start(Seconds(0.1 * (i + 1)));
            sources.push_back(DynamicCast<BulkSendApplication>(app.Get(0)));
        }
    }

    /// @return connection i's socket (null before it exists)
    Ptr<TcpHostSocket> Socket(uint32_t i) const
    {
        return DynamicCast<TcpHostSocket>(sources[i]->GetSocket());
    }
};

/// E2-ATBT's allocator driven by real connections.
class E2AtbtSocketsTest : public TestCase
{
  public:
    E2AtbtSocketsTest()
        : TestCase("E2-ATBT on sockets: arrivals, departures, loss ratio, shares applied")
    {
    }

  private:
    void DoRun() override
    {
        const uint64_t pool = 200 * 1024;
        Ptr<E2AtbtAllocator> allocator = CreateObject<E2AtbtAllocator>();
        allocator->SetAttribute("Interval", TimeValue(MilliSeconds(500)));
        // Three clean paths and one that loses 1 % of the data segments.
        const std::vector<double> losses{0, 0, 0, 0.01};
        // 6 MB each: long enough that the four, started 0.1 s apart, overlap.
        Star star(losses, E2AtbtSendBuffer::GetTypeId(), 6000000, pool, allocator);

        std::vector<uint32_t> counts;            // connections at each evaluation
        uint32_t held = 0;                       // most connections registered at once
        bool overPool = false;                   // shares beyond the pool
        bool notApplied = false;                 // a socket not at max(share, bytes held)
        std::map<uint32_t, uint32_t> ids;        // receiver -> connection id
        std::map<uint32_t, uint64_t> lastDemand; // while registered
        allocator->TraceConnectWithoutContext(
            "Evaluation",
            Callback<void, uint32_t, uint64_t, uint64_t>(
                [&counts, &overPool, pool](uint32_t n, uint64_t, uint64_t allocated) {
                    counts.push_back(n);
                    overPool |= allocated > pool;
                }));
        for (int ms = 100; ms < 60000; ms += 100)
        {
            Simulator::Schedule(MilliSeconds(ms) + MicroSeconds(1), [&]() {
                held = std::max(held, allocator->GetN());
                for (uint32_t i = 0; i < losses.size(); ++i)
                {
                    Ptr<TcpHostSocket> s = star.Socket(i);
                    auto policy = s ? DynamicCast<E2AtbtSendBuffer>(s->GetBufferPolicy()) : nullptr;
                    if (!policy || policy->GetConnectionId() == 0)
                    {
                        continue;
                    }
                    uint32_t id = policy->GetConnectionId();
                    ids[i] = id;
                    uint64_t share = allocator->GetShare(id);
                    // Shares apply at evaluations; between them a buffer
                    // being shrunk only comes down toward its share.
                    notApplied |= s->GetSendBufferSize() < share;
                    lastDemand[i] = allocator->GetDemand(id);
                }
            });
        }
        Simulator::Stop(Seconds(60));
        Simulator::Run();

        NS_TEST_ASSERT_MSG_EQ(ids.size(), losses.size(), "every connection was registered");
        NS_TEST_EXPECT_MSG_EQ(held, losses.size(), "all four were registered together");
        NS_TEST_EXPECT_MSG_GT(counts.size(), 10u, "evaluated every Interval while they ran");
        NS_TEST_EXPECT_MSG_EQ(*std::max_element(counts.begin(), counts.end()),
                              losses.size(),
                              "all four were evaluated together");
        NS_TEST_EXPECT_MSG_EQ(allocator->GetN(), 0u, "the connections left the allocator");
        NS_TEST_EXPECT_MSG_EQ(overPool, false, "the shares never exceed the pool");
        NS_TEST_EXPECT_MSG_EQ(notApplied, false, "no send buffer below its share");
        // Loss ratio: what the sender retransmitted per segment sent.
        for (uint32_t i = 0; i < losses.size(); ++i)
        {
            double measured = E2AtbtSendBuffer::Measure(*star.Socket(i)).lossRatio;
            if (losses[i] == 0)
            {
                NS_TEST_EXPECT_MSG_EQ(measured, 0.0, "a clean path: no loss measured");
            }
            else
            {
                NS_TEST_EXPECT_MSG_GT(measured, losses[i] / 2, "the lossy path's ratio");
                NS_TEST_EXPECT_MSG_LT(measured, losses[i] * 2, "the lossy path's ratio");
            }
        }
        // PFTK: with no loss the largest window; with 1 % a few segments.
        for (uint32_t i = 0; i < 3; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(lastDemand[i], 256 * 1024u, "a clean path demands MaxBuffer");
        }
        NS_TEST_EXPECT_MSG_LT(lastDemand[3], 32 * 1024u, "the lossy connection demands little");
        Simulator::Destroy();
    }
};

/// Gradual release takes an idle connection out of E2-ATBT and puts it back.
class E2AtbtSuspendTest : public TestCase
{
  public:
    E2AtbtSuspendTest()
        : TestCase("gradual release: an idle connection leaves E2-ATBT, rejoins when active")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<E2AtbtAllocator> allocator = CreateObject<E2AtbtAllocator>();
        Star star({0, 0}, E2AtbtSendBuffer::GetTypeId(), 0, 64 * 1024, allocator);
        Ptr<PersistentConnectionManager> manager = CreateObject<PersistentConnectionManager>();
        manager->SetAttribute("GradualRelease", BooleanValue(true));
        std::vector<uint32_t> counts; // allocator's connections at 1, 2, 5 and 6 s
        uint32_t otherShareIdle = 0;  // the other's share while 0 is idle
        ConnectionKey key;
        Simulator::Schedule(Seconds(1), [&]() {
            counts.push_back(allocator->GetN());
            key = PersistentConnectionManager::KeyOf(star.Socket(0));
            manager->Register(key, Callback<void>([]() {}), star.Socket(0));
            manager->Idle(key);
        });
        Simulator::Schedule(Seconds(2), [&]() {
            counts.push_back(allocator->GetN());
            auto other = DynamicCast<E2AtbtSendBuffer>(star.Socket(1)->GetBufferPolicy());
            otherShareIdle = allocator->GetShare(other->GetConnectionId());
        });
        Simulator::Schedule(Seconds(5), [&]() {
            counts.push_back(allocator->GetN());
            manager->Active(key);
        });
        Simulator::Schedule(Seconds(6), [&]() { counts.push_back(allocator->GetN()); });
        Simulator::Stop(Seconds(6.5));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ((counts == std::vector<uint32_t>({2, 1, 1, 2})),
                              true,
                              "out of the computation while idle, back when active");
        NS_TEST_EXPECT_MSG_EQ(otherShareIdle, 64 * 1024u, "the other one gets the whole pool");
        auto policy = E2AtbtSendBuffer::Of(star.Socket(0));
        NS_TEST_EXPECT_MSG_EQ(policy->IsSuspended(), false, "resumed");
        NS_TEST_EXPECT_MSG_EQ(star.Socket(0)->GetSendBufferSize(),
                              allocator->GetShare(policy->GetConnectionId()),
                              "with its share again");
        Simulator::Destroy();
    }
};

/// Linux's send-buffer autotuning within a node's pool.
class LinuxSndBufPoolTest : public TestCase
{
  public:
    LinuxSndBufPoolTest()
        : TestCase("Linux send-buffer autotuning: grows first come first served, within the pool")
    {
    }

  private:
    void DoRun() override
    {
        const uint64_t poolSize = 160 * 1024;
        Star star({0, 0, 0, 0}, LinuxSndBufAutotuning::GetTypeId(), 20000000, poolSize, nullptr);
        Ptr<SocketMemory> pool = star.sender->GetObject<SocketMemory>();
        uint64_t peak = 0;
        bool shrank = false;
        bool mismatch = false; // pool's count against the buffers' sizes
        std::vector<uint32_t> previous(4, 0);
        std::vector<uint32_t> at2s(4, 0);
        for (int ms = 500; ms < 2000; ms += 10)
        {
            Simulator::Schedule(MilliSeconds(ms), [&, ms]() {
                uint64_t total = 0;
                for (uint32_t i = 0; i < 4; ++i)
                {
                    uint32_t size = star.Socket(i)->GetSendBufferSize();
                    shrank |= size < previous[i];
                    previous[i] = size;
                    total += size;
                    if (ms == 1990)
                    {
                        at2s[i] = size;
                    }
                }
                mismatch |= total != pool->GetBufferMemory();
                peak = std::max(peak, pool->GetBufferMemory());
            });
        }
        Simulator::Stop(Seconds(80));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(mismatch, false, "the pool counts the buffers' sizes");
        // Growth stops at the pool; a later connection's first 16 KB are
        // never refused.
        NS_TEST_EXPECT_MSG_GT_OR_EQ(peak, poolSize, "the buffers grew until the pool was full");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(peak, poolSize + 3 * 16 * 1024, "and no further");
        NS_TEST_EXPECT_MSG_EQ(at2s[3], 16 * 1024u, "the last connection found the pool full");
        NS_TEST_EXPECT_MSG_EQ(shrank, false, "no buffer shrank");
        NS_TEST_EXPECT_MSG_GT(at2s[0], 2 * at2s[3], "the first connection took more than the last");
        NS_TEST_EXPECT_MSG_EQ(pool->GetBufferMemory(), 0u, "the connections gave the pool back");
        Simulator::Destroy();
    }
};

/**
 * Accounting SocketBuffers: every connection's send and receive buffers
 * are charged by its socket from establishment to end, and growth past the
 * limit is refused (the proxy paper's one pool).
 */
class SocketBuffersPoolTest : public TestCase
{
  public:
    SocketBuffersPoolTest()
        : TestCase("SocketBuffers: both buffers of every connection charged, growth within the "
                   "limit, all given back")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t rcvBuf = 4 * 1024;
        const uint64_t limit = 2 * (16 * 1024 + rcvBuf); // the two connections' first buffers
        Star star({0, 0},
                  TcpBufferPolicy::GetTypeId(),
                  2000000,
                  limit,
                  nullptr,
                  "SocketBuffers",
                  rcvBuf);
        Ptr<SocketMemory> pool = star.sender->GetObject<SocketMemory>();
        uint64_t charged = 0;
        uint64_t sizes = 0;
        uint32_t grown = 0;
        uint64_t afterGrowth = 0;
        Simulator::Schedule(Seconds(1), [&]() { // both established, both sending
            charged = pool->GetBufferMemory();
            for (uint32_t i = 0; i < 2; ++i)
            {
                sizes +=
                    star.Socket(i)->GetSendBufferSize() + star.Socket(i)->GetReceiveBufferSize();
            }
            grown = star.Socket(0)->ResizeSendBuffer(100 * 1024); // the pool is full
            afterGrowth = pool->GetBufferMemory();
        });
        Simulator::Stop(Seconds(60));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(charged, limit, "both buffers of both connections are charged");
        NS_TEST_EXPECT_MSG_EQ(charged, sizes, "as the sockets have them");
        NS_TEST_EXPECT_MSG_EQ(grown, 16 * 1024u, "a full pool grants no growth");
        NS_TEST_EXPECT_MSG_EQ(afterGrowth, limit, "and charges none");
        NS_TEST_EXPECT_MSG_EQ(pool->GetBufferMemory(), 0u, "the connections gave the pool back");
        Simulator::Destroy();
    }
};

class ProxyBufferSocketsTestSuite : public TestSuite
{
  public:
    ProxyBufferSocketsTestSuite()
        : TestSuite("proxy-buffer-sockets", Type::SYSTEM)
    {
        AddTestCase(new E2AtbtSocketsTest(), Duration::QUICK);
        AddTestCase(new E2AtbtSuspendTest(), Duration::QUICK);
        AddTestCase(new LinuxSndBufPoolTest(), Duration::QUICK);
        AddTestCase(new SocketBuffersPoolTest(), Duration::QUICK);
    }
};

ProxyBufferSocketsTestSuite g_proxyBufferSocketsTestSuite;

} // namespace
