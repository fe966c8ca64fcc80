/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Lossy stress test of the close path under tw-avoid's close policies (the
// swap close, the negotiated placement): for each, thousands of connections
// with random sizes, close orders and delays under random loss, each checked
// with CheckConnection once every timer has run out (CloseStressTestCase,
// the harness's; tcp-host's tcp-host-close-stress runs the standard close);
// then the same over the HTTP applications and over ns-3's own applications
// on TwAvoidHelper nodes.

// The harness lives with the socket it tests, in tcp-host (a sibling module).
#include "../../tcp-host/test/tcp-close-harness.h"

#include "ns3/applications-module.h"
#include "ns3/http-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/test.h"
#include "ns3/tw-avoid-module.h"

using namespace ns3;
using namespace ns3::closetest;

namespace
{

/**
 * @brief Give one end the close policy of a node role, as TwAvoidHelper
 * does: TcpHostSocket ends only (a stock end keeps its own close).
 * @param end the end's set-up
 * @param role the node's role
 * @param negotiate wrap the role's policy in TcpNegotiatedClose
 */
void
SetRole(EndConfig& end, TwAvoidHelper::Role role, bool negotiate)
{
    if (end.socketType == "ns3::TcpHostSocket")
    {
        end.closePolicy = TwAvoidHelper::CreateClosePolicy(role, negotiate);
    }
}

/**
 * @brief A stress set-up of the draft's roles: the client's close policy by
 * its role, the server's the standard close, each wrapped in
 * TcpNegotiatedClose if asked (stock ends keep their own close).
 * @param name the test case's name
 * @param placement where TIME_WAIT must be
 * @param negotiate negotiate the placement on the handshake
 * @return the set-up
 */
StressConfig
Make(const std::string& name, Placement placement, bool negotiate = false)
{
    StressConfig c = MakeStressConfig(name, placement);
    c.configure = [negotiate](HarnessConfig& h) {
        SetRole(h.client, TwAvoidHelper::CLIENT, negotiate);
        SetRole(h.server, TwAvoidHelper::SERVER, negotiate);
    };
    return c;
}

/// One way of ending HTTP connections under stress.
struct HttpStressConfig
{
    std::string name;               //!< Test case name
    TwAvoidHelper::Role clientRole; //!< The client node's role
    std::string endMode;            //!< HttpClient::EndMode
    bool timeWaitAtClient;          //!< Where every connection's TIME_WAIT must be
};

/**
 * The same over the HTTP applications: WebSTONE-like clients on a lossy
 * link, each request and response on real bytes. Every request is
 * answered in full (the parser frames each response by its length, so a
 * byte lost or repeated shows as a failed or timed-out request), every
 * connection leaves TIME_WAIT at the end its ending mode says, and once the
 * clients stop and every timer has run out no TCB is left on either host.
 */
class HttpCloseStressTestCase : public TestCase
{
  public:
    explicit HttpCloseStressTestCase(const HttpStressConfig& config)
        : TestCase(config.name),
          m_config(config)
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(12);
        RngSeedManager::SetRun(1);
        HarnessConfig hc;
        SetRole(hc.client, m_config.clientRole, false);
        hc.msl = 60;
        CloseHarness h(hc);
        h.ToServer()->SetRandomLoss(0.02, 0.05, 201);
        h.ToClient()->SetRandomLoss(0.02, 0.05, 202);

        Ptr<HttpFileSet> files = CreateObject<HttpFileSet>();
        files->AddFile(500, 3);
        files->AddFile(9000, 2);
        files->AddFile(40000, 1);
        files->AssignStreams(13);
        Ptr<HttpServer> server = CreateObject<HttpServer>();
        server->SetAttribute("Port", UintegerValue(HTTP_PORT));
        server->SetAttribute("DocumentStore", PointerValue(files));
        server->SetAttribute("KeepAliveTimeout", TimeValue(Seconds(600)));
        h.ServerNode()->AddApplication(server);
        server->SetStopTime(STOP + Seconds(400));

