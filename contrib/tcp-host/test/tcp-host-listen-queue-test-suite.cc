/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Segment-level tests of a listener's SYN and accept queues (TcpListenQueue,
// Linux's tcp_conn_request and tcp_check_req): clients connect at chosen
// times to a server whose application takes connections from the accept
// queue only from a chosen time on; each case checks, on the wire and at the
// sockets, what the rule it names does: a last ACK dropped on a full accept
// queue and the SYN+ACK resent until there is room, an RST instead with
// AbortOnOverflow, a SYN dropped on a full accept queue, cookies or drops on
// a full SYN queue, a cookie's missing retransmission, and TCP_DEFER_ACCEPT.

#include "tcp-close-harness.h"

#include "ns3/point-to-point-module.h"
#include "ns3/tcp-host-census.h"
#include "ns3/tcp-listen-queue.h"

using namespace ns3;
using namespace ns3::closetest;

namespace
{

/// One client connection of a case.
struct Client
{
    Time start;             //!< When it connects
    Time sendAt{-1};        //!< When it sends 100 bytes (-1: never)
    Ptr<Socket> socket;     //!< Its socket
    uint16_t port{0};       //!< Its port, once bound
    Time connected{-1};     //!< When its handshake completed at the client
    Time reset{-1};         //!< When it saw an RST (error close)
    Time accepted{-1};      //!< When the server's application took it
    uint32_t serverRead{0}; //!< Bytes the server's application read from it
};

/**
 * A client node and a server node on a 10 Mb/s link with 10 ms of delay
 * each way, both installed with TcpHostHelper; the server listens on port 80
 * with a TcpListenQueue of the case's attributes. Its application takes
 * connections from the accept queue (pull mode) from AcceptFrom on, or as
 * they come with Push.
 */
class ListenQueueCase : public TestCase
{
  public:
    /**
     * @param name the case's name
     * @param attributes the queue's attributes
     */
    ListenQueueCase(const std::string& name,
                    std::vector<std::pair<std::string, std::string>> attributes)
        : TestCase(name),
          m_attributes(std::move(attributes))
    {
    }

  protected:
    /// @brief Set the clients, drops and acceptance of the case.
    virtual void Script() = 0;
    /// @brief The case's checks, after the run.
    virtual void Check() = 0;

    /**
     * @param start when it connects
     * @param sendAt when it sends 100 bytes (-1: never)
     */
    void AddClient(Time start, Time sendAt = Time(-1))
    {
        m_clients.push_back({start, sendAt});
    }

    /**
     * @brief With backlog 1: the application away until 2.5 s, a client at
     * 0.1 s (it waits), two at 0.2 s (the second finds the queue full).
     */
    void OneWaitingTwoMore()
    {
        m_acceptFrom = Seconds(2.5);
        AddClient(Seconds(0.1));
        AddClient(Seconds(0.2));
        AddClient(Seconds(0.2));
    }

    /// @return segments the server sent to client i with SYN and ACK
    uint32_t SynAcksTo(uint32_t i) const
    {
        uint32_t n = 0;
        for (const auto& s : m_log)
        {
            n += !s.toServer && s.clientPort == m_clients[i].port &&
                 (s.flags & (TcpHeader::SYN | TcpHeader::ACK)) == (TcpHeader::SYN | TcpHeader::ACK);
        }
        return n;
    }

    /// @return SYNs (no ACK) client i sent
    uint32_t SynsFrom(uint32_t i) const
    {
        uint32_t n = 0;
        for (const auto& s : m_log)
        {
            n += s.toServer && s.clientPort == m_clients[i].port &&
                 (s.flags & (TcpHeader::SYN | TcpHeader::ACK)) == TcpHeader::SYN;
        }
        return n;
    }

    /// @return when the server first sent client i an RST, or -1
    Time RstTo(uint32_t i) const
    {
        for (const auto& s : m_log)
        {
            if (!s.toServer && s.clientPort == m_clients[i].port && s.Rst())
            {
                return s.at;
            }
        }
        return Time(-1);
    }

