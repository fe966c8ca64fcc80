/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// HttpServer and HttpClient over real TCP: each way of ending a connection
// leaves TIME_WAIT where the draft says, every request is accounted for,
// and the server copes with CLIENT_CLOSE it does not know, malformed
// requests, pipelining, idle connections and its request limit.

#include "ns3/core-module.h"
#include "ns3/http-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/tcp-host-module.h"

#include <algorithm>

using namespace ns3;

namespace
{

const uint16_t PORT = 80;

/// A server node and a client node on a 100 Mb/s link, with the host model (no CPU cost).
struct TwoHosts
{
    NodeContainer nodes{2}; //!< 0 client, 1 server
    Ipv4Address serverAddress;
    Ptr<HttpFileSet> files;
    Ptr<HttpServer> server;

    /**
     * @brief Build it.
     * @param listenQueues the server's listeners get Linux's SYN and accept queues
     */
    explicit TwoHosts(bool listenQueues = false, uint16_t clientPorts = 0)
    {
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", StringValue("100Mbps"));
        p2p.SetChannelAttribute("Delay", StringValue("100us"));
        NetDeviceContainer devices = p2p.Install(nodes);
        // The host model counts TCBs (its neutral profile costs no CPU time).
        TcpHostHelper host;
        if (clientPorts > 0) // connect() on the client takes Linux's ports from a short range
        {
            host.SetLocalPortAttribute("LowPort", UintegerValue(40000));
            host.SetLocalPortAttribute("HighPort", UintegerValue(40000 + clientPorts - 1));
        }
        host.Install(nodes.Get(0));
        host.SetLocalPortAllocator(false);
        host.SetListenQueueEnabled(listenQueues);
        host.Install(nodes.Get(1));
        Ipv4AddressHelper addresses("10.0.0.0", "255.255.255.0");
        serverAddress = addresses.Assign(devices).GetAddress(1);

        files = CreateObject<HttpFileSet>();
        files->AddFile(500, 1);
        files->AddFile(20000, 1);
        files->AssignStreams(7);
        server = CreateObject<HttpServer>();
        server->SetAttribute("DocumentStore", PointerValue(files));
        nodes.Get(1)->AddApplication(server);
    }

    /**
     * @brief Add a client application.
     * @param endMode EndMode attribute value
     * @param requests RequestsPerConnection
     * @return the client
     */
    Ptr<HttpClient> AddClient(const std::string& endMode, uint32_t requests)
    {
        Ptr<HttpClient> client = CreateObject<HttpClient>();
        Ptr<HttpFileSetRequestSource> source = CreateObject<HttpFileSetRequestSource>();
        source->SetAttribute("FileSet", PointerValue(files));
        client->SetAttribute("RequestSource", PointerValue(source));
        client->SetAttribute("Remote", AddressValue(InetSocketAddress(serverAddress, PORT)));
        client->SetAttribute("EndMode", StringValue(endMode));
        client->SetAttribute("RequestsPerConnection", UintegerValue(requests));
        nodes.Get(0)->AddApplication(client);
        return client;
    }

    /// @return TIME_WAIT TCBs at the client host
    uint32_t ClientTimeWait() const
    {
        return nodes.Get(0)->GetObject<TcpHostModel>()->GetTcbCount(TcpSocket::TIME_WAIT);
    }

    /// @return TIME_WAIT TCBs at the server host
    uint32_t ServerTimeWait() const
    {
        return nodes.Get(1)->GetObject<TcpHostModel>()->GetTcbCount(TcpSocket::TIME_WAIT);
    }
};

/// Each ending mode: counts balance and TIME_WAIT lands where it should.
class EndModeTest : public TestCase
{
  public:
    EndModeTest(std::string endMode, bool timeWaitAtClient)
        : TestCase("end mode " + endMode + ": requests balance, TIME_WAIT at the " +
                   (timeWaitAtClient ? "client" : "server")),
          m_endMode(endMode),
          m_timeWaitAtClient(timeWaitAtClient)
    {
    }

  private:
    void DoRun() override
    {
        TwoHosts hosts;
        std::vector<Ptr<HttpClient>> clients;
        for (int i = 0; i < 3; ++i)
        {
            clients.push_back(hosts.AddClient(m_endMode, 4));
            clients.back()->SetStartTime(MilliSeconds(10 * i));
            clients.back()->SetStopTime(Seconds(2));
        }
        uint32_t clientTw = 0;
        uint32_t serverTw = 0;
        // Just before the clients stop (their closes at the stop are not counted).
        Simulator::Schedule(Seconds(1.99), [&]() {
            clientTw = hosts.ClientTimeWait();
            serverTw = hosts.ServerTimeWait();
        });
        Simulator::Stop(Seconds(3));
        Simulator::Run();

        uint64_t connections = 0;
        for (auto& c : clients)
        {
            const HttpClient::Stats& s = c->GetStats();
            NS_TEST_ASSERT_MSG_EQ(s.requestsIssued,
                                  s.requestsCompleted + s.requestsFailed + c->GetRequestsInFlight(),
                                  "issued = completed + failed + in flight");
            NS_TEST_ASSERT_MSG_GT(s.requestsCompleted, 20, "the client got work done");
            NS_TEST_ASSERT_MSG_EQ(s.requestsFailed, 0, "nothing failed on a clean link");
            NS_TEST_ASSERT_MSG_EQ((s.outcomes[HttpClient::COMPLETED] + 1 >= s.connectionsOpened),
                                  true,
                                  "every connection but the last completed");
            connections += s.outcomes[HttpClient::COMPLETED];
        }
        const HttpServer::Stats& server = hosts.server->GetStats();
        NS_TEST_ASSERT_MSG_EQ((server.clientCloses > 0),
                              (m_endMode == "ClientClose"),
                              "CLIENT_CLOSE");
        if (m_timeWaitAtClient)
        {
            NS_TEST_ASSERT_MSG_GT(clientTw, connections / 2, "client holds TIME_WAIT");
            // at most a close in progress per client at the snapshot
            NS_TEST_ASSERT_MSG_LT(serverTw, clients.size() + 1, "server holds none");
        }
        else
        {
            NS_TEST_ASSERT_MSG_GT(serverTw, connections / 2, "server holds TIME_WAIT");
            NS_TEST_ASSERT_MSG_LT(clientTw, clients.size() + 1, "client holds none");
        }
        Simulator::Destroy();
    }

