/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tests of connect()'s local port as Linux chooses it (LocalPortAllocator:
// ip_local_port_range, a port budget per destination, tcp_tw_reuse). A
// client node and a server node on a 10 Mb/s link with 10 ms of delay each
// way, both installed with TcpHostHelper; the server listens on port 80 and
// 81 of its two addresses and closes each connection once the client has
// closed it, so that TIME_WAIT stays at the client. Each case checks what
// connect() returns, the ports it chose, the allocator's and the TIME_WAIT
// table's counters, and, on the wire, the SYN of a connection that took
// over a TIME_WAIT.

#include "tcp-close-harness.h"

#include "ns3/local-port-allocator.h"
#include "ns3/point-to-point-module.h"
#include "ns3/time-wait-table.h"

#include <set>

using namespace ns3;
using namespace ns3::closetest;

namespace
{

/// One connect() of a case.
struct Attempt
{
    Time at;                   //!< When it connects
    bool secondPort{false};    //!< To port 81 (else 80)
    bool secondAddress{false}; //!< To the server's second address (else its first)
    Ptr<Socket> socket;        //!< Its socket
    int result{1};             //!< What Connect() returned (1: not yet called)
    Socket::SocketErrno error{Socket::ERROR_NOTERROR}; //!< GetErrno() after a failure
    uint16_t port{0};                                  //!< Its local port, on success
    bool connected{false};                             //!< The handshake completed
    Time closeAt{-1};                                  //!< When the client closes it (-1: never)
};

/**
 * The two nodes, the server's listeners and what the case's connects do;
 * a subclass sets the client's helper, the attempts and the checks.
 */
class LocalPortsCase : public TestCase
{
  public:
    /// @param name the case's name
    explicit LocalPortsCase(const std::string& name)
        : TestCase(name)
    {
    }

  protected:
    /**
     * @brief Configure the client's helper (profile, allocator, attributes).
     * @param helper the client's helper, before Install
     */
    virtual void SetUpClient(TcpHostHelper& helper) = 0;
    /// @brief Add the attempts (AddAttempt).
    virtual void Script() = 0;
    /// @brief The case's checks, after the run.
    virtual void Check() = 0;

    /**
     * @param at when it connects
     * @param closeAt when the client closes it (-1: never)
     * @param secondPort to port 81
     * @param secondAddress to the server's second address
     */
    void AddAttempt(Time at,
                    Time closeAt = Time(-1),
                    bool secondPort = false,
                    bool secondAddress = false)
    {
        Attempt a;
        a.at = at;
        a.closeAt = closeAt;
        a.secondPort = secondPort;
        a.secondAddress = secondAddress;
        m_attempts.push_back(a);
    }

    /// @return the client's allocator (null: none)
    Ptr<LocalPortAllocator> Allocator() const
    {
        return m_client->GetObject<LocalPortAllocator>();
    }

    /// @return the client's TIME_WAIT table (null: none)
    Ptr<TimeWaitTable> Table() const
    {
        return m_client->GetObject<TimeWaitTable>();
    }

    /**
     * @param port a client port
     * @param after the earliest time
     * @return the sequence number of the first SYN from that port at or after then, or -1
     */
    int64_t SynSeq(uint16_t port, Time after) const
    {
        for (const auto& s : m_log)
        {
            if (s.toServer && s.clientPort == port && s.at >= after &&
                (s.flags & (TcpHeader::SYN | TcpHeader::ACK)) == TcpHeader::SYN)
            {
                return s.seq;
            }
        }
        return -1;
    }

    /**
     * @param port a client port
     * @param before the latest time
     * @return the sequence number of the client's last FIN from that port before then, or -1
     */
    int64_t FinSeq(uint16_t port, Time before) const
    {
        int64_t seq = -1;
        for (const auto& s : m_log)
        {
            if (s.toServer && s.clientPort == port && s.at < before && s.Fin())
            {
                seq = s.seq;
            }
        }
        return seq;
    }

