/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The delayed-ACK policies' rules, case by case, and the host's
// delayed-ACK clock. The iw-delack suite checks them end to end against
// the seed-002 traces.

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/tcp-host-module.h"

using namespace ns3;

namespace
{

const uint32_t MSS = 1460;

/**
 * @brief A receiver state.
 * @param bytes the arriving segment's payload
 * @param unacked bytes before it not yet acknowledged
 * @param segments data segments so far, this one included
 * @param pushed PSH or FIN
 * @return the state
 */
TcpAckState
Arrival(uint32_t bytes, uint32_t unacked, uint32_t segments, bool pushed = false)
{
    TcpAckState s;
    s.mss = MSS;
    s.bytes = bytes;
    s.unacked = unacked;
    s.segments = segments;
    s.pushed = pushed;
    s.bufferSize = 61320;
    return s;
}

using Verdict = TcpDelayedAckPolicy::Verdict;

/// 4.4BSD: data is always deferred; a read that opens the window by two
/// maximum segments (bytes, not segments) or half the buffer sends the ACK.
class BsdRuleTest : public TestCase
{
  public:
    BsdRuleTest()
        : TestCase("BSD: defer every segment, window update at 2 MSS of reads")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<TcpBsdDelayedAck> bsd = CreateObject<TcpBsdDelayedAck>();
        NS_TEST_EXPECT_MSG_EQ(bsd->DecidesAcks(), true, "the BSD policy decides");
        NS_TEST_EXPECT_MSG_EQ(int(bsd->OnSegment(Arrival(MSS, MSS, 2))),
                              int(Verdict::DEFER),
                              "a second full segment is deferred too (no segment count)");
        TcpAckState read = Arrival(0, 2636, 3);
        read.readSinceAck = 1460 + 1176;
        NS_TEST_EXPECT_MSG_EQ(bsd->OnRead(read),
                              false,
                              "1460 + 1176 bytes read: less than 2 MSS, no update (Figure 2.1)");
        read.readSinceAck = 2 * MSS;
        NS_TEST_EXPECT_MSG_EQ(bsd->OnRead(read), true, "2 MSS read: update");
        read.mss = 20000;
        read.readSinceAck = read.bufferSize / 2;
        NS_TEST_EXPECT_MSG_EQ(bsd->OnRead(read), true, "half the buffer read: update");
    }
};

/// Solaris, as Figures 3.1 to 3.5 show it.
class SolarisRuleTest : public TestCase
{
  public:
    SolarisRuleTest()
        : TestCase("Solaris: initial ACKs, short-segment rule, deferred maximum")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<TcpSolarisDelayedAck> sol = CreateObject<TcpSolarisDelayedAck>();
        NS_TEST_EXPECT_MSG_EQ(int(sol->OnSegment(Arrival(MSS, 0, 1))),
                              int(Verdict::ACK_NOW),
                              "first data segment: at once");
        NS_TEST_EXPECT_MSG_EQ(int(sol->OnSegment(Arrival(MSS, 0, 2))),
                              int(Verdict::ACK_NOW),
                              "second data segment: at once");
        NS_TEST_EXPECT_MSG_EQ(int(sol->OnSegment(Arrival(MSS, 0, 3))),
                              int(Verdict::DEFER),
                              "third: deferred");
        NS_TEST_EXPECT_MSG_EQ(int(sol->OnSegment(Arrival(27, 0, 1))),
                              int(Verdict::DEFER),
                              "a short request with nothing before it waits for the response");
        NS_TEST_EXPECT_MSG_EQ(int(sol->OnSegment(Arrival(1176, 0, 3, true))),
                              int(Verdict::DEFER),
                              "a short segment after nothing odd is deferred (3.1 line 8)");
        NS_TEST_EXPECT_MSG_EQ(int(sol->OnSegment(Arrival(1432, 2 * MSS, 6))),
                              int(Verdict::DEFER),
                              "a short segment after a multiple of the MSS is deferred");
        NS_TEST_EXPECT_MSG_EQ(int(sol->OnSegment(Arrival(1432, 4096, 6))),
                              int(Verdict::HOLD),
                              "a short unpushed segment after 4096 bytes is held (3.3 line 12)");
        NS_TEST_EXPECT_MSG_EQ(int(sol->OnSegment(Arrival(721, 5812, 10, true))),
                              int(Verdict::ACK_BEFORE_NOW),
                              "a short FIN after 5812 bytes: the data before it now (3.3 "
                              "line 18)");
        NS_TEST_EXPECT_MSG_EQ(int(sol->OnSegment(Arrival(MSS, 7 * MSS, 12))),
                              int(Verdict::ACK_NOW),
                              "eight deferred segments: at once (tcp_deferred_acks_max)");
        NS_TEST_EXPECT_MSG_EQ(int(sol->OnSegment(Arrival(MSS, 6 * MSS, 12))),
                              int(Verdict::DEFER),
                              "seven: deferred");
    }
};

