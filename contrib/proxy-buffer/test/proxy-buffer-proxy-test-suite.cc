/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The HTTP proxy on real bytes: clients -> proxy -> an origin server.
// Misses travel upstream on one persistent connection and are relayed
// whole; hits never leave the proxy; at MaxConnections a new client is
// refused (schemes 1 and 2) or gets the room of the oldest idle connection
// (schemes 3 and 4).

#include "ns3/core-module.h"
#include "ns3/http-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/proxy-buffer-module.h"
#include "ns3/tcp-host-module.h"

using namespace ns3;

namespace
{

const uint64_t DOCUMENT = 50000; //!< Every document's size

/// The addresses of a client -> proxy -> origin chain.
struct Chain
{
    Ipv4Address proxy;  //!< The proxy's, on the client's link
    Ipv4Address origin; //!< The origin's
};

/**
 * @brief Link a client, a proxy and an origin whose stacks are installed:
 * 100 Mb/s links (the client's as given), 10 ms from the client to the proxy.
 * @param nodes client, proxy, origin
 * @param upDelay the proxy-origin link's delay
 * @param downRate the client-proxy link's rate
 * @return the addresses the client and the proxy connect to
 */
Chain
LinkChain(NodeContainer nodes, const std::string& upDelay, const std::string& downRate)
{
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue(downRate));
    p2p.SetChannelAttribute("Delay", StringValue("10ms"));
    NetDeviceContainer down = p2p.Install(nodes.Get(0), nodes.Get(1));
    p2p.SetDeviceAttribute("DataRate", StringValue("100Mbps"));
    p2p.SetChannelAttribute("Delay", StringValue(upDelay));
    NetDeviceContainer up = p2p.Install(nodes.Get(1), nodes.Get(2));
    return {Ipv4AddressHelper("10.1.0.0", "255.255.255.0").Assign(down).GetAddress(1),
            Ipv4AddressHelper("10.2.0.0", "255.255.255.0").Assign(up).GetAddress(1)};
}

/// Clients on one host, a proxy, an origin; all 100 Mb/s.
struct ProxyBed
{
    NodeContainer nodes{3}; //!< 0 clients, 1 proxy, 2 origin
    Ptr<HttpProxy> proxy;
    Ptr<HttpServer> origin; //!< The origin (null if scripted)
    std::vector<Ptr<HttpClient>> clients;
    Ipv4Address proxyAddress; //!< The proxy's, on the clients' link

    /**
     * @brief A bare client socket on the clients' host that connects to the
     * proxy at 0.1 s and sends one origin-form HTTP/1.0 GET of /a; it never
     * reads.
     * @return the socket
     */
    Ptr<Socket> AddBareClient()
    {
        Ptr<Socket> client = Socket::CreateSocket(nodes.Get(0), TcpHostSocketFactory::GetTypeId());
        client->SetConnectCallback(
            Callback<void, Ptr<Socket>>([](Ptr<Socket> s) {
                const std::string get = "GET /a HTTP/1.0\r\n\r\n";
                s->Send(reinterpret_cast<const uint8_t*>(get.data()), get.size(), 0);
            }),
            MakeNullCallback<void, Ptr<Socket>>());
        Address proxy = InetSocketAddress(proxyAddress, 8080);
        Simulator::Schedule(Seconds(0.1), [client, proxy]() { client->Connect(proxy); });
        return client;
    }