    Time m_acceptFrom{Seconds(0)};  //!< The application takes connections from then on
    bool m_push{false};             //!< The application takes them as they come
    std::vector<Client> m_clients;  //!< The case's clients
    std::vector<WireSegment> m_log; //!< Every segment on the link
    Ptr<Wire> m_toServer;           //!< Drops on the way to the server
    Ptr<TcpListenQueue> m_queue;    //!< The server's queues
    uint32_t m_maxAcceptQueue{0};   //!< Largest accept queue seen
    uint32_t m_maxSynQueue{0};      //!< Largest SYN queue seen
    TcpHostCensus m_census;         //!< The server node's census at the end

  private:
    void DoRun() override
    {
        Ptr<Node> clientNode = CreateObject<Node>();
        Ptr<Node> serverNode = CreateObject<Node>();
        TcpHostHelper helper;
        helper.SetSocketAttribute("ConnTimeout", TimeValue(Seconds(1)));
        helper.Install(clientNode);
        for (const auto& [name, value] : m_attributes)
        {
            helper.SetListenQueueAttribute(name, StringValue(value));
        }
        helper.Install(serverNode);
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", StringValue("10Mbps"));
        p2p.SetChannelAttribute("Delay", StringValue("10ms"));
        NetDeviceContainer devices = p2p.Install(clientNode, serverNode);
        m_toServer = CreateObject<Wire>(true, &m_log);
        devices.Get(1)->SetAttribute("ReceiveErrorModel", PointerValue(m_toServer));
        devices.Get(0)->SetAttribute("ReceiveErrorModel",
                                     PointerValue(CreateObject<Wire>(false, &m_log)));
        Ipv4AddressHelper addresses("10.0.0.0", "255.255.255.0");
        Ipv4Address server = addresses.Assign(devices).GetAddress(1);

        Ptr<Socket> listener = Socket::CreateSocket(serverNode, TcpHostSocketFactory::GetTypeId());
        listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), 80));
        listener->Listen();
        m_queue = DynamicCast<TcpHostSocket>(listener)->GetListenQueue();
        NS_TEST_ASSERT_MSG_NE(m_queue, nullptr, "the listener has its queues");
        m_queue->TraceConnectWithoutContext(
            "AcceptQueue",
            MakeCallback(&ListenQueueCase::AcceptQueueChanged, this));
        m_queue->TraceConnectWithoutContext("SynQueue",
                                            MakeCallback(&ListenQueueCase::SynQueueChanged, this));
        listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                    MakeCallback(&ListenQueueCase::Taken, this));

        Script();
        if (!m_push)
        {
            m_queue->SetAcceptReadyCallback(MakeCallback(&ListenQueueCase::Ready, this));
            Simulator::Schedule(m_acceptFrom, &ListenQueueCase::Ready, this);
        }
        for (uint32_t i = 0; i < m_clients.size(); ++i)
        {
            Client& c = m_clients[i];
            c.socket = Socket::CreateSocket(clientNode, TcpHostSocketFactory::GetTypeId());
            c.socket->Bind();
            Address local;
            c.socket->GetSockName(local);
            c.port = InetSocketAddress::ConvertFrom(local).GetPort();
            c.socket->SetConnectCallback(MakeBoundCallback(&ListenQueueCase::Connected, this, i),
                                         MakeNullCallback<void, Ptr<Socket>>());
            // ns-3 reports an RST in ESTABLISHED as a normal close: either.
            c.socket->SetCloseCallbacks(MakeBoundCallback(&ListenQueueCase::Reset, this, i),
                                        MakeBoundCallback(&ListenQueueCase::Reset, this, i));
            Simulator::Schedule(c.start, [&c, server]() {
                c.socket->Connect(InetSocketAddress(server, 80));
            });
            if (c.sendAt >= Seconds(0))
            {
                Simulator::Schedule(c.sendAt, [&c]() { c.socket->Send(Create<Packet>(100)); });
            }
        }
        Simulator::Stop(Seconds(20));
        Simulator::Run();
        m_census = TcpHostCensus::Take(serverNode);
        Check();
        m_clients.clear();
        m_queue = nullptr;
        Simulator::Destroy();
    }

    /// The application is ready: it takes every waiting connection.
    void Ready()
    {
        if (Simulator::Now() < m_acceptFrom)
        {
            return;
        }
        Address from;
        Time waited;
        while (Ptr<Socket> s = m_queue->Accept(from, waited))
        {
            Taken(s, from);
        }
    }

    /// The application has a connection (pulled, or pushed to it).
    void Taken(Ptr<Socket> s, const Address& from)
    {
        uint16_t port = InetSocketAddress::ConvertFrom(from).GetPort();
        for (auto& c : m_clients)
        {
            if (c.port == port)
            {
                c.accepted = Simulator::Now();
                s->SetRecvCallback(MakeCallback(&ListenQueueCase::Read, this));
                Read(s);
                m_accepted[PeekPointer(s)] = &c;
            }
        }
    }

    /// The server's application reads.
    void Read(Ptr<Socket> s)
    {
        while (Ptr<Packet> p = s->Recv())
        {
            auto it = m_accepted.find(PeekPointer(s));
            if (it != m_accepted.end())
            {
                it->second->serverRead += p->GetSize();
            }
        }
    }

    /// @brief The client's handshake completed.
    static void Connected(ListenQueueCase* self, uint32_t i, Ptr<Socket>)
    {
        self->m_clients[i].connected = Simulator::Now();
    }

    /// @brief The client's connection closed (none of them closes: an RST).
    static void Reset(ListenQueueCase* self, uint32_t i, Ptr<Socket>)
    {
        self->m_clients[i].reset = Simulator::Now();
    }

    /// @brief The accept queue's length changed.
    void AcceptQueueChanged(uint32_t, uint32_t now)
    {
        m_maxAcceptQueue = std::max(m_maxAcceptQueue, now);
    }

    /// @brief The SYN queue's length changed.
    void SynQueueChanged(uint32_t, uint32_t now)
    {
        m_maxSynQueue = std::max(m_maxSynQueue, now);
    }

    std::vector<std::pair<std::string, std::string>> m_attributes; //!< The queue's attributes
    std::map<Socket*, Client*> m_accepted;                         //!< Server sockets' clients
};

