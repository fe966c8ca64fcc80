/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The retransmission timeout of the suite's socket against RFC 6298: Karn's
// rule for a resent SYN without timestamps (section 3), the RTO of 3 s when
// the handshake gave no sample after a SYN timeout (section 5.7), and an
// upper bound on the RTO a sample gives (section 2.5). Before the fixes a
// client whose SYN was lost took its first sample across the SYN timeout
// (SRTT 1.1 s here; 279 s seen after five lost SYNs) and a sample of a long
// path gave any RTO.

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/tcp-host-module.h"
#include "ns3/test.h"

using namespace ns3;

namespace
{

/// The client's RTT estimate and RTO when its connection is established.
struct AtConnect
{
    Time srtt; //!< Smoothed RTT (0: no sample)
    Time rto;  //!< Retransmission timeout
};

/**
 * @brief One connection over a point-to-point link, both ends the suite's
 * socket with the given attributes; the server's device may drop the
 * client's first SYN.
 * @param socketAttributes socket attributes of both ends
 * @param delay the link's one-way delay
 * @param dropFirstSyn drop the first packet the server receives (the SYN)
 * @return the client's SRTT and RTO when it connects
 */
AtConnect
Connect(const std::vector<std::pair<std::string, Ptr<AttributeValue>>>& socketAttributes,
        Time delay,
        bool dropFirstSyn)
{
    Ptr<Node> client = CreateObject<Node>();
    Ptr<Node> server = CreateObject<Node>();
    TcpHostHelper helper;
    for (const auto& [name, value] : socketAttributes)
    {
        helper.SetSocketAttribute(name, *value);
    }
    helper.Install(NodeContainer(client, server));
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue("10Mbps"));
    p2p.SetChannelAttribute("Delay", TimeValue(delay));
    NetDeviceContainer devices = p2p.Install(client, server);
    if (dropFirstSyn)
    {
        Ptr<ReceiveListErrorModel> drop = CreateObject<ReceiveListErrorModel>();
        drop->SetList({0}); // the first packet the server's device receives
        devices.Get(1)->SetAttribute("ReceiveErrorModel", PointerValue(drop));
    }
    Ipv4AddressHelper addresses("10.0.0.0", "255.255.255.0");
    Ipv4InterfaceContainer ifs = addresses.Assign(devices);

    Ptr<Socket> listener = Socket::CreateSocket(server, TcpHostSocketFactory::GetTypeId());
    listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), 80));
    listener->Listen();
    Ptr<TcpHostSocket> socket =
        DynamicCast<TcpHostSocket>(Socket::CreateSocket(client, TcpHostSocketFactory::GetTypeId()));
    AtConnect seen{Seconds(-1), Seconds(-1)};
    // A raw pointer: a Ptr in the socket's own callback would keep it alive
    TcpHostSocket* raw = PeekPointer(socket);
    socket->SetConnectCallback(
        [&seen, raw](Ptr<Socket>) { seen = AtConnect{raw->GetSmoothedRtt(), raw->GetRto()}; },
        MakeNullCallback<void, Ptr<Socket>>());
    Simulator::ScheduleNow(
        [socket, to = ifs.GetAddress(1)]() { socket->Connect(InetSocketAddress(to, 80)); });
    Simulator::Stop(Seconds(400));
    Simulator::Run();
    Simulator::Destroy();
    return seen;
}

/// Attribute list shorthand.
std::vector<std::pair<std::string, Ptr<AttributeValue>>>
Attributes(std::initializer_list<std::pair<std::string, Ptr<AttributeValue>>> list)
{
    return list;
}

/// Karn's rule and RFC 6298 5.7 for a resent SYN without timestamps.
class ResentSynTest : public TestCase
{
  public:
    /// @param fallback SynTimeoutRto (0: none)
    explicit ResentSynTest(Time fallback)
        : TestCase(fallback.IsStrictlyPositive()
                       ? "no RTT sample from a resent SYN without timestamps; the RTO is then 3 s "
                         "(RFC 6298 sections 3 and 5.7)"
                       : "no RTT sample from a resent SYN; SynTimeoutRto 0 leaves ns-3's RTO"),
          m_fallback(fallback)
    {
    }