    /**
     * @brief Build it.
     * @param clientCount clients
     * @param hitRatio the proxy's
     * @param maxConnections the proxy manager's
     * @param admission Refuse or EvictIdle
     * @param requests requests per client connection
     * @param originScript if given, the origin is an HttpScriptedServer
     *        answering with it instead of an HttpServer
     * @param proxyPorts if not 0, the proxy's connect() takes Linux's
     *        ports (LocalPortAllocator) from a range of this many
     * @param downRate the clients' link's rate
     */
    ProxyBed(uint32_t clientCount,
             double hitRatio,
             uint32_t maxConnections,
             HttpProxy::Admission admission,
             uint32_t requests,
             const HttpScriptedServer::Script* originScript = nullptr,
             uint16_t proxyPorts = 0,
             const std::string& downRate = "100Mbps")
    {
        TcpHostHelper stack;
        stack.SetHostModelEnabled(false);
        if (proxyPorts == 0)
        {
            stack.Install(nodes);
        }
        else
        {
            stack.Install(NodeContainer(nodes.Get(0), nodes.Get(2)));
            stack.SetLocalPortAttribute("LowPort", UintegerValue(40000));
            stack.SetLocalPortAttribute("HighPort", UintegerValue(40000 + proxyPorts - 1));
            stack.Install(nodes.Get(1));
        }
        auto [toProxy, originAddress] = LinkChain(nodes, "20ms", downRate);
        proxyAddress = toProxy;

        Ptr<HttpFileSet> files = CreateObject<HttpFileSet>();
        files->AddFile(DOCUMENT, 1, "/a");
        if (originScript)
        {
            Ptr<HttpScriptedServer> scripted = CreateObject<HttpScriptedServer>();
            scripted->SetScript(*originScript);
            nodes.Get(2)->AddApplication(scripted);
        }
        else
        {
            origin = CreateObject<HttpServer>();
            origin->SetAttribute("DocumentStore", PointerValue(files));
            origin->SetAttribute("KeepAliveTimeout", TimeValue(Seconds(100)));
            origin->SetAttribute("MaxRequestsPerConnection", UintegerValue(100000));
            nodes.Get(2)->AddApplication(origin);
        }

        Ptr<PersistentConnectionManager> manager = CreateObject<PersistentConnectionManager>();
        manager->SetAttribute("MaxConnections", UintegerValue(maxConnections));
        proxy = CreateObject<HttpProxy>();
        proxy->SetAttribute("Store", PointerValue(files));
        proxy->SetAttribute("HitRatio", DoubleValue(hitRatio));
        proxy->SetAttribute("Manager", PointerValue(manager));
        proxy->SetAttribute("Admission", EnumValue(admission));
        proxy->AddOrigin("origin0", InetSocketAddress(originAddress, 80));
        nodes.Get(1)->AddApplication(proxy);

        for (uint32_t i = 0; i < clientCount; ++i)
        {
            Ptr<OriginRequestSource> source = CreateObject<OriginRequestSource>();
            source->AddOrigin("origin0");
            source->SetDocuments(files);
            Ptr<HttpClient> client = CreateObject<HttpClient>();
            client->SetAttribute("Remote", AddressValue(InetSocketAddress(proxyAddress, 8080)));
            client->SetAttribute("RequestSource", PointerValue(source));
            client->SetAttribute("RequestsPerConnection", UintegerValue(requests));
            client->SetAttribute("ThinkTime", TimeValue(Seconds(0.5)));
            Ptr<ConstantRandomVariable> gap = CreateObject<ConstantRandomVariable>();
            gap->SetAttribute("Constant", DoubleValue(0.3)); // idle between requests
            client->SetAttribute("RequestGap", PointerValue(gap));
            client->SetStartTime(Seconds(0.1 + i));
            nodes.Get(0)->AddApplication(client);
            clients.push_back(client);
        }
    }
};

/// Misses upstream on one persistent connection, hits at the proxy.
class HitMissTest : public TestCase
{
  public:
    HitMissTest()
        : TestCase("misses go upstream on one persistent connection, relayed whole; hits do not")
    {
    }

  private:
    void DoRun() override
    {
        for (double hitRatio : {0.0, 1.0})
        {
            ProxyBed bed(1, hitRatio, 200, HttpProxy::REFUSE, 10);
            Simulator::Stop(Seconds(8));
            Simulator::Run();
            const auto& client = bed.clients[0]->GetStats();
            const auto& proxy = bed.proxy->GetStats();
            NS_TEST_EXPECT_MSG_GT(client.requestsCompleted, 10u, "the client is served");
            NS_TEST_EXPECT_MSG_EQ(client.bodyBytes,
                                  client.requestsCompleted * DOCUMENT,
                                  "whole documents");
            NS_TEST_EXPECT_MSG_EQ(client.requestsFailed, 0u, "none failed");
            const uint64_t completed = client.requestsCompleted; // one more may be under way
            if (hitRatio == 0)
            {
                NS_TEST_EXPECT_MSG_GT_OR_EQ(bed.origin->GetStats().requests,
                                            completed,
                                            "every miss reaches the origin");
                NS_TEST_EXPECT_MSG_LT_OR_EQ(bed.origin->GetStats().requests,
                                            proxy.requests,
                                            "nothing else does");
                NS_TEST_EXPECT_MSG_EQ(proxy.upstreamOpened, 1u, "on one connection");
                NS_TEST_EXPECT_MSG_EQ(proxy.upstreamReused, proxy.requests - 1, "kept open");
                NS_TEST_EXPECT_MSG_GT_OR_EQ(proxy.bytesFromOrigins,
                                            completed * DOCUMENT,
                                            "the documents came from the origin");
            }
            else
            {
                NS_TEST_EXPECT_MSG_EQ(bed.origin->GetStats().requests,
                                      0u,
                                      "hits stay at the proxy");
                NS_TEST_EXPECT_MSG_EQ(proxy.hits, proxy.requests, "all hits");
                NS_TEST_EXPECT_MSG_EQ(proxy.upstreamOpened, 0u, "no upstream connection");
            }
            NS_TEST_EXPECT_MSG_GT_OR_EQ(proxy.bytesToClients,
                                        completed * DOCUMENT,
                                        "and went to the client");
            NS_TEST_EXPECT_MSG_GT(bed.clients[0]->GetStats().connectionsOpened,
                                  1u,
                                  "over several client connections");
            Simulator::Destroy();
        }
    }
};