/// Backlog 1, the application away until 2.5 s: a third handshake finds
/// the accept queue full; its last ACK is dropped, the SYN+ACK resent at
/// 1.2 s draws a new ACK (#21: the client answers it), dropped too, and the
/// one resent at 3.2 s, after the application's return, completes it.
class AcceptQueueFullDropsLastAck : public ListenQueueCase
{
  public:
    AcceptQueueFullDropsLastAck()
        : ListenQueueCase("accept queue full: the last ACK is dropped and the SYN+ACK resent "
                          "until there is room (ListenOverflows)",
                          {{"Backlog", "1"}})
    {
    }

  private:
    void Script() override
    {
        OneWaitingTwoMore();
    }

    void Check() override
    {
        const auto& counters = m_queue->GetCounters();
        NS_TEST_EXPECT_MSG_EQ(m_maxAcceptQueue, 2u, "backlog 1: the queue is full past 1");
        NS_TEST_EXPECT_MSG_EQ(counters.listenOverflows, 2u, "the last ACK at 0.22 s and 1.22 s");
        NS_TEST_EXPECT_MSG_EQ(SynAcksTo(2), 3u, "SYN+ACK at 0.2 s, 1.2 s and 3.2 s");
        NS_TEST_EXPECT_MSG_LT(m_clients[2].connected, Seconds(0.3), "the client thinks it is in");
        NS_TEST_EXPECT_MSG_GT(m_clients[2].accepted, Seconds(3.2), "in after the third SYN+ACK");
        NS_TEST_EXPECT_MSG_LT(m_clients[2].accepted, Seconds(3.3), "drawn by it");
        NS_TEST_EXPECT_MSG_LT(m_clients[1].accepted, Seconds(2.6), "the second waited its turn");
        NS_TEST_EXPECT_MSG_EQ(counters.accepted, 3u, "all three taken");
        NS_TEST_EXPECT_MSG_EQ(m_queue->GetSynQueueLength(), 0u, "none left in SYN_RCVD");
    }
};

