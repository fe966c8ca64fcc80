/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// DTOC at a one-worker server: each detection method finds a client that
// gave up while its connection waited, and the worker drops it instead of
// serving it; a client still waiting is served; the regular server serves
// both. The impatient clients account for every request exactly once, and
// space their retries by their RetryPolicy's waits (or make none when its
// budget is spent).

#include "ns3/core-module.h"
#include "ns3/dtoc-module.h"
#include "ns3/http-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/tcp-host-module.h"

using namespace ns3;

namespace
{

const uint16_t PORT = 80;

/// A client host and a one-worker server host.
struct Testbed
{
    NodeContainer nodes{2}; //!< 0 client, 1 server
    Ipv4Address server;     //!< Server address
    Ptr<HttpFileSet> files; //!< Documents
    Ptr<HttpServer> http;   //!< The server

    /**
     * @param policy the server's dispatch policy
     * @param perRequest the server's CPU time per response
     */
    Testbed(Ptr<HttpDispatchPolicy> policy, Time perRequest)
    {
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", StringValue("100Mbps"));
        p2p.SetChannelAttribute("Delay", StringValue("1ms"));
        NetDeviceContainer devices = p2p.Install(nodes);
        TcpHostHelper host;
        host.Install(nodes);
        server = Ipv4AddressHelper("10.0.0.0", "255.255.255.0").Assign(devices).GetAddress(1);
        files = CreateObject<HttpFileSet>();
        files->AddFile(1000, 1);
        files->AssignStreams(3);
        http = CreateObject<HttpServer>();
        http->SetAttribute("DocumentStore", PointerValue(files));
        http->SetAttribute("MaxWorkers", UintegerValue(1));
        http->SetAttribute("PerRequestCost", TimeValue(perRequest));
        http->SetAttribute("DispatchPolicy", PointerValue(policy));
        nodes.Get(1)->AddApplication(http);
    }

    /**
     * @brief A user who asks at a time and, unless patient, gives up later.
     * @param at when it connects and asks
     * @param giveUpAt when it closes (negative: never)
     */
    void User(Time at, Time giveUpAt)
    {
        Ptr<Socket> s = Socket::CreateSocket(nodes.Get(0), TcpHostSocketFactory::GetTypeId());
        size_t index = m_users.size();
        m_answered.push_back(Time(-1));
        s->SetRecvCallback([this, index](Ptr<Socket> socket) {
            while (Ptr<Packet> p = socket->Recv())
            {
                if (p->GetSize() > 0 && m_answered[index].IsStrictlyNegative())
                {
                    m_answered[index] = Simulator::Now();
                }
            }
        });
        Simulator::Schedule(at, [this, s]() {
            s->Connect(InetSocketAddress(server, PORT));
            std::string get = "GET /file0 HTTP/1.0\r\nHost: s\r\n\r\n";
            s->Send(Create<Packet>(reinterpret_cast<const uint8_t*>(get.data()), get.size()));
        });
        if (giveUpAt.IsPositive())
        {
            Simulator::Schedule(giveUpAt, [s]() { s->Close(); });
        }
        m_users.push_back(s);
    }