/**
 * An origin that closes its connection after every response (nginx's
 * upstream default, MaxRequestsPerConnection 1) says so with "Connection:
 * close". That concerns the proxy's connection to it, not the client's
 * (RFC 9110 section 7.6.1): the proxy removes it, and the client keeps its
 * persistent connection and sends its next request after its gap, instead
 * of waiting for a close the proxy has no reason to make.
 */
class OriginConnectionCloseTest : public TestCase
{
  public:
    OriginConnectionCloseTest()
        : TestCase("an origin's Connection: close ends its own connection, not the client's")
    {
    }

  private:
    void DoRun() override
    {
        ProxyBed bed(1, 0.0, 200, HttpProxy::REFUSE, 10);
        bed.origin->SetAttribute("MaxRequestsPerConnection", UintegerValue(1));
        Simulator::Stop(Seconds(8));
        Simulator::Run();
        const auto& client = bed.clients[0]->GetStats();
        const auto& proxy = bed.proxy->GetStats();
        NS_TEST_EXPECT_MSG_GT(client.requestsCompleted, 10u, "one request per gap and transfer");
        NS_TEST_EXPECT_MSG_EQ(client.requestsFailed, 0u, "none failed");
        NS_TEST_EXPECT_MSG_EQ(proxy.upstreamReused, 0u, "the origin closed each connection");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(client.connectionsOpened,
                                    client.requestsCompleted / 10 + 1,
                                    "the client's connection carried its 10 requests");
        Simulator::Destroy();
    }
};

/**
 * One local port towards the origin: the proxy's upstream connect() chooses
 * its port (HttpProxy does not Bind() first), so a miss that needs a second
 * upstream connection while the first is busy finds none: connect() fails at
 * once, the proxy answers 503 and keeps its books (no reservation left).
 */
class UpstreamOutOfPortsTest : public TestCase
{
  public:
    UpstreamOutOfPortsTest()
        : TestCase("upstream connect() without a local port: 503, counted, nothing kept")
    {
    }

  private:
    void DoRun() override
    {
        ProxyBed bed(4, 0.0, 200, HttpProxy::REFUSE, 10, nullptr, 1);
        Simulator::Stop(Seconds(8));
        Simulator::Run();
        const auto& proxy = bed.proxy->GetStats();
        NS_TEST_EXPECT_MSG_EQ(proxy.upstreamOpened, 1u, "the one port's connection");
        NS_TEST_EXPECT_MSG_GT(proxy.upstreamConnectErrors, 0u, "misses found no port");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(proxy.unavailable,
                                    proxy.upstreamConnectErrors,
                                    "each answered 503");
        uint64_t completed = 0;
        for (const auto& client : bed.clients)
        {
            completed += client->GetStats().requestsCompleted;
        }
        NS_TEST_EXPECT_MSG_GT(completed, proxy.unavailable, "the others served");
        // At most a handshake per client and one upstream under way: a failed
        // connect() gave its reserved place back.
        NS_TEST_EXPECT_MSG_LT_OR_EQ(bed.proxy->GetManager()->GetReserved(),
                                    bed.clients.size() + 1,
                                    "no place kept for a connection that never was");
        NS_TEST_EXPECT_MSG_GT(proxy.upstreamConnectErrors,
                              bed.clients.size() + 1,
                              "(enough failures to see a place kept by each)");
        Simulator::Destroy();
    }
};