    std::vector<Attempt> m_attempts;                           //!< The case's connects
    std::vector<WireSegment> m_log;                            //!< Every segment on the link
    std::vector<std::pair<Ipv4Address, uint16_t>> m_exhausted; //!< Exhausted trace calls
    std::vector<std::pair<uint16_t, uint32_t>> m_chosen;       //!< Chosen trace calls
    Ptr<Node> m_client;                                        //!< The client node
    Ipv4Address m_server;                                      //!< The server's first address
    Ipv4Address m_server2{"10.0.0.3"};                         //!< Its second address
    bool m_loopback{false}; //!< The client connects to its own listeners at 127.0.0.1

  private:
    void DoRun() override
    {
        m_client = CreateObject<Node>();
        Ptr<Node> serverNode = CreateObject<Node>();
        TcpHostHelper clientHelper;
        SetUpClient(clientHelper);
        clientHelper.Install(m_client);
        TcpHostHelper serverHelper;
        serverHelper.Install(serverNode);
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", StringValue("10Mbps"));
        p2p.SetChannelAttribute("Delay", StringValue("10ms"));
        NetDeviceContainer devices = p2p.Install(m_client, serverNode);
        devices.Get(1)->SetAttribute("ReceiveErrorModel",
                                     PointerValue(CreateObject<Wire>(true, &m_log)));
        devices.Get(0)->SetAttribute("ReceiveErrorModel",
                                     PointerValue(CreateObject<Wire>(false, &m_log)));
        Ipv4AddressHelper addresses("10.0.0.0", "255.255.255.0");
        m_server = addresses.Assign(devices).GetAddress(1);
        // A second address on the server's interface: another destination.
        Ptr<Ipv4> serverIp = serverNode->GetObject<Ipv4>();
        serverIp->AddAddress(serverIp->GetInterfaceForDevice(devices.Get(1)),
                             Ipv4InterfaceAddress(m_server2, "255.255.255.0"));
        if (Ptr<LocalPortAllocator> ports = Allocator())
        {
            ports->TraceConnectWithoutContext("Exhausted",
                                              MakeCallback(&LocalPortsCase::Exhausted, this));
            ports->TraceConnectWithoutContext("Chosen",
                                              MakeCallback(&LocalPortsCase::Chosen, this));
        }

        std::vector<Ptr<Socket>> listeners;
        for (uint16_t port : {80, 81})
        {
            Ptr<Socket> listener = Socket::CreateSocket(m_loopback ? m_client : serverNode,
                                                        TcpHostSocketFactory::GetTypeId());
            listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), port));
            listener->Listen();
            listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                        MakeCallback(&LocalPortsCase::Accepted, this));
            listeners.push_back(listener);
        }

        Script();
        for (auto& a : m_attempts)
        {
            a.socket = Socket::CreateSocket(m_client, TcpHostSocketFactory::GetTypeId());
            a.socket->SetConnectCallback(MakeBoundCallback(&LocalPortsCase::Connected, &a),
                                         MakeNullCallback<void, Ptr<Socket>>());
            Simulator::Schedule(a.at, [this, &a]() {
                Ipv4Address to = m_loopback        ? Ipv4Address::GetLoopback()
                                 : a.secondAddress ? m_server2
                                                   : m_server;
                a.result = a.socket->Connect(InetSocketAddress(to, a.secondPort ? 81 : 80));
                if (a.result == 0)
                {
                    Address local;
                    a.socket->GetSockName(local);
                    a.port = InetSocketAddress::ConvertFrom(local).GetPort();
                }
                else
                {
                    a.error = a.socket->GetErrno();
                }
            });
            if (a.closeAt >= Seconds(0))
            {
                Simulator::Schedule(a.closeAt, [&a]() { a.socket->Close(); });
            }
        }
        Simulator::Stop(Seconds(20));
        Simulator::Run();
        Check();
        m_attempts.clear();
        m_client = nullptr;
        Simulator::Destroy();
    }

    /// The server has a connection: it closes it once the client has.
    void Accepted(Ptr<Socket> s, const Address& /* from */)
    {
        s->SetCloseCallbacks(MakeCallback(&LocalPortsCase::PeerClosed, this),
                             MakeNullCallback<void, Ptr<Socket>>());
    }

    /// The client closed: the server closes too (LAST_ACK; TIME_WAIT is the client's).
    void PeerClosed(Ptr<Socket> s)
    {
        s->Close();
    }

    /**
     * @param a the attempt
     * @param s its socket
     */
    static void Connected(Attempt* a, Ptr<Socket> /* s */)
    {
        a->connected = true;
    }

    /**
     * @param peer the destination
     * @param port its port
     */
    void Exhausted(Ipv4Address peer, uint16_t port)
    {
        m_exhausted.emplace_back(peer, port);
    }

    /**
     * @param port the port chosen
     * @param probed ports probed
     */
    void Chosen(uint16_t port, uint32_t probed)
    {
        m_chosen.emplace_back(port, probed);
    }
};

