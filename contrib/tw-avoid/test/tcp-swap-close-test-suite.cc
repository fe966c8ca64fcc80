/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Socket-level tests of the swap close: the exact state sequences of both
// diagrams of the TIME_WAIT draft, a lost RST, an RFC 1337 server, a stock
// ns-3 server, data delivery and full release of both ends.

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/error-model.h"
#include "ns3/http-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/tcp-host-module.h"
#include "ns3/tw-avoid-module.h"

using namespace ns3;

namespace
{

using States = std::vector<TcpSocket::TcpStates_t>;

/// What a close scenario is made of.
struct CloseConfig
{
    std::string serverSocketType{"ns3::TcpHostSocket"};    //!< Server's socket class
    TwAvoidHelper::Role clientRole{TwAvoidHelper::CLIENT}; //!< Client node's role
    bool clientCallsCloseSwap{false};      //!< Client app calls CloseSwap() explicitly
    std::string serverRstPolicy{"Accept"}; //!< Server's TimeWaitRstPolicy
    bool dropRst{false};                   //!< Drop the client's RST on the wire
    uint32_t responseBytes{20000};         //!< Server -> client before the server closes
    uint32_t lastWordBytes{0};             //!< Client -> server just before the client closes
    int dropLastWordSegment{-1};           //!< Drop this data segment of the last word (0: first)
    bool dropFinalAck{false};              //!< Drop the server's ACK of the client's FIN
    bool sack{true};                       //!< SACK on both ends
    bool clientNegotiates{false};          //!< Client offers the TIME_WAIT option
    bool serverNegotiates{false};          //!< Server accepts it
    // The server reads the client's last word after its own Close(), as
    // ns-3's Close() allows; with RFC 1122's RST (the socket's default) that
    // data would end the connection instead.
    bool serverResetsDataAfterClose{false}; //!< Server's ResetDataAfterClose
};

/// What happened, seen from both ends.
struct CloseOutcome
{
    States client;                                     //!< Client states (State trace)
    States server;                                     //!< Server accepted socket states
    std::vector<TcpHostSocket::ClosePhase> clientSwap; //!< Client swap phases
    std::vector<TcpHostSocket::ClosePhase> serverSwap; //!< Server swap phases
    Time clientTimeWaitAt{-1};                         //!< Client entered TIME_WAIT
    Time clientClosedAt{-1};                           //!< Client reached CLOSED
    Time serverTimeWaitAt{-1};                         //!< Server entered TIME_WAIT
    Time serverClosedAt{-1};                           //!< Server reached CLOSED
    uint32_t clientRxBytes{0};                         //!< Bytes the client read
    uint32_t serverRxBytes{0};                         //!< Bytes the server read
    uint32_t rstSent{0};                               //!< RSTs the client sent
    bool clientTupleHeldInTimeWait{false};             //!< Client endpoint still allocated in TW
    bool serverSocketIsSubclass{false};                //!< Fork kept the class
    uint32_t clientSocketsLeft{99};                    //!< TcpL4Protocol sockets at the end
    uint32_t serverSocketsLeft{99};                    //!< idem, server
    bool clientTupleFreeAtEnd{false};                  //!< Endpoint released at the client
    bool serverTupleFreeAtEnd{false};                  //!< Endpoint released at the server
    uint32_t clientTcbsLeft{99};                       //!< Host model TCBs at the end
    uint32_t serverTcbsLeft{99};                       //!< idem, server
};

const double MSL = 1.0; // seconds; 2*MSL = 2 s keeps the tests short

/**
 * Drops the next packet with a given UID, once. (Segments cut from one
 * application packet, and their retransmissions, share its UID, so a
 * ListErrorModel would drop them all, for ever.)
 */
class DropOnceErrorModel : public ErrorModel
{
  public:
    /**
     * @brief Arm it.
     * @param uid the UID of the packet to drop
     */
    void DropNext(uint64_t uid)
    {
        m_uid = uid;
        m_armed = true;
    }

  private:
    bool DoCorrupt(Ptr<Packet> p) override
    {
        if (m_armed && p->GetUid() == m_uid)
        {
            m_armed = false;
            return true;
        }
        return false;
    }

    void DoReset() override
    {
        m_armed = false;
    }

    uint64_t m_uid{0};
    bool m_armed{false};
};

const uint16_t PORT = 80;

/// Runs one connection: the server writes a response then closes actively;
/// the client reads it all and closes when it sees the server's FIN.
class CloseScenario
{
  public:
    explicit CloseScenario(const CloseConfig& c)
        : m_c(c)
    {
    }

    CloseOutcome Run();