/// MaxConnections 2: one client's two connections fill it.
class AdmissionTest : public TestCase
{
  public:
    AdmissionTest()
        : TestCase("at MaxConnections: refuse the new client, or close the oldest idle for it")
    {
    }

  private:
    void DoRun() override
    {
        {
            ProxyBed bed(2, 0.0, 2, HttpProxy::REFUSE, 1000);
            Simulator::Stop(Seconds(10));
            Simulator::Run();
            NS_TEST_EXPECT_MSG_GT(bed.clients[0]->GetStats().requestsCompleted,
                                  5u,
                                  "the first is served");
            NS_TEST_EXPECT_MSG_EQ(bed.clients[1]->GetStats().requestsCompleted,
                                  0u,
                                  "the second never");
            NS_TEST_EXPECT_MSG_GT(bed.proxy->GetStats().refused, 0u, "it was refused");
            NS_TEST_EXPECT_MSG_EQ(bed.proxy->GetManager()->GetEvictions(),
                                  0u,
                                  "nothing closed for it");
            Simulator::Destroy();
        }
        {
            ProxyBed bed(2, 0.0, 2, HttpProxy::EVICT_IDLE, 1000);
            uint32_t most = 0; // connections open at once, sampled every 10 ms
            for (int ms = 10; ms < 10000; ms += 10)
            {
                Simulator::Schedule(MilliSeconds(ms), [&most, &bed]() {
                    most = std::max(most, bed.proxy->GetManager()->GetOpen());
                });
            }
            Simulator::Stop(Seconds(10));
            Simulator::Run();
            NS_TEST_EXPECT_MSG_GT(bed.clients[0]->GetStats().requestsCompleted,
                                  2u,
                                  "the first is served");
            NS_TEST_EXPECT_MSG_GT(bed.clients[1]->GetStats().requestsCompleted,
                                  2u,
                                  "so is the second");
            NS_TEST_EXPECT_MSG_EQ(bed.proxy->GetStats().refused, 0u, "none refused");
            NS_TEST_EXPECT_MSG_GT(bed.proxy->GetManager()->GetEvictions(), 0u, "idle ones closed");
            NS_TEST_EXPECT_MSG_EQ(most, 2u, "full, never past MaxConnections");
            Simulator::Destroy();
        }
    }
};

/// A user's wait: refused attempts count in the response time.
class ResponseTimeTest : public TestCase
{
  public:
    ResponseTimeTest()
        : TestCase("response time counts the refused attempts; request latency does not")
    {
    }

  private:
    void DoRun() override
    {
        // The first client holds both places until it stops at 4 s; the
        // second, from 1.1 s, is refused until then.
        ProxyBed bed(2, 0.0, 2, HttpProxy::REFUSE, 1000);
        bed.clients[0]->SetStopTime(Seconds(4));
        std::vector<double> waits;
        std::vector<double> latencies;
        bed.clients[1]->TraceConnectWithoutContext(
            "ResponseTime",
            Callback<void, Time, uint64_t, uint16_t>(
                [&waits](Time t, uint64_t, uint16_t) { waits.push_back(t.GetSeconds()); }));
        bed.clients[1]->TraceConnectWithoutContext(
            "RequestDone",
            Callback<void, Time, uint64_t, uint16_t>(
                [&latencies](Time t, uint64_t, uint16_t) { latencies.push_back(t.GetSeconds()); }));
        Simulator::Stop(Seconds(8));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_GT(waits.size(), 2u, "the second client got in");
        NS_TEST_EXPECT_MSG_GT(bed.proxy->GetStats().refused, 0u, "after refusals");
        NS_TEST_EXPECT_MSG_GT(waits[0], 2.5, "its first wait: from 1.1 s to after 4 s");
        NS_TEST_EXPECT_MSG_LT(latencies[0], 0.5, "the request itself: a few round trips");
        NS_TEST_EXPECT_MSG_LT(waits[1], 0.5, "later requests wait only for themselves");
        Simulator::Destroy();

        // The proxy listens only from 3 s: the client's attempts from 0.1 s
        // are reset and retried every 0.5 s; its first wait counts them all.
        ProxyBed late(1, 0.0, 200, HttpProxy::REFUSE, 1000);
        late.proxy->SetStartTime(Seconds(3));
        std::vector<double> lateWaits;
        late.clients[0]->TraceConnectWithoutContext(
            "ResponseTime",
            Callback<void, Time, uint64_t, uint16_t>(
                [&lateWaits](Time t, uint64_t, uint16_t) { lateWaits.push_back(t.GetSeconds()); }));
        Simulator::Stop(Seconds(5));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_GT(lateWaits.size(), 0u, "served once the proxy listens");
        NS_TEST_EXPECT_MSG_GT(late.clients[0]->GetStats().outcomes[HttpClient::REFUSED],
                              2u,
                              "after several refused connections");
        NS_TEST_EXPECT_MSG_GT(lateWaits[0], 2.9, "its wait counts from the first attempt");
        Simulator::Destroy();
    }
};