        std::vector<Ptr<HttpClient>> clients;
        for (uint32_t i = 0; i < 10; ++i)
        {
            Ptr<HttpClient> client = CreateObject<HttpClient>();
            Ptr<HttpFileSetRequestSource> source = CreateObject<HttpFileSetRequestSource>();
            source->SetAttribute("FileSet", PointerValue(files));
            client->SetAttribute("RequestSource", PointerValue(source));
            client->SetAttribute("Remote",
                                 AddressValue(InetSocketAddress(h.ServerAddress(), HTTP_PORT)));
            client->SetAttribute("EndMode", StringValue(m_config.endMode));
            client->SetAttribute("RequestsPerConnection", UintegerValue(1 + i % 3));
            client->SetAttribute("ResponseTimeout", TimeValue(Seconds(300)));
            client->SetStartTime(MilliSeconds(100 + 7 * i));
            client->SetStopTime(STOP);
            h.ClientNode()->AddApplication(client);
            clients.push_back(client);
        }
        uint32_t clientTimeWaits = 0;
        uint32_t serverTimeWaits = 0;
        h.ClientNode()->GetObject<TcpHostModel>()->TraceConnectWithoutContext(
            "TimeWaitCount",
            MakeBoundCallback(&CountEntries, &clientTimeWaits));
        h.ServerNode()->GetObject<TcpHostModel>()->TraceConnectWithoutContext(
            "TimeWaitCount",
            MakeBoundCallback(&CountEntries, &serverTimeWaits));
        h.Run(STOP + Seconds(500));

        HttpClient::Stats total;
        for (const auto& c : clients)
        {
            const HttpClient::Stats& s = c->GetStats();
            total.requestsIssued += s.requestsIssued;
            total.requestsCompleted += s.requestsCompleted;
            total.requestsFailed += s.requestsFailed;
            total.connectionsOpened += s.connectionsOpened;
            total.outcomes[HttpClient::COMPLETED] += s.outcomes[HttpClient::COMPLETED];
        }
        // A client stopped mid-connection aborts it: only completed
        // connections count, and at most one per client is cut.
        uint64_t completed = total.outcomes[HttpClient::COMPLETED];
        NS_TEST_ASSERT_MSG_GT(completed, 1000, "thousands of connections, not a handful");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(total.requestsFailed, clients.size(), "failed requests");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(total.connectionsOpened, completed, "connections");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(total.connectionsOpened - completed,
                                    clients.size(),
                                    "connections not completed beyond those cut by the stop");
        uint32_t holder = m_config.timeWaitAtClient ? clientTimeWaits : serverTimeWaits;
        uint32_t other = m_config.timeWaitAtClient ? serverTimeWaits : clientTimeWaits;
        NS_TEST_ASSERT_MSG_GT_OR_EQ(holder, completed, "a TIME_WAIT per connection at its end");
        if (m_config.endMode != "ConnectionClose" || !m_config.timeWaitAtClient)
        {
            // No swap: the other end holds TIME_WAIT only for the
            // connections that the clients' stop closed from their side.
            NS_TEST_ASSERT_MSG_LT_OR_EQ(other, clients.size(), "TIME_WAIT at the other end");
        }
        NS_TEST_ASSERT_MSG_EQ(h.ClientSocketsLeft(), 0, "client TCP lists sockets");
        NS_TEST_ASSERT_MSG_EQ(h.ServerSocketsLeft(), 0, "server TCP lists sockets");
        NS_TEST_ASSERT_MSG_EQ(h.ClientTcbsLeft(), 0, "client host model lists TCBs");
        NS_TEST_ASSERT_MSG_EQ(h.ServerTcbsLeft(), 0, "server host model lists TCBs");
    }

    /// Count the rises of a TIME_WAIT population.
    static void CountEntries(uint32_t* entries, uint32_t oldValue, uint32_t newValue)
    {
        *entries += newValue > oldValue ? newValue - oldValue : 0;
    }

    static constexpr uint16_t HTTP_PORT = 8080;
    const Time STOP = Seconds(40);
    HttpStressConfig m_config;
};

/**
 * @brief A new user's set-up of ns-3's own applications: TwAvoidHelper with
 * role CLIENT on the clients and SERVER on the server, each client on its
 * own 100 Mb/s, 1 ms link, a PacketSink on each client, and a
 * BulkSendApplication on the server sending to each and closing.
 * @param server the server node
 * @param clients the client nodes
 * @param factory the socket factory the applications ask for
 * @param maxBytes what each BulkSend sends
 * @return the sinks
 */
ApplicationContainer
SinksAndBulkSends(Ptr<Node> server,
                  NodeContainer clients,
                  const std::string& factory,
                  uint64_t maxBytes)
{
    TwAvoidHelper tw;
    tw.SetSocketAttribute("MaxSegLifetime", DoubleValue(30));
    tw.SetRole(TwAvoidHelper::CLIENT);
    tw.Install(clients);
    tw.SetRole(TwAvoidHelper::SERVER);
    tw.Install(server);
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue("100Mbps"));
    p2p.SetChannelAttribute("Delay", StringValue("1ms"));
    Ipv4AddressHelper addresses("10.1.0.0", "255.255.255.0");
    ApplicationContainer sinks;
    for (uint32_t i = 0; i < clients.GetN(); ++i)
    {
        Ipv4InterfaceContainer ifs = addresses.Assign(p2p.Install(server, clients.Get(i)));
        addresses.NewNetwork();
        PacketSinkHelper sink(factory, InetSocketAddress(Ipv4Address::GetAny(), 9));
        sinks.Add(sink.Install(clients.Get(i)));
        BulkSendHelper bulk(factory, InetSocketAddress(ifs.GetAddress(1), 9));
        bulk.SetAttribute("MaxBytes", UintegerValue(maxBytes));
        bulk.Install(server).Start(MilliSeconds(100));
    }
    return sinks;
}