/// The same with AbortOnOverflow: the third gets an RST instead.
class AbortOnOverflowResets : public ListenQueueCase
{
  public:
    AbortOnOverflowResets()
        : ListenQueueCase("accept queue full, AbortOnOverflow: the last ACK is answered with an "
                          "RST (EmbryonicRsts)",
                          {{"Backlog", "1"}, {"AbortOnOverflow", "true"}})
    {
    }

  private:
    void Script() override
    {
        OneWaitingTwoMore();
    }

    void Check() override
    {
        const auto& counters = m_queue->GetCounters();
        NS_TEST_EXPECT_MSG_EQ(counters.embryonicRsts, 1u, "one connection reset");
        NS_TEST_EXPECT_MSG_GT(m_clients[2].reset, Seconds(0.2), "the client hears it");
        NS_TEST_EXPECT_MSG_LT(m_clients[2].reset, Seconds(0.3), "at once");
        NS_TEST_EXPECT_MSG_EQ(SynAcksTo(2), 1u, "no SYN+ACK after the RST");
        NS_TEST_EXPECT_MSG_EQ(counters.accepted, 2u, "two taken");
        NS_TEST_EXPECT_MSG_EQ(m_clients[2].accepted, Time(-1), "the third never");
    }
};

/// Backlog 1 and two connections waiting: a third SYN is dropped (no
/// SYN+ACK) until the application takes them; the client's SYN resent after
/// that gets in.
class AcceptQueueFullDropsSyn : public ListenQueueCase
{
  public:
    AcceptQueueFullDropsSyn()
        : ListenQueueCase("accept queue full: a SYN is dropped, and gets in once the "
                          "application has taken the waiting connections",
                          {{"Backlog", "1"}})
    {
    }

  private:
    void Script() override
    {
        m_acceptFrom = Seconds(2);
        AddClient(Seconds(0.1));
        AddClient(Seconds(0.2));
        AddClient(Seconds(0.3)); // SYNs at 0.3, 1.3, 3.3 s (1 s, doubled)
    }

    void Check() override
    {
        const auto& counters = m_queue->GetCounters();
        NS_TEST_EXPECT_MSG_EQ(counters.listenOverflows, 2u, "the SYNs at 0.3 s and 1.3 s");
        NS_TEST_EXPECT_MSG_EQ(counters.listenDrops, 2u, "both dropped");
        NS_TEST_EXPECT_MSG_EQ(m_census.GetListenDrops(), 2u, "the census sums the drops");
        NS_TEST_EXPECT_MSG_EQ(SynsFrom(2), 3u, "the client sent its SYN three times");
        NS_TEST_EXPECT_MSG_EQ(SynAcksTo(2), 1u, "one SYN+ACK, to the third");
        NS_TEST_EXPECT_MSG_GT(m_clients[2].connected, Seconds(3.3), "in after the third SYN");
        NS_TEST_EXPECT_MSG_LT(m_clients[2].connected, Seconds(3.4), "at once then");
    }
};

/// Ten SYNs at once, backlog 4: five fill the SYN queue (full past the
/// backlog); the other five are answered with cookies, or, without cookies,
/// dropped.
class SynQueueFull : public ListenQueueCase
{
  public:
    /// @param cookies the SynCookies attribute
    explicit SynQueueFull(const std::string& cookies)
        : ListenQueueCase("SYN queue full, SynCookies " + cookies + ": " +
                              (cookies == "Never" ? "the SYNs past it are dropped (ReqQFullDrop)"
                                                  : "the SYNs past it get cookies "
                                                    "(ReqQFullDoCookies)"),
                          {{"Backlog", "4"}, {"SynCookies", cookies}}),
          m_cookies(cookies != "Never")
    {
    }