/**
 * @ingroup proxy-buffer-tests
 * @brief An origin's 1xx is forwarded (RFC 9110 section 15.2) and the
 * transfer ends with the final response: the upstream connection stays
 * paired with its client until then.
 */
class InterimResponseTest : public TestCase
{
  public:
    InterimResponseTest()
        : TestCase("an origin's 1xx is relayed; the transfer ends with the final response")
    {
    }

  private:
    void DoRun() override
    {
        // Every request on the upstream connection: "100 Continue" at once,
        // the final response 200 ms later.
        const std::string final = "HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabc";
        HttpScriptedServer::Script script(
            20,
            {{Time(0), "HTTP/1.1 100 Continue\r\n\r\n", false}, {MilliSeconds(200), final, false}});
        ProxyBed bed(1, 0.0, 200, HttpProxy::REFUSE, 1000, &script);
        std::vector<double> atProxy;
        bed.proxy->TraceConnectWithoutContext(
            "Request",
            Callback<void, Time, uint64_t, bool>(
                [&atProxy](Time t, uint64_t, bool) { atProxy.push_back(t.GetSeconds()); }));
        std::vector<uint16_t> statuses;
        std::vector<uint64_t> bodies;
        bed.clients[0]->TraceConnectWithoutContext(
            "RequestDone",
            Callback<void, Time, uint64_t, uint16_t>(
                [&statuses, &bodies](Time, uint64_t body, uint16_t status) {
                    statuses.push_back(status);
                    bodies.push_back(body);
                }));
        Simulator::Stop(Seconds(5));
        Simulator::Run();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_GT(atProxy.size(), 3u, "several transfers (one per 0.3-s gap + 0.3 s)");
        for (double t : atProxy)
        {
            NS_TEST_EXPECT_MSG_GT(t, 0.2, "each waited for its final response");
        }
        NS_TEST_ASSERT_MSG_EQ(statuses.size(), atProxy.size(), "the client completed each");
        for (size_t i = 0; i < statuses.size(); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(statuses[i], 200, "with the final status");
            NS_TEST_EXPECT_MSG_EQ(bodies[i], 3, "and its body");
        }
    }
};

/**
 * An origin that closes its connection right after a large response, to a
 * client on a slower link than the origin's: the origin's FIN reaches the
 * proxy while most of the response still waits in the upstream socket for
 * room towards the client. The proxy relays all of it (ns-3 tells of the
 * FIN before the bytes before it are read), for a response whose length is
 * given and for one the close delimits (the proxy then closes the client's
 * persistent connection after it, which delimits it there too).
 */
class OriginClosesTest : public TestCase
{
  public:
    OriginClosesTest()
        : TestCase("an origin's close after its response: every byte before it is relayed")
    {
    }

  private:
    void DoRun() override
    {
        const uint64_t body = 400000;
        for (bool length : {true, false})
        {
            const std::string head =
                length ? "HTTP/1.1 200 OK\r\nContent-Length: " + std::to_string(body) + "\r\n\r\n"
                       : "HTTP/1.0 200 OK\r\n\r\n";
            HttpScriptedServer::Script script(1, {{Time(0), head + std::string(body, 'x'), true}});
            // Persistent client connections: only the proxy's close can
            // delimit a body the origin's close delimited.
            ProxyBed bed(1, 0.0, 200, HttpProxy::REFUSE, 10, &script, 0, "5Mbps");
            // The scripted origin writes its answer at once: room for all of it.
            bed.nodes.Get(2)->GetObject<TcpHostSocketFactory>()->SetSocketAttribute(
                "SndBufSize",
                UintegerValue(1 << 20));
            Simulator::Stop(Seconds(6));
            Simulator::Run();
            const auto& client = bed.clients[0]->GetStats();
            NS_TEST_EXPECT_MSG_GT_OR_EQ(client.requestsCompleted, 2u, "several responses");
            NS_TEST_EXPECT_MSG_EQ(client.requestsFailed, 0u, "none cut by the origin's close");
            NS_TEST_EXPECT_MSG_EQ(client.bodyBytes, client.requestsCompleted * body, "each whole");
            Simulator::Destroy();
        }
    }
};