    std::string m_endMode;
    bool m_timeWaitAtClient;
};

/**
 * Out of local ports: four ports at the client, each held in TIME_WAIT (the
 * client closes first) once used. The client's connect() chooses its port
 * (HttpClient does not Bind() first), so the fifth attempt fails at once:
 * counted, REFUSED, and tried again ConnectErrorPause later, not in a loop
 * at one instant.
 */
class OutOfPortsTest : public TestCase
{
  public:
    OutOfPortsTest()
        : TestCase("connect() without a local port: refused at once, counted, retried after a "
                   "pause")
    {
    }

  private:
    void DoRun() override
    {
        const uint16_t ports = 4;
        TwoHosts hosts(false, ports);
        Ptr<HttpClient> client = hosts.AddClient("ClientClose", 2);
        client->SetAttribute("ConnectErrorPause", TimeValue(MilliSeconds(50)));
        client->SetStopTime(Seconds(2));
        Simulator::Stop(Seconds(3));
        Simulator::Run();
        const HttpClient::Stats& s = client->GetStats();
        NS_TEST_EXPECT_MSG_EQ(s.outcomes[HttpClient::COMPLETED],
                              ports,
                              "one connection completed per port");
        NS_TEST_EXPECT_MSG_EQ(s.connectionsOpened,
                              ports + s.connectErrors,
                              "every other attempt found no port");
        NS_TEST_EXPECT_MSG_EQ(s.outcomes[HttpClient::REFUSED], s.connectErrors, "each refused");
        // About 2 s of 50-ms pauses after the ports ran out.
        NS_TEST_EXPECT_MSG_GT(s.connectErrors, 30u, "tried again while out of ports");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(s.connectErrors, 41u, "one attempt per pause, no more");
        NS_TEST_EXPECT_MSG_EQ(s.requestsFailed, 0u, "no request lost to a failed connect()");
        // A socket whose connect() found no port is not kept by the node.
        ObjectMapValue sockets;
        hosts.nodes.Get(0)->GetObject<TcpL4Protocol>()->GetAttribute("SocketList", sockets);
        NS_TEST_EXPECT_MSG_LT(sockets.GetN(), ports + 2u, "the failed attempts' sockets let go");
        Simulator::Destroy();
    }
};

/// A server that does not know CLIENT_CLOSE answers 501 and copes.
class UnknownClientCloseTest : public TestCase
{
  public:
    UnknownClientCloseTest()
        : TestCase("server without CLIENT_CLOSE answers 501 to a closed connection and copes")
    {
    }

  private:
    void DoRun() override
    {
        TwoHosts hosts;
        hosts.server->SetAttribute("KnowsClientClose", BooleanValue(false));
        uint32_t notImplemented = 0;
        hosts.server->TraceConnectWithoutContext(
            "Response",
            MakeCallback(+[](uint32_t* n, const HttpResponse& r) {
                *n += (r.GetStatus() == 501);
            }).Bind(&notImplemented));
        Ptr<HttpClient> client = hosts.AddClient("ClientClose", 2);
        client->SetStopTime(Seconds(1));
        uint32_t clientTw = 0;
        Simulator::Schedule(Seconds(1.5), [&]() { clientTw = hosts.ClientTimeWait(); });
        Simulator::Stop(Seconds(2));
        Simulator::Run();
        const HttpClient::Stats& s = client->GetStats();
        NS_TEST_ASSERT_MSG_GT(s.clientCloses, 5, "the client ended connections with CLIENT_CLOSE");
        NS_TEST_ASSERT_MSG_EQ(notImplemented, s.clientCloses, "each got a 501");
        NS_TEST_ASSERT_MSG_EQ(s.requestsFailed, 0, "no GET failed");
        NS_TEST_ASSERT_MSG_EQ(s.requestsIssued,
                              s.requestsCompleted + s.requestsFailed +
                                  client->GetRequestsInFlight(),
                              "balance");
        // The 501 reaches a client that has closed: its TCP answers with an
        // RST (RFC 1122 4.2.2.13), so no TIME_WAIT is left at the client.
        NS_TEST_ASSERT_MSG_EQ(clientTw, 0, "the client reset the unwanted 501");
        NS_TEST_ASSERT_MSG_EQ(hosts.server->GetOpenConnections(), 0, "server released them all");
        Simulator::Destroy();
    }
};

/// A raw TCP peer that sends bytes and records what comes back.
class RawPeer
{
  public:
    RawPeer(Ptr<Node> node,
            Ipv4Address server,
            std::string bytes,
            Time at,
            Time sendAfter = Time(0))
        : m_bytes(std::move(bytes)),
          m_sendAfter(sendAfter)
    {
        m_socket = Socket::CreateSocket(node, TcpHostSocketFactory::GetTypeId());
        m_socket->SetRecvCallback(MakeCallback(&RawPeer::Read, this));
        m_socket->SetCloseCallbacks(MakeCallback(&RawPeer::Closed, this),
                                    MakeCallback(&RawPeer::Closed, this));
        m_socket->SetConnectCallback(MakeCallback(&RawPeer::Connected, this),
                                     MakeNullCallback<void, Ptr<Socket>>());
        Simulator::Schedule(at, [this, server]() {
            m_socket->Bind();
            m_socket->Connect(InetSocketAddress(server, PORT));
        });
    }

    std::string received; //!< Bytes from the server
    Time closedAt{-1};    //!< When the server closed

  private:
    void Connected(Ptr<Socket> s)
    {
        if (!m_bytes.empty())
        {
            Simulator::Schedule(m_sendAfter, [this, s]() {
                s->Send(Create<Packet>(reinterpret_cast<const uint8_t*>(m_bytes.data()),
                                       m_bytes.size()));
            });
        }
    }

