/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// TcpHostSocket's policy slots: each is consulted where it says, and a
// listener's policies are forked (copied, not shared) into the sockets it
// accepts; and what applications ask of it through TcpSocketExtensions.

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/tcp-host-module.h"

using namespace ns3;

namespace
{

const uint16_t PORT = 7;

/// Delayed ACKs after a fixed 123 ms, whatever the socket's DelAckTimeout.
class FixedDelayAck : public TcpDelayedAckPolicy
{
  public:
    Time GetDelay(Ptr<Node>, Time, Time) override
    {
        return MilliSeconds(123);
    }

    Ptr<TcpDelayedAckPolicy> Fork() const override
    {
        return CopyObject<FixedDelayAck>(this);
    }
};

/// Sets the send buffer when the connection opens; counts acknowledged bytes.
class CountingBuffers : public TcpBufferPolicy
{
  public:
    void Established(TcpBufferControl& socket) override
    {
        socket.ResizeSendBuffer(54321);
        ++established;
    }

    void DataAcked(TcpBufferControl&, uint32_t bytes) override
    {
        acked += bytes;
    }

    Ptr<TcpBufferPolicy> Fork() const override
    {
        return CopyObject<CountingBuffers>(this);
    }

    uint32_t established{0}; //!< Established() calls
    uint64_t acked{0};       //!< Bytes acknowledged
};

/// Two hosts with the suite's socket; a client sends bytes to a server.
struct Pair
{
    NodeContainer nodes{2}; //!< 0 client, 1 server
    Ipv4Address server;     //!< Server address
    Ptr<TcpHostSocket> listener;
    Ptr<TcpHostSocket> accepted;
    Ptr<TcpHostSocket> client;

    Pair()
    {
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", StringValue("10Mbps"));
        p2p.SetChannelAttribute("Delay", StringValue("5ms"));
        NetDeviceContainer devices = p2p.Install(nodes);
        TcpHostHelper host;
        host.SetSocketAttribute("DelAckTimeout", TimeValue(MilliSeconds(200)));
        host.Install(nodes);
        server = Ipv4AddressHelper("10.0.0.0", "255.255.255.0").Assign(devices).GetAddress(1);
        listener = DynamicCast<TcpHostSocket>(
            Socket::CreateSocket(nodes.Get(1), TcpHostSocketFactory::GetTypeId()));
        listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), PORT));
        listener->Listen();
        listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                    MakeCallback(&Pair::Accepted, this));
        client = DynamicCast<TcpHostSocket>(
            Socket::CreateSocket(nodes.Get(0), TcpHostSocketFactory::GetTypeId()));
    }

    void Accepted(Ptr<Socket> s, const Address&)
    {
        accepted = DynamicCast<TcpHostSocket>(s);
        s->SetRecvCallback(MakeCallback(&Pair::Drain));
    }

    static void Drain(Ptr<Socket> s)
    {
        while (s->Recv())
        {
        }
    }

    /// Connect at 0.1 s and send bytes at 0.5 s.
    void Send(uint32_t bytes)
    {
        Simulator::Schedule(Seconds(0.1),
                            [this]() { client->Connect(InetSocketAddress(server, PORT)); });
        Simulator::Schedule(Seconds(0.5),
                            [this, bytes]() { client->Send(Create<Packet>(bytes), 0); });
    }
};

/// The delay between one data segment's arrival and the server's bare ACK of it.
class DelayedAckPolicyTest : public TestCase
{
  public:
    /// @param custom give the listener the 123 ms policy (else ns-3's 200 ms timer)
    explicit DelayedAckPolicyTest(bool custom)
        : TestCase(custom ? "a listener's delayed-ACK policy is forked into the accepted socket "
                            "and sets the ACK's delay"
                          : "the default delayed-ACK policy keeps ns-3's DelAckTimeout"),
          m_custom(custom)
    {
    }

  private:
    void Rx(Ptr<const Packet> p, const TcpHeader& h, Ptr<const TcpSocketBase>)
    {
        // The second segment: ns-3 acknowledges the first at once.
        if (p->GetSize() > 0 && Simulator::Now() > Seconds(0.9) && m_dataAt.IsNegative())
        {
            m_dataAt = Simulator::Now();
        }
    }