/// Today's Linux: quick ACKs at the start, then every second full segment
/// or 40 ms.
class LinuxRuleTest : public TestCase
{
  public:
    LinuxRuleTest()
        : TestCase("Linux: quick ACKs, then more than one MSS or 40 ms")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<TcpLinuxDelayedAck> today = CreateObject<TcpLinuxDelayedAck>();
        TcpAckState s = Arrival(MSS, 0, 16);
        s.bufferSize = 131072;
        NS_TEST_EXPECT_MSG_EQ(int(today->OnSegment(s)), int(Verdict::ACK_NOW), "16th: quick");
        s.segments = 17;
        NS_TEST_EXPECT_MSG_EQ(int(today->OnSegment(s)), int(Verdict::DEFER), "17th alone: defer");
        s.unacked = 1;
        NS_TEST_EXPECT_MSG_EQ(int(today->OnSegment(s)),
                              int(Verdict::ACK_NOW),
                              "more than one MSS unacknowledged: at once");
        s.unacked = 0;
        s.segments = 3;
        s.bufferSize = 4 * MSS; // quick ACKs limited to buffer / (2 MSS) = 2
        NS_TEST_EXPECT_MSG_EQ(int(today->OnSegment(s)),
                              int(Verdict::DEFER),
                              "quick ACKs are limited by the buffer");
        NS_TEST_EXPECT_MSG_EQ(today->GetDelay(nullptr, Seconds(1), MilliSeconds(200)),
                              MilliSeconds(40),
                              "a deferred ACK waits 40 ms");
        // Reads: tcp_cleanup_rbuf()'s window update.
        TcpAckState read = Arrival(0, 0, 30);
        read.bufferSize = 131072;
        read.windowLeft = 100000;
        read.windowNow = 131072;
        NS_TEST_EXPECT_MSG_EQ(today->OnRead(read), false, "more than half the buffer left: none");
        read.windowLeft = 0;
        read.windowNow = 2896;
        NS_TEST_EXPECT_MSG_EQ(today->OnRead(read),
                              false,
                              "under a sixteenth of the buffer: advertised as closed, none");
        read.windowNow = 131072 / 16;
        NS_TEST_EXPECT_MSG_EQ(today->OnRead(read), true, "a closed window opened: at once");
        read.bufferSize = 8 * MSS; // a sixteenth under one MSS: the MSS is the floor
        read.windowNow = MSS - 1;
        NS_TEST_EXPECT_MSG_EQ(today->OnRead(read), false, "under one MSS: none");
        read.windowNow = MSS;
        NS_TEST_EXPECT_MSG_EQ(today->OnRead(read), true, "one MSS: at once");
        read.bufferSize = 2000; // under two MSS: the floor holds only below half the space
        read.windowNow = 1000;
        NS_TEST_EXPECT_MSG_EQ(today->OnRead(read), true, "half the space free: offered");
        read.windowNow = 999;
        NS_TEST_EXPECT_MSG_EQ(today->OnRead(read), false, "below half and one MSS: none");
        read.bufferSize = 1000; // under one MSS: the MSS taken as the space
        read.windowNow = 1000;
        NS_TEST_EXPECT_MSG_EQ(today->OnRead(read), true, "a buffer under one MSS, emptied");
        read.bufferSize = 131072;
        read.windowNow = 0;
        NS_TEST_EXPECT_MSG_EQ(today->OnRead(read), false, "still closed: nothing to say");
        read.windowLeft = 40000;
        read.windowNow = 79999;
        NS_TEST_EXPECT_MSG_EQ(today->OnRead(read), false, "less than twice the window left");
        read.windowNow = 80000;
        NS_TEST_EXPECT_MSG_EQ(today->OnRead(read), true, "twice: at once");
    }
};