/**
 * Unmodified ns-3 applications, as a new user sets them up from the
 * README: ten client nodes on their own 100 Mb/s, 1 ms links to one server,
 * TwAvoidHelper with role CLIENT on the clients and SERVER on the server,
 * a PacketSink on each client, and a BulkSendApplication on the server
 * sending 100 kB to each and closing. The sinks stop (and close) while the
 * data still arrives, so the clients close first and the FINs cross. Seen
 * before: FINs retransmitted for ever into a TIME_WAIT that acknowledged
 * them with the wrong sequence number, and, once PacketSink's ShutdownSend()
 * on its listener was inherited by the accepted sockets, clients stuck in
 * LAST_ACK.
 */
class SinkBulkSendTestCase : public TestCase
{
  public:
    SinkBulkSendTestCase()
        : TestCase("PacketSink and BulkSendApplication, sinks stopped during the transfer")
    {
    }

  private:
    void DoRun() override
    {
        // Destroy the simulation however the checks below end.
        struct DestroyAtEnd
        {
            ~DestroyAtEnd()
            {
                Simulator::Destroy();
            }
        } destroyAtEnd;

        NodeContainer server(1);
        NodeContainer clients(10);
        SinksAndBulkSends(server.Get(0), clients, "ns3::TcpHostSocketFactory", 100000)
            .Stop(MilliSeconds(120));
        // A stopped sink closes its socket; the data that still comes is
        // answered with an RST (RFC 1122 4.2.2.13), which ends both ends at
        // once: long before 2MSL nobody keeps a TCB, TIME_WAIT included.
        uint32_t tcbsAt20s = 0;
        Simulator::Schedule(Seconds(20), [&]() {
            for (auto it = NodeList::Begin(); it != NodeList::End(); ++it)
            {
                tcbsAt20s += (*it)->GetObject<TcpHostModel>()->GetTcbCount();
            }
        });
        Simulator::Stop(Seconds(200));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(tcbsAt20s, 0, "every connection reset, none in TIME_WAIT");
        for (auto it = NodeList::Begin(); it != NodeList::End(); ++it)
        {
            Ptr<TcpHostModel> host = (*it)->GetObject<TcpHostModel>();
            NS_TEST_ASSERT_MSG_EQ(host->GetTcbCount(),
                                  0,
                                  "node " << (*it)->GetId() << " keeps a TCB");
        }
    }
};

/**
 * The stock-socket trap: ns-3's applications through ns3::TcpSocketFactory,
 * as a new user writes them, on nodes set up with TwAvoidHelper. ns-3's own
 * factory came first and gave stock TcpSocketBase sockets: no swap close,
 * and the host models counted nothing (0 TIME_WAIT anywhere). The helper
 * makes that factory name give the suite's socket: BulkSend's server
 * closes first, each sink's socket swaps, and TIME_WAIT is at the nodes of
 * role CLIENT, none at the server.
 */
class StockFactoryNameTestCase : public TestCase
{
  public:
    StockFactoryNameTestCase()
        : TestCase("ns3::TcpSocketFactory on TwAvoidHelper nodes: the suite's socket, swap close")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t n = 4;
        NodeContainer server(1);
        NodeContainer clients(n);
        SinksAndBulkSends(server.Get(0), clients, "ns3::TcpSocketFactory", 50000);
        uint32_t clientTimeWait = 0;
        uint32_t serverTimeWait = 0;
        uint32_t stockSockets = 0;
        Simulator::Schedule(Seconds(10), [&]() {
            for (uint32_t i = 0; i < n; ++i)
            {
                clientTimeWait +=
                    clients.Get(i)->GetObject<TcpHostModel>()->GetTcbCount(TcpSocket::TIME_WAIT);
            }
            serverTimeWait +=
                server.Get(0)->GetObject<TcpHostModel>()->GetTcbCount(TcpSocket::TIME_WAIT);
            for (auto it = NodeList::Begin(); it != NodeList::End(); ++it)
            {
                ObjectVectorValue sockets;
                (*it)->GetObject<TcpL4Protocol>()->GetAttribute("SocketList", sockets);
                for (auto s = sockets.Begin(); s != sockets.End(); ++s)
                {
                    stockSockets += !DynamicCast<TcpHostSocket>(s->second);
                }
            }
        });
        Simulator::Stop(Seconds(100));
        Simulator::Run();
        Simulator::Destroy();
        NS_TEST_EXPECT_MSG_EQ(stockSockets, 0, "stock TcpSocketBase sockets on the nodes");
        NS_TEST_EXPECT_MSG_EQ(clientTimeWait, n, "TIME_WAIT at the sinks (role CLIENT, swap)");
        NS_TEST_EXPECT_MSG_EQ(serverTimeWait, 0, "no TIME_WAIT at the server (swap RST)");
    }
};

