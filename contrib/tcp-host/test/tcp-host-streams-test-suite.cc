/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// TcpHostHelper::AssignStreams: the host's random variables (the
// delayed-ACK clock's boot phase, ARP's request jitter) draw the same
// values however many random variables were created before them, as when
// another ns-3 version creates more of its own. Without it they take
// ns-3's automatic streams, numbered in creation order.

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/tcp-host-module.h"

using namespace ns3;

namespace
{

/// What a host drew.
struct Draws
{
    Time clockPhase; //!< The delayed-ACK clock's first tick
    Time arpDelay;   //!< From a datagram's send to its ARP request's arrival
};

/**
 * @brief Build two hosts on a LAN, send one datagram at 1 s and see when
 * its ARP request leaves.
 * @param createdBefore random variables created before the hosts (an ns-3
 *        that makes more of its own)
 * @param assign call TcpHostHelper::AssignStreams
 * @return the draws
 */
Draws
BuildAndDraw(uint32_t createdBefore, bool assign)
{
    std::vector<Ptr<UniformRandomVariable>> before;
    for (uint32_t i = 0; i < createdBefore; ++i)
    {
        before.push_back(CreateObject<UniformRandomVariable>());
    }
    NodeContainer nodes(2);
    NetDeviceContainer devices = SimpleNetDeviceHelper().Install(nodes); // a LAN, with ARP
    TcpHostHelper stack;
    stack.Install(nodes);
    Ipv4AddressHelper addresses("10.1.0.0", "255.255.255.0");
    Ipv4InterfaceContainer interfaces = addresses.Assign(devices);
    if (assign)
    {
        stack.AssignStreams(nodes, 7);
    }

    const Time sendAt = Seconds(1);
    Draws draws;
    draws.arpDelay = Time(-1);
    nodes.Get(1)->RegisterProtocolHandler(
        Node::ProtocolHandler([&draws, sendAt](Ptr<NetDevice>,
                                               Ptr<const Packet>,
                                               uint16_t,
                                               const Address&,
                                               const Address&,
                                               NetDevice::PacketType) {
            if (draws.arpDelay.IsNegative())
            {
                draws.arpDelay = Simulator::Now() - sendAt; // the request, not the reply
            }
        }),
        ArpL3Protocol::PROT_NUMBER,
        devices.Get(1));
    Ptr<Socket> socket = Socket::CreateSocket(nodes.Get(0), UdpSocketFactory::GetTypeId());
    Simulator::Schedule(sendAt, [socket, &interfaces]() {
        socket->SendTo(Create<Packet>(100), 0, InetSocketAddress(interfaces.GetAddress(1), 9));
    });
    Simulator::Stop(Seconds(2));
    Simulator::Run();
    draws.clockPhase = TcpDelayedAckClock::Get(nodes.Get(0))->GetPhase();
    Simulator::Destroy();
    return draws;
}

/**
 * @ingroup tcp-host-tests
 * @brief Assigned streams do not move with the random variables made before.
 */
class AssignStreamsTest : public TestCase
{
  public:
    AssignStreamsTest()
        : TestCase("AssignStreams: the clock's phase and ARP's jitter do not depend on the "
                   "random variables created before the hosts")
    {
    }

  private:
    void DoRun() override
    {
        Draws first = BuildAndDraw(0, true);
        Draws later = BuildAndDraw(5, true);
        NS_TEST_ASSERT_MSG_GT(first.arpDelay, Time(0), "ARP's request jitter was drawn");
        NS_TEST_ASSERT_MSG_LT(first.arpDelay, MilliSeconds(10), "within ARP's RequestJitter");
        NS_TEST_ASSERT_MSG_EQ(later.clockPhase, first.clockPhase, "the clock's boot phase");
        NS_TEST_ASSERT_MSG_EQ(later.arpDelay, first.arpDelay, "ARP's request jitter");
        // ARP's is at the first host's second number (7 + 1) whatever ns-3's
        // own stack took (ns-3's AssignStreams sets it too, at a number that
        // depends on its version): its first draw is ARP's default jitter,
        // uniform in [0, 10] ms, on that stream.
        Ptr<UniformRandomVariable> arpJitter = CreateObject<UniformRandomVariable>();
        arpJitter->SetAttribute("Max", DoubleValue(10));
        arpJitter->SetStream(8);
        NS_TEST_ASSERT_MSG_EQ(first.arpDelay,
                              MilliSeconds(arpJitter->GetValue()),
                              "ARP's request jitter from stream 8");

        // The control: ns-3's automatic streams, numbered in creation order,
        // give other draws to the same hosts built a second time.
        Draws autoFirst = BuildAndDraw(0, false);
        Draws autoLater = BuildAndDraw(5, false);
        NS_TEST_ASSERT_MSG_NE(autoLater.clockPhase, autoFirst.clockPhase, "automatic streams");
        NS_TEST_ASSERT_MSG_NE(autoLater.arpDelay, autoFirst.arpDelay, "automatic streams");
    }
};

/**
 * @ingroup tcp-host-tests
 * @brief TcpHostHelper::AssignStreams.
 */
class TcpHostStreamsTestSuite : public TestSuite
{
  public:
    TcpHostStreamsTestSuite()
        : TestSuite("tcp-host-streams", Type::UNIT)
    {
        AddTestCase(new AssignStreamsTest(), Duration::QUICK);
    }
};

/// Registers the suite.
TcpHostStreamsTestSuite g_tcpHostStreamsTestSuite;

} // namespace