/**
 * A client that gives up on a request at a slow origin (it closes 0.5 s in;
 * the origin answers after 2 s), through a reverse proxy (ReverseTo: the
 * request in origin form). ClientAbort Abort closes the upstream connection
 * with the client's: the origin's answer is never read. Ignore leaves the
 * request to finish: its response is read for no one, and the connection
 * goes back to the idle ones to the origin.
 */
class ClientAbortTest : public TestCase
{
  public:
    ClientAbortTest()
        : TestCase(
              "a client gone: the upstream request aborted (nginx's default) or left to finish")
    {
    }

  private:
    void DoRun() override
    {
        for (bool abort : {true, false})
        {
            const std::string answer = "HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabc";
            HttpScriptedServer::Script script(1, {{Seconds(2), answer, false}});
            ProxyBed bed(0, 0.0, 200, HttpProxy::REFUSE, 1, &script);
            bed.proxy->SetAttribute("ReverseTo", StringValue("origin0"));
            bed.proxy->SetAttribute("ClientAbort", StringValue(abort ? "Abort" : "Ignore"));
            std::vector<bool> traced;
            std::vector<double> waits;
            bed.proxy->TraceConnectWithoutContext(
                "ClientAbort",
                Callback<void, Time, bool>([&traced, &waits](Time waited, bool aborted) {
                    traced.push_back(aborted);
                    waits.push_back(waited.GetSeconds());
                }));
            Ptr<Socket> client = bed.AddBareClient();
            Simulator::Schedule(Seconds(0.6), [&]() { client->Close(); });
            Simulator::Stop(Seconds(5));
            Simulator::Run();
            const HttpProxy::Stats& stats = bed.proxy->GetStats();
            NS_TEST_EXPECT_MSG_EQ(stats.misses, 1, "the origin-form request went to ReverseTo");
            NS_TEST_EXPECT_MSG_EQ(stats.badRequests, 0, "and was not refused");
            NS_TEST_EXPECT_MSG_EQ(stats.clientAborts, 1, "the client gave up with it upstream");
            NS_TEST_ASSERT_MSG_EQ(traced.size(), 1, "traced once");
            NS_TEST_EXPECT_MSG_EQ(traced[0], abort, "as aborted or left to finish");
            // The request reached the proxy after a handshake and its
            // transfer (two 10-ms hops' round trips): under 0.5 s before the close.
            NS_TEST_EXPECT_MSG_EQ_TOL(waits[0], 0.46, 0.03, "given up 0.5 s after it was sent");
            if (abort)
            {
                NS_TEST_EXPECT_MSG_EQ(stats.bytesFromOrigins, 0, "the answer is never read");
                NS_TEST_EXPECT_MSG_EQ(stats.responsesDiscarded, 0, "nothing discarded");
            }
            else
            {
                NS_TEST_EXPECT_MSG_EQ(stats.bytesFromOrigins, answer.size(), "read to its end");
                NS_TEST_EXPECT_MSG_EQ(stats.responsesDiscarded, 1, "for no one");
                NS_TEST_EXPECT_MSG_EQ(bed.proxy->GetManager()->GetIdleToOrigins().Size(),
                                      1,
                                      "the upstream connection idle again");
            }
            NS_TEST_EXPECT_MSG_EQ(stats.bytesToClients, 0, "the client got nothing");
            client = nullptr;
            Simulator::Destroy();
        }
    }
};

/**
 * A client that leaves in the middle of a large response, under Ignore:
 * small buffers and a client that never reads stop the relay with part of
 * the response waiting in the upstream socket and the origin held by a
 * closed window (Linux's delayed-ACK policy: a read that opens the window
 * sends an update). The proxy must read what waits at once; otherwise only
 * the origin's zero-window probe, PersistTimeout (6 s) later, would wake
 * it: the run ends 2 s after the client leaves, before that probe.
 */
class ClientGoneMidResponseTest : public TestCase
{
  public:
    ClientGoneMidResponseTest()
        : TestCase("a client gone mid-response under Ignore: what waits upstream is read at "
                   "once and the rest follows")
    {
    }