    void Read(Ptr<Socket> s)
    {
        while (Ptr<Packet> p = s->Recv())
        {
            std::string chunk(p->GetSize(), '\0');
            p->CopyData(reinterpret_cast<uint8_t*>(chunk.data()), chunk.size());
            received += chunk;
        }
    }

    void Closed(Ptr<Socket> s)
    {
        if (closedAt.IsStrictlyNegative())
        {
            closedAt = Simulator::Now();
            Simulator::ScheduleNow(&Socket::Close, s);
        }
    }

    std::string m_bytes;
    Time m_sendAfter;
    Ptr<Socket> m_socket;
};

/// Raw-protocol cases: what the server sends back and when it closes.
class RawExchangeTest : public TestCase
{
  public:
    RawExchangeTest(std::string name,
                    std::string request,
                    std::vector<std::string> expectedStarts,
                    bool expectClose,
                    Time closeBefore,
                    Time closeAfter = Time(0))
        : TestCase(name),
          m_request(std::move(request)),
          m_expected(std::move(expectedStarts)),
          m_expectClose(expectClose),
          m_closeBefore(closeBefore),
          m_closeAfter(closeAfter)
    {
    }

  private:
    void DoRun() override
    {
        TwoHosts hosts;
        hosts.server->SetAttribute("KeepAliveTimeout", TimeValue(Seconds(2)));
        hosts.server->SetAttribute("MaxRequestsPerConnection", UintegerValue(3));
        RawPeer peer(hosts.nodes.Get(0), hosts.serverAddress, m_request, MilliSeconds(10));
        Simulator::Stop(Seconds(5));
        Simulator::Run();
        HttpParser parser(HttpParser::RESPONSES);
        parser.Feed(reinterpret_cast<const uint8_t*>(peer.received.data()), peer.received.size());
        NS_TEST_ASSERT_MSG_EQ(parser.GetError(), HttpParser::NONE, "well-formed responses");
        std::vector<std::string> starts;
        while (parser.HasResponse())
        {
            HttpResponse r = parser.PopResponse();
            starts.push_back(std::to_string(r.GetStatus()));
        }
        NS_TEST_ASSERT_MSG_EQ(starts.size(), m_expected.size(), "number of responses");
        for (size_t i = 0; i < std::min(starts.size(), m_expected.size()); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(starts[i], m_expected[i], "status of response " << i);
        }
        NS_TEST_ASSERT_MSG_EQ(!peer.closedAt.IsStrictlyNegative(), m_expectClose, "server closed");
        if (m_expectClose)
        {
            NS_TEST_ASSERT_MSG_LT(peer.closedAt, m_closeBefore, "closed in time");
            NS_TEST_ASSERT_MSG_GT_OR_EQ(peer.closedAt, m_closeAfter, "not closed early");
        }
        Simulator::Destroy();
    }

    std::string m_request;
    std::vector<std::string> m_expected;
    bool m_expectClose;
    Time m_closeBefore;
    Time m_closeAfter;
};

/// An HttpClient talking to an HttpScriptedServer.
struct ScriptedExchange
{
    TwoHosts hosts;                   //!< The nodes
    Ptr<HttpScriptedServer> server;   //!< The scripted server
    Ptr<HttpClient> client;           //!< The client
    std::vector<uint16_t> statuses;   //!< Statuses of the requests the client completed
    std::vector<uint64_t> bodies;     //!< Their body lengths
    std::vector<std::string> endings; //!< How its connections ended

    /// Set up: the client sends `requests` per connection and stops at `stop`.
    ScriptedExchange(HttpScriptedServer::Script script, uint32_t requests, Time stop)
    {
        server = CreateObject<HttpScriptedServer>();
        server->SetAttribute("Port", UintegerValue(8080));
        server->SetScript(std::move(script));
        hosts.nodes.Get(1)->AddApplication(server);
        client = hosts.AddClient("ConnectionClose", requests);
        client->SetAttribute("Remote", AddressValue(InetSocketAddress(hosts.serverAddress, 8080)));
        client->SetAttribute("ThinkTime", TimeValue(Seconds(1)));
        client->SetStopTime(stop);
        client->TraceConnectWithoutContext("RequestDone",
                                           MakeCallback(&ScriptedExchange::Done, this));
        client->TraceConnectWithoutContext("ConnectionDone",
                                           MakeCallback(&ScriptedExchange::Ended, this));
    }

    void Done(Time, uint64_t body, uint16_t status)
    {
        statuses.push_back(status);
        bodies.push_back(body);
    }

    void Ended(HttpClient::Outcome outcome, Time)
    {
        endings.emplace_back(HttpClient::OutcomeName(outcome));
    }
};

/// HttpClient: a 1xx is interim; the final response follows it.
class ClientInterimTest : public TestCase
{
  public:
    ClientInterimTest()
        : TestCase("client: a 1xx response is interim, the next request waits for the final one")
    {
    }

  private:
    void DoRun() override
    {
        const std::string ok = "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello";
        ScriptedExchange x(
            {{{MilliSeconds(0), "HTTP/1.1 100 Continue\r\n\r\n", false},
              {MilliSeconds(0), "HTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n", false},
              {MilliSeconds(50), ok, false}},
             {{MilliSeconds(0), ok, true}}},
            2,
            Seconds(0.5));
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        const HttpClient::Stats& s = x.client->GetStats();
        NS_TEST_ASSERT_MSG_EQ(x.statuses.size(), 2, "two requests completed");
        for (size_t i = 0; i < x.statuses.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(x.statuses[i], 200, "request " << i << " got its 200");
            NS_TEST_ASSERT_MSG_EQ(x.bodies[i], 5, "and its body");
        }
        NS_TEST_ASSERT_MSG_EQ(x.server->GetRequestTimes().size(), 2, "two requests sent");
        if (x.server->GetRequestTimes().size() == 2)
        {
            NS_TEST_ASSERT_MSG_GT(x.server->GetRequestTimes()[1] - x.server->GetRequestTimes()[0],
                                  MilliSeconds(50),
                                  "the second request waited for the first's final response");
        }
        NS_TEST_ASSERT_MSG_EQ(s.requestsCompleted, 2, "completed");
        NS_TEST_ASSERT_MSG_EQ(s.requestsFailed, 0, "none failed");
        NS_TEST_ASSERT_MSG_EQ(x.endings.size(), 1, "one connection");
        NS_TEST_ASSERT_MSG_EQ((x.endings == std::vector<std::string>{"completed"}),
                              true,
                              "it completed");
        Simulator::Destroy();
    }
};

/// HttpClient: a keep-alive response delimited by the close ends the connection.
class ClientCloseDelimitedTest : public TestCase
{
  public:
    ClientCloseDelimitedTest()
        : TestCase("client: after a response delimited by the close, no request on that connection")
    {
    }