    void Tx(Ptr<const Packet> p, const TcpHeader& h, Ptr<const TcpSocketBase>)
    {
        if (p->GetSize() == 0 && h.GetFlags() == TcpHeader::ACK && m_dataAt.IsPositive() &&
            m_ackAt.IsNegative())
        {
            m_ackAt = Simulator::Now();
        }
    }

    void DoRun() override
    {
        Pair pair;
        Ptr<FixedDelayAck> policy = CreateObject<FixedDelayAck>();
        if (m_custom)
        {
            pair.listener->SetDelayedAckPolicy(policy);
        }
        pair.Send(1);
        Simulator::Schedule(Seconds(1), [&pair]() { pair.client->Send(Create<Packet>(1), 0); });
        Simulator::Schedule(Seconds(0.3), [this, &pair]() {
            pair.accepted->TraceConnectWithoutContext(
                "Rx",
                MakeCallback(&DelayedAckPolicyTest::Rx, this));
            pair.accepted->TraceConnectWithoutContext(
                "Tx",
                MakeCallback(&DelayedAckPolicyTest::Tx, this));
        });
        Simulator::Stop(Seconds(2));
        Simulator::Run();
        Ptr<TcpDelayedAckPolicy> forked =
            pair.accepted ? pair.accepted->GetDelayedAckPolicy() : nullptr;
        Time delay = m_ackAt - m_dataAt;
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_NE(forked, nullptr, "a connection was accepted");
        NS_TEST_ASSERT_MSG_EQ(m_dataAt.IsPositive() && m_ackAt.IsPositive(),
                              true,
                              "data and ACK seen");
        NS_TEST_ASSERT_MSG_EQ(delay,
                              (m_custom ? MilliSeconds(123) : MilliSeconds(200)),
                              "the ACK of a lone segment waits as the policy says");
        if (m_custom)
        {
            NS_TEST_ASSERT_MSG_EQ(forked->GetInstanceTypeId(),
                                  policy->GetInstanceTypeId(),
                                  "same policy type");
            NS_TEST_ASSERT_MSG_NE(forked, policy, "a copy, not the listener's object");
        }
    }

    bool m_custom;     //!< Use the 123 ms policy
    Time m_dataAt{-1}; //!< When the data arrived at the server
    Time m_ackAt{-1};  //!< When the server's bare ACK left
};

/// The buffer policy hears of the connection's opening and of every acknowledged byte.
class BufferPolicyTest : public TestCase
{
  public:
    BufferPolicyTest()
        : TestCase("the buffer policy is told when the connection opens and of every "
                   "acknowledged byte, and may resize the buffers")
    {
    }

  private:
    void DoRun() override
    {
        Pair pair;
        Ptr<CountingBuffers> policy = CreateObject<CountingBuffers>();
        pair.client->SetBufferPolicy(policy);
        pair.Send(30000);
        Simulator::Stop(Seconds(3));
        Simulator::Run();
        UintegerValue sndBuf;
        pair.client->GetAttribute("SndBufSize", sndBuf);
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(policy->established, 1, "told once that the connection opened");
        NS_TEST_ASSERT_MSG_EQ(sndBuf.Get(), 54321, "and it resized the send buffer");
        NS_TEST_ASSERT_MSG_EQ(policy->acked, 30000, "every byte sent is reported acknowledged");
    }
};

/// A policy slot takes its base type and every subclass, and nothing else.
class PolicyTypeCheckTest : public TestCase
{
  public:
    PolicyTypeCheckTest()
        : TestCase("a policy slot accepts its base type and subclasses, and rejects "
                   "unrelated and unknown names")
    {
    }