/**
 * A Linux receiver that reads late: 600 KB sent at once over a 100 Mb/s
 * path; the receiver reads nothing for a second (its 128-KB window closes),
 * then everything. The read's window update reopens the window at once, so
 * the rest arrives within a few round trips, not after the sender's
 * zero-window probe (the persist timer, ns-3's PersistTimeout of 6 s). A
 * receiver that reads each segment as it comes keeps its window open, and
 * its reads send no update: its ACKs are the segments' (every second one
 * after the quick ACKs), not one per read.
 */
class LinuxLateReaderTest : public TestCase
{
  public:
    /// @param late read after a second, or each segment as it comes
    explicit LinuxLateReaderTest(bool late)
        : TestCase(late ? "Linux: a late read's window update reopens a closed window at once"
                        : "Linux: reads that keep the window open send no window update"),
          m_late(late)
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t total = 600000;
        NodeContainer nodes(2);
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", StringValue("100Mbps"));
        p2p.SetChannelAttribute("Delay", StringValue("5ms"));
        NetDeviceContainer devices = p2p.Install(nodes);
        TcpHostHelper stack;
        stack.SetProfile("Linux-6");
        stack.Install(nodes);
        Ipv4InterfaceContainer addresses =
            Ipv4AddressHelper("10.1.1.0", "255.255.255.0").Assign(devices);

        Ptr<Socket> listener =
            Socket::CreateSocket(nodes.Get(1), TcpHostSocketFactory::GetTypeId());
        listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), 80));
        listener->Listen();
        Ptr<Socket> reader;
        uint32_t received = 0;
        Time done(0);
        auto readAll = [&received, &done, total](Ptr<Socket> s) {
            while (Ptr<Packet> p = s->Recv())
            {
                if (p->GetSize() == 0)
                {
                    break;
                }
                received += p->GetSize();
            }
            if (received >= total && done.IsZero())
            {
                done = Simulator::Now();
            }
        };
        uint32_t dataSegments = 0;
        uint32_t acks = 0;
        listener->SetAcceptCallback(
            MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
            Callback<void, Ptr<Socket>, const Address&>([&](Ptr<Socket> s, const Address&) {
                reader = s;
                s->TraceConnectWithoutContext(
                    "Rx",
                    Callback<void, Ptr<const Packet>, const TcpHeader&, Ptr<const TcpSocketBase>>(
                        [&dataSegments](Ptr<const Packet> p,
                                        const TcpHeader&,
                                        Ptr<const TcpSocketBase>) {
                            dataSegments += p->GetSize() > 0;
                        }));
                s->TraceConnectWithoutContext(
                    "Tx",
                    Callback<void, Ptr<const Packet>, const TcpHeader&, Ptr<const TcpSocketBase>>(
                        [&acks](Ptr<const Packet> p, const TcpHeader& h, Ptr<const TcpSocketBase>) {
                            acks += p->GetSize() == 0 && (h.GetFlags() & TcpHeader::ACK);
                        }));
                if (!m_late)
                {
                    s->SetRecvCallback(Callback<void, Ptr<Socket>>(readAll));
                }
            }));
        if (m_late)
        {
            Simulator::Schedule(Seconds(1), [&]() {
                readAll(reader);
                reader->SetRecvCallback(Callback<void, Ptr<Socket>>(readAll));
            });
        }

        Ptr<Socket> sender = Socket::CreateSocket(nodes.Get(0), TcpHostSocketFactory::GetTypeId());
        sender->SetAttribute("SndBufSize", UintegerValue(total));
        sender->SetConnectCallback(
            Callback<void, Ptr<Socket>>([total](Ptr<Socket> s) { s->Send(Create<Packet>(total)); }),
            MakeNullCallback<void, Ptr<Socket>>());
        Simulator::ScheduleNow([sender, to = addresses.GetAddress(1)]() {
            sender->Connect(InetSocketAddress(to, 80)); // once the nodes are initialized
        });
        Simulator::Stop(Seconds(20));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(received, total, "everything arrived");
        if (m_late)
        {
            NS_TEST_EXPECT_MSG_LT(done, Seconds(1.5), "within a few round trips of the read");
        }
        else
        {
            // 16 quick ACKs, then one for every second segment: about 0.54
            // of the segments; an update on every read would be one each.
            NS_TEST_EXPECT_MSG_LT(acks, dataSegments * 3 / 4, "no ACK per read");
            NS_TEST_EXPECT_MSG_GT(acks, dataSegments / 3, "every second segment acknowledged");
        }
        listener = nullptr;
        reader = nullptr;
        sender = nullptr;
        Simulator::Destroy();
    }

    bool m_late; //!< Read after a second, not as segments come
};