  private:
    void DoRun() override
    {
        // HTTP/1.1, no Connection: close, no Content-Length: the body runs to
        // the server's close (RFC 9112 section 6.3 rule 8).
        ScriptedExchange x({{{MilliSeconds(0), "HTTP/1.1 200 OK\r\n\r\nabc", false},
                             {MilliSeconds(20), "defg", true}}},
                           3,
                           Seconds(1.5));
        Simulator::Stop(Seconds(2));
        Simulator::Run();
        const HttpClient::Stats& s = x.client->GetStats();
        // Connections at 0 and about 1 s (ThinkTime 1 s).
        NS_TEST_ASSERT_MSG_EQ(x.server->GetRequestsPerConnection().size(), 2, "two connections");
        for (size_t i = 0; i < x.server->GetRequestsPerConnection().size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(x.server->GetRequestsPerConnection()[i],
                                  1,
                                  "one request on connection " << i);
        }
        NS_TEST_ASSERT_MSG_EQ((x.bodies == std::vector<uint64_t>{7, 7}),
                              true,
                              "bodies to the close");
        NS_TEST_ASSERT_MSG_EQ(s.requestsFailed, 0, "none failed");
        NS_TEST_ASSERT_MSG_EQ(s.requestsIssued, 2, "no request sent after the close");
        NS_TEST_ASSERT_MSG_EQ((x.endings == std::vector<std::string>{"completed", "completed"}),
                              true,
                              "both connections completed");
        Simulator::Destroy();
    }
};

/// HttpClient: a reset cuts a response: it failed, though its end was the close.
class ClientResetTest : public TestCase
{
  public:
    ClientResetTest()
        : TestCase("client: a response delimited by the close and cut by an RST failed (an RST "
                   "is no end of stream)")
    {
    }

  private:
    void DoRun() override
    {
        // A body delimited by the close, then the server resets: before an
        // RST was told as a normal close, the body so far looked complete.
        HttpScriptedServer::Part reset{MilliSeconds(20), "", true};
        reset.reset = true;
        ScriptedExchange x({{{MilliSeconds(0), "HTTP/1.1 200 OK\r\n\r\nabc", false}, reset}},
                           1,
                           Seconds(0.5));
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        const HttpClient::Stats& s = x.client->GetStats();
        NS_TEST_ASSERT_MSG_EQ(x.statuses.size(), 0, "nothing completed");
        NS_TEST_ASSERT_MSG_EQ(s.requestsFailed, 1, "the request failed");
        NS_TEST_ASSERT_MSG_EQ((x.endings == std::vector<std::string>{"reset"}), true, "reset");
        Simulator::Destroy();
    }
};

/// HttpClient: malformed responses end the connection as a reset, never a crash.
class ClientMalformedTest : public TestCase
{
  public:
    ClientMalformedTest(std::string name, std::string response)
        : TestCase("client: malformed response (" + name + "): request failed, connection reset"),
          m_response(std::move(response))
    {
    }

  private:
    void DoRun() override
    {
        ScriptedExchange x({{{MilliSeconds(0), m_response, false}}}, 2, Seconds(0.5));
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        const HttpClient::Stats& s = x.client->GetStats();
        NS_TEST_ASSERT_MSG_EQ(x.statuses.size(), 0, "nothing completed");
        NS_TEST_ASSERT_MSG_EQ(s.requestsFailed, 1, "the request failed");
        NS_TEST_ASSERT_MSG_EQ(s.requestsIssued, 1, "and no other was sent");
        NS_TEST_ASSERT_MSG_EQ((x.endings == std::vector<std::string>{"reset"}), true, "reset");
        Simulator::Destroy();
    }

    std::string m_response;
};

/**
 * Apache's two timers: Timeout while a request is awaited on a new
 * connection or is partly in, KeepAliveTimeout between requests. A server
 * that armed KeepAliveTimeout at accept closed a connection whose first
 * request came late (lost twice, RTO about 9 s); one that disarmed its
 * timer on a partial request held the connection for ever.
 */
class ServerTimeoutTest : public TestCase
{
  public:
    /**
     * @param name the case
     * @param request bytes the peer sends (none: it sends nothing)
     * @param sendAfter when after connecting it sends them
     * @param responses responses expected
     * @param closeAfter the server closes no earlier than this
     * @param closeBefore and before this
     */
    ServerTimeoutTest(std::string name,
                      std::string request,
                      Time sendAfter,
                      size_t responses,
                      Time closeAfter,
                      Time closeBefore)
        : TestCase(name),
          m_request(std::move(request)),
          m_sendAfter(sendAfter),
          m_responses(responses),
          m_closeAfter(closeAfter),
          m_closeBefore(closeBefore)
    {
    }