  private:
    void ServerAccepted(Ptr<Socket> s, const Address& from);
    void ServerSend(Ptr<Socket> s, uint32_t);
    void ServerRead(Ptr<Socket> s);
    void ClientRead(Ptr<Socket> s);
    void ClientPeerClosed(Ptr<Socket> s);
    void ClientClose();
    void ClientState(TcpSocket::TcpStates_t o, TcpSocket::TcpStates_t n);
    void ServerState(TcpSocket::TcpStates_t o, TcpSocket::TcpStates_t n);
    void ClientTx(Ptr<const Packet> p, const TcpHeader& h, Ptr<const TcpSocketBase> s);
    void ServerTx(Ptr<const Packet> p, const TcpHeader& h, Ptr<const TcpSocketBase> s);
    bool TupleFree(Ptr<Node> node,
                   Ipv4Address local,
                   uint16_t lport,
                   Ipv4Address peer,
                   uint16_t pport);
    static uint32_t SocketCount(Ptr<Node> node);

    CloseConfig m_c;
    CloseOutcome m_out;
    Ptr<Node> m_clientNode;
    Ptr<Node> m_serverNode;
    Ptr<Socket> m_client;
    Ptr<Socket> m_listener;
    Ptr<Socket> m_server;
    Ptr<DropOnceErrorModel> m_serverRxErrors;
    Ptr<DropOnceErrorModel> m_clientRxErrors;
    int m_lastWordSegments{-1}; //!< Data segments of the last word sent so far (-1: not started)
    bool m_finalAckDropped{false};
    uint32_t m_serverSent{0};
    Ipv4Address m_clientAddr;
    Ipv4Address m_serverAddr;
    uint16_t m_clientPort{0};
};

void
CloseScenario::ClientState(TcpSocket::TcpStates_t, TcpSocket::TcpStates_t n)
{
    m_out.client.push_back(n);
    if (n == TcpSocket::TIME_WAIT)
    {
        m_out.clientTimeWaitAt = Simulator::Now();
        Simulator::Schedule(Seconds(MSL), [this]() {
            m_out.clientTupleHeldInTimeWait =
                !TupleFree(m_clientNode, m_clientAddr, m_clientPort, m_serverAddr, PORT);
        });
    }
    if (n == TcpSocket::CLOSED)
    {
        m_out.clientClosedAt = Simulator::Now();
    }
}

void
CloseScenario::ServerState(TcpSocket::TcpStates_t, TcpSocket::TcpStates_t n)
{
    m_out.server.push_back(n);
    if (n == TcpSocket::TIME_WAIT)
    {
        m_out.serverTimeWaitAt = Simulator::Now();
    }
    if (n == TcpSocket::CLOSED)
    {
        m_out.serverClosedAt = Simulator::Now();
    }
}

void
CloseScenario::ServerTx(Ptr<const Packet> p, const TcpHeader& h, Ptr<const TcpSocketBase>)
{
    // The first segment the server sends in TIME_WAIT is its ACK of the client's FIN.
    if (m_c.dropFinalAck && !m_finalAckDropped && !m_out.serverTimeWaitAt.IsStrictlyNegative())
    {
        m_finalAckDropped = true;
        m_clientRxErrors->DropNext(p->GetUid());
    }
}

void
CloseScenario::ClientTx(Ptr<const Packet> p, const TcpHeader& h, Ptr<const TcpSocketBase>)
{
    if (m_lastWordSegments >= 0 && p->GetSize() > 0 &&
        m_lastWordSegments++ == m_c.dropLastWordSegment)
    {
        m_serverRxErrors->DropNext(p->GetUid());
    }
    if (h.GetFlags() & TcpHeader::RST)
    {
        ++m_out.rstSent;
        if (m_c.dropRst)
        {
            m_serverRxErrors->DropNext(p->GetUid());
        }
    }
}

void
CloseScenario::ServerAccepted(Ptr<Socket> s, const Address&)
{
    m_server = s;
    m_out.serverSocketIsSubclass = (s->GetInstanceTypeId() == TcpHostSocket::GetTypeId());
    m_out.server.push_back(TcpSocket::ESTABLISHED);
    s->TraceConnectWithoutContext("State", MakeCallback(&CloseScenario::ServerState, this));
    if (m_out.serverSocketIsSubclass)
    {
        s->TraceConnectWithoutContext("ClosePhase",
                                      MakeCallback(+[](CloseOutcome* o,
                                                       TcpHostSocket::ClosePhase,
                                                       TcpHostSocket::ClosePhase n) {
                                          o->serverSwap.push_back(n);
                                      }).Bind(&m_out));
    }
    s->TraceConnectWithoutContext("Tx", MakeCallback(&CloseScenario::ServerTx, this));
    s->SetRecvCallback(MakeCallback(&CloseScenario::ServerRead, this));
    s->SetSendCallback(MakeCallback(&CloseScenario::ServerSend, this));
    ServerSend(s, 0);
    m_listener->Close(); // one connection only
}

void
CloseScenario::ServerSend(Ptr<Socket> s, uint32_t)
{
    while (m_serverSent < m_c.responseBytes && s->GetTxAvailable() > 0)
    {
        uint32_t n = std::min({m_c.responseBytes - m_serverSent, s->GetTxAvailable(), 1000U});
        int sent = s->Send(Create<Packet>(n));
        if (sent <= 0)
        {
            return;
        }
        m_serverSent += sent;
    }
    if (m_serverSent == m_c.responseBytes)
    {
        m_serverSent = m_c.responseBytes + 1; // close once
        s->Close();                           // active close: the FIN follows the last byte
    }
}

void
CloseScenario::ServerRead(Ptr<Socket> s)
{
    while (Ptr<Packet> p = s->Recv())
    {
        m_out.serverRxBytes += p->GetSize();
    }
}

void
CloseScenario::ClientRead(Ptr<Socket> s)
{
    while (Ptr<Packet> p = s->Recv())
    {
        m_out.clientRxBytes += p->GetSize();
    }
}

void
CloseScenario::ClientPeerClosed(Ptr<Socket>)
{
    // Close a little later, as an application that reads the EOF does: the
    // ACK of the server's FIN leaves first (FIN_WAIT_2 at the server).
    Simulator::Schedule(MilliSeconds(1), &CloseScenario::ClientClose, this);
}

void
CloseScenario::ClientClose()
{
    if (m_c.lastWordBytes > 0)
    {
        m_lastWordSegments = 0;
        m_client->Send(Create<Packet>(m_c.lastWordBytes));
    }
    if (m_c.clientCallsCloseSwap)
    {
        Ptr<TcpHostSocket> client = DynamicCast<TcpHostSocket>(m_client);
        client->SetClosePolicy(CreateObject<TcpSwapClose>());
        client->Close();
    }
    else
    {
        m_client->Close();
    }
}

bool
CloseScenario::TupleFree(Ptr<Node> node,
                         Ipv4Address local,
                         uint16_t lport,
                         Ipv4Address peer,
                         uint16_t pport)
{
    Ptr<TcpL4Protocol> tcp = node->GetObject<TcpL4Protocol>();
    Ipv4EndPoint* ep = tcp->Allocate(nullptr, local, lport, peer, pport);
    if (ep == nullptr)
    {
        return false;
    }
    tcp->DeAllocate(ep);
    return true;
}

uint32_t
CloseScenario::SocketCount(Ptr<Node> node)
{
    ObjectMapValue sockets;
    node->GetObject<TcpL4Protocol>()->GetAttribute("SocketList", sockets);
    return sockets.GetN();
}

CloseOutcome
CloseScenario::Run()
{
    NodeContainer nodes(2);
    m_clientNode = nodes.Get(0);
    m_serverNode = nodes.Get(1);
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue("10Mbps"));
    p2p.SetChannelAttribute("Delay", StringValue("1ms"));
    NetDeviceContainer devices = p2p.Install(nodes);
    m_serverRxErrors = CreateObject<DropOnceErrorModel>();
    devices.Get(1)->SetAttribute("ReceiveErrorModel", PointerValue(m_serverRxErrors));
    m_clientRxErrors = CreateObject<DropOnceErrorModel>();
    devices.Get(0)->SetAttribute("ReceiveErrorModel", PointerValue(m_clientRxErrors));