  private:
    void DoRun() override
    {
        TypeId base = TcpDelayedAckPolicy::GetTypeId();
        NS_TEST_ASSERT_MSG_EQ(IsTypeOrChildOf(base, base), true, "the base type itself");
        NS_TEST_ASSERT_MSG_EQ(IsTypeOrChildOf(TcpBsdDelayedAck::GetTypeId(), base),
                              true,
                              "a subclass");
        NS_TEST_ASSERT_MSG_EQ(IsTypeOrChildOf(TcpBufferPolicy::GetTypeId(), base),
                              false,
                              "an unrelated policy");
        NS_TEST_ASSERT_MSG_EQ(IsTypeOrChildOf(Object::GetTypeId(), base),
                              false,
                              "a parent of the base");
        TypeId found;
        NS_TEST_ASSERT_MSG_EQ(LookupTypeOf("ns3::TcpSolarisDelayedAck", base, &found),
                              true,
                              "a subclass by name");
        NS_TEST_ASSERT_MSG_EQ(found, TcpSolarisDelayedAck::GetTypeId(), "and its type");
        NS_TEST_ASSERT_MSG_EQ(LookupTypeOf("ns3::TcpBufferPolicy", base, &found),
                              false,
                              "an unrelated name");
        NS_TEST_ASSERT_MSG_EQ(found,
                              TcpSolarisDelayedAck::GetTypeId(),
                              "a rejected name leaves the output alone");
        NS_TEST_ASSERT_MSG_EQ(LookupTypeOf("ns3::NoSuchDelayedAck", base),
                              false,
                              "an unknown name is an answer, not an abort");
    }
};

/// Applications reach the socket's extensions through the interface; ns-3's own socket has none.
class ExtensionsTest : public TestCase
{
  public:
    ExtensionsTest()
        : TestCase("TcpSocketExtensions::Of: a TcpHostSocket's own, none for ns-3's socket")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer nodes(2);
        TcpHostHelper host;
        host.Install(nodes.Get(0));
        InternetStackHelper stock;
        stock.Install(nodes.Get(1));

        Ptr<Socket> socket = Socket::CreateSocket(nodes.Get(0), TcpHostSocketFactory::GetTypeId());
        Ptr<TcpHostSocket> tcp = DynamicCast<TcpHostSocket>(socket);
        NS_TEST_ASSERT_MSG_NE(tcp, nullptr, "the factory makes the suite's socket");
        TcpSocketExtensions* ext = TcpSocketExtensions::Of(socket);
        NS_TEST_ASSERT_MSG_EQ((ext == PeekPointer(tcp)),
                              true,
                              "the socket itself, as the interface");
        const TcpSocketExtensions* constExt = TcpSocketExtensions::Of(Ptr<const Socket>(socket));
        NS_TEST_ASSERT_MSG_EQ((constExt == ext), true, "the same through a const socket");
        NS_TEST_ASSERT_MSG_EQ(ext->GetState(), TcpSocket::CLOSED, "a new socket is CLOSED");
        NS_TEST_ASSERT_MSG_EQ(ext->PeerHasClosed(), false, "no peer, no FIN");
        NS_TEST_ASSERT_MSG_EQ(ext->GetBufferPolicy(), tcp->GetBufferPolicy(), "its buffer policy");
        NS_TEST_ASSERT_MSG_EQ(ext->GetListenQueue(), nullptr, "no listen queue before Listen");

        Ptr<Socket> ns3Socket = Socket::CreateSocket(nodes.Get(1), TcpSocketFactory::GetTypeId());
        NS_TEST_ASSERT_MSG_EQ(DynamicCast<TcpHostSocket>(ns3Socket), nullptr, "a stock socket");
        NS_TEST_ASSERT_MSG_EQ((TcpSocketExtensions::Of(ns3Socket) == nullptr),
                              true,
                              "ns-3's own socket has no extensions");
        Simulator::Destroy();
    }
};

/// The suite.
class TcpHostSocketPoliciesTestSuite : public TestSuite
{
  public:
    TcpHostSocketPoliciesTestSuite()
        : TestSuite("tcp-host-socket-policies", Type::UNIT)
    {
        AddTestCase(new DelayedAckPolicyTest(false), Duration::QUICK);
        AddTestCase(new DelayedAckPolicyTest(true), Duration::QUICK);
        AddTestCase(new BufferPolicyTest(), Duration::QUICK);
        AddTestCase(new PolicyTypeCheckTest(), Duration::QUICK);
        AddTestCase(new ExtensionsTest(), Duration::QUICK);
    }
};

/// Static instance.
TcpHostSocketPoliciesTestSuite g_tcpHostSocketPoliciesTestSuite;

} // namespace