class TcpCloseStressTestSuite : public TestSuite
{
  public:
    TcpCloseStressTestSuite()
        : TestSuite("tw-avoid-close-stress", Type::SYSTEM)
    {
        std::vector<StressConfig> configs;
        // With 7 % loss on each close segment, the server's single ACK of
        // the client's FIN and the RST both arrive in about 86 % of closes.
        StressConfig accept = Make("swap close, server accepts the RST", Placement::SWAP_AT_CLIENT);
        accept.minRstFreed = 0.75;
        accept.maxRstFreed = 0.95;
        configs.push_back(accept);
        StressConfig ignore =
            Make("swap close, server ignores the RST (RFC 1337)", Placement::SWAP_AT_CLIENT);
        ignore.harness.server.attributes.emplace_back("TimeWaitRstPolicy", "Ignore");
        configs.push_back(ignore);
        StressConfig negotiated =
            Make("negotiated placement", Placement::NEGOTIATED_AT_CLIENT, true);
        // The server commits when the handshake's last ACK (lost 9 % of the
        // time here) confirms.
        negotiated.minCommitted = 0.85;
        configs.push_back(negotiated);
        // A SYN+ACK lost (30 % extra loss on handshake segments) and the SYN
        // resent; 2*MSL (2 s) shorter than the client's FIN resends often
        // take, so the server's node often answers a resent FIN with an RST.
        // Seen: clients whose first RTT sample spanned the SYN timeout (RTO
        // about 9 s), and swap clients closed by that RST in LAST_ACK with
        // TIME_WAIT nowhere.
        StressConfig resentSyn = Make("swap close, SYNs resent, 2*MSL shorter than FIN resends",
                                      Placement::SWAP_AT_CLIENT);
        resentSyn.harness.msl = 1;
        resentSyn.synLoss = 0.3;
        resentSyn.minRstFreed = 0.75;
        resentSyn.maxRstFreed = 0.95;
        configs.push_back(resentSyn);
        // One connection in ten loses every data segment and FIN its server
        // sends, until the server gives up. Seen: the server left without a
        // word and its client stayed ESTABLISHED, its TCB kept for ever. No
        // other loss: every swap RST of the other connections arrives.
        StressConfig giveUp =
            Make("swap close, servers giving up after their retries", Placement::SWAP_AT_CLIENT);
        giveUp.loss = 0;
        giveUp.closeLoss = 0;
        giveUp.darkPorts = 10;
        giveUp.minRstFreed = 1;
        giveUp.maxRstFreed = 1;
        configs.push_back(giveUp);
        StressConfig stockServer =
            Make("swap client, stock server", Placement::ANY_WITH_STOCK_PEER);
        stockServer.harness.server.socketType = "ns3::TcpSocketBase";
        configs.push_back(stockServer);
        AddTestCase(new SinkBulkSendTestCase(), Duration::QUICK);
        AddTestCase(new StockFactoryNameTestCase(), Duration::QUICK);
        for (const auto& h : std::vector<HttpStressConfig>{
                 {"HTTP: Connection: close, standard close",
                  TwAvoidHelper::SERVER,
                  "ConnectionClose",
                  false},
                 {"HTTP: Connection: close, swap close at the client",
                  TwAvoidHelper::CLIENT,
                  "ConnectionClose",
                  true},
                 {"HTTP: CLIENT_CLOSE", TwAvoidHelper::SERVER, "ClientClose", true}})
        {
            AddTestCase(new HttpCloseStressTestCase(h), Duration::QUICK);
        }
        for (const auto& c : configs)
        {
            AddTestCase(new CloseStressTestCase(c), Duration::QUICK);
        }
    }
};

TcpCloseStressTestSuite g_tcpCloseStressTestSuite; //!< Static instance

} // namespace