/// A row of the budget cases: one client set-up.
struct BudgetRow
{
    std::string name;    //!< The case's name
    std::string profile; //!< The client's profile ("": none)
    bool allocator;      //!< The client has a LocalPortAllocator, range [40000, 40003]
};

/**
 * Five connects to the server's port 80 at 0.1 s, then one to its port 81
 * and one to its second address: with a range of four ports the fifth
 * fails with ERROR_ADDRNOTAVAIL and Exhausted fires; the other destinations
 * have the range again. Without an allocator, ns-3's ephemeral ports.
 */
class BudgetCase : public LocalPortsCase
{
  public:
    /// @param row the row
    explicit BudgetCase(BudgetRow row)
        : LocalPortsCase("budget: " + row.name),
          m_row(std::move(row))
    {
    }

  private:
    static constexpr uint16_t LOW = 40000;  //!< LowPort
    static constexpr uint16_t HIGH = 40003; //!< HighPort

    void SetUpClient(TcpHostHelper& helper) override
    {
        if (!m_row.profile.empty())
        {
            helper.SetProfile(m_row.profile);
        }
        if (m_row.allocator)
        {
            helper.SetLocalPortAttribute("LowPort", UintegerValue(LOW));
            helper.SetLocalPortAttribute("HighPort", UintegerValue(HIGH));
        }
    }

    void Script() override
    {
        for (int i = 0; i < 5; ++i)
        {
            AddAttempt(Seconds(0.1));
        }
        AddAttempt(Seconds(0.2), Time(-1), true);        // port 81
        AddAttempt(Seconds(0.2), Time(-1), false, true); // the second address
    }