  private:
    void DoRun() override
    {
        TwoHosts hosts;
        hosts.server->SetAttribute("Timeout", TimeValue(Seconds(6)));
        hosts.server->SetAttribute("KeepAliveTimeout", TimeValue(Seconds(2)));
        RawPeer peer(hosts.nodes.Get(0), hosts.serverAddress, m_request, Seconds(1), m_sendAfter);
        Simulator::Stop(Seconds(20));
        Simulator::Run();
        HttpParser parser(HttpParser::RESPONSES);
        parser.Feed(reinterpret_cast<const uint8_t*>(peer.received.data()), peer.received.size());
        size_t responses = 0;
        while (parser.HasResponse())
        {
            NS_TEST_EXPECT_MSG_EQ(parser.PopResponse().GetStatus(), 200, "served");
            ++responses;
        }
        NS_TEST_ASSERT_MSG_EQ(responses, m_responses, "responses");
        NS_TEST_ASSERT_MSG_EQ(peer.closedAt.IsStrictlyNegative(), false, "the server closed");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(peer.closedAt, m_closeAfter, "not closed early");
        NS_TEST_ASSERT_MSG_LT(peer.closedAt, m_closeBefore, "closed in time");
        Simulator::Destroy();
    }

    std::string m_request;
    Time m_sendAfter;
    size_t m_responses;
    Time m_closeAfter;
    Time m_closeBefore;
};

/// Apache 1.x's output buffer: the writes it makes for a response.
class BufferedWritesTest : public TestCase
{
  public:
    BufferedWritesTest()
        : TestCase("output buffer: Apache 1.x's writes")
    {
    }

  private:
    void DoRun() override
    {
        using Writes = std::vector<uint64_t>;
        NS_TEST_EXPECT_MSG_EQ(
            (HttpBufferedWrites(256, 13293, 4096, 8192) == Writes{4096, 4352, 5101}),
            true,
            "the seed-002 response: fill and flush, then large rests direct");
        NS_TEST_EXPECT_MSG_EQ((HttpBufferedWrites(100, 1000, 4096, 8192) == Writes{1100}),
                              true,
                              "a small response: one write at the end");
        NS_TEST_EXPECT_MSG_EQ(
            (HttpBufferedWrites(0, 20000, 4096, 8192) == Writes{8192, 8192, 3616}),
            true,
            "no head: each large read written directly, the rest at the end");
        NS_TEST_EXPECT_MSG_EQ((HttpBufferedWrites(300, 3796, 4096, 8192) == Writes{4096}),
                              true,
                              "exactly a buffer");
    }
};

/// An HTTP/1.0 GET answered through the output buffer, with a real server's
/// extra header fields: the bytes still make one well-formed response, and
/// the server closes.
class Http10BufferedTest : public TestCase
{
  public:
    Http10BufferedTest()
        : TestCase("HTTP 1.0 GET through the output buffer, extra header fields")
    {
    }

  private:
    void DoRun() override
    {
        TwoHosts hosts;
        hosts.server->SetAttribute("OutputBufferSize", UintegerValue(4096));
        hosts.server->SetAttribute("ResponseHeaders",
                                   StringValue("Server: Apache/1.2.5|Accept-Ranges: bytes"));
        RawPeer peer(hosts.nodes.Get(0),
                     hosts.serverAddress,
                     "GET /file1 HTTP/1.0\r\n\r\n",
                     MilliSeconds(10));
        Simulator::Stop(Seconds(2));
        Simulator::Run();
        HttpParser parser(HttpParser::RESPONSES);
        parser.Feed(reinterpret_cast<const uint8_t*>(peer.received.data()), peer.received.size());
        NS_TEST_ASSERT_MSG_EQ(parser.GetError(), HttpParser::NONE, "well-formed");
        NS_TEST_ASSERT_MSG_EQ(parser.HasResponse(), true, "a response");
        HttpResponse r = parser.PopResponse();
        NS_TEST_EXPECT_MSG_EQ(r.GetStatus(), 200, "found");
        NS_TEST_EXPECT_MSG_EQ(r.GetBodyLength(), 20000u, "the whole body");
        NS_TEST_EXPECT_MSG_EQ(r.GetHeader("Server"), "Apache/1.2.5", "our Server field replaced");
        NS_TEST_EXPECT_MSG_EQ(r.GetHeader("Accept-Ranges"), "bytes", "an extra field");
        NS_TEST_EXPECT_MSG_EQ(parser.HasResponse(), false, "one response");
        NS_TEST_EXPECT_MSG_EQ(!peer.closedAt.IsStrictlyNegative(), true, "HTTP/1.0: closed");
        Simulator::Destroy();
    }
};

/**
 * Receive livelock: the server's work on a request is application work on
 * the host's CPU, below the kernel's input processing. A flood of TCP
 * segments (to a closed port, from a raw socket: it does not slow down)
 * that needs more than the whole CPU leaves the server's request waiting
 * for ever; one that needs 60 % of it leaves the server 40 %.
 */
class ReceiveLivelockTest : public TestCase
{
  public:
    /// @param load the flood's input work, as a fraction of the server's CPU
    explicit ReceiveLivelockTest(double load)
        : TestCase("flood of " + std::to_string(int(load * 100)) +
                   " % of the server's CPU: the request " +
                   (load >= 1 ? "is never served (receive livelock)" : "is served")),
          m_load(load)
    {
    }

  private:
    /// Send one bare ACK to a closed port of the server, and schedule the next.
    void Flood()
    {
        TcpHeader tcp;
        tcp.SetSourcePort(5000);
        tcp.SetDestinationPort(9999);
        tcp.SetFlags(TcpHeader::ACK);
        Ptr<Packet> p = Create<Packet>();
        p->AddHeader(tcp);
        m_raw->SendTo(p, 0, InetSocketAddress(m_server, 0));
        m_flood = Simulator::Schedule(m_interval, &ReceiveLivelockTest::Flood, this);
    }