    TwAvoidHelper clientTw;
    clientTw.SetSocketAttribute("MaxSegLifetime", DoubleValue(MSL));
    clientTw.SetSocketAttribute("Sack", BooleanValue(m_c.sack));
    clientTw.SetNegotiate(m_c.clientNegotiates);
    clientTw.SetRole(m_c.clientRole);
    clientTw.Install(m_clientNode);
    TwAvoidHelper serverTw;
    serverTw.SetSocketAttribute("MaxSegLifetime", DoubleValue(MSL));
    serverTw.SetSocketAttribute("Sack", BooleanValue(m_c.sack));
    serverTw.SetRole(TwAvoidHelper::SERVER);
    serverTw.SetSocketType(m_c.serverSocketType);
    if (m_c.serverSocketType == "ns3::TcpHostSocket")
    {
        serverTw.SetSocketAttribute("TimeWaitRstPolicy", StringValue(m_c.serverRstPolicy));
        serverTw.SetSocketAttribute("ResetDataAfterClose",
                                    BooleanValue(m_c.serverResetsDataAfterClose));
    }
    serverTw.SetNegotiate(m_c.serverNegotiates);
    serverTw.Install(m_serverNode);

    Ipv4AddressHelper addresses("10.0.0.0", "255.255.255.0");
    Ipv4InterfaceContainer ifs = addresses.Assign(devices);
    m_clientAddr = ifs.GetAddress(0);
    m_serverAddr = ifs.GetAddress(1);