  private:
    void Script() override
    {
        m_push = true;
        for (uint32_t i = 0; i < 10; ++i)
        {
            AddClient(Seconds(0.1));
        }
    }

    void Check() override
    {
        const auto& counters = m_queue->GetCounters();
        NS_TEST_EXPECT_MSG_EQ(m_maxSynQueue, 5u, "backlog 4: full past 4");
        uint32_t inFirstRound = 0;
        for (const auto& c : m_clients)
        {
            inFirstRound += c.connected >= Seconds(0) && c.connected < Seconds(0.2);
        }
        if (m_cookies)
        {
            NS_TEST_EXPECT_MSG_EQ(counters.reqQFullDoCookies, 5u, "five cookies");
            NS_TEST_EXPECT_MSG_EQ(inFirstRound, 10u, "every client in at once");
        }
        else
        {
            NS_TEST_EXPECT_MSG_EQ(counters.reqQFullDrop, 5u, "five SYNs dropped");
            NS_TEST_EXPECT_MSG_EQ(inFirstRound, 5u, "five in at once");
        }
        NS_TEST_EXPECT_MSG_EQ(counters.accepted, 10u, "all ten in the end");
    }

    bool m_cookies; //!< Cookies on
};

/// Both clients' last ACK lost; they send at 1.5 s and 0.5 s. With
/// SynCookies Always both are cookies (honoured for 1 s here): no SYN+ACK
/// is resent, the second's data completes its handshake, the first's comes
/// after its cookie lapsed and is refused. Without cookies the first's
/// SYN+ACK is resent at 1.1 s and the client's answer completes it.
class CookieKeepsNoState : public ListenQueueCase
{
  public:
    /// @param cookies the SynCookies attribute
    explicit CookieKeepsNoState(const std::string& cookies)
        : ListenQueueCase(cookies == "Always"
                              ? "a cookie resends no SYN+ACK; the client's data completes the "
                                "handshake its lost ACK did not"
                              : "without a cookie the SYN+ACK is resent after the last ACK's "
                                "loss",
                          {{"SynCookies", cookies}, {"CookieLifetime", "1s"}}),
          m_cookie(cookies == "Always")
    {
    }

  private:
    void Script() override
    {
        m_push = true;
        AddClient(Seconds(0.1), Seconds(1.5));
        AddClient(Seconds(0.1), Seconds(0.5));
        m_toServer->DropEvery(
            [](const WireSegment& s) { return s.PureAck() && s.at < Seconds(0.2); });
    }

    void Check() override
    {
        NS_TEST_EXPECT_MSG_EQ(m_queue->GetCounters().cookiesSent, (m_cookie ? 2u : 0u), "cookies");
        NS_TEST_EXPECT_MSG_EQ(SynAcksTo(0), (m_cookie ? 1u : 2u), "SYN+ACKs to the silent client");
        NS_TEST_EXPECT_MSG_EQ(SynAcksTo(1), 1u, "SYN+ACKs to the other");
        if (m_cookie)
        {
            NS_TEST_EXPECT_MSG_EQ(m_clients[0].accepted, Time(-1), "the lapsed cookie: never");
            NS_TEST_EXPECT_MSG_GT(m_clients[0].reset, Seconds(1.5), "its data refused");
        }
        else
        {
            NS_TEST_EXPECT_MSG_GT(m_clients[0].accepted, Seconds(1.1), "after the resend");
            NS_TEST_EXPECT_MSG_LT(m_clients[0].accepted, Seconds(1.2), "drawn by it");
        }
        NS_TEST_EXPECT_MSG_GT(m_clients[1].accepted, Seconds(0.5), "completed by the data");
        NS_TEST_EXPECT_MSG_LT(m_clients[1].accepted, Seconds(0.6), "at once");
        NS_TEST_EXPECT_MSG_EQ(m_clients[1].serverRead, 100u, "the data read");
    }