    void DoRun() override
    {
        TwoHosts hosts;
        m_server = hosts.serverAddress;
        Ptr<Node> server = hosts.nodes.Get(1);
        const Time perSegment = MicroSeconds(100);
        server->GetObject<TcpHostModel>()->SetAttribute("PerSegmentCost", TimeValue(perSegment));
        hosts.server->SetAttribute("PerRequestCost", TimeValue(MilliSeconds(600)));
        m_interval = perSegment / m_load;
        Ptr<HttpClient> client = hosts.AddClient("ConnectionClose", 1);
        client->SetStartTime(Seconds(0.1));
        m_raw = Socket::CreateSocket(hosts.nodes.Get(0), Ipv4RawSocketFactory::GetTypeId());
        m_raw->SetAttribute("Protocol", UintegerValue(6));
        Ptr<HostCpu> cpu = server->GetObject<HostCpu>();
        Time kernelAtStart;
        Simulator::Schedule(Seconds(0.3), [&]() {
            // The request's 600 ms of work has started (the request left at 0.1 s).
            NS_TEST_EXPECT_MSG_EQ(cpu->GetBacklog(HostCpu::APPLICATION),
                                  1,
                                  "the server is working on the request when the flood starts");
            kernelAtStart = cpu->GetBusyTime(HostCpu::KERNEL);
            Flood();
        });
        const Time end = Seconds(3.3);
        Simulator::Stop(end);
        Simulator::Run();
        double kernelShare = (cpu->GetBusyTime(HostCpu::KERNEL) - kernelAtStart).GetSeconds() /
                             (end - Seconds(0.3)).GetSeconds();
        uint64_t appJobs = cpu->GetCompleted(HostCpu::APPLICATION);
        uint32_t appBacklog = cpu->GetBacklog(HostCpu::APPLICATION);
        uint64_t completed = client->GetStats().outcomes[HttpClient::COMPLETED];
        m_flood.Cancel();
        Simulator::Destroy();
        if (m_load >= 1)
        {
            NS_TEST_ASSERT_MSG_EQ(appJobs, 0, "the request's work never completes");
            NS_TEST_ASSERT_MSG_EQ(appBacklog, 1, "it still waits");
            NS_TEST_ASSERT_MSG_GT(kernelShare, 0.99, "the kernel has the whole CPU");
            NS_TEST_ASSERT_MSG_EQ(completed, 0, "no response reaches the client");
        }
        else
        {
            NS_TEST_ASSERT_MSG_GT(appJobs,
                                  0,
                                  "the request's work completes in the CPU the flood leaves");
            NS_TEST_ASSERT_MSG_EQ_TOL(kernelShare,
                                      m_load,
                                      0.05,
                                      "the kernel takes the flood's share");
            NS_TEST_ASSERT_MSG_GT(completed, 0, "responses reach the client");
        }
    }

    double m_load;        //!< Flood's CPU load
    Ipv4Address m_server; //!< Server address
    Ptr<Socket> m_raw;    //!< Flood source
    Time m_interval;      //!< Between flood segments
    EventId m_flood;      //!< Next flood segment
};

/// A dispatch policy that drops every other connection it is asked about.
class DropEveryOther : public HttpDispatchPolicy
{
  public:
    Decision Dispatch(const Waiting& connection) override
    {
        waits.push_back(connection.waited);
        return (waits.size() % 2 == 0) ? DROP : SERVE;
    }

    std::vector<Time> waits; //!< What each decision saw
};

/// What a run of one worker showed.
struct OneWorkerRun
{
    uint32_t maxOpen{0};             //!< Most connections served at once
    uint32_t maxQueue{0};            //!< Longest accept queue
    HttpServer::Stats stats;         //!< The server's counters
    TcpListenQueue::Counters kernel; //!< The kernel queue's (AcceptQueue Kernel)
    bool kernelQueue{false};         //!< The server waited in the kernel's queue
};

/**
 * @brief One worker (50 ms a request) behind the accept queue, clients
 * connecting at 0.1 s, one request each; the run ends at @p stop.
 * @param hosts the hosts (the server's attributes set beyond these)
 * @param policy its dispatch policy
 * @param clients how many clients
 * @param stop when the run ends
 * @return what the run showed
 */
OneWorkerRun
RunOneWorker(TwoHosts& hosts, Ptr<DropEveryOther> policy, int clients, Time stop)
{
    OneWorkerRun run;
    hosts.server->SetAttribute("MaxWorkers", UintegerValue(1));
    hosts.server->SetAttribute("DispatchPolicy", PointerValue(policy));
    hosts.server->SetAttribute("PerRequestCost", TimeValue(MilliSeconds(50)));
    hosts.server->TraceConnectWithoutContext("AcceptQueue",
                                             MakeCallback(+[](uint32_t* max, uint32_t, uint32_t n) {
                                                 *max = std::max(*max, n);
                                             }).Bind(&run.maxQueue));
    for (int i = 0; i < clients; ++i)
    {
        Ptr<HttpClient> client = hosts.AddClient("ConnectionClose", 1);
        client->SetAttribute("ThinkTime", TimeValue(Seconds(100))); // one connection each
        client->SetStartTime(Seconds(0.1));
    }
    std::function<void()> sample = [&]() {
        run.maxOpen = std::max(run.maxOpen, hosts.server->GetOpenConnections());
        Simulator::Schedule(MilliSeconds(5), sample);
    };
    Simulator::Schedule(Seconds(0.1), sample);
    Simulator::Stop(stop);
    Simulator::Run();
    run.stats = hosts.server->GetStats();
    if (Ptr<TcpListenQueue> queue = hosts.server->GetListenQueue())
    {
        run.kernelQueue = true;
        run.kernel = queue->GetCounters();
    }
    Simulator::Destroy();
    return run;
}

/**
 * Workers and the accept queue: one worker serves one connection at a time,
 * two more wait, the next are refused; every waiting connection goes
 * through the dispatch policy, which may drop it.
 */
class WorkersTest : public TestCase
{
  public:
    WorkersTest()
        : TestCase("one worker, accept queue of 2: one connection served at a time, waiting "
                   "ones dispatched in order through the policy, the rest refused")
    {
    }