    std::vector<Ptr<Socket>> m_users; //!< Keeps the users' sockets
    std::vector<Time> m_answered;     //!< When each user's response began (-1: never)
};

/// What the server did with a user who gave up while waiting (or did not).
class DetectionTest : public TestCase
{
  public:
    /**
     * @param strategy "Regular", or a DTOC method: "Peek", "State", "Callback"
     * @param gaveUp whether the second user gives up while it waits
     * @param onlyUnderOverload DTOC checks only when connections wait behind
     */
    DetectionTest(std::string strategy, bool gaveUp, bool onlyUnderOverload = false)
        : TestCase(strategy + (onlyUnderOverload ? " (only under overload)" : "") +
                   ": a user who " + (gaveUp ? "gave up" : "still waits") + " is " +
                   (gaveUp && strategy != "Regular" && !onlyUnderOverload ? "dropped" : "served")),
          m_strategy(strategy),
          m_gaveUp(gaveUp),
          m_onlyUnderOverload(onlyUnderOverload)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<HttpDispatchPolicy> policy = CreateObject<HttpDispatchPolicy>();
        Ptr<DtocDispatchPolicy> dtoc;
        if (m_strategy != "Regular")
        {
            dtoc = CreateObject<DtocDispatchPolicy>();
            dtoc->SetAttribute("Method", StringValue(m_strategy));
            dtoc->SetAttribute("CheckCost", TimeValue(MilliSeconds(5)));
            dtoc->SetAttribute("OnlyUnderOverload", BooleanValue(m_onlyUnderOverload));
            policy = dtoc;
        }
        Testbed t(policy, Seconds(1));
        t.User(Seconds(0.1), Time(-1));                           // served first, 1 s of work
        t.User(Seconds(0.2), m_gaveUp ? Seconds(0.6) : Time(-1)); // waits for the worker
        Simulator::Stop(Seconds(5));
        Simulator::Run();
        HttpServer::Stats stats = t.http->GetStats();
        Time appTime = t.nodes.Get(1)->GetObject<HostCpu>()->GetBusyTime(HostCpu::APPLICATION);
        uint64_t checks = dtoc ? dtoc->GetChecks() : 0;
        Simulator::Destroy();

        bool dropped = m_gaveUp && m_strategy != "Regular" && !m_onlyUnderOverload;
        NS_TEST_ASSERT_MSG_EQ(stats.connectionsAccepted, 2, "two connections");
        NS_TEST_ASSERT_MSG_EQ(stats.dropped, (dropped ? 1 : 0), "dropped unserved or not");
        NS_TEST_ASSERT_MSG_EQ(stats.responses, (dropped ? 1 : 2), "responses served");
        Time checkTime = MilliSeconds(5) * int64_t(checks);
        NS_TEST_ASSERT_MSG_EQ(appTime,
                              (Seconds(dropped ? 1 : 2) + checkTime),
                              "the server's CPU: the work served, and the checks");
        NS_TEST_ASSERT_MSG_EQ(checks,
                              ((m_strategy == "Regular" || m_onlyUnderOverload) ? 0 : 1),
                              "one check per connection taken from the queue (none when "
                              "nothing waits behind it, under OnlyUnderOverload)");
    }

    std::string m_strategy;   //!< Regular or a DTOC method
    bool m_gaveUp;            //!< The second user gives up
    bool m_onlyUnderOverload; //!< DTOC's option
};

/// Impatient users against an overloaded server: every request ends exactly once.
class BalanceTest : public TestCase
{
  public:
    BalanceTest()
        : TestCase("impatient users at 200 % load: every request ends exactly once "
                   "(completed, refused, timed out, in flight)")
    {
    }