    m_listener = Socket::CreateSocket(m_serverNode, TcpHostSocketFactory::GetTypeId());
    m_listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), PORT));
    m_listener->Listen();
    m_listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                  MakeCallback(&CloseScenario::ServerAccepted, this));

    m_client = Socket::CreateSocket(m_clientNode, TcpHostSocketFactory::GetTypeId());
    m_client->TraceConnectWithoutContext("State", MakeCallback(&CloseScenario::ClientState, this));
    m_client->TraceConnectWithoutContext(
        "ClosePhase",
        MakeCallback(+[](CloseOutcome* o, TcpHostSocket::ClosePhase, TcpHostSocket::ClosePhase n) {
            o->clientSwap.push_back(n);
        }).Bind(&m_out));
    m_client->TraceConnectWithoutContext("Tx", MakeCallback(&CloseScenario::ClientTx, this));
    m_client->SetRecvCallback(MakeCallback(&CloseScenario::ClientRead, this));
    m_client->SetCloseCallbacks(MakeCallback(&CloseScenario::ClientPeerClosed, this),
                                MakeNullCallback<void, Ptr<Socket>>());
    m_client->Bind();
    Simulator::Schedule(Seconds(0),
                        [this]() { m_client->Connect(InetSocketAddress(m_serverAddr, PORT)); });
    Simulator::Schedule(MilliSeconds(50), [this]() {
        Address a;
        m_client->GetSockName(a);
        m_clientPort = InetSocketAddress::ConvertFrom(a).GetPort();
    });

    Simulator::Stop(Seconds(10 * MSL));
    Simulator::Run();

    m_out.clientSocketsLeft = SocketCount(m_clientNode);
    m_out.serverSocketsLeft = SocketCount(m_serverNode);
    m_out.clientTupleFreeAtEnd =
        TupleFree(m_clientNode, m_clientAddr, m_clientPort, m_serverAddr, PORT);
    m_out.serverTupleFreeAtEnd =
        TupleFree(m_serverNode, m_serverAddr, PORT, m_clientAddr, m_clientPort);
    m_out.clientTcbsLeft = m_clientNode->GetObject<TcpHostModel>()->GetTcbCount();
    m_out.serverTcbsLeft = m_serverNode->GetObject<TcpHostModel>()->GetTcbCount();
    Simulator::Destroy();
    return m_out;
}

/// Base for the close tests: runs a scenario and checks what every case shares.
class CloseTestCase : public TestCase
{
  public:
    CloseTestCase(const std::string& name, const CloseConfig& c)
        : TestCase(name),
          m_c(c)
    {
    }

  protected:
    void DoRun() override
    {
        CloseOutcome o = CloseScenario(m_c).Run();
        NS_TEST_ASSERT_MSG_EQ(o.clientRxBytes, m_c.responseBytes, "response not fully delivered");
        NS_TEST_ASSERT_MSG_EQ(o.serverRxBytes, m_c.lastWordBytes, "client's last bytes lost");
        NS_TEST_ASSERT_MSG_EQ(o.clientSocketsLeft, 0, "client TCP still holds a socket");
        NS_TEST_ASSERT_MSG_EQ(o.serverSocketsLeft, 0, "server TCP still holds a socket");
        NS_TEST_ASSERT_MSG_EQ(o.clientTupleFreeAtEnd, true, "client endpoint not freed");
        NS_TEST_ASSERT_MSG_EQ(o.serverTupleFreeAtEnd, true, "server endpoint not freed");
        NS_TEST_ASSERT_MSG_EQ(o.clientTcbsLeft, 0, "client host model still lists a TCB");
        NS_TEST_ASSERT_MSG_EQ(o.serverTcbsLeft, 0, "server host model still lists a TCB");
        Check(o);
    }

    /**
     * @brief Case-specific checks.
     * @param o the outcome
     */
    virtual void Check(const CloseOutcome& o) = 0;

    /// @return 2*MSL
    static Time TwoMsl()
    {
        return Seconds(2 * MSL);
    }

    CloseConfig m_c; //!< The scenario
};

const States CLIENT_STANDARD{TcpSocket::SYN_SENT,
                             TcpSocket::ESTABLISHED,
                             TcpSocket::CLOSE_WAIT,
                             TcpSocket::LAST_ACK,
                             TcpSocket::CLOSED};
const States CLIENT_SWAP{TcpSocket::SYN_SENT,
                         TcpSocket::ESTABLISHED,
                         TcpSocket::CLOSE_WAIT,
                         TcpSocket::LAST_ACK,
                         TcpSocket::TIME_WAIT,
                         TcpSocket::CLOSED};