/// The host's clock: ticks every 200 ms at a fixed phase, shared by the
/// node's connections; the BSD and Solaris policies wait for the next one.
class ClockTest : public TestCase
{
  public:
    ClockTest()
        : TestCase("delayed-ACK clock: fixed ticks since boot")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<Node> node = CreateObject<Node>();
        Ptr<TcpDelayedAckClock> clock = TcpDelayedAckClock::Get(node);
        NS_TEST_ASSERT_MSG_EQ(TcpDelayedAckClock::Get(node), clock, "one clock per node");
        clock->SetAttribute("BootPhase", StringValue("ns3::ConstantRandomVariable[Constant=1.25]"));
        NS_TEST_EXPECT_MSG_EQ(clock->GetPhase(), MilliSeconds(50), "phase modulo 200 ms");
        NS_TEST_EXPECT_MSG_EQ(clock->GetNextTick(Seconds(0)), MilliSeconds(50), "first tick");
        NS_TEST_EXPECT_MSG_EQ(clock->GetNextTick(MilliSeconds(50)),
                              MilliSeconds(250),
                              "strictly after");
        NS_TEST_EXPECT_MSG_EQ(clock->GetNextTick(MilliSeconds(1049)),
                              MilliSeconds(1050),
                              "a later tick");
        Ptr<TcpBsdDelayedAck> bsd = CreateObject<TcpBsdDelayedAck>();
        NS_TEST_EXPECT_MSG_EQ(bsd->GetDelay(node, MilliSeconds(1049), MilliSeconds(200)),
                              MilliSeconds(1),
                              "BSD: until the next tick, not 200 ms");
        Ptr<TcpSolarisDelayedAck> sol = CreateObject<TcpSolarisDelayedAck>();
        NS_TEST_EXPECT_MSG_EQ(sol->GetDelay(node, MilliSeconds(60), MilliSeconds(200)),
                              MilliSeconds(190),
                              "Solaris: until the next tick");

        // Random phases: different across nodes, within the interval.
        std::set<int64_t> phases;
        for (int i = 0; i < 20; ++i)
        {
            Time phase = TcpDelayedAckClock::Get(CreateObject<Node>())->GetPhase();
            NS_TEST_EXPECT_MSG_EQ((phase >= Time(0) && phase < MilliSeconds(200)),
                                  true,
                                  "a random phase within the interval");
            phases.insert(phase.GetTimeStep());
        }
        NS_TEST_EXPECT_MSG_GT(phases.size(), 15u, "random phases differ");
    }
};

class TcpDelayedAckTestSuite : public TestSuite
{
  public:
    TcpDelayedAckTestSuite()
        : TestSuite("tcp-host-delayed-ack", Type::UNIT)
    {
        AddTestCase(new BsdRuleTest(), Duration::QUICK);
        AddTestCase(new SolarisRuleTest(), Duration::QUICK);
        AddTestCase(new LinuxRuleTest(), Duration::QUICK);
        AddTestCase(new LinuxLateReaderTest(true), Duration::QUICK);
        AddTestCase(new LinuxLateReaderTest(false), Duration::QUICK);
        AddTestCase(new ClockTest(), Duration::QUICK);
    }
};

TcpDelayedAckTestSuite g_tcpDelayedAckTestSuite;

} // namespace