  private:
    void DoRun() override
    {
        Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(8192));
        Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(8192));
        // Linux's window update on a read (the proxy-metastable proxy's):
        // a read that opens the window tells the origin at once.
        Config::SetDefault("ns3::TcpHostSocket::DelayedAckPolicy",
                           TypeIdValue(TcpLinuxDelayedAck::GetTypeId()));
        ProxyBed bed(0, 0.0, 200, HttpProxy::REFUSE, 1);
        bed.proxy->SetAttribute("ReverseTo", StringValue("origin0"));
        bed.proxy->SetAttribute("ClientAbort", StringValue("Ignore"));
        uint64_t relayedAtClose = 0;
        Ptr<Socket> client = bed.AddBareClient();
        Simulator::Schedule(Seconds(3), [&]() {
            relayedAtClose = bed.proxy->GetStats().bytesToClients;
            client->Close();
        });
        Simulator::Stop(Seconds(5));
        Simulator::Run();
        const HttpProxy::Stats& stats = bed.proxy->GetStats();
        NS_TEST_EXPECT_MSG_EQ(stats.clientAborts, 1, "the client left with it upstream");
        NS_TEST_EXPECT_MSG_LT(relayedAtClose, DOCUMENT / 2, "left with most of it unsent");
        NS_TEST_EXPECT_MSG_EQ(stats.responsesDiscarded, 1, "the rest read for no one");
        NS_TEST_EXPECT_MSG_GT(stats.bytesFromOrigins, DOCUMENT, "body and head read");
        NS_TEST_EXPECT_MSG_EQ(bed.proxy->GetManager()->GetIdleToOrigins().Size(),
                              1,
                              "the upstream connection idle again");
        client = nullptr;
        Simulator::Destroy();
    }

    void DoTeardown() override
    {
        Config::Reset(); // the buffer sizes and the policy set above
    }
};

/**
 * The upstream cap through the proxy: a client on a fast path fetches a
 * large miss from an origin on a slow (400 ms round trip) path. With the
 * upstream connection under E2-ATBT (E2AtbtRcvBuffer) the proxy pairs the
 * two, and the client connection's demand is capped by what the upstream
 * connection delivers per round trip of the client's path; with the
 * upstream one outside E2-ATBT (Linux's autotuning) nothing caps it.
 */
class UpstreamCapTest : public TestCase
{
  public:
    UpstreamCapTest()
        : TestCase("a client connection's E2-ATBT demand is capped by the slow upstream "
                   "connection that feeds it")
    {
    }

  private:
    struct Outcome
    {
        double meanDemand{0};         //!< The client connection's demand while fed
        uint32_t pairedToUpstream{0}; //!< Pairings with a real upstream id
    };