  private:
    void DoRun() override
    {
        TwoHosts hosts;
        Ptr<DropEveryOther> policy = CreateObject<DropEveryOther>();
        hosts.server->SetAttribute("AcceptQueueLimit", UintegerValue(2));
        OneWorkerRun run = RunOneWorker(hosts, policy, 4, Seconds(2));
        NS_TEST_ASSERT_MSG_EQ(run.maxOpen, 1, "one worker: one connection served at a time");
        NS_TEST_ASSERT_MSG_EQ(run.maxQueue, 2, "the queue fills to its limit");
        NS_TEST_ASSERT_MSG_EQ(run.stats.connectionsAccepted, 4, "four connections");
        NS_TEST_ASSERT_MSG_EQ(run.stats.refused, 1, "the fourth finds the queue full");
        NS_TEST_ASSERT_MSG_EQ(policy->waits.size(), 2, "each waiting connection is dispatched");
        NS_TEST_ASSERT_MSG_EQ(run.stats.dropped, 1, "the policy drops the second");
        NS_TEST_ASSERT_MSG_EQ(run.stats.responses,
                              2,
                              "the first and the dispatched one are answered");
        NS_TEST_ASSERT_MSG_GT((policy->waits.empty() ? Time(0) : policy->waits.front()),
                              MilliSeconds(40),
                              "it waited for the worker");
    }
};

/**
 * AcceptQueue Kernel: the same server, its waiting connections in the
 * listener's TcpListenQueue (backlog 1: full past 1). Five clients at once:
 * one served at a time, two wait in the kernel's queue, the others' SYNs
 * or last ACKs are dropped there and they get in later (their SYN or
 * request resent); nobody is refused by the server, and every connection
 * taken with accept() goes through the dispatch policy (which drops every
 * other).
 */
class KernelQueueWorkersTest : public TestCase
{
  public:
    KernelQueueWorkersTest()
        : TestCase("one worker, the kernel's accept queue of backlog 1: connections beyond it "
                   "wait for their handshake, none is refused, all are served")
    {
    }

  private:
    void DoRun() override
    {
        TwoHosts hosts(true);
        Ptr<DropEveryOther> policy = CreateObject<DropEveryOther>();
        hosts.server->SetAttribute("AcceptQueue", StringValue("Kernel"));
        hosts.server->SetAttribute("AcceptQueueLimit", UintegerValue(1));
        OneWorkerRun run = RunOneWorker(hosts, policy, 5, Seconds(20));
        NS_TEST_ASSERT_MSG_EQ(run.kernelQueue, true, "the server waits in the kernel's queue");
        NS_TEST_EXPECT_MSG_EQ(run.maxOpen, 1, "one worker: one connection served at a time");
        NS_TEST_EXPECT_MSG_EQ(run.maxQueue, 2, "the kernel's queue holds the backlog and one more");
        NS_TEST_EXPECT_MSG_GT(run.kernel.listenOverflows, 0, "some found it full");
        NS_TEST_EXPECT_MSG_EQ(run.stats.refused, 0, "the server refuses nobody itself");
        NS_TEST_EXPECT_MSG_EQ(run.stats.connectionsAccepted, 5, "all five taken with accept()");
        NS_TEST_EXPECT_MSG_EQ(policy->waits.size(), 5, "each taken with accept() is dispatched");
        NS_TEST_EXPECT_MSG_EQ(run.stats.dropped, 2, "the policy drops every other");
        NS_TEST_EXPECT_MSG_EQ(run.stats.responses, 3, "the others are answered");
        Time longest = policy->waits.empty()
                           ? Time(0)
                           : *std::max_element(policy->waits.begin(), policy->waits.end());
        NS_TEST_EXPECT_MSG_GT(longest, MilliSeconds(40), "some waited in the kernel's queue");
    }
};

const std::string GET0 = "GET /file0 HTTP/1.1\r\nHost: s\r\n\r\n";

} // namespace

/// HTTP applications test suite.
/**
 * SurgeOffTime moves a user through pages: after each answer an active OFF
 * time while the page has embedded files left, else an inactive OFF time
 * and a new page. The draws of each kind follow SURGE's distributions
 * (medians: Weibull 1.46 (ln 2)^(1/0.382) = 0.560 s, Pareto 2^(1/1.5) =
 * 1.587 s), and pages carry floor(Pareto(1, 2.43)) embedded files (mean
 * zeta(2.43) = 1.37; at least one).
 */
class SurgeOffTimeTest : public TestCase
{
  public:
    SurgeOffTimeTest()
        : TestCase("SurgeOffTime: active OFF within a page, inactive OFF between pages, SURGE's "
                   "distributions")
    {
    }

  private:
    static double Median(std::vector<double> v)
    {
        std::sort(v.begin(), v.end());
        return v[v.size() / 2];
    }

    void DoRun() override
    {
        Ptr<SurgeOffTime> off = CreateObject<SurgeOffTime>();
        off->AssignStreams(5);
        std::vector<double> active;
        std::vector<double> inactive;
        uint64_t embedded = 0;
        bool first = true;
        for (int k = 0; k < 40000; ++k)
        {
            bool inPage = !first && off->GetEmbeddedLeft() > 0;
            uint64_t pages = off->GetPages();
            double v = off->GetValue();
            if (first)
            {
                // The first request was the first page's base file: the
                // page begins now, and its first embedded file follows.
                NS_TEST_ASSERT_MSG_EQ(off->GetPages(), 1u, "the first page");
                embedded += off->GetEmbeddedLeft() + 1;
                first = false;
                active.push_back(v);
                continue;
            }
            if (inPage)
            {
                active.push_back(v);
                NS_TEST_ASSERT_MSG_EQ(off->GetPages(), pages, "within a page: no new page");
            }
            else
            {
                inactive.push_back(v);
                NS_TEST_ASSERT_MSG_EQ(off->GetPages(), pages + 1, "think time: a new page");
                NS_TEST_ASSERT_MSG_GT(off->GetEmbeddedLeft(), 0u, "at least one embedded file");
                embedded += off->GetEmbeddedLeft();
            }
        }
        NS_TEST_EXPECT_MSG_EQ_TOL(Median(active), 0.560, 0.03, "active OFF: SURGE's Weibull");
        NS_TEST_EXPECT_MSG_EQ_TOL(Median(inactive), 1.587, 0.06, "inactive OFF: SURGE's Pareto");
        double perPage = double(embedded) / off->GetPages();
        NS_TEST_EXPECT_MSG_EQ_TOL(perPage, 1.37, 0.05, "embedded files per page");
    }
};