  private:
    void DoRun() override
    {
        Testbed t(CreateObject<DtocDispatchPolicy>(), MilliSeconds(20)); // 50 requests/s
        t.http->SetAttribute("AcceptQueueLimit", UintegerValue(30));
        Ptr<HttpFileSetRequestSource> source = CreateObject<HttpFileSetRequestSource>();
        source->SetAttribute("FileSet", PointerValue(t.files));
        Ptr<DtocClient> users = CreateObject<DtocClient>();
        users->SetAttribute("Remote", AddressValue(InetSocketAddress(t.server, PORT)));
        users->SetAttribute("RequestSource", PointerValue(source));
        users->SetAttribute("Rate", DoubleValue(100));
        users->SetAttribute("Timeout", TimeValue(Seconds(0.5)));
        users->SetAttribute("Retries", UintegerValue(1));
        users->AssignStreams(5);
        users->SetStopTime(Seconds(20));
        t.nodes.Get(0)->AddApplication(users);
        Simulator::Stop(Seconds(21));
        Simulator::Run();
        DtocClient::Stats s = users->GetStats();
        HttpServer::Stats server = t.http->GetStats();
        Simulator::Destroy();
        uint64_t ended = s.outcomes[DtocClient::COMPLETED] + s.outcomes[DtocClient::REFUSED] +
                         s.outcomes[DtocClient::TIMED_OUT] + s.outcomes[DtocClient::IN_FLIGHT];
        NS_TEST_ASSERT_MSG_EQ(ended, s.requests, "every request ends exactly once");
        NS_TEST_ASSERT_MSG_GT(s.requests, 1500, "about 100 requests/s for 20 s");
        NS_TEST_ASSERT_MSG_GT(s.attempts, s.requests, "requests given up were sent again");
        NS_TEST_ASSERT_MSG_GT(s.outcomes[DtocClient::COMPLETED], 0, "some are served in time");
        NS_TEST_ASSERT_MSG_GT(s.outcomes[DtocClient::TIMED_OUT], 0, "some time out");
        NS_TEST_ASSERT_MSG_GT(s.outcomes[DtocClient::REFUSED], 0, "the full queue refuses some");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(s.outcomes[DtocClient::COMPLETED],
                                    server.responses,
                                    "no more completions than responses");
    }
};

/**
 * A CoDel-style queue-delay limit: connections that waited longer than the
 * target while the queue has not drained for an interval are dropped; with
 * a long interval the queue counts as not congested and all are served.
 */
class CodelTest : public TestCase
{
  public:
    /// @param interval the policy's Interval (0.5 s: congested at the first take)
    explicit CodelTest(Time interval)
        : TestCase(std::string("CoDel-style limit, ") +
                   (interval < Seconds(0.9)
                        ? "queue congested (not drained for an interval): stale connections dropped"
                        : "long interval, queue not congested: all served")),
          m_interval(interval)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<CodelDispatchPolicy> codel = CreateObject<CodelDispatchPolicy>();
        codel->SetAttribute("Target", TimeValue(MilliSeconds(100)));
        codel->SetAttribute("Interval", TimeValue(m_interval));
        Testbed t(codel, Seconds(1));
        for (double at : {0.1, 0.2, 0.3, 0.4})
        {
            t.User(Seconds(at), Time(-1)); // the first is served at once, three wait 0.7-0.9 s
        }
        Simulator::Stop(Seconds(8));
        Simulator::Run();
        HttpServer::Stats stats = t.http->GetStats();
        uint64_t drops = codel->GetDrops();
        Simulator::Destroy();
        // The queue has not been empty since 0.2 s: at the first take (1.1 s)
        // it has been congested for 0.9 s.
        bool congested = m_interval < Seconds(0.9);
        NS_TEST_ASSERT_MSG_EQ(drops, (congested ? 3 : 0), "connections dropped for waiting");
        NS_TEST_ASSERT_MSG_EQ(stats.dropped, drops, "the server counts the policy's drops");
        NS_TEST_ASSERT_MSG_EQ(stats.responses, (congested ? 1 : 4), "responses served");
    }

    Time m_interval; //!< The policy's Interval
};

/// Adaptive LIFO: a congested queue is served newest first.
class LifoTest : public TestCase
{
  public:
    /// @param lifo AdaptiveLifo on or off
    explicit LifoTest(bool lifo)
        : TestCase(std::string("adaptive LIFO ") +
                   (lifo ? "on: the newest waiting connection" : "off: the oldest") +
                   " is served next"),
          m_lifo(lifo)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<CodelDispatchPolicy> policy = CreateObject<CodelDispatchPolicy>();
        policy->SetAttribute("AdaptiveLifo", BooleanValue(m_lifo));
        policy->SetAttribute("DropLate", BooleanValue(false));
        policy->SetAttribute("Interval", TimeValue(MilliSeconds(500)));
        Testbed t(policy, Seconds(1));
        for (double at : {0.1, 0.2, 0.3, 0.4})
        {
            t.User(Seconds(at), Time(-1));
        }
        Simulator::Stop(Seconds(8));
        Simulator::Run();
        std::vector<Time> answered = t.m_answered;
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(answered.size(), 4, "four users");
        for (const Time& at : answered)
        {
            NS_TEST_ASSERT_MSG_EQ(at.IsPositive(), true, "every user is answered");
        }
        // Served at 1.1, 2.1, 3.1 s (plus the network): LIFO takes the
        // 0.4 s user second, FIFO the 0.2 s one.
        size_t second = m_lifo ? 3 : 1;
        size_t last = m_lifo ? 1 : 3;
        NS_TEST_ASSERT_MSG_LT(answered[second], answered[2], "second served before the third");
        NS_TEST_ASSERT_MSG_LT(answered[2], answered[last], "third served before the last");
    }

    bool m_lifo; //!< AdaptiveLifo
};