    void Check() override
    {
        std::set<uint16_t> ports80;
        for (uint32_t i = 0; i < m_attempts.size(); ++i)
        {
            const Attempt& a = m_attempts[i];
            bool fifth = i == 4;
            if (fifth && m_row.allocator)
            {
                NS_TEST_EXPECT_MSG_EQ(a.result, -1, "the fifth connect to :80 has no port");
                NS_TEST_EXPECT_MSG_EQ(a.error, Socket::ERROR_ADDRNOTAVAIL, "EADDRNOTAVAIL");
                NS_TEST_EXPECT_MSG_EQ(a.connected, false, "no connection");
                continue;
            }
            NS_TEST_EXPECT_MSG_EQ(a.result, 0, "connect " << i << " succeeds");
            NS_TEST_EXPECT_MSG_EQ(a.connected, true, "connection " << i << " is established");
            if (m_row.allocator)
            {
                NS_TEST_EXPECT_MSG_GT_OR_EQ(a.port, LOW, "port of " << i << " in the range");
                NS_TEST_EXPECT_MSG_LT_OR_EQ(a.port, HIGH, "port of " << i << " in the range");
            }
            else
            {
                // ns-3's ephemeral ports: the next free one from 49152 up
                NS_TEST_EXPECT_MSG_EQ(a.port, 49153 + i, "ns-3's ephemeral port for " << i);
            }
            if (i < 5)
            {
                ports80.insert(a.port);
            }
        }
        uint32_t to80 = m_row.allocator ? 4 : 5;
        NS_TEST_EXPECT_MSG_EQ(ports80.size(), to80, "each connection to :80 its own port");
        if (m_row.allocator)
        {
            NS_TEST_EXPECT_MSG_EQ(m_exhausted.size(), 1u, "Exhausted fired once");
            if (!m_exhausted.empty()) // test-runner goes on after a failed check
            {
                NS_TEST_EXPECT_MSG_EQ(m_exhausted[0].first, m_server, "for the server");
                NS_TEST_EXPECT_MSG_EQ(m_exhausted[0].second, 80, "and its port 80");
            }
            NS_TEST_EXPECT_MSG_EQ(Allocator()->GetExhausted(), 1u, "counted");
            NS_TEST_EXPECT_MSG_EQ(Allocator()->GetChosen(), 6u, "six ports chosen");
            NS_TEST_EXPECT_MSG_EQ(m_chosen.size(), 6u, "Chosen fired six times");
        }
        else
        {
            NS_TEST_EXPECT_MSG_EQ(Allocator(), nullptr, "no allocator");
        }
    }

    BudgetRow m_row; //!< The row
};

/// A row of the TIME_WAIT cases.
struct TimeWaitRow
{
    std::string name;     //!< The case's name
    std::string profile;  //!< The client's profile ("": none: TIME_WAIT stays in the socket)
    std::string twReuse;  //!< TwReuse ("": the default, LoopbackOnly)
    bool early;           //!< The connect 0.5 s into TIME_WAIT succeeds
    bool afterDelay;      //!< The one 1.5 s into it succeeds (reuse)
    bool afterExpiry;     //!< The one after TIME_WAIT's end succeeds
    bool loopback{false}; //!< To the client's own listener at 127.0.0.1 (no wire to look at)
};

/**
 * Range [40000, 40001]: two connections at 0.1 s, which the client closes
 * at 1 s, so that their TIME_WAIT (10 s, from about 1.02 s) holds both
 * 4-tuples. Connects to the same destination then 0.5 s into TIME_WAIT
 * (before TwReuseDelay), 1.5 s into it (after) and after it ended (12 s).
 */
class TimeWaitCase : public LocalPortsCase
{
  public:
    /// @param row the row
    explicit TimeWaitCase(TimeWaitRow row)
        : LocalPortsCase("TIME_WAIT: " + row.name),
          m_row(std::move(row))
    {
        m_loopback = m_row.loopback;
    }

  private:
    void SetUpClient(TcpHostHelper& helper) override
    {
        if (!m_row.profile.empty())
        {
            helper.SetProfile(m_row.profile);
            helper.SetTimeWaitTableAttribute("Duration", TimeValue(Seconds(10)));
        }
        else
        {
            helper.SetSocketAttribute("MaxSegLifetime", DoubleValue(5)); // 2 * MSL = 10 s
        }
        helper.SetLocalPortAttribute("LowPort", UintegerValue(40000));
        helper.SetLocalPortAttribute("HighPort", UintegerValue(40001));
        if (!m_row.twReuse.empty())
        {
            helper.SetLocalPortAttribute("TwReuse", StringValue(m_row.twReuse));
        }
    }

    void Script() override
    {
        AddAttempt(Seconds(0.1), Seconds(1));
        AddAttempt(Seconds(0.1), Seconds(1));
        AddAttempt(Seconds(1.5));
        AddAttempt(Seconds(2.5));
        AddAttempt(Seconds(12));
    }