const States SERVER_ACTIVE{TcpSocket::ESTABLISHED,
                           TcpSocket::FIN_WAIT_1,
                           TcpSocket::FIN_WAIT_2,
                           TcpSocket::TIME_WAIT,
                           TcpSocket::CLOSED};

/// The draft's first diagram: standard close, TIME_WAIT at the server.
class StandardCloseTest : public CloseTestCase
{
  public:
    StandardCloseTest()
        : CloseTestCase("standard close: TIME_WAIT at the active closer", MakeConfig())
    {
    }

  private:
    static CloseConfig MakeConfig()
    {
        CloseConfig c;
        c.clientRole = TwAvoidHelper::SERVER; // close, not swap
        return c;
    }

    void Check(const CloseOutcome& o) override
    {
        NS_TEST_ASSERT_MSG_EQ((o.client == CLIENT_STANDARD), true, "client state sequence");
        NS_TEST_ASSERT_MSG_EQ((o.server == SERVER_ACTIVE), true, "server state sequence");
        NS_TEST_ASSERT_MSG_EQ(o.clientSwap.empty(), true, "no swap phase on a plain close");
        NS_TEST_ASSERT_MSG_EQ(o.rstSent, 0, "no RST on a plain close");
        NS_TEST_ASSERT_MSG_EQ(o.serverSocketIsSubclass, true, "Fork lost the subclass");
        NS_TEST_ASSERT_MSG_EQ(o.serverClosedAt - o.serverTimeWaitAt, TwoMsl(), "server 2MSL");
    }
};

/// The draft's second diagram: swap close, TIME_WAIT moves to the client.
class SwapCloseTest : public CloseTestCase
{
  public:
    SwapCloseTest(const std::string& name, const CloseConfig& c)
        : CloseTestCase(name, c)
    {
    }

  private:
    void Check(const CloseOutcome& o) override
    {
        NS_TEST_ASSERT_MSG_EQ((o.client == CLIENT_SWAP), true, "client state sequence");
        NS_TEST_ASSERT_MSG_EQ((o.server == SERVER_ACTIVE), true, "server state sequence");
        using S = TcpHostSocket;
        NS_TEST_ASSERT_MSG_EQ(
            (o.clientSwap == std::vector<S::ClosePhase>{S::PASSIVE_RST_LAST_ACK, S::PASSIVE_RST_TIME_WAIT}),
            true,
            "client close phases (LAST_ACK, then TIME_WAIT, both to reset)");
        NS_TEST_ASSERT_MSG_EQ((o.serverSwap == std::vector<S::ClosePhase>{S::ACTIVE_RST_ACCEPTED}),
                              true,
                              "server accepts the RST in TIME_WAIT");
        NS_TEST_ASSERT_MSG_EQ(o.rstSent, 1, "exactly one RST");
        // The server's TIME_WAIT ends one one-way delay later, not after 2MSL.
        NS_TEST_ASSERT_MSG_LT(o.serverClosedAt - o.serverTimeWaitAt,
                              MilliSeconds(10),
                              "server left TIME_WAIT on the RST");
        NS_TEST_ASSERT_MSG_EQ(o.clientClosedAt - o.clientTimeWaitAt, TwoMsl(), "client 2MSL");
        NS_TEST_ASSERT_MSG_EQ(o.clientTupleHeldInTimeWait, true, "client holds the 4-tuple");
    }
};

/// The RST is lost: both ends in TIME_WAIT, both expire after 2MSL.
class LostRstTest : public CloseTestCase
{
  public:
    LostRstTest()
        : CloseTestCase("swap close, RST lost: both ends keep TIME_WAIT for 2MSL", MakeConfig())
    {
    }

  private:
    static CloseConfig MakeConfig()
    {
        CloseConfig c;
        c.dropRst = true;
        return c;
    }

    void Check(const CloseOutcome& o) override
    {
        NS_TEST_ASSERT_MSG_EQ((o.client == CLIENT_SWAP), true, "client state sequence");
        NS_TEST_ASSERT_MSG_EQ((o.server == SERVER_ACTIVE), true, "server state sequence");
        NS_TEST_ASSERT_MSG_EQ(o.rstSent, 1, "one RST sent (and lost)");
        NS_TEST_ASSERT_MSG_EQ(o.serverSwap.empty(), true, "server never saw the RST");
        NS_TEST_ASSERT_MSG_EQ(o.serverClosedAt - o.serverTimeWaitAt, TwoMsl(), "server 2MSL");
        NS_TEST_ASSERT_MSG_EQ(o.clientClosedAt - o.clientTimeWaitAt, TwoMsl(), "client 2MSL");
    }
};