/// The paper's future work: a response in the works is abandoned when its client closes.
class InServiceAbortTest : public TestCase
{
  public:
    /// @param abort the server's AbortOnPeerClose
    explicit InServiceAbortTest(bool abort)
        : TestCase(std::string("a user who gives up while served: ") +
                   (abort ? "in-service abort stops the work" : "the regular server finishes it")),
          m_abort(abort)
    {
    }

  private:
    void DoRun() override
    {
        Testbed t(CreateObject<HttpDispatchPolicy>(), Seconds(1));
        t.http->SetAttribute("AbortOnPeerClose", BooleanValue(m_abort));
        t.User(Seconds(0.1), Seconds(0.5)); // served from about 0.1 s, gives up at 0.5 s
        t.User(Seconds(0.2), Time(-1));     // waits, then is served
        Simulator::Stop(Seconds(5));
        Simulator::Run();
        HttpServer::Stats stats = t.http->GetStats();
        Time appTime = t.nodes.Get(1)->GetObject<HostCpu>()->GetBusyTime(HostCpu::APPLICATION);
        std::vector<Time> answered = t.m_answered;
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(stats.aborted, (m_abort ? 1 : 0), "responses abandoned");
        NS_TEST_ASSERT_MSG_EQ(answered[1].IsPositive(), true, "the patient user is answered");
        if (m_abort)
        {
            // The first job ran from the handshake (about 0.1 s) until the
            // FIN arrived (about 0.5 s): less than half its second.
            NS_TEST_ASSERT_MSG_LT(appTime, Seconds(1.5), "the abandoned work stopped");
            NS_TEST_ASSERT_MSG_LT(answered[1], Seconds(1.6), "the next user went earlier");
        }
        else
        {
            NS_TEST_ASSERT_MSG_EQ(appTime, Seconds(2), "both responses prepared in full");
            NS_TEST_ASSERT_MSG_GT(answered[1], Seconds(2), "the next user waited the full second");
        }
    }

    bool m_abort; //!< AbortOnPeerClose
};

/**
 * A 1xx response is interim (RFC 9110 section 15.2): a user's request ends
 * with the final response, not with the "100 Continue" ahead of it.
 */
class InterimResponseTest : public TestCase
{
  public:
    InterimResponseTest()
        : TestCase("a 1xx response is interim: the request completes with the final one, "
                   "or times out without it")
    {
    }