/**
 * A persistent connection the server closes while the client is between
 * requests (the server's KeepAliveTimeout, 1 s, shorter than the client's
 * 2 s RequestGap) ends without failure, and the next request opens a new
 * connection when it is due: no request fails, every connection completes,
 * and each request waits only for its own transfer, not for the gap.
 */
class IdleCloseReconnectTest : public TestCase
{
  public:
    IdleCloseReconnectTest()
        : TestCase("the server closes an idle persistent connection: the next request opens "
                   "a new one when due, nothing fails")
    {
    }

  private:
    void DoRun() override
    {
        TwoHosts hosts;
        hosts.server->SetAttribute("KeepAliveTimeout", TimeValue(Seconds(1)));
        Ptr<HttpClient> client = hosts.AddClient("ConnectionClose", 1000);
        Ptr<ConstantRandomVariable> gap = CreateObject<ConstantRandomVariable>();
        gap->SetAttribute("Constant", DoubleValue(2));
        client->SetAttribute("RequestGap", PointerValue(gap));
        double longest = 0;
        client->TraceConnectWithoutContext(
            "ResponseTime",
            Callback<void, Time, uint64_t, uint16_t>([&longest](Time t, uint64_t, uint16_t) {
                longest = std::max(longest, t.GetSeconds());
            }));
        Simulator::Stop(Seconds(20.5));
        Simulator::Run();
        const HttpClient::Stats& stats = client->GetStats();
        // Requests at 0, 2, 4, ..., 20 s: each on its own connection.
        NS_TEST_EXPECT_MSG_EQ(stats.requestsCompleted, 11u, "one request every 2 s");
        NS_TEST_EXPECT_MSG_EQ(stats.requestsFailed, 0u, "none failed");
        NS_TEST_EXPECT_MSG_EQ(stats.connectionsOpened, 11u, "a new connection for each");
        NS_TEST_EXPECT_MSG_EQ(stats.outcomes[HttpClient::COMPLETED],
                              10u,
                              "each closed by the server while idle, completed");
        NS_TEST_EXPECT_MSG_EQ(stats.outcomes[HttpClient::RESET], 0u, "not a reset");
        NS_TEST_EXPECT_MSG_LT(longest, 0.1, "a request waits for its transfer only");
        Simulator::Destroy();
    }
};

class HttpAppsTestSuite : public TestSuite
{
  public:
    HttpAppsTestSuite()
        : TestSuite("http-apps", Type::SYSTEM)
    {
        AddTestCase(new EndModeTest("ConnectionClose", false), Duration::QUICK);
        AddTestCase(new EndModeTest("ClientClose", true), Duration::QUICK);
        AddTestCase(new UnknownClientCloseTest(), Duration::QUICK);
        AddTestCase(new OutOfPortsTest(), Duration::QUICK);
        AddTestCase(new WorkersTest(), Duration::QUICK);
        AddTestCase(new KernelQueueWorkersTest(), Duration::QUICK);
        AddTestCase(new BufferedWritesTest(), Duration::QUICK);
        AddTestCase(new Http10BufferedTest(), Duration::QUICK);
        AddTestCase(new ReceiveLivelockTest(0.6), Duration::QUICK);
        AddTestCase(new ReceiveLivelockTest(1.5), Duration::QUICK);
        AddTestCase(new ClientInterimTest(), Duration::QUICK);
        AddTestCase(new IdleCloseReconnectTest(), Duration::QUICK);
        AddTestCase(new SurgeOffTimeTest(), Duration::QUICK);
        AddTestCase(new ClientCloseDelimitedTest(), Duration::QUICK);
        AddTestCase(new ClientResetTest(), Duration::QUICK);
        AddTestCase(new ClientMalformedTest("status 099", "HTTP/1.1 099 Odd\r\n\r\n"),
                    Duration::QUICK);
        AddTestCase(new ClientMalformedTest("bad chunk",
                                            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked"
                                            "\r\n\r\nzz\r\n"),
                    Duration::QUICK);
        AddTestCase(new RawExchangeTest("pipelined requests answered in order",
                                        GET0 + "GET /nope HTTP/1.1\r\nHost: s\r\n\r\n" + GET0,
                                        {"200", "404", "200"},
                                        true,
                                        Seconds(1)),
                    Duration::QUICK);
        AddTestCase(new RawExchangeTest("malformed request: 400 and close",
                                        "GARBAGE\r\n\r\n",
                                        {"400"},
                                        true,
                                        Seconds(0.5)),
                    Duration::QUICK);
        // KeepAliveTimeout is 2 s; the response leaves about 10 ms in, and
        // the server's FIN takes 0.1 ms to reach the peer.
        AddTestCase(new RawExchangeTest("idle connection closed after KeepAliveTimeout",
                                        GET0,
                                        {"200"},
                                        true,
                                        Seconds(2.1),
                                        Seconds(2)),
                    Duration::QUICK);
        // Timeout 6 s, KeepAliveTimeout 2 s; the peer connects at 1 s.
        AddTestCase(new ServerTimeoutTest("first request after KeepAliveTimeout: served",
                                          GET0,
                                          Seconds(4),
                                          1,
                                          Seconds(7),
                                          Seconds(7.1)),
                    Duration::QUICK);
        AddTestCase(new ServerTimeoutTest("no request: closed after Timeout",
                                          "",
                                          Time(0),
                                          0,
                                          Seconds(7),
                                          Seconds(7.1)),
                    Duration::QUICK);
        AddTestCase(new ServerTimeoutTest("part of a request: closed after Timeout",
                                          "GET / HTTP/1.1\r\nHost: s\r\n",
                                          Time(0),
                                          0,
                                          Seconds(7),
                                          Seconds(7.1)),
                    Duration::QUICK);
        AddTestCase(new RawExchangeTest("unknown method: 501, connection kept",
                                        "BREW /pot HTTP/1.1\r\nHost: s\r\n\r\n",
                                        {"501"},
                                        true,
                                        Seconds(2.3),
                                        Seconds(2)),
                    Duration::QUICK);
    }
};

static HttpAppsTestSuite g_httpAppsTestSuite; //!< Static variable for test initialization