/// The server follows RFC 1337 (or is stock ns-3): it ignores the RST.
class IgnoringServerTest : public CloseTestCase
{
  public:
    IgnoringServerTest(const std::string& name, const CloseConfig& c, bool tracesIgnore)
        : CloseTestCase(name, c),
          m_tracesIgnore(tracesIgnore)
    {
    }

  private:
    void Check(const CloseOutcome& o) override
    {
        NS_TEST_ASSERT_MSG_EQ((o.client == CLIENT_SWAP), true, "client state sequence");
        NS_TEST_ASSERT_MSG_EQ((o.server == SERVER_ACTIVE), true, "server state sequence");
        NS_TEST_ASSERT_MSG_EQ(o.rstSent, 1, "one RST sent");
        NS_TEST_ASSERT_MSG_EQ(o.serverClosedAt - o.serverTimeWaitAt, TwoMsl(), "server 2MSL");
        NS_TEST_ASSERT_MSG_EQ(o.clientClosedAt - o.clientTimeWaitAt, TwoMsl(), "client 2MSL");
        NS_TEST_ASSERT_MSG_EQ(o.serverSocketIsSubclass, m_tracesIgnore, "server socket class");
        if (m_tracesIgnore)
        {
            NS_TEST_ASSERT_MSG_EQ(
                (o.serverSwap ==
                 std::vector<TcpHostSocket::ClosePhase>{TcpHostSocket::ACTIVE_RST_IGNORED}),
                true,
                "RFC 1337 server reports the ignored RST");
        }
    }

    bool m_tracesIgnore; //!< Server is a TcpHostSocket that traces ACTIVE_RST_IGNORED
};

/// Losses during the close: whatever is lost, the connection ends and every byte arrives.
class LossDuringCloseTest : public CloseTestCase
{
  public:
    LossDuringCloseTest(const std::string& name, const CloseConfig& c)
        : CloseTestCase(name, c)
    {
    }

  private:
    void Check(const CloseOutcome& o) override
    {
        bool swap = (m_c.clientRole == TwAvoidHelper::CLIENT);
        NS_TEST_ASSERT_MSG_EQ(o.server.back(), TcpSocket::CLOSED, "server reached CLOSED");
        NS_TEST_ASSERT_MSG_EQ(o.client.back(), TcpSocket::CLOSED, "client reached CLOSED");
        NS_TEST_ASSERT_MSG_EQ(std::count(o.server.begin(), o.server.end(), TcpSocket::TIME_WAIT),
                              1,
                              "the server, the active closer, went through TIME_WAIT");
        NS_TEST_ASSERT_MSG_EQ(std::count(o.client.begin(), o.client.end(), TcpSocket::TIME_WAIT),
                              (swap ? 1 : 0),
                              "the client went through TIME_WAIT only with the swap close");
        if (swap)
        {
            NS_TEST_ASSERT_MSG_EQ(o.rstSent, 1, "one RST");
            if (m_c.dropFinalAck)
            {
                // The server acknowledged the FIN twice: the RST may answer
                // the duplicate (from a peer that has closed), so the server
                // keeps TIME_WAIT, 2*MSL from the restart on the second FIN.
                NS_TEST_ASSERT_MSG_GT(o.serverClosedAt - o.serverTimeWaitAt,
                                      TwoMsl(),
                                      "server kept TIME_WAIT despite the RST");
            }
            else
            {
                NS_TEST_ASSERT_MSG_LT(o.serverClosedAt - o.serverTimeWaitAt,
                                      TwoMsl(),
                                      "server left TIME_WAIT on the RST");
            }
        }
        else
        {
            NS_TEST_ASSERT_MSG_EQ(o.serverClosedAt - o.serverTimeWaitAt, TwoMsl(), "2MSL");
        }
    }
};

/// Negotiated TIME_WAIT placement, and the fallbacks to the standard close.
class NegotiationTest : public CloseTestCase
{
  public:
    NegotiationTest(const std::string& name, const CloseConfig& c, bool agreed)
        : CloseTestCase(name, c),
          m_agreed(agreed)
    {
    }