    static Outcome Run(const std::string& upstreamPolicy)
    {
        NodeContainer nodes(3); // client, proxy, origin
        Ptr<E2AtbtAllocator> allocator = CreateObject<E2AtbtAllocator>();
        allocator->SetAttribute("Interval", TimeValue(MilliSeconds(500)));
        nodes.Get(1)->AggregateObject(allocator);
        TcpHostHelper stack;
        stack.SetHostModelEnabled(false);
        stack.Install(NodeContainer(nodes.Get(0), nodes.Get(2)));
        TcpHostHelper proxyStack;
        proxyStack.SetHostModelEnabled(false);
        proxyStack.SetSocketMemoryAttribute("Accounting", StringValue("SocketBuffers"));
        proxyStack.SetSocketMemoryAttribute("Limit", UintegerValue(3200 * 1024));
        proxyStack.SetSocketAttribute("BufferPolicy", TypeIdValue(E2AtbtSendBuffer::GetTypeId()));
        proxyStack.SetSocketAttribute("MaxRcvBufSize", UintegerValue(1 << 20));
        proxyStack.Install(nodes.Get(1));
        auto [proxyAddress, originAddress] = LinkChain(nodes, "200ms", "100Mbps");
        Ptr<HttpFileSet> files = CreateObject<HttpFileSet>();
        files->AddFile(5000000, 1, "/big");
        Ptr<HttpServer> origin = CreateObject<HttpServer>();
        origin->SetAttribute("DocumentStore", PointerValue(files));
        nodes.Get(2)->AddApplication(origin);
        Ptr<HttpProxy> proxy = CreateObject<HttpProxy>();
        proxy->SetAttribute("Store", PointerValue(files));
        proxy->SetAttribute("HitRatio", DoubleValue(0));
        proxy->SetAttribute("UpstreamBufferPolicy", StringValue(upstreamPolicy));
        proxy->AddOrigin("origin0", InetSocketAddress(originAddress, 80));
        nodes.Get(1)->AddApplication(proxy);
        Ptr<OriginRequestSource> source = CreateObject<OriginRequestSource>();
        source->AddOrigin("origin0");
        source->SetDocuments(files);
        Ptr<HttpClient> client = CreateObject<HttpClient>();
        client->SetAttribute("Remote", AddressValue(InetSocketAddress(proxyAddress, 8080)));
        client->SetAttribute("RequestSource", PointerValue(source));
        client->SetAttribute("RequestsPerConnection", UintegerValue(1));
        client->SetAttribute("ThinkTime", TimeValue(Seconds(100)));
        client->SetStartTime(Seconds(0.1));
        nodes.Get(0)->AddApplication(client);

        // A transfer runs from the first pairing of a client connection to
        // the second (its end); sample its demand from 1.5 s in, when the
        // allocator has evaluated the pair at least twice.
        Outcome outcome;
        std::map<uint32_t, Time> feeding; // client connection id -> since
        double sum = 0;
        uint32_t samples = 0;
        proxy->TraceConnectWithoutContext(
            "Pair",
            Callback<void, uint32_t, uint32_t>([&](uint32_t downId, uint32_t upId) {
                outcome.pairedToUpstream += upId != 0;
                if (!feeding.erase(downId))
                {
                    feeding[downId] = Simulator::Now();
                }
            }));
        for (int ms = 100; ms < 30000; ms += 100)
        {
            Simulator::Schedule(MilliSeconds(ms), [&]() {
                for (const auto& [id, since] : feeding)
                {
                    if (Simulator::Now() - since > MilliSeconds(1500))
                    {
                        sum += allocator->GetDemand(id);
                        ++samples;
                    }
                }
            });
        }
        Simulator::Stop(Seconds(30));
        Simulator::Run();
        Simulator::Destroy();
        outcome.meanDemand = samples ? sum / samples : 0;
        NS_ABORT_MSG_IF(samples < 10, "UpstreamCapTest: the transfer was not sampled");
        return outcome;
    }

    void DoRun() override
    {
        Outcome paired = Run("ns3::E2AtbtRcvBuffer");
        Outcome unpaired = Run("ns3::LinuxRcvBufAutotuning");
        NS_TEST_EXPECT_MSG_GT(paired.pairedToUpstream, 0u, "the proxy pairs with the real feeder");
        NS_TEST_EXPECT_MSG_EQ(unpaired.pairedToUpstream,
                              0u,
                              "an upstream outside E2-ATBT: no pair");
        // Unpaired, a clean 20 ms path demands E2-ATBT's largest buffer.
        NS_TEST_EXPECT_MSG_GT(unpaired.meanDemand, 200e3, "uncapped: the largest buffer");
        // Paired: what the 400 ms upstream delivers in 20 ms, a tenth or so.
        NS_TEST_EXPECT_MSG_LT(paired.meanDemand,
                              0.25 * unpaired.meanDemand,
                              "capped by the slow upstream connection");
    }
};

class ProxyBufferProxyTestSuite : public TestSuite
{
  public:
    ProxyBufferProxyTestSuite()
        : TestSuite("proxy-buffer-proxy", Type::SYSTEM)
    {
        AddTestCase(new HitMissTest(), Duration::QUICK);
        AddTestCase(new OriginConnectionCloseTest(), Duration::QUICK);
        AddTestCase(new AdmissionTest(), Duration::QUICK);
        AddTestCase(new ResponseTimeTest(), Duration::QUICK);
        AddTestCase(new InterimResponseTest(), Duration::QUICK);
        AddTestCase(new ClientAbortTest(), Duration::QUICK);
        AddTestCase(new ClientGoneMidResponseTest(), Duration::QUICK);
        AddTestCase(new OriginClosesTest(), Duration::QUICK);
        AddTestCase(new UpstreamCapTest(), Duration::QUICK);
        AddTestCase(new UpstreamOutOfPortsTest(), Duration::QUICK);
    }
};

ProxyBufferProxyTestSuite g_proxyBufferProxyTestSuite;

} // namespace