  private:
    void DoRun() override
    {
        // RTT 100 ms; the first SYN is lost and resent after ConnTimeout (1 s).
        AtConnect seen = Connect(Attributes({
                                     {"Timestamp", Create<BooleanValue>(false)},
                                     {"ConnTimeout", Create<TimeValue>(Seconds(1))},
                                     {"MinRto", Create<TimeValue>(MilliSeconds(200))},
                                     {"SynTimeoutRto", Create<TimeValue>(m_fallback)},
                                 }),
                                 MilliSeconds(50),
                                 true);
        NS_TEST_ASSERT_MSG_EQ(seen.srtt, Time(0), "the handshake gave no RTT sample (Karn)");
        if (m_fallback.IsStrictlyPositive())
        {
            // ns-3's RTO formula adds the clock granularity (1 ms) to the
            // estimate when the variation is 0
            NS_TEST_ASSERT_MSG_GT_OR_EQ(seen.rto, m_fallback, "RFC 6298 5.7: the RTO is 3 s");
            NS_TEST_ASSERT_MSG_LT_OR_EQ(seen.rto,
                                        m_fallback + MilliSeconds(1),
                                        "RFC 6298 5.7: the RTO is 3 s");
        }
        else
        {
            NS_TEST_ASSERT_MSG_LT(seen.rto, Seconds(3), "no fallback: ns-3's RTO, under 3 s");
        }
    }

    Time m_fallback; //!< SynTimeoutRto
};

/// A sample across a long path, with and without the RTO's upper bound.
class MaxRtoTest : public TestCase
{
  public:
    /// @param maxRto MaxRto (0: none)
    explicit MaxRtoTest(Time maxRto)
        : TestCase(maxRto.IsStrictlyPositive()
                       ? "an RTT sample of 50 s gives an RTO of MaxRto, 60 s (RFC 6298 2.5)"
                       : "MaxRto 0: an RTT sample of 50 s gives its RTO of 150 s"),
          m_maxRto(maxRto)
    {
    }

  private:
    void DoRun() override
    {
        // 25 s each way: the SYN+ACK's sample (with timestamps) is 50 s,
        // SRTT 50 s and RTTVAR 25 s, an RTO of 150 s (RFC 6298 2.2).
        AtConnect seen = Connect(Attributes({
                                     {"ConnTimeout", Create<TimeValue>(Seconds(100))},
                                     {"MaxRto", Create<TimeValue>(m_maxRto)},
                                 }),
                                 Seconds(25),
                                 false);
        NS_TEST_ASSERT_MSG_GT_OR_EQ(seen.srtt, Seconds(50), "the sample spans the path");
        if (m_maxRto.IsStrictlyPositive())
        {
            NS_TEST_ASSERT_MSG_EQ(seen.rto, m_maxRto, "the RTO is bounded");
        }
        else
        {
            NS_TEST_ASSERT_MSG_GT(seen.rto, Seconds(149), "no bound: the sample's RTO");
        }
    }

    Time m_maxRto; //!< MaxRto
};

/// The suite.
class TcpHostRtoTestSuite : public TestSuite
{
  public:
    TcpHostRtoTestSuite()
        : TestSuite("tcp-host-rto", Type::UNIT)
    {
        AddTestCase(new ResentSynTest(Seconds(3)), Duration::QUICK);
        AddTestCase(new ResentSynTest(Time(0)), Duration::QUICK);
        AddTestCase(new MaxRtoTest(Seconds(60)), Duration::QUICK);
        AddTestCase(new MaxRtoTest(Time(0)), Duration::QUICK);
    }
};

/// Registers the suite.
TcpHostRtoTestSuite g_tcpHostRtoTestSuite;

} // namespace