  private:
    void Check(const CloseOutcome& o) override
    {
        using S = TcpHostSocket;
        NS_TEST_ASSERT_MSG_EQ(o.rstSent, 0, "no RST: nothing to swap");
        NS_TEST_ASSERT_MSG_EQ((o.server == SERVER_ACTIVE), true, "server state sequence");
        if (m_agreed)
        {
            NS_TEST_ASSERT_MSG_EQ((o.client == CLIENT_SWAP), true, "client keeps TIME_WAIT");
            NS_TEST_ASSERT_MSG_EQ(
                (o.clientSwap == std::vector<S::ClosePhase>{S::PASSIVE_TIME_WAIT}),
                true,
                "client: negotiated TIME_WAIT");
            NS_TEST_ASSERT_MSG_EQ(
                (o.serverSwap == std::vector<S::ClosePhase>{S::ACTIVE_NO_TIME_WAIT}),
                true,
                "server: no TIME_WAIT, as negotiated");
            NS_TEST_ASSERT_MSG_EQ(o.serverClosedAt, o.serverTimeWaitAt, "server leaves at once");
            NS_TEST_ASSERT_MSG_EQ(o.clientClosedAt - o.clientTimeWaitAt, TwoMsl(), "client 2MSL");
            NS_TEST_ASSERT_MSG_EQ(o.clientTupleHeldInTimeWait, true, "client holds the 4-tuple");
        }
        else
        {
            NS_TEST_ASSERT_MSG_EQ((o.client == CLIENT_STANDARD), true, "standard client close");
            NS_TEST_ASSERT_MSG_EQ(o.clientSwap.empty(), true, "nothing negotiated");
            NS_TEST_ASSERT_MSG_EQ(o.serverClosedAt - o.serverTimeWaitAt, TwoMsl(), "server 2MSL");
        }
    }

    bool m_agreed; //!< Expect the ends to agree
};

CloseConfig
Negotiating(bool client, bool server, const std::string& serverType = "ns3::TcpHostSocket")
{
    CloseConfig c;
    c.clientRole = TwAvoidHelper::SERVER; // no swap close: only the negotiation moves TIME_WAIT
    c.clientNegotiates = client;
    c.serverNegotiates = server;
    c.serverSocketType = serverType;
    return c;
}

CloseConfig
LostFinalAck()
{
    CloseConfig c;
    c.dropFinalAck = true; // client retransmits its FIN; TIME_WAIT must ACK it again
    return c;
}

CloseConfig
LostLastWordSegment(bool swap, bool sack, int segment, uint32_t bytes = 6000)
{
    CloseConfig c;
    c.clientRole = swap ? TwAvoidHelper::CLIENT : TwAvoidHelper::SERVER;
    c.sack = sack;
    c.lastWordBytes = bytes;
    c.responseBytes = 1000;
    c.dropLastWordSegment = segment;
    return c;
}

CloseConfig
SwapByCall()
{
    CloseConfig c;
    c.clientRole = TwAvoidHelper::SERVER; // node default: plain close
    c.clientCallsCloseSwap = true;        // the application asks for close_swap
    return c;
}

CloseConfig
SwapWithLastWord()
{
    CloseConfig c;
    c.lastWordBytes = 30000; // close deferred until the send buffer drains
    return c;
}

/// RFC 1122 4.2.2.13: data for a server that has closed ends the connection.
class DataAfterCloseTest : public TestCase
{
  public:
    DataAfterCloseTest()
        : TestCase("data after the server's Close() is answered with an RST (RFC 1122)")
    {
    }

  private:
    void DoRun() override
    {
        CloseConfig c;
        c.clientRole = TwAvoidHelper::SERVER; // a plain close
        c.lastWordBytes = 30000;
        c.serverResetsDataAfterClose = true;
        CloseOutcome o = CloseScenario(c).Run();
        NS_TEST_ASSERT_MSG_EQ(o.clientRxBytes, c.responseBytes, "the response was delivered");
        NS_TEST_ASSERT_MSG_EQ(o.serverRxBytes, 0, "the server read nothing after its Close()");
        NS_TEST_ASSERT_MSG_EQ((o.server == States{TcpSocket::ESTABLISHED,
                                                  TcpSocket::FIN_WAIT_1,
                                                  TcpSocket::FIN_WAIT_2,
                                                  TcpSocket::CLOSED}),
                              true,
                              "the server reset from FIN_WAIT_2, no TIME_WAIT");
        NS_TEST_ASSERT_MSG_LT(o.clientTimeWaitAt, Time(0), "no TIME_WAIT at the client");
        NS_TEST_ASSERT_MSG_EQ(o.clientSocketsLeft, 0, "the client's socket is gone");
        NS_TEST_ASSERT_MSG_EQ(o.serverTcbsLeft, 0, "the server's TCB is gone");
    }
};

CloseConfig
Rfc1337Server()
{
    CloseConfig c;
    c.serverRstPolicy = "Ignore";
    return c;
}

CloseConfig
StockServer()
{
    CloseConfig c;
    c.serverSocketType = "ns3::TcpSocketBase";
    return c;
}