    bool m_cookie; //!< SynCookies Always
};

/// TCP_DEFER_ACCEPT of 3 s (two SYN+ACK timeouts): a client that sends
/// nothing has its bare ACK dropped, gets no SYN+ACK at the first expiry
/// (1 s: Linux's syn_ack_recalc resends after a bare ACK only from the
/// deferring period's last expiry on) and is taken when its ACK answers the
/// one of the second (3 s); one that sends at 0.5 s is taken then.
class DeferAccept : public ListenQueueCase
{
  public:
    DeferAccept()
        : ListenQueueCase("DeferAccept 3 s: a last ACK without data is dropped, no SYN+ACK "
                          "again until the period's last expiry, whose ACK completes it; data "
                          "completes the handshake at once",
                          {{"DeferAccept", "3s"}})
    {
    }

  private:
    void Script() override
    {
        m_push = true;
        AddClient(Seconds(0.1));
        AddClient(Seconds(0.1), Seconds(0.5));
    }

    void Check() override
    {
        NS_TEST_EXPECT_MSG_EQ(TcpListenQueue::TimeoutsIn(Seconds(3)), 2u, "secs_to_retrans(3)");
        NS_TEST_EXPECT_MSG_EQ(TcpListenQueue::TimeoutsIn(Seconds(4)), 3u, "secs_to_retrans(4)");
        // syn_ack_recalc's resend, 3 s: from num_timeout 1 on after a bare ACK
        NS_TEST_EXPECT_MSG_EQ(m_queue->ResendsSynAck(true, 0), false, "deferred: not at 1 s");
        NS_TEST_EXPECT_MSG_EQ(m_queue->ResendsSynAck(true, 1), true, "the last expiry");
        NS_TEST_EXPECT_MSG_EQ(m_queue->ResendsSynAck(false, 0), true, "no bare ACK yet");
        NS_TEST_EXPECT_MSG_EQ(m_queue->GetCounters().deferAcceptDrop,
                              2u,
                              "bare ACKs: 1 of the silent client's (none drawn at 1 s), 1 of "
                              "the other's");
        NS_TEST_EXPECT_MSG_GT(m_clients[0].accepted, Seconds(3.1), "after the last expiry");
        NS_TEST_EXPECT_MSG_LT(m_clients[0].accepted, Seconds(3.2), "drawn by it");
        NS_TEST_EXPECT_MSG_GT(m_clients[1].accepted, Seconds(0.5), "with its data");
        NS_TEST_EXPECT_MSG_LT(m_clients[1].accepted, Seconds(0.6), "at once");
        NS_TEST_EXPECT_MSG_EQ(m_clients[1].serverRead, 100u, "its data read");
    }
};

/// The suite.
class TcpHostListenQueueTestSuite : public TestSuite
{
  public:
    TcpHostListenQueueTestSuite()
        : TestSuite("tcp-host-listen-queue", Type::UNIT)
    {
        AddTestCase(new AcceptQueueFullDropsLastAck, Duration::QUICK);
        AddTestCase(new AbortOnOverflowResets, Duration::QUICK);
        AddTestCase(new AcceptQueueFullDropsSyn, Duration::QUICK);
        AddTestCase(new SynQueueFull("OnOverflow"), Duration::QUICK);
        AddTestCase(new SynQueueFull("Never"), Duration::QUICK);
        AddTestCase(new CookieKeepsNoState("Always"), Duration::QUICK);
        AddTestCase(new CookieKeepsNoState("OnOverflow"), Duration::QUICK);
        AddTestCase(new DeferAccept, Duration::QUICK);
    }
};

/// Static instance.
TcpHostListenQueueTestSuite g_tcpHostListenQueueTestSuite;

} // namespace