    void Check() override
    {
        for (uint32_t i = 0; i < 2; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(m_attempts[i].result, 0, "connection " << i);
            NS_TEST_EXPECT_MSG_EQ(m_attempts[i].connected, true, "connection " << i);
        }

        struct
        {
            const Attempt& attempt;
            bool expected;
            const char* when;
        } late[] = {{m_attempts[2], m_row.early, "0.5 s into TIME_WAIT"},
                    {m_attempts[3], m_row.afterDelay, "1.5 s into TIME_WAIT"},
                    {m_attempts[4], m_row.afterExpiry, "after TIME_WAIT"}};

        for (const auto& l : late)
        {
            NS_TEST_EXPECT_MSG_EQ(l.attempt.result,
                                  (l.expected ? 0 : -1),
                                  "connect " << l.when << (l.expected ? " succeeds" : " fails"));
            if (l.expected)
            {
                NS_TEST_EXPECT_MSG_EQ(l.attempt.connected, true, "connected " << l.when);
            }
            else
            {
                NS_TEST_EXPECT_MSG_EQ(l.attempt.error, Socket::ERROR_ADDRNOTAVAIL, l.when);
            }
        }
        // Only the connect after TwReuseDelay takes a TIME_WAIT over.
        uint64_t reused = m_row.afterDelay ? 1 : 0;
        NS_TEST_EXPECT_MSG_EQ(Allocator()->GetTimeWaitReused(), reused, "TIME_WAITs taken over");
        if (Table())
        {
            NS_TEST_EXPECT_MSG_EQ(Table()->GetReused(), reused, "records taken over");
        }
        if (m_row.afterDelay && !m_row.loopback)
        {
            // tcp_twsk_unique: the new SYN starts 65535 + 2 above the old
            // connection's SND.NXT (its FIN's sequence number + 1).
            const Attempt& a = m_attempts[3];
            int64_t fin = FinSeq(a.port, Seconds(2.5));
            int64_t syn = SynSeq(a.port, Seconds(2.5));
            NS_TEST_EXPECT_MSG_NE(fin, -1, "the old connection's FIN from port " << a.port);
            NS_TEST_EXPECT_MSG_EQ(syn, (fin + 1 + 65537) % (int64_t(1) << 32), "the new ISN");
        }
    }

    TimeWaitRow m_row; //!< The row
};

/// The suite.
class TcpHostLocalPortsTestSuite : public TestSuite
{
  public:
    TcpHostLocalPortsTestSuite()
        : TestSuite("tcp-host-local-ports", Type::UNIT)
    {
        for (const BudgetRow& row : {
                 BudgetRow{"Linux-6, 4 ports", "Linux-6", true},
                 BudgetRow{"no profile, 4 ports", "", true},
                 BudgetRow{"no allocator: ns-3's ephemeral ports", "", false},
             })
        {
            AddTestCase(new BudgetCase(row), Duration::QUICK);
        }
        // Name, profile, TwReuse; whether the connects 0.5 s and 1.5 s into
        // TIME_WAIT, and after it, succeed; loopback.
        for (const TimeWaitRow& row : {
                 TimeWaitRow{"records, Off", "Linux-6", "Off", false, false, true},
                 TimeWaitRow{"records, On", "Linux-6", "On", false, true, true},
                 TimeWaitRow{"records, LoopbackOnly, not loopback",
                             "Linux-6",
                             "",
                             false,
                             false,
                             true},
                 TimeWaitRow{"records, LoopbackOnly, loopback",
                             "Linux-6",
                             "",
                             false,
                             true,
                             true,
                             true},
                 TimeWaitRow{"records, On, no timestamps",
                             "Linux-6-no-tcp-options",
                             "On",
                             false,
                             false,
                             true},
                 TimeWaitRow{"socket, Off", "", "Off", false, false, true},
                 TimeWaitRow{"socket, On", "", "On", false, true, true},
             })
        {
            AddTestCase(new TimeWaitCase(row), Duration::QUICK);
        }
    }
};

/// Static instance.
TcpHostLocalPortsTestSuite g_tcpHostLocalPortsTestSuite;

} // namespace
