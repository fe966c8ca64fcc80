/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Receive-buffer autotuning on a long fat path: a sender at 20 Mb/s, a
// receiver that starts with 16 KB. Fixed buffers hold the throughput at
// 16 KB per round trip; both policies grow the buffer toward the path's
// bandwidth-delay product; when the sender slows down to 1 Mb/s, the
// window-following policy shrinks the buffer again and Linux's never does.

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

/// What one run gave.
struct Transfer
{
    uint64_t received{0};   //!< Bytes the receiver got
    uint32_t largest{0};    //!< Largest receive buffer seen
    uint32_t final{0};      //!< Receive buffer at the end
    bool everShrank{false}; //!< The buffer got smaller at some point
};

/**
 * @brief A 100 Mb/s path with 100 ms RTT; the sender offers 20 Mb/s (250 KB
 * per round trip) until 5 s, then 1 Mb/s (12.5 KB per round trip).
 * @param policy the receiver's buffer policy
 * @return the run
 */
Transfer
BulkTransfer(TypeId policy)
{
    NodeContainer nodes(2); // 0 sender, 1 receiver
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue("100Mbps"));
    p2p.SetChannelAttribute("Delay", StringValue("50ms"));
    p2p.SetQueue("ns3::DropTailQueue", "MaxSize", StringValue("2000p"));
    NetDeviceContainer devices = p2p.Install(nodes);
    TcpHostHelper sender;
    sender.SetSocketAttribute("SndBufSize", UintegerValue(256 * 1024));
    sender.Install(nodes.Get(0));
    TcpHostHelper receiver;
    receiver.SetSocketAttribute("RcvBufSize", UintegerValue(16 * 1024));
    receiver.SetSocketAttribute("MaxRcvBufSize", UintegerValue(4 << 20));
    receiver.SetSocketAttribute("BufferPolicy", TypeIdValue(policy));
    receiver.Install(nodes.Get(1));
    Ipv4InterfaceContainer addresses =
        Ipv4AddressHelper("10.0.0.0", "255.255.255.0").Assign(devices);
    const uint16_t port = 5001;
    OnOffHelper onOff("ns3::TcpHostSocketFactory",
                      InetSocketAddress(addresses.GetAddress(1), port));
    onOff.SetConstantRate(DataRate("20Mbps"), 1400);
    ApplicationContainer source = onOff.Install(nodes.Get(0));
    source.Start(Seconds(0.1));
    PacketSinkHelper sinkHelper("ns3::TcpHostSocketFactory",
                                InetSocketAddress(Ipv4Address::GetAny(), port));
    Ptr<PacketSink> sink = DynamicCast<PacketSink>(sinkHelper.Install(nodes.Get(1)).Get(0));

    Transfer run;
    auto receiverSocket = [sink]() -> Ptr<TcpHostSocket> {
        auto sockets = sink->GetAcceptedSockets();
        return sockets.empty() ? nullptr : DynamicCast<TcpHostSocket>(sockets.front());
    };
    // Sample the receive buffer every 100 ms.
    uint32_t previous = 0;
    for (int i = 1; i < 100; ++i)
    {
        Simulator::Schedule(MilliSeconds(100 * i), [&run, &previous, receiverSocket]() {
            Ptr<TcpHostSocket> s = receiverSocket();
            if (!s)
            {
                return;
            }
            uint32_t size = s->GetReceiveBufferSize();
            run.largest = std::max(run.largest, size);
            run.everShrank |= previous > 0 && size < previous;
            previous = size;
            run.final = size;
        });
    }
    // 5 s: the sender slows down.
    Simulator::Schedule(Seconds(5), [source]() {
        source.Get(0)->SetAttribute("DataRate", DataRateValue(DataRate("1Mbps")));
    });
    Simulator::Stop(Seconds(10));
    Simulator::Run();
    run.received = sink->GetTotalRx();
    Simulator::Destroy();
    return run;
}

/// Fixed, window-following and Linux autotuning on the same path.
class AutotuningTest : public TestCase
{
  public:
    AutotuningTest()
        : TestCase("receive-buffer autotuning: fixed 16 KB, window-following, Linux DRS")
    {
    }

  private:
    void DoRun() override
    {
        Transfer fixed = BulkTransfer(TcpBufferPolicy::GetTypeId());
        Transfer following = BulkTransfer(WindowFollowingRcvBuf::GetTypeId());
        Transfer drs = BulkTransfer(LinuxRcvBufAutotuning::GetTypeId());
        NS_TEST_EXPECT_MSG_EQ(fixed.largest, 16 * 1024u, "fixed stays at 16 KB");
        NS_TEST_EXPECT_MSG_EQ(fixed.everShrank, false, "fixed never changes");
        // Fixed: at most 16 KB per 100 ms round trip, about 1.6 MB in 10 s.
        NS_TEST_EXPECT_MSG_LT(fixed.received, 1700000u, "fixed: one buffer per round trip");
        for (const auto& [name, r] :
             {std::pair<std::string, Transfer>{"window-following", following},
              std::pair<std::string, Transfer>{"Linux", drs}})
        {
            NS_TEST_EXPECT_MSG_GT(r.largest, 256 * 1024u, name << " grows toward the window");
            NS_TEST_EXPECT_MSG_GT(r.received, 5 * fixed.received, name << " moves far more");
        }
        // From 5 s, 12.5 KB arrive per round trip.
        NS_TEST_EXPECT_MSG_EQ(following.everShrank, true, "window-following shrinks");
        NS_TEST_EXPECT_MSG_LT(following.final, 128 * 1024u, "to about twice the round's data");
        NS_TEST_EXPECT_MSG_EQ(drs.everShrank, false, "Linux never shrinks");
        NS_TEST_EXPECT_MSG_EQ(drs.final, drs.largest, "Linux keeps its largest");
    }
};

class ProxyBufferAutotuningTestSuite : public TestSuite
{
  public:
    ProxyBufferAutotuningTestSuite()
        : TestSuite("proxy-buffer-autotuning", Type::SYSTEM)
    {
        AddTestCase(new AutotuningTest(), Duration::QUICK);
    }
};

ProxyBufferAutotuningTestSuite g_proxyBufferAutotuningTestSuite;

} // namespace
