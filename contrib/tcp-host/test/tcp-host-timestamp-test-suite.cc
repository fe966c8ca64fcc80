/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// RFC 7323's timestamps on a connection that carries data both ways: a
// client sends a request every second on one persistent connection, the
// server answers each with data (whose segments carry its ACK of the
// request). Stock TcpSocketBase advances "Last.ACK.sent" (m_highTxAck) only
// when it sends a segment without data, so such a server keeps echoing the
// first request's timestamp, and every RTT sample the client takes after it
// is the connection's age (defect #20 of tcp-host.rst). The suite's socket
// advances it on data segments too, on every ns-3. ns-3's own socket is the
// series' to test: patch 0001 (upstream/ns-3) adds tcp-timestamp-echo, which
// fails without the fix.

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/tcp-host-module.h"
#include "ns3/test.h"

using namespace ns3;

namespace
{

/**
 * Ten requests of 100 bytes, one per second, each answered with 2000 bytes,
 * over a 10 Mb/s link with 10 ms of delay each way; the client's RTT
 * samples (the age of the timestamp each response segment echoes) after the
 * first exchange.
 */
class RequestResponseRttTest : public TestCase
{
  public:
    RequestResponseRttTest()
        : TestCase("RFC 7323: a data segment's ACK is Last.ACK.sent: RTT samples of a "
                   "request-response connection stay near the path's")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<Node> client = CreateObject<Node>();
        Ptr<Node> server = CreateObject<Node>();
        TcpHostHelper helper;
        helper.SetSocketType("ns3::TcpHostSocket");
        helper.SetSocketAttribute("MaxSegLifetime", DoubleValue(0.5));
        helper.Install(NodeContainer(client, server));
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", StringValue("10Mbps"));
        p2p.SetChannelAttribute("Delay", StringValue("10ms"));
        NetDeviceContainer devices = p2p.Install(client, server);
        Ipv4AddressHelper addresses("10.0.0.0", "255.255.255.0");
        Ipv4InterfaceContainer ifs = addresses.Assign(devices);

        Ptr<Socket> listener = Socket::CreateSocket(server, TcpHostSocketFactory::GetTypeId());
        listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), 80));
        listener->Listen();
        listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                    MakeCallback(&RequestResponseRttTest::Accepted, this));

        m_client = Socket::CreateSocket(client, TcpHostSocketFactory::GetTypeId());
        m_client->TraceConnectWithoutContext("Rx",
                                             MakeCallback(&RequestResponseRttTest::Segment, this));
        // At the start of the run, once the nodes are initialized.
        Simulator::ScheduleNow(
            [this, to = ifs.GetAddress(1)]() { m_client->Connect(InetSocketAddress(to, 80)); });
        for (uint32_t i = 0; i < REQUESTS; ++i)
        {
            Simulator::Schedule(Seconds(1 + i),
                                [this]() { m_client->Send(Create<Packet>(REQUEST)); });
        }
        m_client->SetRecvCallback(MakeCallback(&RequestResponseRttTest::ClientRead, this));
        // Both ends close after the last response: the run ends when
        // TIME_WAIT does, with no socket left open.
        Simulator::Schedule(Seconds(REQUESTS + 1), [this]() {
            m_client->Close();
            m_server->Close();
        });
        Simulator::Run();
        Simulator::Destroy();

        NS_TEST_ASSERT_MSG_EQ(m_received, REQUESTS * RESPONSE, "every response arrived");
        NS_TEST_ASSERT_MSG_GT(m_samples.size(), 2 * REQUESTS, "samples through the run");
        // The path's RTT is 20 ms plus transmission; a sample taken from a
        // stale echo is at least the time since the first request (1 s).
        Time late = Seconds(0);
        for (const auto& [at, rtt] : m_samples)
        {
            if (at > Seconds(2))
            {
                late = std::max(late, rtt);
            }
        }
        NS_TEST_ASSERT_MSG_LT(late, MilliSeconds(100), "every sample near the path's RTT");
    }

    /// The server's side: answer each request with RESPONSE bytes.
    void Accepted(Ptr<Socket> s, const Address&)
    {
        m_server = s;
        s->SetRecvCallback(MakeCallback(&RequestResponseRttTest::ServerRead, this));
    }

    /// Requests in; a response for each whole one.
    void ServerRead(Ptr<Socket> s)
    {
        while (Ptr<Packet> p = s->Recv())
        {
            m_requestBytes += p->GetSize();
            while (m_requestBytes >= REQUEST)
            {
                m_requestBytes -= REQUEST;
                s->Send(Create<Packet>(RESPONSE));
            }
        }
    }

    /// Responses in.
    void ClientRead(Ptr<Socket> s)
    {
        while (Ptr<Packet> p = s->Recv())
        {
            m_received += p->GetSize();
        }
    }

    /// A segment reached the client. A response's data acknowledges the
    /// request: the age of the timestamp it echoes is the client's RTT
    /// sample. (Not so for the server's FIN, which crosses the client's
    /// and echoes the client's last ACK, a second old.)
    void Segment(Ptr<const Packet> payload, const TcpHeader& header, Ptr<const TcpSocketBase>)
    {
        if (payload->GetSize() > 0 && header.HasOption(TcpOption::TS))
        {
            auto ts = DynamicCast<const TcpOptionTS>(header.GetOption(TcpOption::TS));
            m_samples.emplace_back(Simulator::Now(),
                                   TcpOptionTS::ElapsedTimeFromTsValue(ts->GetEcho()));
        }
    }

    static constexpr uint32_t REQUESTS = 10;      //!< Requests, one per second
    static constexpr uint32_t REQUEST = 100;      //!< Bytes per request
    static constexpr uint32_t RESPONSE = 2000;    //!< Bytes per response
    Ptr<Socket> m_client;                         //!< The client's socket
    Ptr<Socket> m_server;                         //!< The server\'s socket
    uint32_t m_requestBytes{0};                   //!< Request bytes not yet answered
    uint32_t m_received{0};                       //!< Response bytes the client read
    std::vector<std::pair<Time, Time>> m_samples; //!< (when, age of the echoed timestamp)
};

/// The suite.
class TcpHostTimestampTestSuite : public TestSuite
{
  public:
    TcpHostTimestampTestSuite()
        : TestSuite("tcp-host-timestamps", Type::UNIT)
    {
        AddTestCase(new RequestResponseRttTest(), Duration::QUICK);
    }
};

/// Static instance.
TcpHostTimestampTestSuite g_tcpHostTimestampTestSuite;

} // namespace