  private:
    void DoRun() override
    {
        Testbed t(CreateObject<HttpDispatchPolicy>(), Time(0));
        // Port 8080: a server that answers "100 Continue" at once and the
        // final response 300 ms later, or 3 s later (after the 1-s timeout).
        Ptr<HttpScriptedServer> scripted = CreateObject<HttpScriptedServer>();
        scripted->SetAttribute("Port", UintegerValue(8080));
        const std::string interim = "HTTP/1.1 100 Continue\r\n\r\n";
        const std::string final = "HTTP/1.0 200 OK\r\nContent-Length: 3\r\n\r\nabc";
        scripted->SetScript({{{Time(0), interim, false}, {MilliSeconds(300), final, true}}});
        t.nodes.Get(1)->AddApplication(scripted);
        Ptr<HttpScriptedServer> late = CreateObject<HttpScriptedServer>();
        late->SetAttribute("Port", UintegerValue(8081));
        late->SetScript({{{Time(0), interim, false}, {Seconds(3), final, true}}});
        t.nodes.Get(1)->AddApplication(late);

        std::vector<std::pair<DtocClient::Outcome, Time>> ended[2];
        Ptr<HttpFileSetRequestSource> source = CreateObject<HttpFileSetRequestSource>();
        source->SetAttribute("FileSet", PointerValue(t.files));
        for (uint16_t i : {0, 1})
        {
            Ptr<DtocClient> users = CreateObject<DtocClient>();
            users->SetAttribute("Remote", AddressValue(InetSocketAddress(t.server, 8080 + i)));
            users->SetAttribute("RequestSource", PointerValue(source));
            users->SetAttribute("Rate", DoubleValue(5));
            users->SetAttribute("Timeout", TimeValue(Seconds(1)));
            users->SetAttribute("Retries", UintegerValue(0));
            users->AssignStreams(9 + i);
            users->SetStopTime(Seconds(3));
            users->TraceConnectWithoutContext(
                "RequestDone",
                MakeCallback(+[](std::vector<std::pair<DtocClient::Outcome, Time>>* out,
                                 DtocClient::Outcome outcome,
                                 Time latency,
                                 const std::string&) {
                    out->emplace_back(outcome, latency);
                }).Bind(&ended[i]));
            t.nodes.Get(0)->AddApplication(users);
        }
        Simulator::Stop(Seconds(8));
        Simulator::Run();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_GT(ended[0].size(), 5, "about 5 requests a second for 3 s");
        NS_TEST_ASSERT_MSG_GT(ended[1].size(), 5, "on both servers");
        for (const auto& [outcome, latency] : ended[0])
        {
            NS_TEST_ASSERT_MSG_EQ(outcome,
                                  DtocClient::COMPLETED,
                                  "the final response came in time");
            NS_TEST_ASSERT_MSG_GT(latency, MilliSeconds(300), "and ended the request");
        }
        for (const auto& [outcome, latency] : ended[1])
        {
            // In flight at the stop, or timed out: never completed by the 1xx.
            NS_TEST_ASSERT_MSG_NE(outcome, DtocClient::COMPLETED, "no final response in time");
        }
    }
};

/**
 * Impatient users of a server that never answers in time (one worker,
 * busy for ever after the first request): each request's attempts are
 * spaced by its policy's waits, so every timed-out request took the same
 * time, 3 timeouts of 1 s plus the waits 0.5 s and 1 s; with a budget of
 * nothing, no retry is made.
 */
class ClientRetryTest : public TestCase
{
  public:
    ClientRetryTest(bool budget)
        : TestCase(budget ? "client: a spent budget ends the request at its first timeout"
                          : "client: attempts spaced by the backoff's waits"),
          m_budget(budget)
    {
    }