/// Unmodified applications get the subclass through the factory.
class FactoryTest : public TestCase
{
  public:
    FactoryTest()
        : TestCase("applications' sockets are TcpHostSocket; node role sets the close policy")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer nodes(2);
        TwAvoidHelper tw;
        tw.SetRole(TwAvoidHelper::CLIENT);
        tw.Install(nodes.Get(0));
        tw.SetRole(TwAvoidHelper::SERVER);
        tw.Install(nodes.Get(1));
        for (uint32_t i = 0; i < 2; ++i)
        {
            Ptr<Socket> s = Socket::CreateSocket(nodes.Get(i), TcpHostSocketFactory::GetTypeId());
            Ptr<TcpHostSocket> sc = DynamicCast<TcpHostSocket>(s);
            NS_TEST_ASSERT_MSG_NE(sc, nullptr, "socket is not a TcpHostSocket");
            TypeId expected = (i == 0 ? TcpSwapClose::GetTypeId() : TcpClosePolicy::GetTypeId());
            NS_TEST_ASSERT_MSG_EQ(sc->GetClosePolicy()->GetInstanceTypeId(),
                                  expected,
                                  "close policy from the node's role");
            NS_TEST_ASSERT_MSG_EQ(s->GetInstanceTypeId(),
                                  TcpHostSocket::GetTypeId(),
                                  "GetInstanceTypeId reports the subclass");
        }
        BulkSendHelper bulk("ns3::TcpHostSocketFactory", InetSocketAddress("10.0.0.2", 9));
        ApplicationContainer app = bulk.Install(nodes.Get(0));
        app.Start(Seconds(0));
        Simulator::Stop(MilliSeconds(1));
        Simulator::Run();
        Ptr<Socket> bulkSocket = DynamicCast<BulkSendApplication>(app.Get(0))->GetSocket();
        NS_TEST_ASSERT_MSG_NE(DynamicCast<TcpHostSocket>(bulkSocket),
                              nullptr,
                              "BulkSendApplication's socket is not a TcpHostSocket");
        Simulator::Destroy();
    }
};

} // namespace

/// The swap-close test suite.
class TcpSwapCloseTestSuite : public TestSuite
{
  public:
    TcpSwapCloseTestSuite()
        : TestSuite("tw-avoid-swap-close", Type::UNIT)
    {
        AddTestCase(new StandardCloseTest(), Duration::QUICK);
        AddTestCase(new SwapCloseTest("swap close by node role: TIME_WAIT moves to the client",
                                      CloseConfig()),
                    Duration::QUICK);
        AddTestCase(
            new SwapCloseTest("swap close by CloseSwap() on a server-role node", SwapByCall()),
            Duration::QUICK);
        AddTestCase(new SwapCloseTest("swap close deferred until the client's data is sent",
                                      SwapWithLastWord()),
                    Duration::QUICK);
        AddTestCase(new DataAfterCloseTest(), Duration::QUICK);
        AddTestCase(new LostRstTest(), Duration::QUICK);
        AddTestCase(new LossDuringCloseTest("swap close, final ACK lost: TIME_WAIT ACKs the "
                                            "retransmitted FIN and keeps TIME_WAIT",
                                            LostFinalAck()),
                    Duration::QUICK);
        for (bool swap : {true, false})
        {
            std::string mode = swap ? "swap close" : "plain close";
            AddTestCase(new LossDuringCloseTest(mode + ", first segment before the FIN lost: "
                                                       "the early FIN does not hang the server",
                                                LostLastWordSegment(swap, true, 0)),
                        Duration::QUICK);
            AddTestCase(new LossDuringCloseTest(mode + ", no SACK, a middle segment lost: "
                                                       "ACKs below the FIN are processed",
                                                LostLastWordSegment(swap, false, 1, 3000)),
                        Duration::QUICK);
        }
        AddTestCase(
            new IgnoringServerTest("RFC 1337 server ignores the RST", Rfc1337Server(), true),
            Duration::QUICK);
        AddTestCase(new IgnoringServerTest("swap-closing client against a stock ns-3 server",
                                           StockServer(),
                                           false),
                    Duration::QUICK);
        AddTestCase(new FactoryTest(), Duration::QUICK);
        AddTestCase(new NegotiationTest("negotiated: the client keeps TIME_WAIT, no RST",
                                        Negotiating(true, true),
                                        true),
                    Duration::QUICK);
        AddTestCase(new NegotiationTest("negotiation offered, server does not take part: "
                                        "standard close",
                                        Negotiating(true, false),
                                        false),
                    Duration::QUICK);
        AddTestCase(new NegotiationTest("server would negotiate, client does not offer: "
                                        "standard close",
                                        Negotiating(false, true),
                                        false),
                    Duration::QUICK);
        AddTestCase(
            new NegotiationTest("negotiation offered to a stock ns-3 server: standard close",
                                Negotiating(true, false, "ns3::TcpSocketBase"),
                                false),
            Duration::QUICK);
    }
};

static TcpSwapCloseTestSuite g_tcpSwapCloseTestSuite; //!< Static variable for test initialization