  private:
    void DoRun() override
    {
        // The regular server, busy for ever after the first request
        Testbed bed(CreateObject<HttpDispatchPolicy>(), Seconds(1000));
        Ptr<BackoffRetryPolicy> backoff = CreateObject<BackoffRetryPolicy>();
        backoff->SetAttribute("Initial", TimeValue(MilliSeconds(500)));
        backoff->SetAttribute("Multiplier", DoubleValue(2));
        backoff->SetAttribute("Jitter", StringValue("None"));
        Ptr<RetryPolicy> policy = backoff;
        if (m_budget)
        {
            Ptr<RetryBudgetPolicy> nothing = CreateObject<RetryBudgetPolicy>();
            nothing->SetAttribute("Percent", DoubleValue(0));
            nothing->SetAttribute("MinRetriesPerSecond", DoubleValue(0));
            nothing->SetAttribute("Waits", PointerValue(backoff));
            policy = nothing;
        }
        Ptr<HttpFileSetRequestSource> source = CreateObject<HttpFileSetRequestSource>();
        source->SetAttribute("FileSet", PointerValue(bed.files));
        Ptr<DtocClient> client = CreateObject<DtocClient>();
        client->SetAttribute("Remote", AddressValue(InetSocketAddress(bed.server, PORT)));
        client->SetAttribute("RequestSource", PointerValue(source));
        client->SetAttribute("Rate", DoubleValue(2));
        client->SetAttribute("Timeout", TimeValue(Seconds(1)));
        client->SetAttribute("Retries", UintegerValue(2));
        client->SetAttribute("RetryPolicy", PointerValue(policy));
        client->AssignStreams(5);
        client->SetStopTime(Seconds(30));
        bed.nodes.Get(0)->AddApplication(client);
        std::vector<double> latencies;
        client->TraceConnectWithoutContext(
            "RequestDone",
            Callback<void, DtocClient::Outcome, Time, const std::string&>(
                [&latencies](DtocClient::Outcome outcome, Time latency, const std::string&) {
                    if (outcome == DtocClient::TIMED_OUT)
                    {
                        latencies.push_back(latency.GetSeconds());
                    }
                }));
        Simulator::Stop(Seconds(31));
        Simulator::Run();

        const DtocClient::Stats& stats = client->GetStats();
        NS_TEST_ASSERT_MSG_GT(latencies.size(), 20u, "requests timed out");
        NS_TEST_EXPECT_MSG_EQ(stats.outcomes[DtocClient::COMPLETED], 0u, "none answered in time");
        // Timeouts of 1 s, waits of 0.5 s and 1 s between them.
        const double expected = m_budget ? 1.0 : 3.0 + 0.5 + 1.0;
        for (double latency : latencies)
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(latency, expected, 1e-6, "each request's time");
        }
        if (m_budget)
        {
            NS_TEST_EXPECT_MSG_EQ(stats.retries, 0u, "no retry made");
            NS_TEST_EXPECT_MSG_EQ(stats.retriesRefused,
                                  latencies.size(),
                                  "each timed-out request's retry refused");
            NS_TEST_EXPECT_MSG_EQ(stats.attempts, stats.requests, "one attempt each");
        }
        else
        {
            NS_TEST_EXPECT_MSG_EQ(stats.retriesRefused, 0u, "none refused");
            NS_TEST_EXPECT_MSG_GT_OR_EQ(stats.retries, 2 * latencies.size(), "two each");
        }
        Simulator::Destroy();
    }

    bool m_budget;
};

/// The suite.
class DtocTestSuite : public TestSuite
{
  public:
    DtocTestSuite()
        : TestSuite("dtoc", Type::SYSTEM)
    {
        for (const char* strategy : {"Regular", "Peek", "State", "Callback"})
        {
            AddTestCase(new DetectionTest(strategy, true), Duration::QUICK);
            AddTestCase(new DetectionTest(strategy, false), Duration::QUICK);
        }
        AddTestCase(new DetectionTest("State", true, true), Duration::QUICK);
        AddTestCase(new BalanceTest(), Duration::QUICK);
        AddTestCase(new CodelTest(MilliSeconds(500)), Duration::QUICK);
        AddTestCase(new CodelTest(Seconds(5)), Duration::QUICK);
        AddTestCase(new LifoTest(true), Duration::QUICK);
        AddTestCase(new LifoTest(false), Duration::QUICK);
        AddTestCase(new InServiceAbortTest(true), Duration::QUICK);
        AddTestCase(new InServiceAbortTest(false), Duration::QUICK);
        AddTestCase(new InterimResponseTest(), Duration::QUICK);
        AddTestCase(new ClientRetryTest(false), Duration::QUICK);
        AddTestCase(new ClientRetryTest(true), Duration::QUICK);
    }
};

/// Static instance.
DtocTestSuite g_dtocTestSuite;

} // namespace
